package anthropic

// What the anthropic decoders map or keep, member by member, as data (shared.Shape), as Python's
// anthropic/members.py: anything else in a request, a response or a stream event is reported with its
// pointer (feature provider.unmapped), never dropped silently (decision 011).
//
// Members a decoder keeps whole are listed with nil: a tool_use block's extra members, a provider-run block
// (kept byte for byte), usage (what has no canonical field goes to provider_metadata), the response-level
// members of responseKept (provider_metadata.anthropic, written back by the encoder). A block type the
// adapter does not know is reported whole by the caller, not here.
//
// @see https://docs.anthropic.com/en/api/messages
// @see https://docs.anthropic.com/en/docs/build-with-claude/streaming

import "github.com/wirechat/wirechat/go/adapters/internal/shared"

// responseKept are the response members with no canonical field, kept in provider_metadata.anthropic and
// written back.
var responseKept = []string{"stop_sequence", "stop_details", "container", "diagnostics", "context_management"}

var sourceShape = shared.Shape{"type": nil, "url": nil, "data": nil, "media_type": nil, "file_id": nil}

// blockShapes are the blocks whose members are mapped one by one; tool_use and provider-run blocks are
// kept whole.
var blockShapes = map[string]shared.Shape{
	"text":              {"type": nil, "text": nil, "cache_control": nil, "citations": nil},
	"image":             {"type": nil, "source": sourceShape, "cache_control": nil},
	"document":          {"type": nil, "source": sourceShape, "title": nil, "cache_control": nil, "citations": nil},
	"tool_result":       {"type": nil, "tool_use_id": nil, "content": nil, "is_error": nil, "cache_control": nil},
	"thinking":          {"type": nil, "thinking": nil, "signature": nil},
	"redacted_thinking": {"type": nil, "data": nil},
}

// withKept is shape with the responseKept members added.
func withKept(shape shared.Shape) shared.Shape {
	for _, key := range responseKept {
		shape[key] = nil
	}
	return shape
}

// responseShape is a message body (and message_start's message).
var responseShape = withKept(shared.Shape{
	"id": nil, "type": nil, "role": nil, "model": nil, "content": nil, "usage": nil, "stop_reason": nil,
})

// eventShapes are the stream events, each with what the decoder reads of it (blocks and deltas are
// checked on their own).
var eventShapes = map[string]shared.Shape{
	"message_start":       {"type": nil, "message": responseShape},
	"content_block_start": {"type": nil, "index": nil, "content_block": nil},
	"content_block_delta": {"type": nil, "index": nil, "delta": nil},
	"content_block_stop":  {"type": nil, "index": nil},
	"message_delta": {
		"type": nil, "delta": withKept(shared.Shape{"stop_reason": nil}), "usage": nil, "context_management": nil,
	},
	"message_stop": {"type": nil},
	"ping":         {"type": nil},
	"error":        {"type": nil, "error": nil, "request_id": nil},
}

// deltaShapes are the deltas of content_block_delta; another delta type is reported whole.
var deltaShapes = map[string]shared.Shape{
	"text_delta":       {"type": nil, "text": nil},
	"input_json_delta": {"type": nil, "partial_json": nil},
	"thinking_delta":   {"type": nil, "thinking": nil},
	"signature_delta":  {"type": nil, "signature": nil},
	"citations_delta":  {"type": nil, "citation": nil},
}

// unmappedBlock is the pointers of the members of one block that no decoder maps or keeps (not those of
// the blocks a tool_result holds, which the caller walks).
func unmappedBlock(block any, where string) []string {
	object, ok := block.(*obj)
	if !ok {
		return nil
	}
	kind, _ := object.Get("type").(string)
	shape, known := blockShapes[kind]
	if !known { // tool_use and provider-run blocks are kept whole; unknown block types are the caller's to report
		return nil
	}
	return shared.UnmappedMembers(object, shape, where)
}

// isKnownBlock reports a block type decodeBlock reads.
func isKnownBlock(kind any) bool {
	name, _ := kind.(string)
	_, mapped := blockShapes[name]
	return mapped || kind == "tool_use" || isProviderCall(kind) || isProviderResult(kind)
}
