//! The MCP mappings (spec section 13): carried, dropped with a warning, or refused naming the value.

use serde_json::json;
use wirechat::mcp::{
    call_result_to_tool_result, definition_to_tool, jsonrpc_to_tool_result, tool_result_to_call_result,
    tool_result_to_jsonrpc, tool_to_definition,
};

#[test]
fn a_tool_goes_to_a_definition_and_back_with_its_hints() {
    let tool = json!({"name": "w", "title": "W", "inputSchema": {"type": "object"},
                      "annotations": {"readOnlyHint": true, "title": "Other"}});
    let (definition, warnings) = tool_to_definition(&tool).unwrap();
    assert_eq!(definition["annotations"], json!({"title": "W", "read_only_hint": true}));
    assert_eq!(
        warnings.iter().map(|w| w.pointer.as_str()).collect::<Vec<_>>(),
        ["/annotations/title"]
    );
    let (back, _) = definition_to_tool(&definition).unwrap();
    assert_eq!(
        back,
        json!({"name": "w", "title": "W", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true}})
    );
    assert_eq!(
        tool_to_definition(&json!({"name": "", "inputSchema": {}}))
            .unwrap_err()
            .pointer,
        "/name"
    );
}

#[test]
fn a_text_resource_travels_as_base64_and_comes_back_as_text() {
    let result = json!({"content": [{"type": "resource", "resource": {"uri": "file:///a", "text": "héllo"}}]});
    let (tool_result, warnings) = call_result_to_tool_result(&result, "c1").unwrap();
    assert!(warnings.is_empty());
    assert_eq!(tool_result["parts"][0]["file"]["base64"], json!("aMOpbGxv"));
    let (back, _) = tool_result_to_call_result(&tool_result).unwrap();
    assert_eq!(
        back["content"][0]["resource"],
        json!({"uri": "file:///a", "text": "héllo"})
    );
}

#[test]
fn a_jsonrpc_error_becomes_an_error_result_and_goes_back_as_the_same_error() {
    let response = json!({"jsonrpc": "2.0", "id": 7.0, "error": {"code": -32602.0, "message": "bad"}});
    let (tool_result, _) = jsonrpc_to_tool_result(&response, "c1").unwrap();
    assert_eq!(tool_result["content"], json!("JSON-RPC error -32602: bad"));
    let (back, _) = tool_result_to_jsonrpc(&tool_result, &json!(7)).unwrap();
    assert_eq!(back["error"], response["error"]);
    let unsafe_id = json!({"jsonrpc": "2.0", "id": 9007199254740992u64, "result": {"content": []}});
    assert_eq!(jsonrpc_to_tool_result(&unsafe_id, "c1").unwrap_err().pointer, "/id");
}
