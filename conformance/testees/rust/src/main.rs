//! The Rust testee of the wirechat conformance suite: the line protocol over stdin/stdout (one JSON
//! request per line, one JSON response per line, in order; conformance/README.md and
//! docs/decisions/007-conformance-protocol.md), using only the public API of the `wirechat` crate.

use std::io::{BufRead, BufReader, BufWriter, Write};

use serde_json::{json, Map, Value};

fn problems(error: &wirechat::WireError) -> Value {
    let list: Vec<Value> = error
        .problems
        .iter()
        .map(|p| {
            let mut out = Map::new();
            out.insert("pointer".into(), json!(p.pointer));
            out.insert("message".into(), json!(p.message));
            out.insert("rule".into(), json!(p.rule));
            if let (Some(line), Some(column)) = (p.line, p.column) {
                out.insert("line".into(), json!(line));
                out.insert("column".into(), json!(column));
            }
            Value::Object(out)
        })
        .collect();
    json!({"ok": false, "problems": list})
}

fn document(request: &Value) -> Result<Vec<u8>, String> {
    if let Some(text) = request.get("base64").and_then(Value::as_str) {
        return base64(text);
    }
    match request.get("text").and_then(Value::as_str) {
        Some(text) => Ok(text.as_bytes().to_vec()),
        None => Err("a document needs text or base64".into()),
    }
}

/// Standard base64 (with padding) to bytes.
fn base64(text: &str) -> Result<Vec<u8>, String> {
    let value = |c: u8| -> Result<u32, String> {
        Ok(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return Err(format!("not base64: {:?}", c as char)),
        } as u32)
    };
    let body = text.trim_end_matches('=').as_bytes();
    let mut out = Vec::with_capacity(body.len() * 3 / 4);
    for chunk in body.chunks(4) {
        let mut bits = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            bits |= value(c)? << (18 - 6 * i);
        }
        let bytes = bits.to_be_bytes();
        out.extend_from_slice(&bytes[1..chunk.len()]);
    }
    Ok(out)
}

fn decode(request: &Value) -> Result<Value, String> {
    let name = request.get("type").and_then(Value::as_str).unwrap_or("");
    let text = document(request)?;
    let max_bytes = request
        .get("max_bytes")
        .and_then(Value::as_u64)
        .filter(|&n| n > 0)
        .map(|n| n as usize);
    if request.get("mode").and_then(Value::as_str) == Some("tolerant") {
        return match wirechat::decode_tolerant_by_name(name, &text, max_bytes) {
            None => Err(format!("no wire type named {name:?}")),
            Some(Err(error)) => Ok(problems(&error)),
            Some(Ok(read)) => {
                let value = wirechat::restore(read.value, &read.unknown).map_err(|e| e.to_string())?;
                Ok(json!({"ok": true, "canonical": wirechat::canonical_json(&value), "encoded": value.to_string()}))
            }
        };
    }
    match wirechat::decode_by_name_limited(name, &text, max_bytes) {
        None => Err(format!("no wire type named {name:?}")),
        Some(Err(error)) => Ok(problems(&error)),
        Some(Ok(value)) => {
            let encoded = serde_json::to_string(&value).map_err(|e| format!("decoded but cannot encode: {e}"))?;
            Ok(json!({"ok": true, "canonical": wirechat::canonical_json(&value), "encoded": encoded}))
        }
    }
}

fn text_member<'a>(request: &'a Value, name: &str) -> &'a str {
    request.get(name).and_then(Value::as_str).unwrap_or("")
}

fn refused(message: impl std::fmt::Display) -> Value {
    json!({"ok": false, "problems": [{"pointer": "", "message": message.to_string()}]})
}

fn add_usage(request: &Value) -> Result<Value, String> {
    let read = |name| wirechat::decode::<wirechat::TokenUsage>(text_member(request, name).as_bytes());
    let (a, b) = match (read("a"), read("b")) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(error), _) | (_, Err(error)) => return Ok(problems(&error)),
    };
    let sum = wirechat::add_usage(&a, &b);
    // the sum is held to the schema like any document (counts past 2^53-1 are refused)
    let written = wirechat::encode(&sum).map_err(|e| e.to_string())?;
    match wirechat::decode::<wirechat::TokenUsage>(written.as_bytes()) {
        Ok(sum) => Ok(json!({"ok": true, "canonical": wirechat::canonical(&sum).map_err(|e| e.to_string())?})),
        Err(error) => Ok(problems(&error)),
    }
}

