//! The tolerant reader (spec section 12): read a document of a newer v1.x, keep what this reader does not
//! know, and write it back unchanged. The same algorithm as Python's `wirechat.tolerant`, TypeScript's
//! `decodeTolerant` and Go's `DecodeTolerant`, over the generated shape table (`generated::shapes`).
//!
//! A text fault is refused as in strict mode. The parsed document is walked beside the type's shape and,
//! in document order, what the reader does not know is set aside: an unknown member of an object, an array
//! element whose union tag is unknown (kept whole), an unknown value of an open enum (read as `other`).
//! What remains is checked strictly; what was set aside is still held to section 2's number rules (an
//! unsafe integer in an unknown member is a problem at its own pointer, listed with the others).
//!
//! ```
//! let read = wirechat::decode_tolerant::<wirechat::Message>(
//!     br#"{"role":"user","created_at":"2026-11-24T22:00:00Z","parts":[]}"#).unwrap();
//! assert_eq!(read.unknown[0].name.as_deref(), Some("created_at"));
//! assert_eq!(read.canonical().unwrap(), r#"{"created_at":"2026-11-24T22:00:00Z","parts":[],"role":"user"}"#);
//! ```

use std::fmt;

use serde_json::Value;

use crate::canonical::canonical_json;
use crate::checker::{number_fault, Checker};
use crate::codec::{built, parsed, refused, written, WireType};
use crate::generated::check::check_by_name;
use crate::generated::shapes::{shape, Shape};
use crate::node::Node;
use crate::problem::{escape_token, finish, Problem, WireError};

/// The value that makes an enum open: an unknown value of an enum that lists it is read as this one.
pub const OPEN_ENUM_FALLBACK: &str = "other";

/// What kind of item a tolerant reader set aside.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnknownKind {
    /// A member of an object that the reader does not know.
    Member,
    /// An array element whose union tag the reader does not know, kept whole.
    Variant,
    /// A value of an open enum that the reader does not know, read as `other`.
    Enum,
}

impl UnknownKind {
    /// The kind as the other languages name it (`member`, `variant`, `enum`).
    pub fn as_str(self) -> &'static str {
        match self {
            UnknownKind::Member => "member",
            UnknownKind::Variant => "variant",
            UnknownKind::Enum => "enum",
        }
    }
}

/// One item set aside: its kind, where it was (for a member, the pointer of its object, and `name`) and
/// its value.
#[derive(Debug, Clone, PartialEq)]
pub struct Unknown {
    pub kind: UnknownKind,
    pub pointer: String,
    pub name: Option<String>,
    pub value: Value,
}

/// A tolerantly decoded value and what was set aside from it, in document order.
#[derive(Debug, Clone, PartialEq)]
pub struct Tolerant<T> {
    pub value: T,
    pub unknown: Vec<Unknown>,
}

/// A set-aside item's place (its JSON pointer) is gone from the value being written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RestoreError {
    pub pointer: String,
    pub message: String,
}

impl fmt::Display for RestoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = if self.pointer.is_empty() { "/" } else { &self.pointer };
        write!(f, "a set-aside item has no place to go back to: {at}: {}", self.message)
    }
}

impl std::error::Error for RestoreError {}

impl<T: WireType> Tolerant<T> {
    /// The value as a JSON value with every set-aside item back in place.
    pub fn to_json_value(&self) -> Result<Value, RestoreError> {
        let value = written(&self.value).map_err(|error| RestoreError {
            pointer: String::new(),
            message: format!("the value cannot be written: {error}"),
        })?;
        restore(value, &self.unknown)
    }

    /// Compact JSON of the value with every set-aside item back in place.
    pub fn encode(&self) -> Result<String, RestoreError> {
        Ok(self.to_json_value()?.to_string())
    }

    /// RFC 8785 text of the value with every set-aside item back in place.
    pub fn canonical(&self) -> Result<String, RestoreError> {
        Ok(canonical_json(&self.to_json_value()?))
    }
}

/// Read `text` as the wire type `T`, tolerantly (spec section 12).
pub fn decode_tolerant<T: WireType>(text: &[u8]) -> Result<Tolerant<T>, WireError> {
    decode_tolerant_limited(text, None)
}

/// `decode_tolerant` with a maximum document size in bytes (spec section 5.3).
pub fn decode_tolerant_limited<T: WireType>(text: &[u8], max_bytes: Option<usize>) -> Result<Tolerant<T>, WireError> {
    let (node, unknown) = read(text, T::NAME, max_bytes, T::check)?;
    let mut value = node.into_value();
    if let (Some((tag, _)), Some(members)) = (T::TAG, value.as_object_mut()) {
        members.remove(tag);
    }
    Ok(Tolerant {
        value: built(T::NAME, value)?,
        unknown,
    })
}

