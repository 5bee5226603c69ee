package wirechat

// MCP CallToolResult and the JSON-RPC response that carries it <-> ToolResult (spec section 13); the
// tool mappings and the shared helpers are in mcp.go.

import (
	"encoding/base64"
	"fmt"
	"strings"
	"unicode/utf8"
)

func withMeta(part, kept jsonObject) jsonObject {
	if len(kept) > 0 {
		part["provider_metadata"] = jsonObject{"mcp": kept}
	}
	return part
}

func blockToPart(value any, pointer string, warnings *[]MCPWarning) (jsonObject, error) {
	block, err := asObject(value, pointer)
	if err != nil {
		return nil, err
	}
	kept := pick(block, keepOnBlock)
	switch kind := block["type"]; kind {
	case "text":
		unknownMembers(block, append([]string{"type", "text"}, keepOnBlock...), pointer, warnings)
		text, err := field(block, "text", pointer, nil)
		return withMeta(jsonObject{"type": "text", "text": text}, kept), err
	case "image", "audio":
		unknownMembers(block, append([]string{"type", "data", "mimeType"}, keepOnBlock...), pointer, warnings)
		data, err := field(block, "data", pointer, mcpBase64)
		if err != nil {
			return nil, err
		}
		mediaType, err := field(block, "mimeType", pointer, mcpMediaType)
		media := jsonObject{"source": "base64", "base64": data, "media_type": mediaType}
		return withMeta(jsonObject{"type": kind, kind.(string): media}, kept), err
	case "resource_link":
		unknownMembers(block, append([]string{"type", "uri", "name", "mimeType"}, keepOnLink...), pointer, warnings)
		kept = pick(block, keepOnLink)
		uri, err := field(block, "uri", pointer, mcpURI)
		if err != nil {
			return nil, err
		}
		ref := jsonObject{"source": "uri", "uri": uri}
		name, err := field(block, "name", pointer, nil)
		if err != nil {
			return nil, err
		}
		if name != "" {
			ref["name"] = name
		} else {
			kept["name"] = name
		}
		if _, ok := block["mimeType"]; ok {
			if ref["media_type"], err = field(block, "mimeType", pointer, mcpMediaType); err != nil {
				return nil, err
			}
		}
		return withMeta(jsonObject{"type": "file", "file": ref}, kept), nil
	case "resource":
		unknownMembers(block, append([]string{"type", "resource"}, keepOnBlock...), pointer, warnings)
		return resourceToPart(block["resource"], pointer, kept, warnings)
	default:
		return nil, refuse(pointer+"/type", "not an MCP content block type (got %v)", kind)
	}
}

func resourceToPart(value any, pointer string, kept jsonObject, warnings *[]MCPWarning) (jsonObject, error) {
	inner := pointer + "/resource"
	res, err := asObject(value, inner)
	if err != nil {
		return nil, err
	}
	unknownMembers(res, []string{"uri", "mimeType", "text", "blob", "_meta"}, inner, warnings)
	_, hasText := res["text"]
	_, hasBlob := res["blob"]
	if hasText == hasBlob {
		return nil, refuse(inner, "an embedded resource has exactly one of text and blob")
	}
	meta := pick(res, []string{"uri", "mimeType", "_meta"})
	if _, err := field(res, "uri", inner, nil); err != nil {
		return nil, err
	}
	var data, fallback string
	if hasText {
		text, err := field(res, "text", inner, nil)
		if err != nil {
			return nil, err
		}
		data, fallback, meta["text"] = base64.StdEncoding.EncodeToString([]byte(text)), "text/plain", true
	} else {
		if data, err = field(res, "blob", inner, mcpBase64); err != nil {
			return nil, err
		}
		fallback = "application/octet-stream"
	}
	mediaType := fallback
	if _, ok := res["mimeType"]; ok {
		if mediaType, err = field(res, "mimeType", inner, mcpMediaType); err != nil {
			return nil, err
		}
	}
	kept["resource"] = meta
	file := jsonObject{"source": "base64", "base64": data, "media_type": mediaType}
	return withMeta(jsonObject{"type": "file", "file": file}, kept), nil
}

