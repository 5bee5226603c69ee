//! Strings at speed: finding the bytes a JSON string scan must stop at (SSE2 on x86-64, eight bytes at a
//! time elsewhere), checking one non-ASCII character as UTF-8, and reading one escape.

use crate::ijson::scan::{Fault, ScanError};

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `word` that is `"`, `\` or below 0x20 (exact per byte, no carries).
#[inline]
fn special_bytes(word: u64) -> u64 {
    let low7 = !HIGHS;
    let is_zero = |v: u64| !(((v & low7) + low7) | v) & HIGHS;
    let quote = is_zero(word ^ (ONES * b'"' as u64));
    let backslash = is_zero(word ^ (ONES * b'\\' as u64));
    // a byte below 0x20 (high bit clear): adding 0x60 leaves its high bit clear
    let control = !((word & low7) + ONES * 0x60) & !word & HIGHS;
    quote | backslash | control
}

/// The bytes that may follow a backslash, other than `u`.
pub const SIMPLE_ESCAPE: [bool; 256] = {
    let mut table = [false; 256];
    let mut index = 0;
    let escapes = b"\"\\/bfnrt";
    while index < escapes.len() {
        table[escapes[index] as usize] = true;
        index += 1;
    }
    table
};

/// From `pos` inside a string, the offset of the next byte the caller must read itself: a `"`, a control
/// character, ill-formed UTF-8, any escape when `skip_escapes` is false (else only `\u` escapes), or an
/// offset in the last few bytes. Plain bytes, well-formed non-ASCII characters and (with
/// `skip_escapes`) two-byte escapes are passed over here, every one of a 16-byte block from one bit mask.
#[inline]
pub fn skip_plain(text: &[u8], mut pos: usize, skip_escapes: bool) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        // SAFETY: every load reads 16 bytes inside `text` (pos + 16 <= len); SSE2 is always present.
        unsafe {
            let quote = _mm_set1_epi8(b'"' as i8);
            let backslash = _mm_set1_epi8(b'\\' as i8);
            let control = _mm_set1_epi8(0x1F);
            'blocks: while pos + 16 <= text.len() {
                let chunk = _mm_loadu_si128(text.as_ptr().add(pos) as *const __m128i);
                let quotes = _mm_or_si128(_mm_cmpeq_epi8(chunk, quote), _mm_cmpeq_epi8(chunk, backslash));
                let controls = _mm_cmpeq_epi8(_mm_min_epu8(chunk, control), chunk); // byte <= 0x1F
                let mut mask = (_mm_movemask_epi8(_mm_or_si128(quotes, controls)) | _mm_movemask_epi8(chunk)) as u32;
                while mask != 0 {
                    let at = pos + mask.trailing_zeros() as usize;
                    let byte = text[at];
                    let next =
                        if byte == b'\\' && skip_escapes && SIMPLE_ESCAPE[*text.get(at + 1).unwrap_or(&0) as usize] {
                            at + 2
                        } else if byte >= 0x80 {
                            match utf8_char(text, at) {
                                Ok(end) => end,
                                Err(_) => return at,
                            }
                        } else {
                            return at;
                        };
                    if next >= pos + 16 {
                        pos = next;
                        continue 'blocks;
                    }
                    mask &= !0u32 << (next - pos); // the bytes up to `next` are read
                }
                pos += 16;
            }
        }
    }
    next_special(text, pos)
}

/// The offset of the first `"`, `\`, control character or non-ASCII byte of `text` from `pos` on, or
/// an offset among the last few bytes (fewer than eight), which the caller reads one by one.
#[inline]
pub fn next_special(text: &[u8], mut pos: usize) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        // SSE2 is part of x86-64: sixteen bytes at a time
        use std::arch::x86_64::*;
        // SAFETY: every load reads 16 bytes inside `text` (pos + 16 <= len); SSE2 is always present.
        unsafe {
            let quote = _mm_set1_epi8(b'"' as i8);
            let backslash = _mm_set1_epi8(b'\\' as i8);
            let control = _mm_set1_epi8(0x1F);
            while pos + 16 <= text.len() {
                let chunk = _mm_loadu_si128(text.as_ptr().add(pos) as *const __m128i);
                let quotes = _mm_or_si128(_mm_cmpeq_epi8(chunk, quote), _mm_cmpeq_epi8(chunk, backslash));
                let controls = _mm_cmpeq_epi8(_mm_min_epu8(chunk, control), chunk); // byte <= 0x1F
                let mask = (_mm_movemask_epi8(_mm_or_si128(quotes, controls)) | _mm_movemask_epi8(chunk)) as u32;
                if mask != 0 {
                    return pos + mask.trailing_zeros() as usize;
                }
                pos += 16;
            }
        }
    }
    while pos + 8 <= text.len() {
        let word = u64::from_le_bytes(text[pos..pos + 8].try_into().unwrap());
        let special = special_bytes(word) | (word & HIGHS);
        if special != 0 {
            return pos + (special.trailing_zeros() / 8) as usize;
        }
        pos += 8;
    }
    pos
}

