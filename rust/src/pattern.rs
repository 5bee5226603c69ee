//! Schema patterns (spec section 3): the portable ECMAScript subset the schema lint allows, anchored with
//! `^`, where `$` is the end of the string. A small backtracking matcher over code points, without a
//! regex dependency: literals, escapes, classes with ranges, groups with alternatives (once or `?`), and
//! the counts `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`. A repeated single character or class takes its
//! longest run and gives back one at a time, so a 100 KB base64 string costs no recursion per character.

use std::fmt;

/// A pattern this matcher cannot compile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternError(pub String);

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unsupported pattern: {}", self.0)
    }
}

impl std::error::Error for PatternError {}

#[derive(Debug, Clone)]
enum Atom {
    Char(char),
    /// `ascii[c]`: whether the ASCII character `c` matches (looked up, not searched, for long runs).
    Class {
        ranges: Vec<(char, char)>,
        negated: bool,
        ascii: Box<[bool; 128]>,
    },
    Group(Vec<Vec<Item>>),
    End,
}

#[derive(Debug, Clone)]
struct Item {
    atom: Atom,
    min: usize,
    max: usize, // usize::MAX: no limit
}

/// A compiled schema pattern.
#[derive(Debug, Clone)]
pub struct Pattern {
    pub source: String,
    items: Vec<Item>,
}

impl Atom {
    fn matches(&self, c: u32) -> bool {
        match self {
            Atom::Char(x) => *x as u32 == c,
            Atom::Class { ascii, .. } if c < 128 => ascii[c as usize],
            Atom::Class { ranges, negated, .. } => {
                ranges.iter().any(|&(lo, hi)| lo as u32 <= c && c <= hi as u32) != *negated
            }
            Atom::Group(_) | Atom::End => false,
        }
    }
}

impl Pattern {
    /// Compile `source`, which must begin with `^`.
    pub fn new(source: &str) -> Result<Pattern, PatternError> {
        let chars: Vec<char> = source.chars().collect();
        if chars.first() != Some(&'^') {
            return Err(PatternError(format!("{source} (not anchored with ^)")));
        }
        let mut pos = 1;
        let alternatives = parse_alternatives(&chars, &mut pos, source)?;
        if pos != chars.len() {
            return Err(PatternError(format!("{source} (unbalanced parenthesis)")));
        }
        let items = match alternatives.len() {
            1 => alternatives.into_iter().next().unwrap_or_default(),
            _ => vec![Item {
                atom: Atom::Group(alternatives),
                min: 1,
                max: 1,
            }],
        };
        Ok(Pattern {
            source: source.to_owned(),
            items,
        })
    }

    /// Whether `text` matches (from its start; to its end only where the pattern says `$`).
    pub fn is_match(&self, text: &str) -> bool {
        if text.is_ascii() {
            return seq(&self.items, text.as_bytes(), 0, &mut |_| true); // a byte is a code point
        }
        let chars: Vec<char> = text.chars().collect();
        seq(&self.items, &chars, 0, &mut |_| true)
    }
}

fn parse_alternatives(chars: &[char], pos: &mut usize, source: &str) -> Result<Vec<Vec<Item>>, PatternError> {
    let mut alternatives = vec![Vec::new()];
    while *pos < chars.len() {
        let c = chars[*pos];
        *pos += 1;
        let atom = match c {
            ')' => {
                *pos -= 1;
                return Ok(alternatives);
            }
            '|' => {
                alternatives.push(Vec::new());
                continue;
            }
            '(' => {
                let inner = parse_alternatives(chars, pos, source)?;
                if chars.get(*pos) != Some(&')') {
                    return Err(PatternError(format!("{source} (unclosed group)")));
                }
                *pos += 1;
                Atom::Group(inner)
            }
            '[' => parse_class(chars, pos, source)?,
            '$' => Atom::End,
            '.' => class(vec![('\n', '\n'), ('\r', '\r'), ('\u{2028}', '\u{2029}')], true),
            '\\' => Atom::Char(escaped(chars, pos, source)?),
            '*' | '+' | '?' | '{' | '^' => return Err(PatternError(format!("{source} (stray {c})"))),
            other => Atom::Char(other),
        };
        let (min, max) = parse_count(chars, pos, source)?;
        if let Atom::Group(_) = atom {
            if max > 1 {
                return Err(PatternError(format!("{source} (a repeated group)")));
            }
        }
        if let Some(last) = alternatives.last_mut() {
            last.push(Item { atom, min, max });
        }
    }
    Ok(alternatives)
}

fn class(ranges: Vec<(char, char)>, negated: bool) -> Atom {
    let mut ascii = Box::new([negated; 128]);
    for (c, slot) in ascii.iter_mut().enumerate() {
        let c = c as u32;
        if ranges.iter().any(|&(lo, hi)| lo as u32 <= c && c <= hi as u32) {
            *slot = !negated;
        }
    }
    Atom::Class { ranges, negated, ascii }
}

