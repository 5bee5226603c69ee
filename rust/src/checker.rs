//! The checks the generated `generated::check` functions make on a parsed document (`Node`), each
//! reporting at the current pointer with the spec's rule words and the precedence of spec section 5:
//! a number rule alone, then `discriminator` alone, then `type` alone, else every keyword broken.

use crate::node::{shown, Node, MAX_SAFE_INTEGER};
use crate::pattern::Pattern;
use crate::problem::{escape_token, Problem};

/// Walks a document beside its schema and collects problems at JSON pointers.
#[derive(Debug, Default)]
pub struct Checker {
    path: Vec<String>,
    pub problems: Vec<Problem>,
}

/// The section 2 number rule a number breaks, with its message: an integer literal outside
/// +/-(2^53-1), a number that overflows a double, or a whole number from 2^53 up to 1e21 written otherwise.
pub fn number_fault(node: &Node) -> Option<(&'static str, String)> {
    let Node::Number { text, value, integer } = node else {
        return None;
    };
    let magnitude = value.abs();
    if *integer {
        return (magnitude > MAX_SAFE_INTEGER).then(|| {
            let message = format!(
                "integer {} is outside +/-(2^53-1), which not every language reads exactly",
                shown(text)
            );
            ("unsafe-integer", message)
        });
    }
    if value.is_infinite() {
        return Some((
            "number-overflow",
            format!("number {} is not a finite double (it overflows)", shown(text)),
        ));
    }
    if (9_007_199_254_740_992.0..1e21).contains(&magnitude) && magnitude.fract() == 0.0 {
        let message = format!(
            "number {} is a whole number outside +/-(2^53-1): its canonical form is an integer literal not every language reads exactly",
            shown(text)
        );
        return Some(("unsafe-integer", message));
    }
    None
}

impl Checker {
    pub fn new() -> Checker {
        Checker::default()
    }

    /// The current JSON pointer.
    pub fn pointer(&self) -> String {
        self.path.iter().map(|t| format!("/{t}")).collect()
    }

    pub fn report(&mut self, rule: &'static str, message: impl Into<String>) {
        let pointer = self.pointer();
        self.problems.push(Problem {
            pointer,
            message: message.into(),
            rule,
            line: None,
            column: None,
        });
    }

    /// Report at the member `name` of the current object.
    pub fn report_at(&mut self, name: &str, rule: &'static str, message: impl Into<String>) {
        self.enter(name);
        self.report(rule, message);
        self.leave();
    }

    /// Go into the member `name`.
    pub fn enter(&mut self, name: &str) {
        self.path.push(escape_token(name));
    }

    /// Go into the element `index`.
    pub fn enter_index(&mut self, index: usize) {
        self.path.push(index.to_string());
    }

    pub fn leave(&mut self) {
        self.path.pop();
    }

    /// Report the number rule `node` breaks, if any; true when one was reported (the value's only problem).
    fn number_rule(&mut self, node: &Node) -> bool {
        match number_fault(node) {
            Some((rule, message)) => {
                self.report(rule, message);
                true
            }
            None => false,
        }
    }

    fn mismatch(&mut self, node: &Node, want: &str) {
        if !self.number_rule(node) {
            self.report("type", format!("must be {want} (got {})", node.describe()));
        }
    }

