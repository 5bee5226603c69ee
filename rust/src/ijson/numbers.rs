//! Numbers: the JSON grammar, and spec section 2 rules 4 (no overflow) and 5 (integer literals within
//! +/-(2^53-1); no other number whose value is a whole number from 2^53 up to 1e21).

use crate::ijson::scan::{Fault, ScanError};

const MAX_SAFE: &[u8] = b"9007199254740991"; // 2^53-1: 16 digits

fn digits(text: &[u8], pos: &mut usize) -> usize {
    let start = *pos;
    while *pos < text.len() && text[*pos].is_ascii_digit() {
        *pos += 1;
    }
    *pos - start
}

/// The number at `start`: its grammar (an `Err` is a syntax fault), then the section 2 rules 4 and 5;
/// the offset after it, and the number rule it breaks if any (not a text fault: the scan goes on).
pub fn number(text: &[u8], start: usize) -> Result<(usize, Option<Fault>), ScanError> {
    let mut pos = start;
    let fail = |fault, offset| Err(ScanError { fault, offset });
    if text.get(pos).copied() == Some(b'-') {
        pos += 1;
    }
    let int_start = pos;
    match text.get(pos).copied() {
        Some(b'0') => pos += 1,
        Some(b'1'..=b'9') => {
            digits(text, &mut pos);
        }
        _ => return fail(Fault::Syntax, pos),
    }
    let int_digits = pos - int_start;
    let mut literal = true;
    if text.get(pos).copied() == Some(b'.') {
        pos += 1;
        if digits(text, &mut pos) == 0 {
            return fail(Fault::Syntax, pos);
        }
        literal = false;
    }
    let mut exponent = false;
    if matches!(text.get(pos).copied(), Some(b'e' | b'E')) {
        pos += 1;
        if matches!(text.get(pos).copied(), Some(b'+' | b'-')) {
            pos += 1;
        }
        if digits(text, &mut pos) == 0 {
            return fail(Fault::Syntax, pos);
        }
        literal = false;
        exponent = true;
    }
    if literal {
        let digits = &text[int_start..pos];
        if digits.len() > MAX_SAFE.len() || (digits.len() == MAX_SAFE.len() && digits > MAX_SAFE) {
            return Ok((pos, Some(Fault::UnsafeInteger)));
        }
        return Ok((pos, None));
    }
    if !exponent && int_digits < 16 {
        return Ok((pos, None)); // below 1e15 < 2^53 in magnitude: neither overflow nor an unsafe whole number
    }
    // the digits are ASCII (checked above), so this is valid UTF-8 and a valid Rust float literal
    let written = std::str::from_utf8(&text[start..pos]).expect("ASCII digits");
    let value: f64 = written.parse().map_err(|_| ScanError {
        fault: Fault::Syntax,
        offset: start,
    })?;
    if value.is_infinite() {
        return Ok((pos, Some(Fault::NumberOverflow)));
    }
    let magnitude = value.abs();
    if (9007199254740992.0..1e21).contains(&magnitude) && magnitude.fract() == 0.0 {
        return Ok((pos, Some(Fault::UnsafeInteger)));
    }
    Ok((pos, None))
}
