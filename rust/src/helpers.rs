//! The helpers every language has beside its types: token usage addition (spec section 7) and the
//! tool-call argument helpers (spec section 6: arguments are the JSON text of one I-JSON object).

use std::fmt;

use crate::ijson::scan::scan;
use serde_json::Value;

use crate::generated::TokenUsage;
use crate::node::parse;

/// Add two usages: counts add (an optional count absent on both sides stays absent, absent on one side
/// counts 0), `total_tokens` is added, not recomputed, and the first `model` named wins.
pub fn add_usage(acc: &TokenUsage, other: &TokenUsage) -> TokenUsage {
    fn counts(a: Option<i64>, b: Option<i64>) -> Option<i64> {
        match (a, b) {
            (None, None) => None,
            (a, b) => Some(a.unwrap_or(0).saturating_add(b.unwrap_or(0))),
        }
    }
    TokenUsage {
        input_tokens: acc.input_tokens.saturating_add(other.input_tokens),
        output_tokens: acc.output_tokens.saturating_add(other.output_tokens),
        total_tokens: acc.total_tokens.saturating_add(other.total_tokens),
        cache_read_input_tokens: counts(acc.cache_read_input_tokens, other.cache_read_input_tokens),
        cache_write_input_tokens: counts(acc.cache_write_input_tokens, other.cache_write_input_tokens),
        reasoning_output_tokens: counts(acc.reasoning_output_tokens, other.reasoning_output_tokens),
        model: acc.model.clone().or_else(|| other.model.clone()),
        latency_ms: counts(acc.latency_ms, other.latency_ms),
        cost_micros: counts(acc.cost_micros, other.cost_micros),
    }
}

/// Tool-call arguments that are not the JSON text of one I-JSON object, or a value that cannot be one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArgumentsError {
    pub reason: String,
}

impl fmt::Display for ArgumentsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "tool arguments: {}", self.reason)
    }
}

impl std::error::Error for ArgumentsError {}

const EXCERPT: usize = 80;

/// Check `text` as one I-JSON object: the scan's rules, numbers included, and an object at the root.
fn check_object(text: &[u8]) -> Result<(), String> {
    if let Err(error) = scan(text, &[]) {
        return Err(format!("{} at byte {}", error.fault.rule(), error.offset));
    }
    let first = text.iter().find(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r'));
    match first {
        Some(b'{') => Ok(()),
        _ => Err("the text is not a JSON object".to_owned()),
    }
}

/// Read the JSON text of tool-call arguments. Empty or blank text (JSON whitespace only) means no
/// arguments and reads as `{}`; anything but one I-JSON object is refused, with the text quoted.
pub fn parse_arguments(arguments: &str) -> Result<Value, ArgumentsError> {
    let text = if arguments.trim_matches([' ', '\t', '\n', '\r']).is_empty() {
        "{}"
    } else {
        arguments
    };
    if let Err(reason) = check_object(text.as_bytes()) {
        let excerpt: String = arguments.chars().take(EXCERPT).collect();
        let more = if excerpt.len() < arguments.len() { "..." } else { "" };
        return Err(ArgumentsError {
            reason: format!("not a JSON object: {reason}; the text was {excerpt:?}{more}"),
        });
    }
    Ok(parse(text.as_bytes()).into_value())
}

/// The JSON text of tool-call arguments for `value`, which must be an object whose numbers every
/// language reads exactly: compact, members in the object's order (a `serde_json::Map` without its
/// `preserve_order` feature holds them sorted, as a Go map does), strings and numbers as RFC 8785 writes
/// them (spec section 6, decision 036). The one place the crate writes arguments.
pub fn build_arguments(value: &Value) -> Result<String, ArgumentsError> {
    if !value.is_object() {
        return Err(ArgumentsError {
            reason: format!("arguments must be a JSON object, not {}", kind(value)),
        });
    }
    let text = crate::canonical::compact_json(value);
    check_object(text.as_bytes()).map_err(|reason| ArgumentsError { reason })?;
    Ok(text)
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