fn parse_arguments(request: &Value) -> Result<Value, String> {
    let text = request
        .get("text")
        .and_then(Value::as_str)
        .ok_or("parse_arguments needs text")?;
    match wirechat::parse_arguments(text) {
        Ok(value) => Ok(json!({"ok": true, "canonical": wirechat::canonical_json(&value)})),
        Err(error) => Ok(refused(error)),
    }
}

fn build_arguments(request: &Value) -> Result<Value, String> {
    let value: Value =
        serde_json::from_str(text_member(request, "value")).map_err(|e| format!("build_arguments value: {e}"))?;
    match wirechat::build_arguments(&value) {
        Ok(arguments) => Ok(json!({"ok": true, "arguments": arguments})),
        Err(error) => Ok(refused(error)),
    }
}

fn fold(request: &Value) -> Result<Value, String> {
    let lines = request
        .get("events")
        .and_then(Value::as_array)
        .ok_or("fold needs events")?;
    let mut events = Vec::with_capacity(lines.len());
    for line in lines {
        let text = line.as_str().ok_or("an event travels as text")?;
        match wirechat::decode::<wirechat::StreamEvent>(text.as_bytes()) {
            Ok(event) => events.push(event),
            Err(error) => return Ok(problems(&error)),
        }
    }
    match wirechat::fold(&events) {
        Ok(response) => {
            Ok(json!({"ok": true, "canonical": wirechat::canonical(&response).map_err(|e| e.to_string())?}))
        }
        Err(error) => {
            let usage = match &error.usage {
                Some(usage) => json!(wirechat::canonical(usage).map_err(|e| e.to_string())?),
                None => Value::Null,
            };
            Ok(json!({
                "ok": false,
                "fold_error": error.kind.as_str(),
                "message": error.to_string(),
                "partial": wirechat::canonical(&error.partial).map_err(|e| e.to_string())?,
                "usage": usage,
            }))
        }
    }
}

fn mcp_map(request: &Value) -> Result<Value, String> {
    let input: Value =
        serde_json::from_str(text_member(request, "input")).map_err(|e| format!("mcp_map input: {e}"))?;
    let tool_call_id = text_member(request, "tool_call_id");
    let request_id = request.get("request_id").cloned().unwrap_or(Value::Null);
    let mapped = match text_member(request, "mapping") {
        "tool_to_definition" => wirechat::mcp::tool_to_definition(&input),
        "definition_to_tool" => wirechat::mcp::definition_to_tool(&input),
        "call_result_to_tool_result" => wirechat::mcp::call_result_to_tool_result(&input, tool_call_id),
        "tool_result_to_call_result" => wirechat::mcp::tool_result_to_call_result(&input),
        "jsonrpc_to_tool_result" => wirechat::mcp::jsonrpc_to_tool_result(&input, tool_call_id),
        "tool_result_to_jsonrpc" => wirechat::mcp::tool_result_to_jsonrpc(&input, &request_id),
        other => return Err(format!("no MCP mapping {other:?}")),
    };
    match mapped {
        Ok((output, warnings)) => {
            let pointers: Vec<&str> = warnings.iter().map(|w| w.pointer.as_str()).collect();
            Ok(json!({"ok": true, "canonical": wirechat::canonical_json(&output), "warnings": pointers}))
        }
        Err(error) => Ok(json!({"ok": false, "refused": error.pointer, "message": error.to_string()})),
    }
}

/// A check's answer: ok, or its problems in order.
fn checked(outcome: Result<(), wirechat::WireError>) -> Value {
    match outcome {
        Ok(()) => json!({"ok": true}),
        Err(error) => problems(&error),
    }
}

