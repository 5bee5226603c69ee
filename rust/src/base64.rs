//! Base64: the strict check of the schema's pattern `^[A-Za-z0-9+/]*={0,2}$` (`MediaBase64.base64`,
//! `FileBase64.base64`; the Python extension's `is_base64`), and standard base64 with padding (RFC 4648
//! section 4) for the MCP mappings, where an embedded text resource travels as the base64 of its UTF-8
//! bytes and comes back as text (spec section 13).
//!
//! `is_base64`: the alphabet, then at most two `=`, then the end (no newline, no whitespace). Exactly the
//! pattern: it does not ask for a length that is a multiple of four, as the schema does not.

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;
const LOW7: u64 = !HIGHS;

/// The high bit of each byte of `word` (all bytes below 0x80) that lies in `low..=high`.
#[inline]
fn in_range(word: u64, low: u8, high: u8) -> u64 {
    let at_least = word + ONES * (0x80 - low as u64); // high bit set when byte >= low (no carries: byte < 0x80)
    let above = word + ONES * (0x7F - high as u64); // high bit set when byte > high
    at_least & !above & HIGHS
}

/// The high bit of each byte of `word` equal to `byte` (exact per byte).
#[inline]
fn equal(word: u64, byte: u8) -> u64 {
    let v = word ^ (ONES * byte as u64);
    !(((v & LOW7) + LOW7) | v) & HIGHS
}

/// Whether all eight bytes of `word` are in the base64 alphabet.
#[inline]
fn alphabet_word(word: u64) -> bool {
    if word & HIGHS != 0 {
        return false;
    }
    let letters = in_range(word | (ONES * 0x20), b'a', b'z'); // `| 0x20` folds A-Z onto a-z, nothing else
    let digits = in_range(word, b'0', b'9');
    (letters | digits | equal(word, b'+') | equal(word, b'/')) == HIGHS
}

/// How many leading 16-byte blocks of `text` are all alphabet (in bytes), with SSE2 (part of x86-64).
#[cfg(target_arch = "x86_64")]
fn alphabet_run_sse2(text: &[u8]) -> usize {
    use std::arch::x86_64::*;
    let mut pos = 0;
    // SAFETY: each load reads 16 bytes inside `text`; SSE2 is always present on x86-64.
    unsafe {
        let between = |chunk: __m128i, low: u8, high: u8| {
            // signed compares are right for ASCII; non-ASCII bytes are negative and fall outside
            _mm_and_si128(
                _mm_cmpgt_epi8(chunk, _mm_set1_epi8(low as i8 - 1)),
                _mm_cmpgt_epi8(_mm_set1_epi8(high as i8 + 1), chunk),
            )
        };
        while pos + 16 <= text.len() {
            let chunk = _mm_loadu_si128(text.as_ptr().add(pos) as *const __m128i);
            let letters = between(_mm_or_si128(chunk, _mm_set1_epi8(0x20)), b'a', b'z');
            let digits = between(chunk, b'0', b'9');
            let plus = _mm_cmpeq_epi8(chunk, _mm_set1_epi8(b'+' as i8));
            let slash = _mm_cmpeq_epi8(chunk, _mm_set1_epi8(b'/' as i8));
            let good = _mm_or_si128(_mm_or_si128(letters, digits), _mm_or_si128(plus, slash));
            if _mm_movemask_epi8(good) != 0xFFFF {
                break;
            }
            pos += 16;
        }
    }
    pos
}

#[cfg(not(target_arch = "x86_64"))]
fn alphabet_run_sse2(_text: &[u8]) -> usize {
    0
}

#[inline]
fn alphabet_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'+' || byte == b'/'
}

/// Whether `text` matches `^[A-Za-z0-9+/]*={0,2}$` as the spec reads it (`$` is the end of the text).
pub fn is_base64(text: &[u8]) -> bool {
    let mut pos = alphabet_run_sse2(text);
    while pos + 16 <= text.len() {
        let first = u64::from_le_bytes(text[pos..pos + 8].try_into().unwrap());
        let second = u64::from_le_bytes(text[pos + 8..pos + 16].try_into().unwrap());
        if !(alphabet_word(first) && alphabet_word(second)) {
            break;
        }
        pos += 16;
    }
    while pos < text.len() && alphabet_byte(text[pos]) {
        pos += 1;
    }
    let padding = text[pos..].iter().take_while(|&&byte| byte == b'=').count();
    padding <= 2 && pos + padding == text.len()
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Standard base64 with padding.
pub fn encode_base64(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let bits = chunk
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, &b)| acc | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(bits >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Standard base64 with padding, strictly (a length that is a multiple of 4, `=` only at the end);
/// `None` when it is not.
pub fn decode_base64(text: &str) -> Option<Vec<u8>> {
    let bytes = text.as_bytes();
    if !bytes.len().is_multiple_of(4) {
        return None;
    }
    let padding = bytes.iter().rev().take_while(|&&b| b == b'=').count();
    if padding > 2 {
        return None;
    }
    let body = &bytes[..bytes.len() - padding];
    let mut bits = 0u32;
    let mut count = 0;
    let mut out = Vec::with_capacity(body.len() * 3 / 4);
    for &b in body {
        let value = ALPHABET.iter().position(|&a| a == b)? as u32;
        bits = bits << 6 | value;
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
            bits &= (1 << count) - 1;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_length_round_trips_and_bad_padding_is_refused() {
        for text in ["", "f", "fo", "foo", "foob", "fooba", "foobar"] {
            let encoded = encode_base64(text.as_bytes());
            assert_eq!(decode_base64(&encoded).as_deref(), Some(text.as_bytes()), "{encoded}");
        }
        assert_eq!(encode_base64(b"foob"), "Zm9vYg==");
        assert_eq!(decode_base64("Zm9vYg="), None);
        assert_eq!(decode_base64("Zm9v=g=="), None);
    }
}
