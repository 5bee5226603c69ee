//! MCP <-> wirechat mappings (spec section 13): the same pure functions as Python's `wirechat.mcp`,
//! TypeScript's `src/mcp.ts` and Go's `MCPToolToDefinition` ..., held to the shared vectors in
//! `conformance/cases/mcp/mappings.json`. This module has the tool mappings and the shared helpers; the
//! result mappings are in `mcp_results`.
//!
//! Values are JSON values: MCP values with MCP's member names, wirechat values as its schema writes them.
//! Every MCP member is carried, dropped with an `McpWarning` naming its JSON pointer in the input, or makes
//! the mapping fail with an `McpMappingError` naming the value.
//!
//! ```
//! use serde_json::json;
//! let (definition, warnings) = wirechat::mcp::tool_to_definition(&json!({
//!     "name": "echo", "title": "Echo", "inputSchema": {"type": "object"}, "icons": []})).unwrap();
//! assert_eq!(definition, json!({"name": "echo", "input_schema": {"type": "object"}, "annotations": {"title": "Echo"}}));
//! assert_eq!(warnings[0].pointer, "/icons");
//! ```

use std::fmt;
use std::sync::LazyLock;

use serde_json::{Map, Value};

use crate::pattern::Pattern;
use crate::problem::{compare_pointers, escape_token};

pub use crate::mcp_results::{
    call_result_to_tool_result, jsonrpc_to_tool_result, tool_result_to_call_result, tool_result_to_jsonrpc,
};

/// A value a mapping could not carry: where it was (a pointer into the input) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct McpWarning {
    pub pointer: String,
    pub message: String,
}

/// The input cannot be mapped: `pointer` names the value, `reason` says why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct McpMappingError {
    pub pointer: String,
    pub reason: String,
}

impl fmt::Display for McpMappingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = if self.pointer.is_empty() {
            "(root)"
        } else {
            &self.pointer
        };
        write!(f, "{at}: {}", self.reason)
    }
}

impl std::error::Error for McpMappingError {}

/// What a mapping gives: the output value and what it dropped, in pointer order.
pub type Mapped = Result<(Value, Vec<McpWarning>), McpMappingError>;

pub(crate) type Object = Map<String, Value>;

const HINTS: [(&str, &str); 4] = [
    ("readOnlyHint", "read_only_hint"),
    ("destructiveHint", "destructive_hint"),
    ("idempotentHint", "idempotent_hint"),
    ("openWorldHint", "open_world_hint"),
];

fn pattern(source: &str) -> Pattern {
    Pattern::new(source).expect("a pattern this matcher supports")
}

pub(crate) static BASE64: LazyLock<Pattern> = LazyLock::new(|| pattern(r"^[A-Za-z0-9+/]*={0,2}$"));
pub(crate) static MEDIA_TYPE: LazyLock<Pattern> =
    LazyLock::new(|| pattern(r"^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9*][A-Za-z0-9!#$&^_.+*-]*"));
pub(crate) static URI: LazyLock<Pattern> = LazyLock::new(|| pattern(r"^[A-Za-z][A-Za-z0-9+.-]*:"));

pub(crate) fn refuse<T>(pointer: impl Into<String>, reason: impl Into<String>) -> Result<T, McpMappingError> {
    Err(McpMappingError {
        pointer: pointer.into(),
        reason: reason.into(),
    })
}

pub(crate) fn warn(warnings: &mut Vec<McpWarning>, pointer: impl Into<String>, message: &str) {
    warnings.push(McpWarning {
        pointer: pointer.into(),
        message: message.to_owned(),
    });
}

/// `pointer` and one more reference token for the member `key`.
pub(crate) fn child(pointer: &str, key: &str) -> String {
    format!("{pointer}/{}", escape_token(key))
}

pub(crate) fn ordered(mut warnings: Vec<McpWarning>) -> Vec<McpWarning> {
    warnings.sort_by(|a, b| compare_pointers(&a.pointer, &b.pointer));
    warnings
}