/// Read `text` tolerantly as the wire type named `name`: the typed value written back as JSON, and what
/// was set aside (`restore` puts it back). `None`: no wire type has that name.
pub fn decode_tolerant_by_name(
    name: &str,
    text: &[u8],
    max_bytes: Option<usize>,
) -> Option<Result<Tolerant<Value>, WireError>> {
    shape(name)?;
    let outcome = read(text, name, max_bytes, |checker, node| {
        check_by_name(name, checker, node);
    });
    Some(outcome.and_then(|(node, unknown)| {
        let value = crate::codec::reencode(name, node)?;
        Ok(Tolerant { value, unknown })
    }))
}

/// Scan and parse `text`, set aside what the type's shape does not know, and check the rest strictly.
fn read(
    text: &[u8],
    type_name: &str,
    max_bytes: Option<usize>,
    check: impl Fn(&mut Checker, &Node),
) -> Result<(Node, Vec<Unknown>), WireError> {
    let node = parsed(text, type_name, max_bytes)?;
    let mut checker = Checker::new();
    check(&mut checker, &node);
    if checker.problems.is_empty() {
        return Ok((node, Vec::new())); // valid strictly: nothing to set aside
    }
    let mut walk = Walk::default();
    let mut pointer = String::new();
    let root = Shape::Ref(shape_name(type_name));
    let cleaned = walk.walk(node, &root, &mut pointer);
    let mut checker = Checker::new();
    check(&mut checker, &cleaned);
    let mut problems = checker.problems;
    problems.extend(walk.faults);
    if problems.is_empty() {
        Ok((cleaned, walk.unknown))
    } else {
        Err(refused(type_name, finish(problems)))
    }
}

/// The name as the shape table's `&'static str` (every type name is a key of it).
fn shape_name(name: &str) -> &'static str {
    crate::generated::TYPE_NAMES
        .iter()
        .find(|known| **known == name)
        .copied()
        .unwrap_or("")
}

fn resolve(mut shape_now: &'static Shape) -> &'static Shape {
    while let Shape::Ref(name) = shape_now {
        match shape(name) {
            Some(found) => shape_now = found,
            None => return &Shape::Leaf,
        }
    }
    shape_now
}

/// The variant type a union's tag selects: `Some(Some(name))` known, `Some(None)` an object with a string
/// tag this reader does not know, `None` not an object with a string tag.
fn variant(tag: &str, variants: &'static [(&'static str, &'static str)], node: &Node) -> Option<Option<&'static str>> {
    match node.member(tag) {
        Some(Node::String(value)) => Some(variants.iter().find(|(t, _)| t == value).map(|(_, name)| *name)),
        _ => None,
    }
}

#[derive(Default)]
struct Walk {
    unknown: Vec<Unknown>,
    /// Section 2's number problems inside what was set aside.
    faults: Vec<Problem>,
}

impl Walk {
    fn set_aside(&mut self, kind: UnknownKind, pointer: &str, name: Option<String>, node: Node, at: &str) {
        if kind != UnknownKind::Enum {
            numbers(&node, &mut at.to_owned(), &mut self.faults);
        }
        self.unknown.push(Unknown {
            kind,
            pointer: pointer.to_owned(),
            name,
            value: node.into_value(),
        });
    }

    fn walk(&mut self, node: Node, shape_here: &Shape, pointer: &mut String) -> Node {
        let shape_here = match shape_here {
            Shape::Ref(name) => match shape(name) {
                Some(found) => resolve(found),
                None => return node,
            },
            other => other,
        };
        match (shape_here, node) {
            (Shape::Union { tag, variants }, node) => match variant(tag, variants, &node) {
                Some(Some(name)) => self.walk(node, &Shape::Ref(name), pointer),
                _ => node,
            },
            (Shape::Object(members), Node::Object(fields)) => {
                let mut kept = Vec::with_capacity(fields.len());
                for (name, value) in fields {
                    let length = pointer.len();
                    pointer.push('/');
                    pointer.push_str(&escape_token(&name));
                    match members.iter().find(|(known, _)| *known == name) {
                        Some((_, member)) => {
                            let walked = self.walk(value, member, pointer);
                            kept.push((name, walked));
                        }
                        None => {
                            let at = pointer.clone();
                            self.set_aside(UnknownKind::Member, &pointer[..length], Some(name), value, &at);
                        }
                    }
                    pointer.truncate(length);
                }
                Node::Object(kept)
            }
            (Shape::Map(values), Node::Object(fields)) => {
                let mut kept = Vec::with_capacity(fields.len());
                for (name, value) in fields {
                    let length = pointer.len();
                    pointer.push('/');
                    pointer.push_str(&escape_token(&name));
                    let walked = self.walk(value, values, pointer);
                    kept.push((name, walked));
                    pointer.truncate(length);
                }
                Node::Object(kept)
            }
            (Shape::Array(items), Node::Array(elements)) => {
                let union = resolve(items);
                let mut kept = Vec::with_capacity(elements.len());
                for (index, element) in elements.into_iter().enumerate() {
                    let length = pointer.len();
                    pointer.push('/');
                    pointer.push_str(&index.to_string());
                    let unknown_tag = match union {
                        Shape::Union { tag, variants } => variant(tag, variants, &element) == Some(None),
                        _ => false,
                    };
                    if unknown_tag {
                        let at = pointer.clone();
                        self.set_aside(UnknownKind::Variant, &at, None, element, &at);
                    } else {
                        kept.push(self.walk(element, items, pointer));
                    }
                    pointer.truncate(length);
                }
                Node::Array(kept)
            }
            (Shape::Enum(values), Node::String(text))
                if !values.contains(&text.as_str()) && values.contains(&OPEN_ENUM_FALLBACK) =>
            {
                self.unknown.push(Unknown {
                    kind: UnknownKind::Enum,
                    pointer: pointer.clone(),
                    name: None,
                    value: Value::String(text),
                });
                Node::String(OPEN_ENUM_FALLBACK.to_owned())
            }
            (_, node) => node,
        }
    }
}

/// Section 2's number problems of every number inside `node`, at its pointer.
fn numbers(node: &Node, pointer: &mut String, out: &mut Vec<Problem>) {
    match node {
        Node::Number { .. } => {
            if let Some((rule, message)) = number_fault(node) {
                out.push(Problem {
                    pointer: pointer.clone(),
                    message,
                    rule,
                    line: None,
                    column: None,
                });
            }
        }
        Node::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                let length = pointer.len();
                pointer.push('/');
                pointer.push_str(&index.to_string());
                numbers(item, pointer, out);
                pointer.truncate(length);
            }
        }
        Node::Object(members) => {
            for (name, value) in members {
                let length = pointer.len();
                pointer.push('/');
                pointer.push_str(&escape_token(name));
                numbers(value, pointer, out);
                pointer.truncate(length);
            }
        }
        _ => {}
    }
}

