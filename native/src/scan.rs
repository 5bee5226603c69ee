//! The I-JSON scan (spec `schema/README.md` sections 2 and 5.1): one pass over the text that decides whether
//! it is an I-JSON document under wirechat's rules, building nothing.
//!
//! Checked, everywhere in the document (the rules are the same for typed members and free-form data):
//! UTF-8 and no byte order mark; one JSON value and nothing but whitespace after it; no two members of
//! one object with the same name after unescaping (`"a"` and `"\u0061"` clash); no lone surrogate, raw or
//! escaped; no number that overflows a double; no integer literal outside -(2^53-1)..2^53-1 and no other
//! number whose value is a whole number from 2^53 up to (not including) 1e21; at most 200 levels of nesting.
//!
//! On a fault the scan stops and reports the rule and the byte offset where it stopped. For the text faults
//! the offset follows section 5.1 (the duplicated name's opening quote, the backslash of a lone escaped
//! surrogate, the `[`/`{` of the 201st level ...); for the number rules it is the number's first byte.

/// A rule of spec section 2 the text breaks (the spec's rule names, see `Fault::rule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    Bom,
    Utf8,
    Syntax,
    DuplicateKey,
    LoneSurrogate,
    NumberOverflow,
    UnsafeInteger,
    Depth,
    /// A member the caller said the root object must have (a union variant's tag) is absent.
    MissingMember,
}

impl Fault {
    /// The spec's rule word (section 5), or `required` for a missing root member.
    pub fn rule(self) -> &'static str {
        match self {
            Fault::Bom => "bom",
            Fault::Utf8 => "utf8",
            Fault::Syntax => "syntax",
            Fault::DuplicateKey => "duplicate-key",
            Fault::LoneSurrogate => "lone-surrogate",
            Fault::NumberOverflow => "number-overflow",
            Fault::UnsafeInteger => "unsafe-integer",
            Fault::Depth => "depth",
            Fault::MissingMember => "required",
        }
    }
}

/// Where the scan stopped and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScanError {
    pub fault: Fault,
    pub offset: usize,
}

pub const MAX_DEPTH: usize = 200;
const SMALL_OBJECT: usize = 16; // up to this many members, names are compared one by one
const MAX_SAFE: &[u8] = b"9007199254740991"; // 2^53-1: 16 digits

type Scan<T> = Result<T, ScanError>;

/// A member name: a slice of the text, or of the unescaped names when it held an escape.
#[derive(Clone, Copy)]
struct Name {
    start: usize,
    end: usize,
    unescaped: bool,
}

struct Scanner<'a> {
    text: &'a [u8],
    pos: usize,
    names: Vec<Name>,
    unescaped: Vec<u8>,
    wanted: &'a [&'a [u8]],
    found: Vec<bool>,
}

/// Scan `text` as a whole document. `root_members`: names the root object must have (none to skip).
pub fn scan<'a>(text: &'a [u8], root_members: &'a [&'a [u8]]) -> Scan<()> {
    // Non-ASCII bytes are checked as UTF-8 where they stand (only strings may hold them). On a fault,
    // the spec's order is restored: the text is checked as UTF-8 before it is parsed (section 5.1).
    scan_text(text, root_members).map_err(|fault| utf8_fault(text).unwrap_or(fault))
}

/// The first ill-formed UTF-8 sequence of `text`, as the fault section 5.1 gives it.
fn utf8_fault(text: &[u8]) -> Option<ScanError> {
    let error = std::str::from_utf8(text).err()?;
    let at = error.valid_up_to();
    let surrogate = text[at] == 0xED && text.get(at + 1).is_some_and(|b| (0xA0..=0xBF).contains(b));
    let fault = if surrogate { Fault::LoneSurrogate } else { Fault::Utf8 };
    Some(ScanError { fault, offset: at })
}

fn scan_text<'a>(text: &'a [u8], root_members: &'a [&'a [u8]]) -> Scan<()> {
    if text.starts_with(b"\xEF\xBB\xBF") {
        return Err(ScanError { fault: Fault::Bom, offset: 0 });
    }
    let found = vec![false; root_members.len()];
    let mut scanner =
        Scanner { text, pos: 0, names: Vec::with_capacity(64), unescaped: Vec::new(), wanted: root_members, found };
    scanner.skip_whitespace();
    let root = scanner.pos;
    scanner.value(1)?;
    scanner.skip_whitespace();
    if scanner.pos != text.len() {
        return Err(ScanError { fault: Fault::Syntax, offset: scanner.pos });
    }
    if text[root] == b'{' && !scanner.found.iter().all(|&here| here) {
        return Err(ScanError { fault: Fault::MissingMember, offset: root });
    }
    Ok(())
}