    /// The members of an object, or the `type` problem.
    pub fn object<'a>(&mut self, node: &'a Node) -> Option<&'a [(String, Node)]> {
        match node {
            Node::Object(members) => Some(members),
            _ => {
                self.mismatch(node, "an object");
                None
            }
        }
    }

    /// The items of an array, or the `type` problem.
    pub fn array<'a>(&mut self, node: &'a Node) -> Option<&'a [Node]> {
        match node {
            Node::Array(items) => Some(items),
            _ => {
                self.mismatch(node, "an array");
                None
            }
        }
    }

    /// The text of a string, or the `type` problem.
    pub fn string<'a>(&mut self, node: &'a Node) -> Option<&'a str> {
        match node {
            Node::String(text) => Some(text),
            _ => {
                self.mismatch(node, "a string");
                None
            }
        }
    }

    pub fn boolean(&mut self, node: &Node) {
        if !matches!(node, Node::Bool(_)) {
            self.mismatch(node, "a boolean");
        }
    }

    /// An integer written as an integer literal, within `minimum..=maximum`.
    pub fn integer(&mut self, node: &Node, minimum: i64, maximum: i64) {
        let Node::Number { text, value, integer } = node else {
            return self.mismatch(node, "an integer");
        };
        if self.number_rule(node) {
            return;
        }
        if !integer {
            if value.fract() == 0.0 {
                let message = format!(
                    "must be an integer literal, without fraction or exponent (got {})",
                    shown(text)
                );
                self.report("integer-literal", message);
            } else {
                self.report("type", format!("must be an integer (got {})", shown(text)));
            }
            return;
        }
        if *value < minimum as f64 {
            self.report("minimum", format!("must be >= {minimum} (got {text})"));
        } else if *value > maximum as f64 {
            self.report("maximum", format!("must be <= {maximum} (got {text})"));
        }
    }

    /// A number within `minimum..=maximum`.
    pub fn number(&mut self, node: &Node, minimum: f64, maximum: f64) {
        let Node::Number { text, value, .. } = node else {
            return self.mismatch(node, "a number");
        };
        if self.number_rule(node) {
            return;
        }
        if *value < minimum {
            self.report("minimum", format!("must be >= {minimum} (got {})", shown(text)));
        } else if *value > maximum {
            self.report("maximum", format!("must be <= {maximum} (got {})", shown(text)));
        }
    }

    /// `minLength` / `maxLength`, counted in code points.
    pub fn length(&mut self, text: &str, minimum: usize, maximum: Option<usize>) {
        let count = text.chars().count();
        if count < minimum {
            self.report(
                "minLength",
                format!("must be at least {minimum} characters long (got {count})"),
            );
        }
        if let Some(maximum) = maximum.filter(|&m| count > m) {
            self.report(
                "maxLength",
                format!("must be at most {maximum} characters long (got {count})"),
            );
        }
    }

    pub fn pattern(&mut self, text: &str, pattern: &Pattern) {
        if !pattern.is_match(text) {
            self.report(
                "pattern",
                format!("must match {} (got {:?})", pattern.source, shown(text)),
            );
        }
    }

    pub fn enumeration(&mut self, text: &str, values: &[&str]) {
        if !values.contains(&text) {
            let listed: Vec<String> = values.iter().map(|v| format!("{v:?}")).collect();
            self.report(
                "enum",
                format!("must be one of {} (got {:?})", listed.join(", "), shown(text)),
            );
        }
    }

    /// `minItems` / `maxItems`.
    pub fn items(&mut self, count: usize, minimum: usize, maximum: Option<usize>) {
        if count < minimum {
            self.report("minItems", format!("must have at least {minimum} items (got {count})"));
        }
        if let Some(maximum) = maximum.filter(|&m| count > m) {
            self.report("maxItems", format!("must have at most {maximum} items (got {count})"));
        }
    }

    /// Free-form JSON: any value (`object_only`: any object), held to section 2's number rules throughout.
    pub fn free(&mut self, node: &Node, object_only: bool) {
        if object_only && !matches!(node, Node::Object(_)) {
            return self.mismatch(node, "an object");
        }
        self.numbers_inside(node);
    }

    /// Section 2's number rules on every number inside `node`, at its pointer.
    pub fn numbers_inside(&mut self, node: &Node) {
        match node {
            Node::Number { .. } => {
                self.number_rule(node);
            }
            Node::Array(items) => {
                for (index, item) in items.iter().enumerate() {
                    self.enter_index(index);
                    self.numbers_inside(item);
                    self.leave();
                }
            }
            Node::Object(members) => {
                for (name, value) in members {
                    self.enter(name);
                    self.numbers_inside(value);
                    self.leave();
                }
            }
            _ => {}
        }
    }

    /// A member the closed object does not have: `additionalProperties`, and its value's number rules.
    pub fn unknown(&mut self, name: &str, value: &Node) {
        self.enter(name);
        self.report(
            "additionalProperties",
            "unknown member (this type is closed; check the spelling or the schema version)",
        );
        self.numbers_inside(value);
        self.leave();
    }

    /// The tag member of a union variant read on its own: the string `want`.
    pub fn tag(&mut self, node: &Node, want: &str) {
        match node {
            Node::String(text) if text == want => {}
            Node::String(text) => self.report("const", format!("must be {want:?} (got {:?})", shown(text))),
            other => self.mismatch(other, &format!("the string {want:?}")),
        }
    }

    pub fn missing(&mut self, name: &str) {
        self.report_at(name, "required", "required member is missing");
    }

    /// The variant a union's tag selects (its index in `tags`), or the problem: `type` for a value that
    /// is not an object, `discriminator` at the tag member for a tag missing, not a string or unknown.
    pub fn union_tag(&mut self, node: &Node, tag: &str, tags: &[&str]) -> Option<usize> {
        self.object(node)?;
        let listed = || {
            tags.iter()
                .map(|t| format!("{t:?}"))
                .collect::<Vec<String>>()
                .join(", ")
        };
        let found = match node.member(tag) {
            None => Err(format!(
                "required member is missing (it names the variant: one of {})",
                listed()
            )),
            Some(value @ Node::Number { .. }) if number_fault(value).is_some() => Err(String::new()),
            Some(Node::String(text)) => match tags.iter().position(|t| t == text) {
                Some(index) => Ok(index),
                None => Err(format!("unknown tag {:?} (expected one of {})", shown(text), listed())),
            },
            Some(other) => Err(format!(
                "must be a string naming the variant, one of {} (got {})",
                listed(),
                other.describe()
            )),
        };
        match found {
            Ok(index) => Some(index),
            Err(message) => {
                if !message.is_empty() {
                    self.report_at(tag, "discriminator", message);
                }
                self.numbers_inside(node);
                None
            }
        }
    }
}