pub(crate) fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

pub(crate) fn as_object<'a>(value: &'a Value, pointer: &str) -> Result<&'a Object, McpMappingError> {
    match value {
        Value::Object(object) => Ok(object),
        other => refuse(pointer, format!("must be a JSON object (got {})", kind_of(other))),
    }
}

pub(crate) fn as_str<'a>(value: &'a Value, pointer: &str) -> Result<&'a str, McpMappingError> {
    match value {
        Value::String(text) => Ok(text),
        other => refuse(pointer, format!("must be a string (got {})", kind_of(other))),
    }
}

fn as_bool(value: &Value, pointer: &str) -> Result<bool, McpMappingError> {
    match value {
        Value::Bool(b) => Ok(*b),
        other => refuse(pointer, format!("must be a boolean (got {})", kind_of(other))),
    }
}

/// A JSON-RPC id or error code as an integer: a whole number (1.0 is 1, as MCP's JSON Schema counts it)
/// within -(2^53-1) .. 2^53-1, which every language reads exactly (spec section 13).
pub(crate) fn whole_number(value: &Value) -> Option<i64> {
    const SAFE: i64 = 9_007_199_254_740_991;
    let Value::Number(number) = value else {
        return None;
    };
    if let Some(integer) = number.as_i64() {
        return (integer.unsigned_abs() <= SAFE as u64).then_some(integer);
    }
    if number.as_u64().is_some() {
        return None; // above i64, so above 2^53-1
    }
    let double = number.as_f64()?;
    (double.fract() == 0.0 && double.abs() <= SAFE as f64).then_some(double as i64)
}

/// The string member `key` of `block`, required, matching `check` when given.
pub(crate) fn field<'a>(
    block: &'a Object,
    key: &str,
    pointer: &str,
    check: Option<&Pattern>,
) -> Result<&'a str, McpMappingError> {
    let at = child(pointer, key);
    let Some(value) = block.get(key) else {
        return refuse(at, "required member is missing");
    };
    let text = as_str(value, &at)?;
    match check {
        Some(pattern) if !pattern.is_match(text) => refuse(at, "does not match the pattern it must"),
        _ => Ok(text),
    }
}

/// The members `keys` of `from` that are present.
pub(crate) fn pick(from: &Object, keys: &[&str]) -> Object {
    keys.iter()
        .filter_map(|&key| from.get(key).map(|value| (key.to_owned(), value.clone())))
        .collect()
}

/// A warning for every member of `block` not in `known`.
pub(crate) fn unknown_members(block: &Object, known: &[&str], pointer: &str, warnings: &mut Vec<McpWarning>) {
    for key in block.keys().filter(|key| !known.contains(&key.as_str())) {
        warn(
            warnings,
            child(pointer, key),
            "not an MCP member wirechat knows; dropped",
        );
    }
}

/// An MCP `Tool` to a `ToolDefinition`.
pub fn tool_to_definition(input: &Value) -> Mapped {
    let tool = as_object(input, "")?;
    let mut warnings = Vec::new();
    let Some(name) = tool.get("name") else {
        return refuse("/name", "an MCP Tool needs a name");
    };
    let name = as_str(name, "/name")?;
    let length = name.chars().count();
    if !(1..=128).contains(&length) {
        return refuse("/name", format!("a tool name is 1 to 128 characters (got {length})"));
    }
    let Some(schema) = tool.get("inputSchema") else {
        return refuse("/inputSchema", "an MCP Tool needs an inputSchema");
    };
    let mut out = Object::new();
    out.insert("name".into(), Value::String(name.to_owned()));
    out.insert(
        "input_schema".into(),
        Value::Object(as_object(schema, "/inputSchema")?.clone()),
    );
    let mut annotations = Object::new();
    for (key, value) in tool {
        let pointer = child("", key);
        match key.as_str() {
            "name" | "inputSchema" => {}
            "description" => {
                out.insert("description".into(), Value::String(as_str(value, &pointer)?.to_owned()));
            }
            "outputSchema" => {
                out.insert(
                    "output_schema".into(),
                    Value::Object(as_object(value, &pointer)?.clone()),
                );
            }
            "title" => {
                annotations.insert("title".into(), Value::String(as_str(value, &pointer)?.to_owned()));
            }
            "annotations" => mcp_annotations(value, tool, &mut annotations, &mut warnings)?,
            _ => warn(&mut warnings, pointer, "ToolDefinition has no field for it; dropped"),
        }
    }
    if !annotations.is_empty() {
        out.insert("annotations".into(), Value::Object(annotations));
    }
    Ok((Value::Object(out), ordered(warnings)))
}

