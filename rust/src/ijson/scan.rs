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
//! surrogate, the `[`/`{` of the 201st level ...). The number rules are not text faults: the first one
//! broken is reported at the number's first byte when the whole text has no text fault.

pub use crate::ijson::fault::{Fault, ScanError};

pub const MAX_DEPTH: usize = 200;
const SMALL_OBJECT: usize = 16; // up to this many members, names are compared one by one

type Scan<T> = Result<T, ScanError>;

use crate::ijson::text::{escape, skip_plain, utf8_char, SIMPLE_ESCAPE};

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
    /// The first number rule broken: reported after the whole text is read, since a text fault
    /// anywhere stops decoding and wins (spec section 5.1); number rules are not text faults.
    number_fault: Option<ScanError>,
    first_null: Option<usize>,
}

/// Scan `text` as a whole document. `root_members`: names the root object must have (none to skip).
pub fn scan<'a>(text: &'a [u8], root_members: &'a [&'a [u8]]) -> Scan<()> {
    scan_with(text, root_members, false)
}

/// `scan`, and with `report_null` the first `null` literal of an otherwise clean text as `Fault::Null`
/// (`wirechat.fast.encode` asks: msgspec writes NaN and infinities as `null`).
pub fn scan_with<'a>(text: &'a [u8], root_members: &'a [&'a [u8]], report_null: bool) -> Scan<()> {
    // Non-ASCII bytes are checked as UTF-8 where they stand (only strings may hold them). On a fault,
    // the spec's order is restored: the text is checked as UTF-8 before it is parsed (section 5.1).
    scan_text(text, root_members, report_null).map_err(|fault| crate::ijson::fault::utf8_fault(text).unwrap_or(fault))
}

fn scan_text<'a>(text: &'a [u8], root_members: &'a [&'a [u8]], report_null: bool) -> Scan<()> {
    if text.starts_with(b"\xEF\xBB\xBF") {
        return Err(ScanError {
            fault: Fault::Bom,
            offset: 0,
        });
    }
    let found = vec![false; root_members.len()];
    let mut scanner = Scanner {
        text,
        pos: 0,
        names: Vec::with_capacity(64),
        unescaped: Vec::new(),
        wanted: root_members,
        found,
        number_fault: None,
        first_null: None,
    };
    scanner.skip_whitespace();
    let root = scanner.pos;
    scanner.value(1)?;
    scanner.skip_whitespace();
    if scanner.pos != text.len() {
        return Err(ScanError {
            fault: Fault::Syntax,
            offset: scanner.pos,
        });
    }
    if let Some(fault) = scanner.number_fault {
        return Err(fault);
    }
    if text[root] == b'{' && !scanner.found.iter().all(|&here| here) {
        return Err(ScanError {
            fault: Fault::MissingMember,
            offset: root,
        });
    }
    match scanner.first_null {
        Some(offset) if report_null => Err(ScanError {
            fault: Fault::Null,
            offset,
        }),
        _ => Ok(()),
    }
}

#[inline]
fn is_whitespace(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r')
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
            Some(b'n') => {
                self.first_null.get_or_insert(self.pos);
                self.literal(b"null")
            }
            Some(b'-' | b'0'..=b'9') => {
                let (end, fault) = crate::ijson::numbers::number(self.text, self.pos)?;
                if let (Some(fault), None) = (fault, self.number_fault) {
                    self.number_fault = Some(ScanError {
                        fault,
                        offset: self.pos,
                    });
                }
                self.pos = end;
                Ok(())
            }
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
            return self.names[base..]
                .iter()
                .any(|&other| other.end - other.start == bytes.len() && self.name_bytes(other) == bytes);
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
            pos = skip_plain(text, pos, !keep);
            match text.get(pos) {
                None => return self.fail(Fault::Syntax, text.len()),
                Some(b'"') => {
                    self.pos = pos + 1;
                    return Ok(match out_start {
                        None => Name {
                            start,
                            end: pos,
                            unescaped: false,
                        },
                        Some(out_start) => {
                            if keep {
                                self.unescaped.extend_from_slice(&text[run..pos]);
                            }
                            Name {
                                start: out_start,
                                end: self.unescaped.len(),
                                unescaped: true,
                            }
                        }
                    });
                }
                Some(b'\\') if !keep && SIMPLE_ESCAPE[*text.get(pos + 1).unwrap_or(&0) as usize] => {
                    pos += 2; // a value's `\n`, `\"` ...: nothing to keep, one table look-up
                }
                Some(b'\\') => {
                    out_start.get_or_insert(self.unescaped.len());
                    if keep {
                        self.unescaped.extend_from_slice(&text[run..pos]);
                    }
                    pos = escape(text, pos, if keep { Some(&mut self.unescaped) } else { None })?;
                    run = pos;
                }
                Some(&byte) if byte < 0x20 => return self.fail(Fault::Syntax, pos),
                Some(&byte) if byte >= 0x80 => {
                    pos = utf8_char(text, pos).map_err(|fault| ScanError { fault, offset: pos })?
                }
                Some(_) => pos += 1,
            }
        }
    }
}
