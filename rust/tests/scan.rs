//! The scanner's edge cases, rule by rule (spec section 2), with the offsets of section 5.1.

use wirechat::base64::is_base64;
use wirechat::ijson::scan::{scan, Fault};

fn verdict(text: &str) -> Option<(Fault, usize)> {
    scan(text.as_bytes(), &[])
        .err()
        .map(|error| (error.fault, error.offset))
}

fn ok(text: &str) {
    assert_eq!(verdict(text), None, "should pass: {text}");
}

fn fault(text: &str, fault: Fault, offset: usize) {
    assert_eq!(verdict(text), Some((fault, offset)), "{text}");
}

#[test]
fn plain_documents_pass() {
    for text in [
        "{}",
        "[]",
        "0",
        "-0",
        "\"\"",
        "true",
        "false",
        "null",
        " {\"a\" : [1, 2.5, -3e2, \"x\"] }\n",
        "{\"a\":{\"a\":{\"a\":1}}}",
        "[{\"a\":1},{\"a\":2}]",
        "1e-400",
        "1e21",
        "-1e21",
        "9007199254740991",
        "-9007199254740991",
        "0.5",
        "123456789012345.5",
        "\"\\ud83d\\ude00 \\n\\t\\\"\\\\\\/\\b\\f\\r\"",
        "\"caf\u{e9} \u{1F600}\"",
    ] {
        ok(text);
    }
}

#[test]
fn text_faults() {
    fault("\u{feff}{}", Fault::Bom, 0);
    fault("", Fault::Syntax, 0);
    fault("{} x", Fault::Syntax, 3);
    fault("{\"a\":}", Fault::Syntax, 5);
    fault("{\"a\":tru}", Fault::Syntax, 8);
    fault("[1,]", Fault::Syntax, 3);
    fault("{\"a\":1,}", Fault::Syntax, 7);
    fault("01", Fault::Syntax, 1);
    fault("1.", Fault::Syntax, 2);
    fault("1e", Fault::Syntax, 2);
    fault("NaN", Fault::Syntax, 0);
    fault("Infinity", Fault::Syntax, 0);
    fault("-Infinity", Fault::Syntax, 1);
    fault("\"a\u{1}b\"", Fault::Syntax, 2);
    fault("\"abc", Fault::Syntax, 4);
    fault("\"\\x\"", Fault::Syntax, 2);
    fault("\"\\u12G4\"", Fault::Syntax, 5);
}

#[test]
fn utf8_and_raw_surrogates() {
    assert_eq!(scan(b"\"\xff\"", &[]).unwrap_err().fault, Fault::Utf8);
    let raw = scan(b"[\"ab\xed\xa0\x80\"]", &[]).unwrap_err();
    assert_eq!((raw.fault, raw.offset), (Fault::LoneSurrogate, 4));
}

#[test]
fn escaped_surrogates() {
    fault("\"\\ud800\"", Fault::LoneSurrogate, 1);
    fault("\"x\\udc00\"", Fault::LoneSurrogate, 2);
    fault("\"\\ud800\\u0041\"", Fault::LoneSurrogate, 1);
    fault("\"\\ud800\\ud800\"", Fault::LoneSurrogate, 1);
    fault("{\"\\udfff\":1}", Fault::LoneSurrogate, 2);
    ok("\"\\uD83D\\uDE00\"");
}

#[test]
fn duplicate_names_after_unescaping() {
    fault("{\"a\":1,\"a\":2}", Fault::DuplicateKey, 7);
    fault("{\"a\":1,\"\\u0061\":2}", Fault::DuplicateKey, 7);
    fault("{\"\\u0061\":1,\"a\":2}", Fault::DuplicateKey, 12);
    fault("{\"\\ud83d\\ude00\":1,\"\u{1F600}\":2}", Fault::DuplicateKey, 18);
    fault("{\"\\n\":1,\"\\u000a\":2}", Fault::DuplicateKey, 8);
    ok("{\"a\":{\"a\":1},\"b\":{\"a\":1}}"); // names are per object
    ok("{\"a\":1,\"A\":2,\"\\u0041b\":3}"); // case matters
}

