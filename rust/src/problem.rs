//! Problems (spec section 5) and the error that lists them.

use std::cmp::Ordering;
use std::fmt;

/// At most this many problems are listed (spec section 5.2), then one `too-many-problems`.
pub const MAX_PROBLEMS: usize = 100;

/// One thing wrong with a document: where (an RFC 6901 pointer, `""` for the root), what, and the rule
/// broken (the spec's rule words: `required`, `type`, `syntax`, `unsafe-integer` ...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub pointer: String,
    pub message: String,
    pub rule: &'static str,
    /// The 1-based line and column (in code points) of a text fault (spec section 5.1); `None` for
    /// every other problem.
    pub line: Option<usize>,
    pub column: Option<usize>,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = if self.pointer.is_empty() {
            "(root)"
        } else {
            &self.pointer
        };
        write!(f, "{at}: {} [{}]", self.message, self.rule)
    }
}

/// A document that is not valid for the type asked: every problem found, in the spec's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WireError {
    pub type_name: String,
    pub problems: Vec<Problem>,
}

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = self.problems.len();
        write!(
            f,
            "invalid {} ({count} problem{})",
            self.type_name,
            if count == 1 { "" } else { "s" }
        )?;
        for problem in &self.problems {
            write!(f, "\n  {problem}")?;
        }
        Ok(())
    }
}

impl std::error::Error for WireError {}

/// A reference token's sort key (spec section 5.2): decimal tokens first, by value then text.
fn compare_tokens(a: &str, b: &str) -> Ordering {
    let decimal = |t: &str| !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit());
    match (decimal(a), decimal(b)) {
        (true, true) => {
            let (ta, tb) = (a.trim_start_matches('0'), b.trim_start_matches('0'));
            ta.len().cmp(&tb.len()).then_with(|| ta.cmp(tb)).then_with(|| a.cmp(b))
        }
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        (false, false) => a.chars().cmp(b.chars()),
    }
}

/// Pointer order (spec section 5.2): token by token, a prefix first.
pub fn compare_pointers(a: &str, b: &str) -> Ordering {
    let tokens = |p: &str| -> Vec<String> {
        if p.is_empty() {
            Vec::new()
        } else {
            p[1..].split('/').map(str::to_owned).collect()
        }
    };
    let (ta, tb) = (tokens(a), tokens(b));
    for (x, y) in ta.iter().zip(tb.iter()) {
        let order = compare_tokens(x, y);
        if order != Ordering::Equal {
            return order;
        }
    }
    ta.len().cmp(&tb.len())
}

/// Sort by pointer then rule, keep one problem per (pointer, rule), cap at `MAX_PROBLEMS`.
pub fn finish(mut problems: Vec<Problem>) -> Vec<Problem> {
    problems.sort_by(|a, b| compare_pointers(&a.pointer, &b.pointer).then_with(|| a.rule.cmp(b.rule)));
    problems.dedup_by(|b, a| a.pointer == b.pointer && a.rule == b.rule);
    if problems.len() > MAX_PROBLEMS {
        let left = problems.len() - MAX_PROBLEMS;
        problems.truncate(MAX_PROBLEMS);
        problems.push(Problem {
            pointer: String::new(),
            message: format!("and {left} more problem{}", if left == 1 { "" } else { "s" }),
            rule: "too-many-problems",
            line: None,
            column: None,
        });
    }
    problems
}

/// A pointer token for a member name (RFC 6901: `~` as `~0`, `/` as `~1`).
pub fn escape_token(name: &str) -> String {
    name.replace('~', "~0").replace('/', "~1")
}
