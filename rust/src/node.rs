//! A parsed JSON document that keeps what the strict checks need and serde_json's `Value` loses: how each
//! number was written (an integer literal or not) and numbers that overflow a double.
//!
//! `parse` is called only on text the native scan has passed (one JSON value, UTF-8, no lone surrogate,
//! no duplicate member), so it trusts the grammar and never fails.

use serde_json::{Map, Number, Value};

/// One JSON value. Objects keep their members in document order.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    Null,
    Bool(bool),
    /// A number: its text as written, its value as a double (infinite when it overflows) and whether
    /// it was written as an integer literal (no fraction, no exponent).
    Number {
        text: String,
        value: f64,
        integer: bool,
    },
    String(String),
    Array(Vec<Node>),
    Object(Vec<(String, Node)>),
}

/// The largest integer every language reads exactly, 2^53-1.
pub const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

impl Node {
    /// The JSON type's name as messages write it (`an object`, `a string`, `null` ...), or the value
    /// itself when it is short.
    pub fn describe(&self) -> String {
        match self {
            Node::Null => "null".to_owned(),
            Node::Bool(b) => b.to_string(),
            Node::Number { text, .. } => shown(text),
            Node::String(s) => format!("{:?}", shown(s)),
            Node::Array(_) => "an array".to_owned(),
            Node::Object(_) => "an object".to_owned(),
        }
    }

    /// The member `name` of an object.
    pub fn member(&self, name: &str) -> Option<&Node> {
        match self {
            Node::Object(members) => members.iter().find(|(k, _)| k == name).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The value as serde_json's `Value` (numbers as `i64` when written as integer literals, else `f64`).
    /// Only for a value the checks passed: its numbers are finite and safe.
    pub fn into_value(self) -> Value {
        match self {
            Node::Null => Value::Null,
            Node::Bool(b) => Value::Bool(b),
            Node::Number { value, integer, .. } => {
                if integer && value.abs() <= MAX_SAFE_INTEGER {
                    Value::Number(Number::from(value as i64))
                } else {
                    Number::from_f64(value).map_or(Value::Null, Value::Number)
                }
            }
            Node::String(s) => Value::String(s),
            Node::Array(items) => Value::Array(items.into_iter().map(Node::into_value).collect()),
            Node::Object(members) => {
                let mut map = Map::with_capacity(members.len());
                for (name, value) in members {
                    map.insert(name, value.into_value());
                }
                Value::Object(map)
            }
        }
    }
}

/// A value's text for a message: up to 40 characters, then an ellipsis.
pub fn shown(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_owned(),
    }
}

/// Parse text that the native scan has accepted.
pub fn parse(text: &[u8]) -> Node {
    let mut parser = Parser { text, pos: 0 };
    parser.value()
}

struct Parser<'a> {
    text: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn skip_whitespace(&mut self) {
        while self.pos < self.text.len() && matches!(self.text[self.pos], b' ' | b'\t' | b'\n' | b'\r') {
            self.pos += 1;
        }
    }

    fn value(&mut self) -> Node {
        self.skip_whitespace();
        match self.text[self.pos] {
            b'{' => {
                self.pos += 1;
                let mut members = Vec::new();
                self.skip_whitespace();
                if self.text[self.pos] == b'}' {
                    self.pos += 1;
                    return Node::Object(members);
                }
                loop {
                    self.skip_whitespace();
                    let name = self.string();
                    self.skip_whitespace();
                    self.pos += 1; // ':'
                    let value = self.value();
                    members.push((name, value));
                    self.skip_whitespace();
                    let c = self.text[self.pos];
                    self.pos += 1;
                    if c == b'}' {
                        return Node::Object(members);
                    }
                }
            }
            b'[' => {
                self.pos += 1;
                let mut items = Vec::new();
                self.skip_whitespace();
                if self.text[self.pos] == b']' {
                    self.pos += 1;
                    return Node::Array(items);
                }
                loop {
                    items.push(self.value());
                    self.skip_whitespace();
                    let c = self.text[self.pos];
                    self.pos += 1;
                    if c == b']' {
                        return Node::Array(items);
                    }
                }
            }
            b'"' => Node::String(self.string()),
            b't' => {
                self.pos += 4;
                Node::Bool(true)
            }
            b'f' => {
                self.pos += 5;
                Node::Bool(false)
            }
            b'n' => {
                self.pos += 4;
                Node::Null
            }
            _ => self.number(),
        }
    }

    fn number(&mut self) -> Node {
        let start = self.pos;
        let mut integer = true;
        while self.pos < self.text.len() {
            match self.text[self.pos] {
                b'0'..=b'9' | b'-' | b'+' => {}
                b'.' | b'e' | b'E' => integer = false,
                _ => break,
            }
            self.pos += 1;
        }
        let text = std::str::from_utf8(&self.text[start..self.pos])
            .unwrap_or("0")
            .to_owned();
        let value = text.parse::<f64>().unwrap_or(f64::NAN);
        Node::Number { text, value, integer }
    }

    fn string(&mut self) -> String {
        self.pos += 1; // the opening quote
        let mut out = Vec::new();
        loop {
            // copy the run of plain bytes up to the next quote or backslash in one go
            let rest = &self.text[self.pos..];
            let mut skipped = 0;
            // 16 bytes at a time without an early exit (the compiler vectorizes it), then byte by byte
            while skipped + 16 <= rest.len()
                && !rest[skipped..skipped + 16]
                    .iter()
                    .fold(false, |found, &b| found | (b == b'"') | (b == b'\\'))
            {
                skipped += 16;
            }
            let plain = skipped
                + rest[skipped..]
                    .iter()
                    .position(|&b| b == b'"' || b == b'\\')
                    .unwrap_or(rest.len() - skipped);
            out.extend_from_slice(&rest[..plain]);
            self.pos += plain;
            let c = self.text[self.pos];
            self.pos += 1;
            match c {
                b'"' => break,
                b'\\' => {
                    let e = self.text[self.pos];
                    self.pos += 1;
                    match e {
                        b'n' => out.push(b'\n'),
                        b't' => out.push(b'\t'),
                        b'r' => out.push(b'\r'),
                        b'b' => out.push(8),
                        b'f' => out.push(12),
                        b'u' => {
                            let mut code = self.hex4();
                            if (0xD800..0xDC00).contains(&code) {
                                self.pos += 2; // the scan saw the low surrogate's "\u"
                                let low = self.hex4();
                                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                            }
                            let ch = char::from_u32(code).unwrap_or('\u{FFFD}');
                            out.extend_from_slice(ch.encode_utf8(&mut [0; 4]).as_bytes());
                        }
                        other => out.push(other), // '"', '\\', '/'
                    }
                }
                _ => out.push(c),
            }
        }
        String::from_utf8(out).unwrap_or_default()
    }

    fn hex4(&mut self) -> u32 {
        let digits = std::str::from_utf8(&self.text[self.pos..self.pos + 4]).unwrap_or("0");
        self.pos += 4;
        u32::from_str_radix(digits, 16).unwrap_or(0xFFFD)
    }
}
