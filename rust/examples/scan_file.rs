//! `cargo run --release --example scan_file -- FILE [ROUNDS]`: scan one file many times and print the
//! time per scan (for profiling the scanner with perf).

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a file to scan");
    let rounds: u32 = args.next().map_or(2000, |n| n.parse().expect("a number of rounds"));
    let text = std::fs::read(path).expect("a readable file");
    let start = std::time::Instant::now();
    for _ in 0..rounds {
        std::hint::black_box(wirechat::ijson::scan::scan(std::hint::black_box(&text), &[])).ok();
    }
    let each = start.elapsed() / rounds;
    println!(
        "{} bytes, {:?} per scan, {:?}",
        text.len(),
        each,
        wirechat::ijson::scan::scan(&text, &[])
    );
}
