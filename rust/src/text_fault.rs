//! A text fault (spec section 5.1) as a problem: its rule from the native scan, its line and column, and
//! its pointer, the innermost value begun before the fault's offset and not ended at it.

use crate::ijson::scan::ScanError;

use crate::problem::{escape_token, Problem};

/// The problem for a text fault the scan found.
pub fn problem(text: &[u8], error: ScanError) -> Problem {
    let rule = error.fault.rule();
    let offset = error.offset.min(text.len());
    let before = &text[..offset];
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    let last_line = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let column = 1 + before[last_line..].iter().filter(|&&b| b & 0xC0 != 0x80).count();
    let mut pointer = pointer_at(text, offset);
    let message = match rule {
        "duplicate-key" => {
            let name = key_at(text, offset);
            pointer = format!("{pointer}/{}", escape_token(&name));
            format!("duplicate member {name:?} (I-JSON forbids two members with the same name)")
        }
        "bom" => "a byte order mark is not allowed".to_owned(),
        "utf8" => "the text is not UTF-8".to_owned(),
        "lone-surrogate" => "a lone surrogate is not allowed".to_owned(),
        "depth" => "nesting deeper than 200 levels".to_owned(),
        _ => if offset >= text.len() {
            "unexpected end of input"
        } else {
            "invalid JSON"
        }
        .to_owned(),
    };
    Problem {
        pointer,
        message,
        rule,
        line: Some(line),
        column: Some(column),
    }
}

/// The member name whose opening quote is at `offset`, unescaped.
fn key_at(text: &[u8], offset: usize) -> String {
    let (end, _) = string_end(text, offset);
    let slice = &text[offset..end.min(text.len())];
    serde_json::from_slice::<String>(slice)
        .unwrap_or_else(|_| String::from_utf8_lossy(slice).trim_matches('"').to_owned())
}

/// The offset after the string that opens at `start`, and whether it closes (else: the text's length).
fn string_end(text: &[u8], start: usize) -> (usize, bool) {
    let mut i = start + 1;
    while i < text.len() {
        match text[i] {
            b'"' => return (i + 1, true),
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
    (text.len(), false)
}

/// The offset after the number that starts at `start` (JSON's grammar), and whether it is complete.
fn number_end(text: &[u8], start: usize) -> (usize, bool) {
    let at = |i: usize| text.get(i).copied().unwrap_or(0);
    let digits = |mut i: usize| {
        let from = i;
        while at(i).is_ascii_digit() {
            i += 1;
        }
        (i, i > from)
    };
    let mut i = start;
    if at(i) == b'-' {
        i += 1;
    }
    let (after, any) = if at(i) == b'0' { (i + 1, true) } else { digits(i) };
    if !any {
        return (after, false);
    }
    i = after;
    if at(i) == b'.' {
        let (after, any) = digits(i + 1);
        if !any {
            return (after, false);
        }
        i = after;
    }
    if matches!(at(i), b'e' | b'E') {
        i += 1;
        if matches!(at(i), b'+' | b'-') {
            i += 1;
        }
        let (after, any) = digits(i);
        return (after, any);
    }
    (i, true)
}

enum Frame {
    Array { index: Option<usize> },
    Object { key: Option<String> },
}

/// The pointer of the innermost value begun before `offset` and not ended at it (spec section 5.1).
fn pointer_at(text: &[u8], offset: usize) -> String {
    let mut frames: Vec<Frame> = Vec::new();
    // the pointer of the frames, with the current element or member of the innermost when `inside`
    let pointer = |frames: &[Frame], inside: bool| -> String {
        let mut out = String::new();
        for (depth, frame) in frames.iter().enumerate() {
            let last = depth + 1 == frames.len();
            if last && !inside {
                break;
            }
            match frame {
                Frame::Array { index: Some(i) } => out.push_str(&format!("/{i}")),
                Frame::Object { key: Some(k) } => out.push_str(&format!("/{}", escape_token(k))),
                _ => {}
            }
        }
        out
    };
    let mut i = 0;
    let mut expect_key = false;
    let mut root_done = false;
    while i < offset {
        let c = text[i];
        match c {
            b' ' | b'\t' | b'\n' | b'\r' | b',' | b':' => {
                if c == b',' {
                    if let Some(Frame::Object { .. }) = frames.last() {
                        expect_key = true;
                    }
                }
                i += 1;
                continue;
            }
            b']' | b'}' => {
                frames.pop();
                i += 1;
                if frames.is_empty() {
                    root_done = true;
                }
                continue;
            }
            _ => {}
        }
        if root_done {
            return String::new();
        }
        if expect_key && c == b'"' {
            let (end, closed) = string_end(text, i);
            if !closed || end > offset {
                return pointer(&frames, false); // the fault lies in a member name
            }
            let key = serde_json::from_slice::<String>(&text[i..end]).unwrap_or_default();
            if let Some(Frame::Object { key: slot }) = frames.last_mut() {
                *slot = Some(key);
            }
            expect_key = false;
            i = end;
            continue;
        }
        // a value begins at i, before the offset
        if let Some(Frame::Array { index }) = frames.last_mut() {
            *index = Some(index.map_or(0, |n| n + 1));
        }
        match c {
            b'[' => {
                frames.push(Frame::Array { index: None });
                i += 1;
            }
            b'{' => {
                frames.push(Frame::Object { key: None });
                expect_key = true;
                i += 1;
            }
            _ => {
                let (end, whole) = match c {
                    b'"' => string_end(text, i),
                    b't' | b'f' | b'n' => {
                        let word: &[u8] = match c {
                            b't' => b"true",
                            b'f' => b"false",
                            _ => b"null",
                        };
                        (i + word.len(), text[i..].starts_with(word))
                    }
                    _ => number_end(text, i),
                };
                if !whole || end > offset {
                    return if frames.is_empty() {
                        String::new()
                    } else {
                        pointer(&frames, true)
                    };
                }
                if frames.is_empty() {
                    root_done = true;
                }
                i = end;
            }
        }
    }
    if root_done || frames.is_empty() {
        return String::new();
    }
    // the innermost open container; its current member or element only when that value has begun
    pointer(&frames, false)
}