/// A search's answer: `{"message","part","value"}` as RFC 8785 text, or `null`.
fn found<T: wirechat::WireType>(found: Option<wirechat::Found<'_, T>>) -> Result<Value, String> {
    let canonical = match found {
        None => "null".to_owned(),
        Some(found) => format!(
            r#"{{"message":{},"part":{},"value":{}}}"#,
            found.message,
            found.part,
            wirechat::canonical(found.value).map_err(|e| e.to_string())?
        ),
    };
    Ok(json!({"ok": true, "canonical": canonical}))
}

/// One tool-loop helper or check (spec section 14). The documents are valid by the protocol: one that
/// does not decode is an error, not an answer.
fn tool_loop(request: &Value) -> Result<Value, String> {
    fn read<T: wirechat::WireType>(what: &str, text: &str) -> Result<T, String> {
        wirechat::decode(text.as_bytes()).map_err(|error| format!("tool_loop {what}: {error}"))
    }
    let helper = text_member(request, "helper");
    match helper {
        "check_tool_result" => {
            return Ok(checked(wirechat::check_tool_result(&read(
                "result",
                text_member(request, "result"),
            )?)))
        }
        "check_tool_loop_state" => {
            let state: wirechat::ToolLoopState = read("state", text_member(request, "state"))?;
            return Ok(checked(wirechat::check_tool_loop_state(&state)));
        }
        _ => {}
    }
    let lines = request
        .get("messages")
        .and_then(Value::as_array)
        .ok_or("tool_loop needs messages")?;
    let mut messages: Vec<wirechat::Message> = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        messages.push(read(
            &format!("messages[{i}]"),
            line.as_str().ok_or("a message travels as text")?,
        )?);
    }
    let id = text_member(request, "tool_call_id");
    match helper {
        "merge_consecutive" => {
            let mut merged = Vec::new();
            for message in wirechat::merge_consecutive(&messages) {
                merged.push(wirechat::canonical(&message).map_err(|e| e.to_string())?);
            }
            Ok(json!({"ok": true, "canonical": format!("[{}]", merged.join(","))}))
        }
        "find_tool_call" => found(wirechat::find_tool_call(&messages, id)),
        "find_tool_result" => found(wirechat::find_tool_result(&messages, id)),
        other => Err(format!("no tool-loop helper {other:?}")),
    }
}

fn answer(line: &str) -> Value {
    let request: Value = match serde_json::from_str(line) {
        Ok(request) => request,
        Err(error) => return json!({"id": null, "error": format!("bad request line: {error}")}),
    };
    let op = request.get("op").and_then(Value::as_str).unwrap_or("");
    let outcome = match op {
        "hello" => Ok(json!({"ok": true, "language": "rust", "protocol": 1})),
        "decode" => decode(&request),
        "add_usage" => add_usage(&request),
        "parse_arguments" => parse_arguments(&request),
        "build_arguments" => build_arguments(&request),
        "fold" => fold(&request),
        "mcp_map" => mcp_map(&request),
        "tool_loop" => tool_loop(&request),
        other => Err(format!("unknown op {other:?}")),
    };
    let mut response = outcome.unwrap_or_else(|error| json!({"error": error}));
    response["id"] = request.get("id").cloned().unwrap_or(Value::Null);
    response
}

fn main() {
    let mut reader = BufReader::with_capacity(1 << 20, std::io::stdin().lock());
    let mut writer = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let mut line = String::new();
    loop {
        line.clear();
        let read = match reader.read_line(&mut line) {
            Ok(read) => read,
            Err(error) => {
                eprintln!("testee: cannot read a request: {error}");
                std::process::exit(1);
            }
        };
        if !line.trim().is_empty() {
            let response = std::panic::catch_unwind(|| answer(&line))
                .unwrap_or_else(|_| json!({"id": null, "error": "panic (see stderr)"}));
            let mut text = serde_json::to_vec(&response).unwrap_or_default();
            text.push(b'\n');
            if let Err(error) = writer.write_all(&text) {
                eprintln!("testee: cannot write a response: {error}");
                std::process::exit(1);
            }
        }
        // flush when no further request is waiting, so that pipelined batches go out in large writes
        if (read == 0 || reader.buffer().is_empty()) && writer.flush().is_err() {
            std::process::exit(1);
        }
        if read == 0 {
            return;
        }
    }
}
