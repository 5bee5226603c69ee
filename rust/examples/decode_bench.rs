//! Decode + validate with the crate against plain serde_json into the same structs, in one process.
//!
//! `cargo run --release --example decode_bench -- FILE.ndjson...`: each file holds one `ChatRequest`
//! document a line (`bench/shapes.py` makes them). Per file it times, in alternating rounds, the whole
//! file through `wirechat::decode::<ChatRequest>` (scan, parse, checks, serde) and through
//! `serde_json::from_slice::<ChatRequest>` (no I-JSON rules, no problem list), and prints the best round
//! of each and their ratio: a ratio taken in one run, which a loaded machine skews far less than times.

use std::time::{Duration, Instant};

use wirechat::ChatRequest;

fn best(rounds: usize, mut work: impl FnMut()) -> Duration {
    (0..rounds)
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn main() {
    println!(
        "{:<28} {:>9} {:>12} {:>12} {:>7}",
        "file", "KiB", "wirechat", "serde_json", "ratio"
    );
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).expect("a readable file");
        let docs: Vec<&[u8]> = text.lines().map(str::as_bytes).collect();
        for doc in &docs {
            wirechat::decode::<ChatRequest>(doc).expect("a valid ChatRequest");
        }
        let (mut strict, mut plain) = (Duration::MAX, Duration::MAX);
        for _ in 0..5 {
            strict = strict.min(best(3, || {
                for doc in &docs {
                    std::hint::black_box(wirechat::decode::<ChatRequest>(doc).ok());
                }
            }));
            plain = plain.min(best(3, || {
                for doc in &docs {
                    std::hint::black_box(serde_json::from_slice::<ChatRequest>(doc).ok());
                }
            }));
        }
        let name = std::path::Path::new(&path)
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        println!(
            "{name:<28} {:>9} {:>10.2}ms {:>10.2}ms {:>6.2}x",
            text.len() / 1024,
            strict.as_secs_f64() * 1e3,
            plain.as_secs_f64() * 1e3,
            strict.as_secs_f64() / plain.as_secs_f64()
        );
    }
}