fn escaped(chars: &[char], pos: &mut usize, source: &str) -> Result<char, PatternError> {
    let c = *chars
        .get(*pos)
        .ok_or_else(|| PatternError(format!("{source} (trailing backslash)")))?;
    *pos += 1;
    match c {
        'n' => Ok('\n'),
        't' => Ok('\t'),
        'r' => Ok('\r'),
        c if c.is_ascii_alphanumeric() => Err(PatternError(format!("{source} (escape \\{c})"))),
        c => Ok(c),
    }
}

fn parse_class(chars: &[char], pos: &mut usize, source: &str) -> Result<Atom, PatternError> {
    let negated = chars.get(*pos) == Some(&'^');
    if negated {
        *pos += 1;
    }
    let mut ranges = Vec::new();
    loop {
        let c = *chars
            .get(*pos)
            .ok_or_else(|| PatternError(format!("{source} (unclosed class)")))?;
        *pos += 1;
        if c == ']' {
            return Ok(class(ranges, negated));
        }
        let low = if c == '\\' { escaped(chars, pos, source)? } else { c };
        if chars.get(*pos) == Some(&'-') && chars.get(*pos + 1).is_some_and(|&n| n != ']') {
            *pos += 1;
            let h = chars[*pos];
            *pos += 1;
            let high = if h == '\\' { escaped(chars, pos, source)? } else { h };
            ranges.push((low, high));
        } else {
            ranges.push((low, low));
        }
    }
}

fn parse_count(chars: &[char], pos: &mut usize, source: &str) -> Result<(usize, usize), PatternError> {
    let count = match chars.get(*pos) {
        Some('*') => (0, usize::MAX),
        Some('+') => (1, usize::MAX),
        Some('?') => (0, 1),
        Some('{') => {
            let end = chars[*pos..].iter().position(|&c| c == '}').map(|i| *pos + i);
            let end = end.ok_or_else(|| PatternError(format!("{source} (unclosed count)")))?;
            let body: String = chars[*pos + 1..end].iter().collect();
            let number = |t: &str| {
                t.parse::<usize>()
                    .map_err(|_| PatternError(format!("{source} (count {body})")))
            };
            let count = match body.split_once(',') {
                None => {
                    let n = number(&body)?;
                    (n, n)
                }
                Some((low, "")) => (number(low)?, usize::MAX),
                Some((low, high)) => (number(low)?, number(high)?),
            };
            *pos = end;
            count
        }
        _ => return Ok((1, 1)),
    };
    *pos += 1;
    Ok(count)
}

fn seq<C: Copy + Into<u32>>(items: &[Item], text: &[C], pos: usize, k: &mut dyn FnMut(usize) -> bool) -> bool {
    let Some((first, rest)) = items.split_first() else {
        return k(pos);
    };
    match &first.atom {
        Atom::Group(alternatives) => {
            for alternative in alternatives {
                if seq(alternative, text, pos, &mut |p| seq(rest, text, p, k)) {
                    return true;
                }
            }
            first.min == 0 && seq(rest, text, pos, k)
        }
        Atom::End => pos == text.len() && seq(rest, text, pos, k),
        single => {
            let mut run = 0;
            while run < first.max && pos + run < text.len() && single.matches(text[pos + run].into()) {
                run += 1;
            }
            loop {
                if run < first.min {
                    return false;
                }
                if seq(rest, text, pos + run, k) {
                    return true;
                }
                if run == 0 {
                    return false;
                }
                run -= 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Pattern;

    #[test]
    fn the_schema_patterns_match_as_ecmascript_does() {
        let base64 = Pattern::new("^[A-Za-z0-9+/]*={0,2}$").unwrap();
        assert!(base64.is_match("aGk="));
        assert!(base64.is_match(""));
        assert!(!base64.is_match("aGk=\n"));
        assert!(!base64.is_match("a=b"));
        assert!(base64.is_match(&"A".repeat(200_000)));
        let time = Pattern::new(
            r"^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]{1,9})?Z$",
        )
        .unwrap();
        assert!(time.is_match("2026-11-28T14:30:00Z"));
        assert!(time.is_match("2026-11-28T14:30:00.123456789Z"));
        assert!(!time.is_match("2026-13-28T14:30:00Z"));
        assert!(!time.is_match("2026-11-28T14:30:00.Z"));
        let media = Pattern::new("^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9*][A-Za-z0-9!#$&^_.+*-]*").unwrap();
        assert!(media.is_match("image/png; charset=x"));
        assert!(!media.is_match("/png"));
        let url = Pattern::new("^[Hh][Tt][Tt][Pp][Ss]?://").unwrap();
        assert!(url.is_match("HTTPS://x"));
        assert!(!url.is_match("ftp://x"));
        assert!(Pattern::new("^[a-z][a-z0-9_.-]*$").unwrap().is_match("a.b-c_d"));
    }

    #[test]
    fn an_unsupported_pattern_is_refused() {
        assert!(Pattern::new("[a-z]").is_err());
        assert!(Pattern::new(r"^\d").is_err());
        assert!(Pattern::new("^(ab)*").is_err());
    }
}