#[test]
fn duplicate_names_in_large_objects() {
    let mut members: Vec<String> = (0..1000).map(|i| format!("\"k{i}\":{i}")).collect();
    let good = format!("{{{}}}", members.join(","));
    ok(&good);
    members.push("\"k\\u0035\":0".to_string()); // "k5" escaped, after 1000 names
    let bad = format!("{{{}}}", members.join(","));
    assert_eq!(verdict(&bad).unwrap().0, Fault::DuplicateKey);
    members.pop();
    members.insert(20, "\"k\\u0031\":1".to_string()); // escaped "k1" early, then plain names
    members.push("\"k1x\":1".to_string());
    let bad = format!("{{{}}}", members.join(","));
    assert_eq!(verdict(&bad).unwrap().0, Fault::DuplicateKey);
}

#[test]
fn numbers() {
    fault("9007199254740992", Fault::UnsafeInteger, 0);
    fault("[-9007199254740992]", Fault::UnsafeInteger, 1);
    fault("123456789012345678901234567890", Fault::UnsafeInteger, 0);
    fault("9007199254740992.0", Fault::UnsafeInteger, 0);
    fault("1.5e20", Fault::UnsafeInteger, 0);
    fault("-9.007199254740992e15", Fault::UnsafeInteger, 0);
    fault("9007199254740991.5", Fault::UnsafeInteger, 0); // rounds to 2^53
    fault("1e400", Fault::NumberOverflow, 0);
    fault("{\"a\":-1.8e308}", Fault::NumberOverflow, 5);
    ok("9007199254740991.0");
    ok("1.5e-20");
    fault("9.5e15", Fault::UnsafeInteger, 0); // 9500000000000000: whole, above 2^53
    ok("9.5e14");
}

#[test]
fn depth_counts_every_level() {
    let at = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
    ok(&at(200));
    fault(&at(201), Fault::Depth, 200);
    let objects = format!("{}1{}", "{\"a\":".repeat(200), "}".repeat(200));
    ok(&objects);
    let objects = format!("{}1{}", "{\"a\":".repeat(201), "}".repeat(201));
    fault(&objects, Fault::Depth, 200 * 5);
    let deep = "[".repeat(100_000); // no stack overflow: refused at level 201
    fault(&deep, Fault::Depth, 200);
}

#[test]
fn root_members() {
    let tag: &[&[u8]] = &[b"type"];
    assert!(scan(b"{\"type\":\"text\",\"text\":\"hi\"}", tag).is_ok());
    assert!(scan(b"{\"t\\u0079pe\":\"text\"}", tag).is_ok());
    assert_eq!(
        scan(b"{\"text\":\"hi\",\"x\":{\"type\":1}}", tag).unwrap_err().fault,
        Fault::MissingMember
    );
}

#[test]
fn base64_pattern() {
    for good in [
        "",
        "QQ==",
        "QUJD",
        "QUI=",
        "abc",
        "a+/9",
        "A=",
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/==",
    ] {
        assert!(is_base64(good.as_bytes()), "{good}");
    }
    let long = "QUJD".repeat(10_000);
    assert!(is_base64(long.as_bytes()));
    for bad in [
        "QQ===",
        "=Q",
        "QQ==\n",
        "QQ\n",
        "Q Q",
        "QQ-_",
        "Q=Q=",
        "\u{e9}",
        "QUJDQUJDQUJDQUJD\x00QUJD",
    ] {
        assert!(!is_base64(bad.as_bytes()), "{bad:?}");
    }
    // every single byte, at every place of a 16-byte block and of the tail
    for byte in 0u8..=255 {
        let good = byte.is_ascii_alphanumeric() || byte == b'+' || byte == b'/';
        for place in 0..40 {
            let mut text = vec![b'A'; 40];
            text[place] = byte;
            let expected = good || (byte == b'=' && place == 39);
            assert_eq!(is_base64(&text), expected, "byte {byte:#x} at {place}");
        }
    }
}