fn mcp_annotations(
    value: &Value,
    tool: &Object,
    into: &mut Object,
    warnings: &mut Vec<McpWarning>,
) -> Result<(), McpMappingError> {
    for (key, hint) in as_object(value, "/annotations")? {
        let pointer = child("/annotations", key);
        if let Some((_, mapped)) = HINTS.iter().find(|(mcp, _)| mcp == key) {
            into.insert((*mapped).to_owned(), Value::Bool(as_bool(hint, &pointer)?));
        } else if key == "title" {
            let title = as_str(hint, &pointer)?;
            match tool.get("title") {
                None => {
                    into.insert("title".into(), Value::String(title.to_owned()));
                }
                Some(given) if given.as_str() != Some(title) => warn(
                    warnings,
                    pointer,
                    "differs from the tool's title, which MCP shows first and is kept; dropped",
                ),
                Some(_) => {}
            }
        } else {
            warn(warnings, pointer, "ToolAnnotations has no field for it; dropped");
        }
    }
    Ok(())
}

/// A `ToolDefinition` to an MCP `Tool`: `annotations.title` becomes the tool's title, `strict` (which MCP
/// has no member for) is dropped with a warning.
pub fn definition_to_tool(input: &Value) -> Mapped {
    let definition = as_object(input, "")?;
    let mut warnings = Vec::new();
    let mut tool = Object::new();
    let name = as_str(definition.get("name").unwrap_or(&Value::Null), "/name")?;
    tool.insert("name".into(), Value::String(name.to_owned()));
    if !definition.contains_key("input_schema") {
        return refuse("/input_schema", "a ToolDefinition needs an input_schema");
    }
    for (key, value) in definition {
        match key.as_str() {
            "name" => {}
            "input_schema" => {
                tool.insert(
                    "inputSchema".into(),
                    Value::Object(as_object(value, "/input_schema")?.clone()),
                );
            }
            "description" => {
                tool.insert(
                    "description".into(),
                    Value::String(as_str(value, "/description")?.to_owned()),
                );
            }
            "output_schema" => {
                tool.insert(
                    "outputSchema".into(),
                    Value::Object(as_object(value, "/output_schema")?.clone()),
                );
            }
            "annotations" => definition_annotations(value, &mut tool)?,
            "strict" => warn(&mut warnings, "/strict", "MCP tools have no strict mode; dropped"),
            _ => return refuse(child("", key), "not a ToolDefinition member"),
        }
    }
    Ok((Value::Object(tool), ordered(warnings)))
}

fn definition_annotations(value: &Value, tool: &mut Object) -> Result<(), McpMappingError> {
    let mut hints = Object::new();
    for (key, given) in as_object(value, "/annotations")? {
        let pointer = child("/annotations", key);
        if key == "title" {
            tool.insert("title".into(), Value::String(as_str(given, &pointer)?.to_owned()));
            continue;
        }
        let Some((mcp, _)) = HINTS.iter().find(|(_, ours)| ours == key) else {
            return refuse(pointer, "not a ToolAnnotations member");
        };
        hints.insert((*mcp).to_owned(), Value::Bool(as_bool(given, &pointer)?));
    }
    if !hints.is_empty() {
        tool.insert("annotations".into(), Value::Object(hints));
    }
    Ok(())
}