#[inline]
fn is_whitespace(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r')
}

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

/// The offset of the first `"`, `\`, control character or non-ASCII byte of `text` from `pos` on, or
/// an offset among the last few bytes (fewer than eight), which the caller reads one by one.
#[inline]
fn next_special(text: &[u8], mut pos: usize) -> usize {
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

impl<'a> Scanner<'a> {
    #[inline]
    fn fail<T>(&self, fault: Fault, offset: usize) -> Scan<T> {
        Err(ScanError { fault, offset })
    }

    #[inline]
    fn skip_whitespace(&mut self) {
        while self.pos < self.text.len() && is_whitespace(self.text[self.pos]) {
            self.pos += 1;
        }
    }

    #[inline]
    fn peek(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }

    fn value(&mut self, depth: usize) -> Scan<()> {
        match self.peek() {
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => self.string(false).map(|_| ()),
            Some(b't') => self.literal(b"true"),
            Some(b'f') => self.literal(b"false"),
            Some(b'n') => self.literal(b"null"),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => self.fail(Fault::Syntax, self.pos),
        }
    }

    fn literal(&mut self, word: &[u8]) -> Scan<()> {
        for (index, &expected) in word.iter().enumerate() {
            if self.text.get(self.pos + index) != Some(&expected) {
                return self.fail(Fault::Syntax, self.pos + index);
            }
        }
        self.pos += word.len();
        Ok(())
    }

    fn array(&mut self, depth: usize) -> Scan<()> {
        if depth > MAX_DEPTH {
            return self.fail(Fault::Depth, self.pos);
        }
        self.pos += 1;
        self.skip_whitespace();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(());
        }
        loop {
            self.value(depth + 1)?;
            self.skip_whitespace();
            match self.peek() {
                Some(b',') => {
                    self.pos += 1;
                    self.skip_whitespace();
                }
                Some(b']') => {
                    self.pos += 1;
                    return Ok(());
                }
                _ => return self.fail(Fault::Syntax, self.pos),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Scan<()> {
        if depth > MAX_DEPTH {
            return self.fail(Fault::Depth, self.pos);
        }
        let base = self.names.len();
        let unescaped_base = self.unescaped.len();
        let result = self.members(depth, base);
        self.names.truncate(base);
        self.unescaped.truncate(unescaped_base);
        result
    }

    fn members(&mut self, depth: usize, base: usize) -> Scan<()> {
        self.pos += 1;
        self.skip_whitespace();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(());
        }
        let mut seen: Option<std::collections::HashMap<&'a [u8], ()>> = None;
        let mut escaped_seen: Option<std::collections::HashSet<Vec<u8>>> = None;
        loop {
            if self.peek() != Some(b'"') {
                return self.fail(Fault::Syntax, self.pos);
            }
            let quote = self.pos;
            let name = self.string(true)?;
            if depth == 1 && !self.wanted.is_empty() {
                let bytes = self.name_bytes(name);
                if let Some(index) = self.wanted.iter().position(|&member| member == bytes) {
                    self.found[index] = true;
                }
            }
            if self.is_duplicate(name, base, &mut seen, &mut escaped_seen) {
                return self.fail(Fault::DuplicateKey, quote);
            }
            self.names.push(name);
            self.skip_whitespace();
            if self.peek() != Some(b':') {
                return self.fail(Fault::Syntax, self.pos);
            }
            self.pos += 1;
            self.skip_whitespace();
            self.value(depth + 1)?;
            self.skip_whitespace();
            match self.peek() {
                Some(b',') => {
                    self.pos += 1;
                    self.skip_whitespace();
                }
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(());
                }
                _ => return self.fail(Fault::Syntax, self.pos),
            }
        }
    }

    #[inline]
    fn name_bytes(&self, name: Name) -> &[u8] {
        if name.unescaped {
            &self.unescaped[name.start..name.end]
        } else {
            &self.text[name.start..name.end]
        }
    }

    /// Whether `name` repeats one of this object's names (from `base` on). Small objects compare names
    /// one by one; from the 17th member on, every name is kept in a hash set (SipHash, keyed per
    /// process, so no crafted set of names makes the scan quadratic).
    fn is_duplicate(
        &self,
        name: Name,
        base: usize,
        seen: &mut Option<std::collections::HashMap<&'a [u8], ()>>,
        escaped_seen: &mut Option<std::collections::HashSet<Vec<u8>>>,
    ) -> bool {
        let count = self.names.len() - base;
        if count < SMALL_OBJECT {
            let bytes = self.name_bytes(name);
            return self.names[base..].iter().any(|&other| {
                other.end - other.start == bytes.len() && self.name_bytes(other) == bytes
            });
        }
        if seen.is_none() {
            // switch to sets: the names so far go in (they are distinct)
            let text: &'a [u8] = self.text;
            let mut plain = std::collections::HashMap::with_capacity(count * 2);
            let mut escaped = std::collections::HashSet::new();
            for &other in &self.names[base..] {
                if other.unescaped {
                    escaped.insert(self.unescaped[other.start..other.end].to_vec());
                } else {
                    plain.insert(&text[other.start..other.end], ());
                }
            }
            *seen = Some(plain);
            *escaped_seen = Some(escaped);
        }
        let (plain, escaped) = (seen.as_mut().unwrap(), escaped_seen.as_mut().unwrap());
        let bytes = self.name_bytes(name);
        let clash = plain.contains_key(bytes) || escaped.contains(bytes);
        if !clash {
            if name.unescaped {
                escaped.insert(bytes.to_vec());
            } else {
                let text: &'a [u8] = self.text;
                plain.insert(&text[name.start..name.end], ());
            }
        }
        clash
    }

    /// A string from its opening quote; the result names its unescaped content when `keep` (a member
    /// name): a slice of the text when it holds no escape, else of `self.unescaped`. Checks escapes,
    /// control characters and the UTF-8 of every non-ASCII character (there is no other place a
    /// non-ASCII byte may be).
    fn string(&mut self, keep: bool) -> Scan<Name> {
        let text = self.text;
        let start = self.pos + 1;
        let mut pos = start;
        let mut run = start; // the start of the raw bytes not yet copied to `self.unescaped`
        let mut out_start = None;
        loop {
            pos = next_special(text, pos);
            match text.get(pos) {
                None => return self.fail(Fault::Syntax, text.len()),
                Some(b'"') => {
                    self.pos = pos + 1;
                    return Ok(match out_start {
                        None => Name { start, end: pos, unescaped: false },
                        Some(out_start) => {
                            if keep {
                                self.unescaped.extend_from_slice(&text[run..pos]);
                            }
                            Name { start: out_start, end: self.unescaped.len(), unescaped: true }
                        }
                    });
                }
                Some(b'\\') => {
                    out_start.get_or_insert(self.unescaped.len());
                    if keep {
                        self.unescaped.extend_from_slice(&text[run..pos]);
                    }
                    pos = self.escape(pos, keep)?;
                    run = pos;
                }
                Some(&byte) if byte < 0x20 => return self.fail(Fault::Syntax, pos),
                Some(&byte) if byte >= 0x80 => pos = self.utf8(pos)?,
                Some(_) => pos += 1,
            }
        }
    }

    /// One non-ASCII character at `pos` checked as UTF-8 (Unicode table 3-7); the offset after it.
    fn utf8(&self, pos: usize) -> Scan<usize> {
        let text = self.text;
        let at = |offset: usize| text.get(pos + offset).copied().unwrap_or(0);
        let (length, second) = match text[pos] {
            0xC2..=0xDF => (2, 0x80..=0xBF),
            0xE0 => (3, 0xA0..=0xBF),
            0xE1..=0xEC | 0xEE..=0xEF => (3, 0x80..=0xBF),
            0xED => (3, 0x80..=0xBF), // A0..BF is a surrogate: told apart below
            0xF0 => (4, 0x90..=0xBF),
            0xF1..=0xF3 => (4, 0x80..=0xBF),
            0xF4 => (4, 0x80..=0x8F),
            _ => return self.fail(Fault::Utf8, pos),
        };
        if !second.contains(&at(1)) {
            return self.fail(Fault::Utf8, pos);
        }
        if (2..length).any(|offset| !(0x80..=0xBF).contains(&at(offset))) {
            return self.fail(Fault::Utf8, pos);
        }
        if text[pos] == 0xED && at(1) >= 0xA0 {
            return self.fail(Fault::LoneSurrogate, pos);
        }
        Ok(pos + length)
    }

    /// One escape at `pos` (its backslash): unescaped onto `self.unescaped`; the offset after it.
    fn escape(&mut self, pos: usize, keep: bool) -> Scan<usize> {
        let simple = match self.text.get(pos + 1) {
            Some(b'"') => b'"',
            Some(b'\\') => b'\\',
            Some(b'/') => b'/',
            Some(b'b') => 0x08,
            Some(b'f') => 0x0C,
            Some(b'n') => b'\n',
            Some(b'r') => b'\r',
            Some(b't') => b'\t',
            Some(b'u') => 0,
            None => return self.fail(Fault::Syntax, self.text.len()),
            Some(_) => return self.fail(Fault::Syntax, pos + 1),
        };
        if self.text[pos + 1] != b'u' {
            if keep {
                self.unescaped.push(simple);
            }
            return Ok(pos + 2);
        }
        let unit = self.hex4(pos + 2)?;
        let code = match unit {
            0xD800..=0xDBFF => {
                let low = if self.text.get(pos + 6) == Some(&b'\\') && self.text.get(pos + 7) == Some(&b'u') {
                    self.hex4(pos + 8)?
                } else {
                    0
                };
                if !(0xDC00..=0xDFFF).contains(&low) {
                    return self.fail(Fault::LoneSurrogate, pos);
                }
                if keep {
                    self.push_char(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00));
                }
                return Ok(pos + 12);
            }
            0xDC00..=0xDFFF => return self.fail(Fault::LoneSurrogate, pos),
            _ => unit,
        };
        if keep {
            self.push_char(code);
        }
        Ok(pos + 6)
    }

    fn push_char(&mut self, code: u32) {
        let character = char::from_u32(code).expect("a scalar value: surrogates are handled before");
        let mut buffer = [0u8; 4];
        self.unescaped.extend_from_slice(character.encode_utf8(&mut buffer).as_bytes());
    }

    fn hex4(&self, at: usize) -> Scan<u32> {
        let mut unit = 0u32;
        for offset in at..at + 4 {
            let digit = match self.text.get(offset) {
                Some(&byte) => (byte as char).to_digit(16),
                None => return self.fail(Fault::Syntax, self.text.len()),
            };
            match digit {
                Some(digit) => unit = unit * 16 + digit,
                None => return self.fail(Fault::Syntax, offset),
            }
        }
        Ok(unit)
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while self.pos < self.text.len() && self.text[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        self.pos - start
    }

    /// A number: its grammar, then the section 2 rules 4 and 5.
    fn number(&mut self) -> Scan<()> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        let int_start = self.pos;
        match self.peek() {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return self.fail(Fault::Syntax, self.pos),
        }
        let int_digits = self.pos - int_start;
        let mut literal = true;
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if self.digits() == 0 {
                return self.fail(Fault::Syntax, self.pos);
            }
            literal = false;
        }
        let mut exponent = false;
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if self.digits() == 0 {
                return self.fail(Fault::Syntax, self.pos);
            }
            literal = false;
            exponent = true;
        }
        if literal {
            let digits = &self.text[int_start..self.pos];
            if digits.len() > MAX_SAFE.len() || (digits.len() == MAX_SAFE.len() && digits > MAX_SAFE) {
                return self.fail(Fault::UnsafeInteger, start);
            }
            return Ok(());
        }
        if !exponent && int_digits < 16 {
            return Ok(()); // below 1e15 < 2^53 in magnitude: neither overflow nor an unsafe whole number
        }
        // the digits are ASCII (checked above), so this is valid UTF-8 and a valid Rust float literal
        let written = std::str::from_utf8(&self.text[start..self.pos]).expect("ASCII digits");
        let value: f64 = written.parse().map_err(|_| ScanError { fault: Fault::Syntax, offset: start })?;
        if value.is_infinite() {
            return self.fail(Fault::NumberOverflow, start);
        }
        let magnitude = value.abs();
        if (9007199254740992.0..1e21).contains(&magnitude) && magnitude.fract() == 0.0 {
            return self.fail(Fault::UnsafeInteger, start);
        }
        Ok(())
    }
}