#[test]
fn utf8_inside_strings_agrees_with_std() {
    // every 1-4 byte tail after a lead byte, sampled by a small LCG: the scan's verdict is std's
    let mut state: u64 = 0x2545F4914F6CDD1D;
    let mut next = || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as u8
    };
    for _ in 0..200_000 {
        let length = 1 + (next() % 4) as usize;
        let mut body: Vec<u8> = (0..length).map(|_| next() | 0x80).collect();
        body[0] = 0xC0 | next(); // a lead byte (or an invalid one: F5..FF, C0, C1)
        let mut text = b"\"abcdefghij".to_vec();
        text.extend_from_slice(&body);
        text.extend_from_slice(b"klmnopqrstu\"");
        let std_ok = std::str::from_utf8(&text).is_ok();
        assert_eq!(scan(&text, &[]).is_ok(), std_ok, "{body:x?}");
    }
    for (bytes, fault) in [
        (&b"\"\xc0\xaf\""[..], Fault::Utf8),         // overlong
        (b"\"\xe0\x80\xaf\"", Fault::Utf8),          // overlong
        (b"\"\xf4\x90\x80\x80\"", Fault::Utf8),      // above U+10FFFF
        (b"\"\xed\xbf\xbf\"", Fault::LoneSurrogate), // a surrogate written as UTF-8
        (b"\"\xe2\x82\"", Fault::Utf8),              // cut short
        (b"[1,] \xff", Fault::Utf8),                 // the UTF-8 fault wins over an earlier syntax error
    ] {
        assert_eq!(scan(bytes, &[]).unwrap_err().fault, fault, "{bytes:x?}");
    }
}

#[test]
fn a_text_fault_anywhere_wins_over_a_number_rule() {
    fault("9007199254740992 x", Fault::Syntax, 17);
    fault("[1e400,\"\\ud800\"]", Fault::LoneSurrogate, 8);
    fault("[1e400,9007199254740992]", Fault::NumberOverflow, 1);
}

#[test]
fn nulls_are_reported_last_and_only_when_asked() {
    use wirechat::ijson::scan::scan_with;
    assert!(scan_with(b"[1,null]", &[], false).is_ok());
    let null = scan_with(b"[1,null,\"null\"]", &[], true).unwrap_err();
    assert_eq!((null.fault, null.offset), (Fault::Null, 3));
    assert!(scan_with(b"[1,\"null\"]", &[], true).is_ok()); // inside a string it is text
    let other = scan_with(b"[null,9007199254740992]", &[], true).unwrap_err();
    assert_eq!(other.fault, Fault::UnsafeInteger); // a real fault wins
}

#[test]
fn every_piece_at_every_place_of_a_block() {
    // the 16-byte string scan passes escapes and characters across block edges: each piece at each offset
    let good: [&[u8]; 7] = [
        b"\\\"",
        b"\\\\",
        b"\\n",
        "é".as_bytes(),
        "😀".as_bytes(),
        b"\\u00e9",
        "€".as_bytes(),
    ];
    let bad: [(&[u8], Fault); 6] = [
        (b"\x01", Fault::Syntax),
        (b"\xff", Fault::Utf8),
        (b"\\x", Fault::Syntax),
        (b"\\ud800", Fault::LoneSurrogate),
        (b"\xed\xa0\x80", Fault::LoneSurrogate),
        (b"\xe2\x82", Fault::Utf8),
    ];
    for offset in 0..40 {
        for piece in good {
            for repeat in 1..4 {
                let mut text = b"[\"".to_vec();
                text.extend(std::iter::repeat_n(b'a', offset));
                for _ in 0..repeat {
                    text.extend_from_slice(piece);
                }
                text.extend_from_slice(b"bcdefghijklmnopqrstuvwxyz\"]");
                assert!(scan(&text, &[]).is_ok(), "{:?}", String::from_utf8_lossy(&text));
            }
        }
        for (piece, expected) in bad {
            let mut text = b"[\"".to_vec();
            text.extend(std::iter::repeat_n(b'a', offset));
            text.extend_from_slice(piece);
            text.extend_from_slice(b"bcdefghijklmnopqrstuvwxyz\"]");
            let error = scan(&text, &[]).unwrap_err();
            let place = 2 + offset + usize::from(expected == Fault::Syntax && piece[0] == b'\\');
            assert_eq!((error.fault, error.offset), (expected, place), "{piece:?} at {offset}");
        }
    }
}