/// One non-ASCII character at `pos` checked as UTF-8 (Unicode table 3-7); the offset after it.
pub fn utf8_char(text: &[u8], pos: usize) -> Result<usize, Fault> {
    let at = |offset: usize| text.get(pos + offset).copied().unwrap_or(0);
    let (length, second) = match text[pos] {
        0xC2..=0xDF => (2, 0x80..=0xBF),
        0xE0 => (3, 0xA0..=0xBF),
        0xE1..=0xEC | 0xEE..=0xEF => (3, 0x80..=0xBF),
        0xED => (3, 0x80..=0xBF), // A0..BF is a surrogate: told apart below
        0xF0 => (4, 0x90..=0xBF),
        0xF1..=0xF3 => (4, 0x80..=0xBF),
        0xF4 => (4, 0x80..=0x8F),
        _ => return Err(Fault::Utf8),
    };
    if !second.contains(&at(1)) {
        return Err(Fault::Utf8);
    }
    if (2..length).any(|offset| !(0x80..=0xBF).contains(&at(offset))) {
        return Err(Fault::Utf8);
    }
    if text[pos] == 0xED && at(1) >= 0xA0 {
        return Err(Fault::LoneSurrogate);
    }
    Ok(pos + length)
}

/// One escape at `pos` (its backslash): unescaped onto `out`; the offset after it.
pub fn escape(text: &[u8], pos: usize, mut out: Option<&mut Vec<u8>>) -> Result<usize, ScanError> {
    let fail = |fault, offset| Err(ScanError { fault, offset });
    let simple = match text.get(pos + 1) {
        Some(b'"') => b'"',
        Some(b'\\') => b'\\',
        Some(b'/') => b'/',
        Some(b'b') => 0x08,
        Some(b'f') => 0x0C,
        Some(b'n') => b'\n',
        Some(b'r') => b'\r',
        Some(b't') => b'\t',
        Some(b'u') => 0,
        None => return fail(Fault::Syntax, text.len()),
        Some(_) => return fail(Fault::Syntax, pos + 1),
    };
    if text[pos + 1] != b'u' {
        if let Some(out) = out {
            out.push(simple);
        }
        return Ok(pos + 2);
    }
    let unit = hex4(text, pos + 2)?;
    let code = match unit {
        0xD800..=0xDBFF => {
            let low = if text.get(pos + 6) == Some(&b'\\') && text.get(pos + 7) == Some(&b'u') {
                hex4(text, pos + 8)?
            } else {
                0
            };
            if !(0xDC00..=0xDFFF).contains(&low) {
                return fail(Fault::LoneSurrogate, pos);
            }
            if let Some(out) = out.as_deref_mut() {
                push_char(out, 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00));
            }
            return Ok(pos + 12);
        }
        0xDC00..=0xDFFF => return fail(Fault::LoneSurrogate, pos),
        _ => unit,
    };
    if let Some(out) = out {
        push_char(out, code);
    }
    Ok(pos + 6)
}

fn push_char(out: &mut Vec<u8>, code: u32) {
    let character = char::from_u32(code).expect("a scalar value: surrogates are handled before");
    let mut buffer = [0u8; 4];
    out.extend_from_slice(character.encode_utf8(&mut buffer).as_bytes());
}

fn hex4(text: &[u8], at: usize) -> Result<u32, ScanError> {
    let fail = |fault, offset| Err(ScanError { fault, offset });
    let mut unit = 0u32;
    for offset in at..at + 4 {
        let digit = match text.get(offset) {
            Some(&byte) => (byte as char).to_digit(16),
            None => return fail(Fault::Syntax, text.len()),
        };
        match digit {
            Some(digit) => unit = unit * 16 + digit,
            None => return fail(Fault::Syntax, offset),
        }
    }
    Ok(unit)
}