// MCPCallResultToToolResult maps an MCP CallToolResult to a ToolResult answering toolCallID: content is
// the text blocks joined with a line feed, every block is also a part, structuredContent a last data
// part; a result that is one plain text block has no parts.
func MCPCallResultToToolResult(input any, toolCallID string) (jsonObject, []MCPWarning, error) {
	result, err := asObject(input, "")
	if err != nil {
		return nil, nil, err
	}
	var warnings []MCPWarning
	blocks, ok := result["content"].([]any)
	if !ok {
		return nil, nil, refuse("/content", "a CallToolResult needs a content array")
	}
	parts := []any{}
	var texts []string
	for i, block := range blocks {
		part, err := blockToPart(block, fmt.Sprintf("/content/%d", i), &warnings)
		if err != nil {
			return nil, nil, err
		}
		if part["type"] == "text" {
			texts = append(texts, part["text"].(string))
		}
		parts = append(parts, part)
	}
	out := jsonObject{"tool_call_id": toolCallID, "content": strings.Join(texts, "\n")}
	if value, ok := result["structuredContent"]; ok {
		structured, err := asObject(value, "/structuredContent")
		if err != nil {
			return nil, nil, err
		}
		parts = append(parts, jsonObject{"type": "data", "data": jsonObject{"value": structured}})
	}
	for key, value := range result {
		switch key {
		case "content", "structuredContent":
		case "isError":
			b, ok := value.(bool)
			if !ok {
				return nil, nil, refuse("/isError", "must be a boolean (got %T)", value)
			}
			if b {
				out["is_error"] = true
			}
		default:
			warnings = append(warnings, MCPWarning{"/" + token(key), "ToolResult has no field for it; dropped"})
		}
	}
	plain := len(parts) == 1 && parts[0].(jsonObject)["type"] == "text"
	if plain {
		_, hasMeta := parts[0].(jsonObject)["provider_metadata"]
		plain = !hasMeta
	}
	if !plain {
		out["parts"] = parts
	}
	return out, ordered(warnings), nil
}

func partToBlock(part jsonObject, pointer string, warnings *[]MCPWarning) (jsonObject, error) {
	metadata, _ := part["provider_metadata"].(jsonObject)
	for provider := range metadata {
		if provider != "mcp" {
			*warnings = append(*warnings, MCPWarning{pointer + "/provider_metadata/" + token(provider), "MCP has no place for it; dropped"})
		}
	}
	kept, _ := metadata["mcp"].(jsonObject)
	if kept == nil {
		kept = jsonObject{}
	}
	merge := func(block jsonObject, keys []string) jsonObject {
		for k, v := range pick(kept, keys) {
			block[k] = v
		}
		return block
	}
	switch kind := part["type"].(string); kind {
	case "text":
		return merge(jsonObject{"type": "text", "text": part["text"]}, keepOnBlock), nil
	case "image", "audio":
		media, _ := part[kind].(jsonObject)
		if media["source"] != "base64" {
			return nil, refuse(pointer+"/"+kind+"/source", "MCP images and audio are inline base64, not URLs")
		}
		return merge(jsonObject{"type": kind, "data": media["base64"], "mimeType": media["media_type"]}, keepOnBlock), nil
	case "file":
		ref, _ := part["file"].(jsonObject)
		return fileToBlock(ref, pointer, kept, warnings, merge)
	default:
		return nil, refuse(pointer+"/type", "MCP has no content block for a %s part", kind)
	}
}

func fileToBlock(ref jsonObject, pointer string, kept jsonObject, warnings *[]MCPWarning, merge func(jsonObject, []string) jsonObject) (jsonObject, error) {
	if ref["source"] == "uri" {
		block := jsonObject{"type": "resource_link", "uri": ref["uri"]}
		if name, ok := ref["name"]; ok {
			block["name"] = name
		} else if name, ok := kept["name"]; ok {
			block["name"] = name
		} else {
			block["name"] = ref["uri"]
			*warnings = append(*warnings, MCPWarning{pointer + "/file", "an MCP resource link needs a name; the uri stands in"})
		}
		if mediaType, ok := ref["media_type"]; ok {
			block["mimeType"] = mediaType
		}
		return merge(block, keepOnLink), nil
	}
	meta, isResource := kept["resource"].(jsonObject)
	if ref["source"] == "base64" && isResource {
		resource := pick(meta, []string{"uri", "mimeType", "_meta"})
		data, _ := ref["base64"].(string)
		if meta["text"] == true {
			bytes, err := base64.StdEncoding.DecodeString(data)
			if err != nil || !utf8.Valid(bytes) {
				return nil, refuse(pointer+"/file/base64", "the resource was text, but these bytes are not UTF-8")
			}
			resource["text"] = string(bytes)
		} else {
			resource["blob"] = data
		}
		if _, ok := ref["name"]; ok {
			*warnings = append(*warnings, MCPWarning{pointer + "/file/name", "an embedded MCP resource has no name; dropped"})
		}
		return merge(jsonObject{"type": "resource", "resource": resource}, keepOnBlock), nil
	}
	if ref["source"] == "base64" {
		return nil, refuse(pointer+"/file", "an embedded MCP resource needs a uri, and this file has none")
	}
	return nil, refuse(pointer+"/file/source", "MCP cannot reference a provider's file id")
}

