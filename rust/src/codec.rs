//! The strict reader and the writers: `decode` (spec sections 2, 3 and 5), `encode` and `canonical`
//! (section 4).
//!
//! A decode runs the native I-JSON scan (`wirechat_native`, the same scanner as the Python extension)
//! over the text; a text fault is the only problem (section 5.1). Otherwise the text is parsed once into
//! a `Node`, checked against the type's schema by the generated checks (every problem, in the spec's
//! order), and only a valid document is handed to serde to build the typed value.

use crate::ijson::scan::{scan, Fault};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use crate::canonical::canonical_json;
use crate::checker::Checker;
use crate::generated::check::check_by_name;
use crate::node::{parse, Node};
use crate::problem::{finish, Problem, WireError};
use crate::text_fault;

/// A wire type: its schema name and its strict check (implemented for every generated type).
pub trait WireType: Serialize + DeserializeOwned {
    /// The type's name in the schema (`Message`, `ChatRequest` ...).
    const NAME: &'static str;
    /// A union variant's tag member and value (`("type", "text")` for `TextPart`): the struct holds no
    /// tag (the union's enum writes it), so a variant read or written on its own takes it off or puts it on.
    const TAG: Option<(&'static str, &'static str)> = None;
    /// Check a parsed document against the type's schema.
    fn check(checker: &mut Checker, node: &Node);
}

pub(crate) fn refused(type_name: &str, problems: Vec<Problem>) -> WireError {
    WireError {
        type_name: type_name.to_owned(),
        problems,
    }
}

fn too_large(type_name: &str, size: usize, max_bytes: usize) -> WireError {
    let message = format!("the document is {size} bytes, above the limit of {max_bytes}");
    refused(
        type_name,
        vec![Problem {
            pointer: String::new(),
            message,
            rule: "too-large",
            line: None,
            column: None,
        }],
    )
}

/// Check the size of `text`, scan it and parse it: the document, or its one text fault (section 5.1).
pub(crate) fn parsed(text: &[u8], type_name: &str, max_bytes: Option<usize>) -> Result<Node, WireError> {
    if let Some(limit) = max_bytes.filter(|&limit| text.len() > limit) {
        return Err(too_large(type_name, text.len(), limit));
    }
    if let Err(error) = scan(text, &[]) {
        if !matches!(error.fault, Fault::NumberOverflow | Fault::UnsafeInteger) {
            return Err(refused(type_name, vec![text_fault::problem(text, error)]));
        }
    }
    Ok(parse(text))
}

/// Scan, parse and check `text` as the type `type_name` with `check`; the checked document.
fn checked(
    text: &[u8],
    type_name: &str,
    max_bytes: Option<usize>,
    check: impl FnOnce(&mut Checker, &Node),
) -> Result<Node, WireError> {
    let node = parsed(text, type_name, max_bytes)?;
    let mut checker = Checker::new();
    check(&mut checker, &node);
    if checker.problems.is_empty() {
        Ok(node)
    } else {
        Err(refused(type_name, finish(checker.problems)))
    }
}

pub(crate) fn built<T: DeserializeOwned>(type_name: &str, value: Value) -> Result<T, WireError> {
    serde_json::from_value(value).map_err(|error| {
        let message = format!("serde refused a document the checks passed (a wirechat bug): {error}");
        refused(
            type_name,
            vec![Problem {
                pointer: String::new(),
                message,
                rule: "type",
                line: None,
                column: None,
            }],
        )
    })
}

/// Decode `text` as the wire type `T`, strictly: every problem, or the typed value.
pub fn decode<T: WireType>(text: &[u8]) -> Result<T, WireError> {
    decode_limited(text, None)
}

/// `decode` with a maximum document size in bytes (spec section 5.3: `too-large` above it).
pub fn decode_limited<T: WireType>(text: &[u8], max_bytes: Option<usize>) -> Result<T, WireError> {
    let node = checked(text, T::NAME, max_bytes, T::check)?;
    let mut value = node.into_value();
    if let (Some((tag, _)), Some(members)) = (T::TAG, value.as_object_mut()) {
        members.remove(tag);
    }
    built(T::NAME, value)
}

/// Decode `text` strictly as the wire type named `name`, and return the typed value written back as
/// JSON (what `encode` of the typed value holds). `None`: no wire type has that name.
pub fn decode_by_name(name: &str, text: &[u8]) -> Option<Result<Value, WireError>> {
    decode_by_name_limited(name, text, None)
}

/// `decode_by_name` with a maximum document size in bytes (spec section 5.3).
pub fn decode_by_name_limited(name: &str, text: &[u8], max_bytes: Option<usize>) -> Option<Result<Value, WireError>> {
    let mut known = true;
    let outcome = checked(text, name, max_bytes, |checker, node| {
        known = check_by_name(name, checker, node)
    });
    if !known {
        return None;
    }
    Some(outcome.and_then(|node| reencode(name, node)))
}

/// A checked document read by serde as the wire type named `name` and written back as a JSON value.
pub(crate) fn reencode(name: &str, node: Node) -> Result<Value, WireError> {
    let written = crate::generated::reencode_by_name(name, node.into_value()).unwrap_or(Ok(Value::Null));
    written.map_err(|error| {
        let message = format!("serde refused a document the checks passed (a wirechat bug): {error}");
        refused(
            name,
            vec![Problem {
                pointer: String::new(),
                message,
                rule: "type",
                line: None,
                column: None,
            }],
        )
    })
}

/// The value as a JSON value, with its tag when it is a union variant written on its own.
pub(crate) fn written<T: WireType>(value: &T) -> Result<Value, serde_json::Error> {
    let mut written = serde_json::to_value(value)?;
    if let (Some((tag, want)), Some(members)) = (T::TAG, written.as_object_mut()) {
        members.insert(tag.to_owned(), Value::String(want.to_owned()));
    }
    Ok(written)
}

/// The value's compact JSON text (absent optionals left out).
pub fn encode<T: WireType>(value: &T) -> Result<String, serde_json::Error> {
    match T::TAG {
        None => serde_json::to_string(value),
        Some(_) => serde_json::to_string(&written(value)?),
    }
}

/// The value's RFC 8785 canonical text (spec section 4).
pub fn canonical<T: WireType>(value: &T) -> Result<String, serde_json::Error> {
    Ok(canonical_json(&written(value)?))
}
