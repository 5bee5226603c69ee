//! MCP `CallToolResult`, and the JSON-RPC response that carries it, <-> `ToolResult` (spec section 13);
//! the tool mappings and the shared helpers are in `mcp`.

use serde_json::{json, Value};

use crate::base64::{decode_base64, encode_base64};
use crate::mcp::{
    as_object, child, field, kind_of, ordered, pick, refuse, unknown_members, warn, whole_number, Mapped,
    McpMappingError, McpWarning, Object, BASE64, MEDIA_TYPE, URI,
};

const KEEP_ON_BLOCK: [&str; 2] = ["annotations", "_meta"];
const KEEP_ON_LINK: [&str; 6] = ["title", "description", "size", "icons", "annotations", "_meta"];

fn with_meta(mut part: Object, kept: Object) -> Object {
    if !kept.is_empty() {
        part.insert("provider_metadata".into(), json!({ "mcp": kept }));
    }
    part
}

fn known<'a>(own: &[&'a str], shared: &[&'a str]) -> Vec<&'a str> {
    own.iter().chain(shared).copied().collect()
}

fn block_to_part(value: &Value, pointer: &str, warnings: &mut Vec<McpWarning>) -> Result<Object, McpMappingError> {
    let block = as_object(value, pointer)?;
    let mut kept = pick(block, &KEEP_ON_BLOCK);
    let kind = block.get("type").and_then(Value::as_str).unwrap_or("");
    match kind {
        "text" => {
            unknown_members(block, &known(&["type", "text"], &KEEP_ON_BLOCK), pointer, warnings);
            let text = field(block, "text", pointer, None)?;
            Ok(with_meta(object(json!({"type": "text", "text": text})), kept))
        }
        "image" | "audio" => {
            unknown_members(
                block,
                &known(&["type", "data", "mimeType"], &KEEP_ON_BLOCK),
                pointer,
                warnings,
            );
            let data = field(block, "data", pointer, Some(&BASE64))?;
            let media_type = field(block, "mimeType", pointer, Some(&MEDIA_TYPE))?;
            let media = json!({"source": "base64", "base64": data, "media_type": media_type});
            Ok(with_meta(object(json!({"type": kind, kind: media})), kept))
        }
        "resource_link" => {
            let own = ["type", "uri", "name", "mimeType"];
            unknown_members(block, &known(&own, &KEEP_ON_LINK), pointer, warnings);
            kept = pick(block, &KEEP_ON_LINK);
            let uri = field(block, "uri", pointer, Some(&URI))?;
            let mut reference = object(json!({"source": "uri", "uri": uri}));
            let name = field(block, "name", pointer, None)?;
            if name.is_empty() {
                kept.insert("name".into(), Value::String(String::new()));
            } else {
                reference.insert("name".into(), Value::String(name.to_owned()));
            }
            if block.contains_key("mimeType") {
                let media_type = field(block, "mimeType", pointer, Some(&MEDIA_TYPE))?;
                reference.insert("media_type".into(), Value::String(media_type.to_owned()));
            }
            Ok(with_meta(object(json!({"type": "file", "file": reference})), kept))
        }
        "resource" => {
            unknown_members(block, &known(&["type", "resource"], &KEEP_ON_BLOCK), pointer, warnings);
            let resource = block.get("resource").unwrap_or(&Value::Null);
            resource_to_part(resource, pointer, kept, warnings)
        }
        _ => {
            let got = block.get("type").map_or_else(|| "nothing".to_owned(), Value::to_string);
            refuse(
                child(pointer, "type"),
                format!("not an MCP content block type (got {got})"),
            )
        }
    }
}

fn object(value: Value) -> Object {
    match value {
        Value::Object(members) => members,
        _ => Object::new(),
    }
}

fn resource_to_part(
    value: &Value,
    pointer: &str,
    mut kept: Object,
    warnings: &mut Vec<McpWarning>,
) -> Result<Object, McpMappingError> {
    let inner = child(pointer, "resource");
    let resource = as_object(value, &inner)?;
    unknown_members(
        resource,
        &["uri", "mimeType", "text", "blob", "_meta"],
        &inner,
        warnings,
    );
    let (has_text, has_blob) = (resource.contains_key("text"), resource.contains_key("blob"));
    if has_text == has_blob {
        return refuse(inner, "an embedded resource has exactly one of text and blob");
    }
    let mut meta = pick(resource, &["uri", "mimeType", "_meta"]);
    field(resource, "uri", &inner, None)?;
    let (data, fallback) = if has_text {
        let text = field(resource, "text", &inner, None)?;
        meta.insert("text".into(), Value::Bool(true));
        (encode_base64(text.as_bytes()), "text/plain")
    } else {
        let blob = field(resource, "blob", &inner, Some(&BASE64))?;
        (blob.to_owned(), "application/octet-stream")
    };
    let media_type = match resource.contains_key("mimeType") {
        true => field(resource, "mimeType", &inner, Some(&MEDIA_TYPE))?,
        false => fallback,
    };
    kept.insert("resource".into(), Value::Object(meta));
    let file = json!({"source": "base64", "base64": data, "media_type": media_type});
    Ok(with_meta(object(json!({"type": "file", "file": file})), kept))
}

/// An MCP `CallToolResult` to a `ToolResult` answering `tool_call_id`: `content` is the text blocks
/// joined with a line feed, every block is also a part, `structuredContent` a last data part; a result
/// that is one plain text block has no parts.
pub fn call_result_to_tool_result(input: &Value, tool_call_id: &str) -> Mapped {
    let result = as_object(input, "")?;
    let mut warnings = Vec::new();
    let Some(Value::Array(blocks)) = result.get("content") else {
        return refuse("/content", "a CallToolResult needs a content array");
    };
    let mut parts = Vec::with_capacity(blocks.len() + 1);
    let mut texts = Vec::new();
    for (index, block) in blocks.iter().enumerate() {
        let part = block_to_part(block, &format!("/content/{index}"), &mut warnings)?;
        if part.get("type").and_then(Value::as_str) == Some("text") {
            texts.push(part.get("text").and_then(Value::as_str).unwrap_or("").to_owned());
        }
        parts.push(part);
    }
    let mut out = object(json!({"tool_call_id": tool_call_id, "content": texts.join("\n")}));
    if let Some(value) = result.get("structuredContent") {
        let structured = as_object(value, "/structuredContent")?;
        parts.push(object(json!({"type": "data", "data": {"value": structured}})));
    }
    for (key, value) in result {
        match key.as_str() {
            "content" | "structuredContent" => {}
            "isError" => match value {
                Value::Bool(true) => {
                    out.insert("is_error".into(), Value::Bool(true));
                }
                Value::Bool(false) => {}
                other => return refuse("/isError", format!("must be a boolean (got {})", kind_of(other))),
            },
            _ => warn(&mut warnings, child("", key), "ToolResult has no field for it; dropped"),
        }
    }
    let plain = parts.len() == 1
        && parts[0].get("type").and_then(Value::as_str) == Some("text")
        && !parts[0].contains_key("provider_metadata");
    if !plain {
        out.insert(
            "parts".into(),
            Value::Array(parts.into_iter().map(Value::Object).collect()),
        );
    }
    Ok((Value::Object(out), ordered(warnings)))
}

fn part_to_block(part: &Object, pointer: &str, warnings: &mut Vec<McpWarning>) -> Result<Object, McpMappingError> {
    let empty = Object::new();
    let metadata = part
        .get("provider_metadata")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    for provider in metadata.keys().filter(|provider| *provider != "mcp") {
        let at = child(&format!("{pointer}/provider_metadata"), provider);
        warn(warnings, at, "MCP has no place for it; dropped");
    }
    let kept = metadata.get("mcp").and_then(Value::as_object).unwrap_or(&empty);
    let merge = |mut block: Object, keys: &[&str]| {
        block.extend(pick(kept, keys));
        block
    };
    let kind = part.get("type").and_then(Value::as_str).unwrap_or("");
    match kind {
        "text" => Ok(merge(
            object(json!({"type": "text", "text": part.get("text")})),
            &KEEP_ON_BLOCK,
        )),
        "image" | "audio" => {
            let media = part.get(kind).and_then(Value::as_object).unwrap_or(&empty);
            if media.get("source").and_then(Value::as_str) != Some("base64") {
                let at = format!("{pointer}/{kind}/source");
                return refuse(at, "MCP images and audio are inline base64, not URLs");
            }
            let block = json!({"type": kind, "data": media.get("base64"), "mimeType": media.get("media_type")});
            Ok(merge(object(block), &KEEP_ON_BLOCK))
        }
        "file" => {
            let reference = part.get("file").and_then(Value::as_object).unwrap_or(&empty);
            file_to_block(reference, pointer, kept, warnings)
        }
        _ => refuse(
            child(pointer, "type"),
            format!("MCP has no content block for a {kind} part"),
        ),
    }
}

fn file_to_block(
    reference: &Object,
    pointer: &str,
    kept: &Object,
    warnings: &mut Vec<McpWarning>,
) -> Result<Object, McpMappingError> {
    let source = reference.get("source").and_then(Value::as_str);
    if source == Some("uri") {
        let uri = reference.get("uri").cloned().unwrap_or(Value::Null);
        let mut block = object(json!({"type": "resource_link", "uri": uri}));
        let name = match (reference.get("name"), kept.get("name")) {
            (Some(name), _) | (None, Some(name)) => name.clone(),
            (None, None) => {
                let message = "an MCP resource link needs a name; the uri stands in";
                warn(warnings, format!("{pointer}/file"), message);
                uri
            }
        };
        block.insert("name".into(), name);
        if let Some(media_type) = reference.get("media_type") {
            block.insert("mimeType".into(), media_type.clone());
        }
        block.extend(pick(kept, &KEEP_ON_LINK));
        return Ok(block);
    }
    match (source, kept.get("resource").and_then(Value::as_object)) {
        (Some("base64"), Some(meta)) => {
            let mut resource = pick(meta, &["uri", "mimeType", "_meta"]);
            let data = reference.get("base64").and_then(Value::as_str).unwrap_or("");
            if meta.get("text") == Some(&Value::Bool(true)) {
                let text = decode_base64(data).and_then(|bytes| String::from_utf8(bytes).ok());
                let Some(text) = text else {
                    let at = format!("{pointer}/file/base64");
                    return refuse(at, "the resource was text, but these bytes are not UTF-8");
                };
                resource.insert("text".into(), Value::String(text));
            } else {
                resource.insert("blob".into(), Value::String(data.to_owned()));
            }
            if reference.contains_key("name") {
                let message = "an embedded MCP resource has no name; dropped";
                warn(warnings, format!("{pointer}/file/name"), message);
            }
            let mut block = object(json!({"type": "resource", "resource": resource}));
            block.extend(pick(kept, &KEEP_ON_BLOCK));
            Ok(block)
        }
        (Some("base64"), None) => refuse(
            format!("{pointer}/file"),
            "an embedded MCP resource needs a uri, and this file has none",
        ),
        _ => refuse(
            format!("{pointer}/file/source"),
            "MCP cannot reference a provider's file id",
        ),
    }
}

/// A valid `ToolResult` (as a JSON value) to an MCP `CallToolResult`. With parts, the text form is not
/// carried (MCP has none of its own): a warning says so when it differs.
pub fn tool_result_to_call_result(input: &Value) -> Mapped {
    let empty = Object::new();
    let tool_result = input.as_object().unwrap_or(&empty);
    let mut warnings = Vec::new();
    let mut out = Object::new();
    match tool_result.get("parts").and_then(Value::as_array) {
        None => {
            let content = tool_result.get("content").cloned().unwrap_or(Value::Null);
            out.insert("content".into(), json!([{"type": "text", "text": content}]));
        }
        Some(parts) => {
            let mut blocks = Vec::with_capacity(parts.len());
            let mut texts = Vec::new();
            for (index, part) in parts.iter().enumerate() {
                let part = part.as_object().unwrap_or(&empty);
                let pointer = format!("/parts/{index}");
                if part.get("type").and_then(Value::as_str) != Some("data") {
                    let block = part_to_block(part, &pointer, &mut warnings)?;
                    if block.get("type").and_then(Value::as_str) == Some("text") {
                        texts.push(block.get("text").and_then(Value::as_str).unwrap_or("").to_owned());
                    }
                    blocks.push(Value::Object(block));
                    continue;
                }
                if out.contains_key("structuredContent") {
                    return refuse(pointer, "MCP carries one structuredContent; this is a second data part");
                }
                let data = part.get("data").and_then(Value::as_object).unwrap_or(&empty);
                let Some(value @ Value::Object(_)) = data.get("value") else {
                    return refuse(
                        format!("{pointer}/data/value"),
                        "MCP structuredContent is a JSON object",
                    );
                };
                for key in data.keys().filter(|key| *key != "value") {
                    let message = "structuredContent has no media type; dropped";
                    warn(&mut warnings, child(&format!("{pointer}/data"), key), message);
                }
                out.insert("structuredContent".into(), value.clone());
            }
            out.insert("content".into(), Value::Array(blocks));
            if tool_result.get("content").and_then(Value::as_str) != Some(texts.join("\n").as_str()) {
                warn(
                    &mut warnings,
                    "/content",
                    "MCP has no text form beside its blocks; dropped",
                );
            }
        }
    }
    if tool_result.get("is_error") == Some(&Value::Bool(true)) {
        out.insert("isError".into(), Value::Bool(true));
    }
    Ok((Value::Object(out), ordered(warnings)))
}

/// A JSON-RPC 2.0 response to `tools/call` (LibrAgent's `ToolCallResult`) to a `ToolResult`: a result
/// maps as a `CallToolResult`; an error becomes an error result whose one text part keeps the error
/// object under `provider_metadata.mcp.jsonrpc_error`. The id is checked, not carried.
pub fn jsonrpc_to_tool_result(input: &Value, tool_call_id: &str) -> Mapped {
    let envelope = as_object(input, "")?;
    if envelope.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        let got = envelope
            .get("jsonrpc")
            .map_or_else(|| "nothing".to_owned(), Value::to_string);
        return refuse("/jsonrpc", format!("must be \"2.0\" (got {got})"));
    }
    let id = envelope.get("id").unwrap_or(&Value::Null);
    if !id.is_string() && whole_number(id).is_none() {
        return refuse("/id", "a JSON-RPC response id is a string or an integer");
    }
    let (result, error) = (envelope.get("result"), envelope.get("error"));
    if result.is_some() == error.is_some() {
        return refuse("", "a JSON-RPC response has exactly one of result and error");
    }
    let mut warnings = Vec::new();
    for key in envelope.keys() {
        if !["jsonrpc", "id", "result", "error"].contains(&key.as_str()) {
            warn(&mut warnings, child("", key), "not a JSON-RPC response member; dropped");
        }
    }
    if let Some(result) = result {
        let (out, more) = call_result_to_tool_result(result, tool_call_id).map_err(|error| McpMappingError {
            pointer: format!("/result{}", error.pointer),
            reason: error.reason,
        })?;
        for warning in more {
            warn(&mut warnings, format!("/result{}", warning.pointer), &warning.message);
        }
        return Ok((out, ordered(warnings)));
    }
    let rpc_error = as_object(error.unwrap_or(&Value::Null), "/error")?;
    let Some(code) = rpc_error.get("code").and_then(whole_number) else {
        return refuse("/error/code", "a JSON-RPC error code is an integer");
    };
    let message = field(rpc_error, "message", "/error", None)?;
    let text = format!("JSON-RPC error {code}: {message}");
    let part = json!({"type": "text", "text": text, "provider_metadata": {"mcp": {"jsonrpc_error": rpc_error}}});
    let out = json!({"tool_call_id": tool_call_id, "content": text, "is_error": true, "parts": [part]});
    Ok((out, ordered(warnings)))
}

/// A `ToolResult` back to the JSON-RPC response answering request `request_id`: an error response when it
/// came from one, a result response otherwise.
pub fn tool_result_to_jsonrpc(input: &Value, request_id: &Value) -> Mapped {
    let parts = input
        .get("parts")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[]);
    for part in parts {
        if let Some(rpc_error) = part.pointer("/provider_metadata/mcp/jsonrpc_error") {
            return Ok((
                json!({"jsonrpc": "2.0", "id": request_id, "error": rpc_error}),
                Vec::new(),
            ));
        }
    }
    let (result, warnings) = tool_result_to_call_result(input)?;
    Ok((json!({"jsonrpc": "2.0", "id": request_id, "result": result}), warnings))
}