fn tokens(pointer: &str) -> Vec<String> {
    if pointer.is_empty() {
        return Vec::new();
    }
    pointer[1..]
        .split('/')
        .map(|token| token.replace("~1", "/").replace("~0", "~"))
        .collect()
}

fn gone(item: &Unknown) -> RestoreError {
    let what = match &item.name {
        Some(name) => format!(" ({name:?})"),
        None => String::new(),
    };
    RestoreError {
        pointer: item.pointer.clone(),
        message: format!(
            "the {} set aside here{what}; the value no longer has this member or array element",
            item.kind.as_str()
        ),
    }
}

fn at<'a>(tree: &'a mut Value, path: &[String], item: &Unknown) -> Result<&'a mut Value, RestoreError> {
    let mut node = tree;
    for token in path {
        node = match node {
            Value::Object(members) => members.get_mut(token),
            Value::Array(items) => token.parse::<usize>().ok().and_then(|index| items.get_mut(index)),
            _ => None,
        }
        .ok_or_else(|| gone(item))?;
    }
    Ok(node)
}

/// Put every set-aside item back into `tree` at its pointer, in document order; an enum value only where
/// the value still reads `other` (a value the caller set wins).
pub fn restore(mut tree: Value, unknown: &[Unknown]) -> Result<Value, RestoreError> {
    for item in unknown {
        let path = tokens(&item.pointer);
        match item.kind {
            UnknownKind::Member => {
                let name = item.name.clone().unwrap_or_default();
                let taken = match at(&mut tree, &path, item)? {
                    Value::Object(members) if !members.contains_key(&name) => {
                        members.insert(name.clone(), item.value.clone());
                        false
                    }
                    _ => true,
                };
                if taken {
                    return Err(RestoreError {
                        pointer: item.pointer.clone(),
                        message: format!("cannot put member {name:?} back"),
                    });
                }
            }
            UnknownKind::Variant => {
                let (index, parent) = match path.split_last() {
                    Some((last, parent)) => (last.parse::<usize>().unwrap_or(usize::MAX), parent),
                    None => return Err(gone(item)),
                };
                match at(&mut tree, parent, item)? {
                    Value::Array(items) if index <= items.len() => items.insert(index, item.value.clone()),
                    _ => {
                        return Err(RestoreError {
                            pointer: item.pointer.clone(),
                            message: "the array is shorter than when it was read".to_owned(),
                        })
                    }
                }
            }
            UnknownKind::Enum => {
                let current = at(&mut tree, &path, item)?;
                if current.as_str() == Some(OPEN_ENUM_FALLBACK) {
                    *current = item.value.clone();
                }
            }
        }
    }
    Ok(tree)
}