// ToolResultToMCPCallResult maps a valid ToolResult (decoded JSON) to an MCP CallToolResult. With parts,
// the text form is not carried (MCP has none of its own): a warning says so when it differs.
func ToolResultToMCPCallResult(toolResult jsonObject) (jsonObject, []MCPWarning, error) {
	var warnings []MCPWarning
	out := jsonObject{}
	parts, hasParts := toolResult["parts"].([]any)
	if !hasParts {
		out["content"] = []any{jsonObject{"type": "text", "text": toolResult["content"]}}
	} else {
		blocks := []any{}
		var texts []string
		for i, p := range parts {
			part, _ := p.(jsonObject)
			pointer := fmt.Sprintf("/parts/%d", i)
			if part["type"] != "data" {
				block, err := partToBlock(part, pointer, &warnings)
				if err != nil {
					return nil, nil, err
				}
				if block["type"] == "text" {
					texts = append(texts, block["text"].(string))
				}
				blocks = append(blocks, block)
				continue
			}
			if _, twice := out["structuredContent"]; twice {
				return nil, nil, refuse(pointer, "MCP carries one structuredContent; this is a second data part")
			}
			data, _ := part["data"].(jsonObject)
			value, isObject := data["value"].(jsonObject)
			if !isObject {
				return nil, nil, refuse(pointer+"/data/value", "MCP structuredContent is a JSON object")
			}
			for key := range data {
				if key != "value" {
					warnings = append(warnings, MCPWarning{pointer + "/data/" + key, "structuredContent has no media type; dropped"})
				}
			}
			out["structuredContent"] = value
		}
		out["content"] = blocks
		if toolResult["content"] != strings.Join(texts, "\n") {
			warnings = append(warnings, MCPWarning{"/content", "MCP has no text form beside its blocks; dropped"})
		}
	}
	if toolResult["is_error"] == true {
		out["isError"] = true
	}
	return out, ordered(warnings), nil
}

// JSONRPCToToolResult maps a JSON-RPC 2.0 response to tools/call (LibrAgent's ToolCallResult) to a
// ToolResult: a result maps as a CallToolResult; an error becomes an error result whose one text part
// keeps the error object under provider_metadata.mcp.jsonrpc_error. The id is checked, not carried.
func JSONRPCToToolResult(input any, toolCallID string) (jsonObject, []MCPWarning, error) {
	envelope, err := asObject(input, "")
	if err != nil {
		return nil, nil, err
	}
	if envelope["jsonrpc"] != "2.0" {
		return nil, nil, refuse("/jsonrpc", `must be "2.0" (got %v)`, envelope["jsonrpc"])
	}
	if _, isString := envelope["id"].(string); !isString {
		if _, ok := wholeNumber(envelope["id"]); !ok {
			return nil, nil, refuse("/id", "a JSON-RPC response id is a string or an integer")
		}
	}
	result, hasResult := envelope["result"]
	rpcValue, hasError := envelope["error"]
	if hasResult == hasError {
		return nil, nil, refuse("", "a JSON-RPC response has exactly one of result and error")
	}
	var warnings []MCPWarning
	for key := range envelope {
		if !contains([]string{"jsonrpc", "id", "result", "error"}, key) {
			warnings = append(warnings, MCPWarning{"/" + token(key), "not a JSON-RPC response member; dropped"})
		}
	}
	if hasResult {
		out, more, err := MCPCallResultToToolResult(result, toolCallID)
		if mapping, ok := err.(*MCPMappingError); ok {
			return nil, nil, refuse("/result"+mapping.Pointer, "%s", mapping.Reason)
		}
		for _, w := range more {
			warnings = append(warnings, MCPWarning{"/result" + w.Pointer, w.Message})
		}
		return out, ordered(warnings), err
	}
	rpcError, err := asObject(rpcValue, "/error")
	if err != nil {
		return nil, nil, err
	}
	code, ok := wholeNumber(rpcError["code"])
	if !ok {
		return nil, nil, refuse("/error/code", "a JSON-RPC error code is an integer")
	}
	message, err := field(rpcError, "message", "/error", nil)
	if err != nil {
		return nil, nil, err
	}
	text := fmt.Sprintf("JSON-RPC error %d: %s", code, message)
	part := jsonObject{"type": "text", "text": text, "provider_metadata": jsonObject{"mcp": jsonObject{"jsonrpc_error": rpcError}}}
	out := jsonObject{"tool_call_id": toolCallID, "content": text, "is_error": true, "parts": []any{part}}
	return out, ordered(warnings), nil
}

// ToolResultToJSONRPC maps a ToolResult back to the JSON-RPC response answering request requestID: an
// error response when it came from one, a result response otherwise.
func ToolResultToJSONRPC(toolResult jsonObject, requestID any) (jsonObject, []MCPWarning, error) {
	parts, _ := toolResult["parts"].([]any)
	for _, p := range parts {
		part, _ := p.(jsonObject)
		metadata, _ := part["provider_metadata"].(jsonObject)
		mcp, _ := metadata["mcp"].(jsonObject)
		if rpcError, ok := mcp["jsonrpc_error"]; ok {
			return jsonObject{"jsonrpc": "2.0", "id": requestID, "error": rpcError}, nil, nil
		}
	}
	result, warnings, err := ToolResultToMCPCallResult(toolResult)
	if err != nil {
		return nil, nil, err
	}
	return jsonObject{"jsonrpc": "2.0", "id": requestID, "result": result}, warnings, nil
}
