package openaichat

// OpenAI Chat Completions request body -> canonical ChatRequest (DecodeRequest), as Python's
// openai_chat/request_decode.py: every member the canonical request cannot hold is kept in
// provider_options["openai-chat"] or reported; an assistant message's earlier audio reply (audio: {id})
// is kept in its provider_metadata. The canonical document is built as a tree and then decoded with every
// check of the spec, as Python validates its model.

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

var audioTypes = map[string]string{"wav": "audio/wav", "mp3": "audio/mpeg"}

// ownKeys are the members the decoder reads; stream and stream_options are not request members but the
// call's mode: the client sets them when it streams (StreamRequestFlags writes exactly these), so they are
// read as that and not carried; another stream_options member is reported (modeUnmapped).
var ownKeys = map[string]bool{
	"stream": true, "stream_options": true, "model": true, "messages": true, "tools": true, "tool_choice": true, "temperature": true, "top_p": true,
	"seed": true, "stop": true, "parallel_tool_calls": true, "max_completion_tokens": true, "max_tokens": true,
	"response_format": true,
}

// DecodeRequest is the canonical request for a provider body, with a provider.unmapped warning for each
// member of a message, part, tool call or tool that it does not map (top-level members it does not map
// travel whole in provider_options, so they are never unmapped). An *adapters.InvalidBodyError names the
// member of a body that is not a valid request.
func DecodeRequest(data []byte) (wirechat.ChatRequest, []adapters.Warning, error) {
	return shared.DecodeRequest(data, Manifest, decodeRequestTree(Name, ""), unmappedRequest)
}

// DecodeRequestWith is the canonical request of a parsed body for the adapter named name (the key its
// extra members are carried under in provider_options). providerTools names the issuer of the tools that
// are not functions (a server that defines tools of its own: OpenRouter's openrouter:web_search, Groq's
// browser_search): they become provider_tools, their object kept as the definition; "" (OpenAI defines no
// tool of its own in Chat Completions) makes such a tool an error naming its pointer.
func DecodeRequestWith(body *providerjson.Object, name, providerTools string) (wirechat.ChatRequest, []adapters.Warning, error) {
	conv := shared.Conversion{Manifest: Manifest}
	doc, err := decodeRequestTree(name, providerTools)(body, &conv)
	if err != nil {
		return wirechat.ChatRequest{}, nil, err
	}
	request, err := wirechat.Decode[wirechat.ChatRequest](providerjson.MustMarshal(doc))
	if err != nil {
		return wirechat.ChatRequest{}, nil, shared.Invalid("", "%v", err)
	}
	for _, where := range unmappedRequest(body) {
		conv.Degrade("provider.unmapped", where)
	}
	return request, conv.Warnings, nil
}

// What the decoder maps, member by member (Python's request_decode tables).
var (
	sameShape     = shared.Shape{"role": nil, "content": nil, "name": nil}
	messageShapes = map[string]shared.Shape{
		"system": sameShape, "developer": sameShape, "user": sameShape,
		"assistant": {"role": nil, "content": nil, "name": nil, "refusal": nil, "tool_calls": nil, "audio": {"id": nil}},
		"tool":      {"role": nil, "content": nil, "tool_call_id": nil},
	}
	partShapes = map[string]shared.Shape{
		"text":        {"type": nil, "text": nil},
		"refusal":     {"type": nil, "refusal": nil},
		"image_url":   {"type": nil, "image_url": {"url": nil, "detail": nil}},
		"input_audio": {"type": nil, "input_audio": {"data": nil, "format": nil}},
		"file":        {"type": nil, "file": {"file_data": nil, "file_id": nil, "filename": nil}},
	}
	callShape = shared.Shape{"id": nil, "type": nil, "function": {"name": nil, "arguments": nil}}
	toolShape = shared.Shape{"type": nil, "function": {"name": nil, "description": nil, "parameters": nil, "strict": nil}}
)

func unmappedRequest(body *obj) []string {
	var found []string
	for i, item := range shared.Items(body.Get("messages")) {
		message, ok := item.(*obj)
		if !ok {
			continue
		}
		where := "/messages/" + strconv.Itoa(i)
		role, _ := message.Get("role").(string)
		shape, known := messageShapes[role]
		if !known {
			shape = sameShape
		}
		found = append(found, shared.UnmappedMembers(message, shape, where)...)
		for k, part := range shared.Items(message.Get("content")) {
			shape, kind := shared.Shape{"type": nil}, ""
			if object, ok := part.(*obj); ok {
				kind, _ = object.Get("type").(string)
				if known, ok := partShapes[kind]; ok {
					shape = known
				}
			}
			at := where + "/content/" + strconv.Itoa(k)
			if role == "tool" && kind != "text" {
				found = append(found, at) // a tool result is text: its content is the text parts
				continue
			}
			found = append(found, shared.UnmappedMembers(part, shape, at)...)
		}
		for k, call := range shared.Items(message.Get("tool_calls")) {
			found = append(found, shared.UnmappedMembers(call, callShape, where+"/tool_calls/"+strconv.Itoa(k))...)
		}
	}
	for i, tool := range shared.Items(body.Get("tools")) {
		if isFunction(tool) { // a provider-defined tool is kept whole (its definition)
			found = append(found, shared.UnmappedMembers(tool, toolShape, "/tools/"+strconv.Itoa(i))...)
		}
	}
	return append(found, modeUnmapped(body.Get("stream_options"))...)
}

// modeUnmapped is the stream_options members the streaming flags do not write again (reported, not
// carried).
func modeUnmapped(options any) []string {
	if options == nil {
		return nil
	}
	object, ok := options.(*obj)
	if !ok {
		return []string{"/stream_options"}
	}
	var found []string
	for _, key := range object.Keys() {
		if key != "include_usage" || object.Get(key) != true {
			found = append(found, "/stream_options/"+key)
		}
	}
	return found
}

// decodeRequestTree is the canonical document of a body, for the adapter named name, provider tools of
// issuer providerTools ("": none).
func decodeRequestTree(name, providerTools string) func(body *obj, _ *shared.Conversion) (*obj, error) {
	return func(body *obj, _ *shared.Conversion) (*obj, error) { return decodeTree(body, name, providerTools) }
}

func decodeTree(body *obj, name, providerTools string) (*obj, error) {
	doc := newObj()
	if model, _, err := shared.GetStr(body, "model", "", false); err != nil {
		return nil, err
	} else if model != "" {
		doc.Set("model", model)
	}
	raw, err := shared.GetList(body, "messages", "", true)
	if err != nil {
		return nil, err
	}
	messages, err := shared.MapEach(raw, "/messages", decodeMessage)
	if err != nil {
		return nil, err
	}
	doc.Set("messages", messages)
	if tools, err := shared.GetList(body, "tools", "", false); err != nil {
		return nil, err
	} else if tools != nil {
		if err := decodeTools(tools, providerTools, doc); err != nil {
			return nil, err
		}
	}
	if choice := body.Get("tool_choice"); choice != nil {
		decoded, err := decodeToolChoice(choice, "/tool_choice")
		if err != nil {
			return nil, err
		}
		doc.Set("tool_choice", decoded)
	}
	options, err := decodeOptions(body)
	if err != nil {
		return nil, err
	}
	if options.Len() > 0 {
		doc.Set("options", options)
	}
	extra := newObj()
	for _, key := range body.Keys() {
		if !ownKeys[key] {
			extra.Set(key, body.Get(key))
		}
	}
	if extra.Len() > 0 {
		doc.Set("provider_options", newObj().Set(name, extra))
	}
	return doc, nil
}

func decodeOptions(body *obj) (*obj, error) {
	options := newObj()
	for _, name := range []string{"temperature", "top_p"} {
		switch v := body.Get(name).(type) {
		case nil:
		case providerjson.Number:
			f, err := strconv.ParseFloat(string(v), 64)
			if err != nil {
				return nil, shared.Invalid("/"+name, "expected a number")
			}
			options.Set(name, f)
		default:
			return nil, shared.Invalid("/"+name, "expected a number, got %s", shared.TypeName(v))
		}
	}
	for _, name := range []string{"seed", "parallel_tool_calls"} {
		if v := body.Get(name); v != nil {
			options.Set(name, v)
		}
	}
	limit := body.Get("max_tokens")
	if body.Has("max_completion_tokens") {
		limit = body.Get("max_completion_tokens")
	}
	if limit != nil {
		options.Set("max_tokens", limit)
	}
	switch stop := body.Get("stop").(type) {
	case nil:
	case string:
		options.Set("stop", []any{stop})
	default:
		options.Set("stop", stop)
	}
	if format := body.Get("response_format"); format != nil {
		decoded, err := decodeResponseFormat(format, "/response_format")
		if err != nil {
			return nil, err
		}
		options.Set("response_format", decoded)
	}
	return options, nil
}

func decodeResponseFormat(raw any, where string) (*obj, error) {
	format, _ := raw.(*obj)
	switch kind := format.Get("type"); kind {
	case "text", "json_object":
		return newObj().Set("type", kind), nil
	case "json_schema":
		spec, err := shared.GetObj(format, "json_schema", where, true)
		if err != nil {
			return nil, err
		}
		// Perplexity's json_schema has no name (its API takes the schema alone): the name Anthropic's and
		// Gemini's mappings keep
		name, present, err := shared.GetStr(spec, "name", where+"/json_schema", false)
		if err != nil {
			return nil, err
		}
		if !present {
			name = schemaName
		}
		out := newObj().Set("name", name)
		for _, key := range []string{"description", "strict"} {
			if v := spec.Get(key); v != nil {
				out.Set(key, v)
			}
		}
		schema := spec.Get("schema")
		if !shared.Truthy(schema) {
			schema = newObj()
		}
		out.Set("schema", schema)
		return newObj().Set("type", "json_schema").Set("json_schema", out), nil
	}
	return nil, shared.Invalid(where+"/type", "expected text, json_object or json_schema")
}

func decodeContent(content any, where string) ([]any, error) {
	switch c := content.(type) {
	case nil:
		return []any{}, nil
	case string:
		return []any{newObj().Set("type", "text").Set("text", c)}, nil
	case []any:
		return shared.MapEach(c, where, decodePart)
	}
	return nil, shared.Invalid(where, "expected a string or an array of parts, got %s", shared.TypeName(content))
}

func decodeMessage(raw any, where string) (*obj, error) {
	message, ok := raw.(*obj)
	if !ok {
		return nil, shared.Invalid(where, "expected a message object")
	}
	role := message.Get("role")
	withMembers := func(out *obj) *obj {
		if name, ok := message.Get("name").(string); ok {
			out.Set("name", name)
		}
		if role == "developer" {
			out.Set("provider_metadata", newObj().Set(Provider, newObj().Set("role", "developer")))
		}
		return out
	}
	switch role {
	case "system", "developer", "user":
		parts, err := decodeContent(message.Get("content"), where+"/content")
		if err != nil {
			return nil, err
		}
		canonical := "user"
		if role != "user" {
			canonical = "system"
		}
		return withMembers(newObj().Set("role", canonical).Set("parts", parts)), nil
	case "assistant":
		parts, err := decodeContent(message.Get("content"), where+"/content")
		if err != nil {
			return nil, err
		}
		if refusal, ok := message.Get("refusal").(string); ok {
			parts = append(parts, refusalPart(refusal))
		}
		calls, err := shared.GetList(message, "tool_calls", where, false)
		if err != nil {
			return nil, err
		}
		for i, raw := range calls {
			call, err := decodeToolCall(raw, where+"/tool_calls/"+strconv.Itoa(i))
			if err != nil {
				return nil, err
			}
			tree := newObj().Set("id", call.ID).Set("name", call.Name).Set("arguments", call.Arguments)
			parts = append(parts, newObj().Set("type", "tool_call").Set("tool_call", tree))
		}
		out := withMembers(newObj().Set("role", "assistant").Set("parts", parts))
		reference, err := shared.GetObj(message, "audio", where, false)
		if err != nil {
			return nil, err
		}
		if reference != nil { // an earlier audio reply, by id (audio.go): the message refers to it
			id, _, err := shared.GetStr(reference, "id", where+"/audio", true)
			if err != nil {
				return nil, err
			}
			out.Set("provider_metadata", newObj().Set(Provider, newObj().Set("audio", newObj().Set("id", id))))
		}
		return out, nil
	case "tool":
		text, ok := message.Get("content").(string)
		if !ok {
			parts, err := decodeContent(message.Get("content"), where+"/content")
			if err != nil {
				return nil, err
			}
			for _, p := range parts { // the other parts are reported (unmapped)
				if part := p.(*obj); part.Get("type") == "text" {
					text += part.Get("text").(string)
				}
			}
		}
		id, _, err := shared.GetStr(message, "tool_call_id", where, true)
		if err != nil {
			return nil, err
		}
		result := newObj().Set("tool_call_id", id).Set("content", text)
		part := newObj().Set("type", "tool_result").Set("tool_result", result)
		return newObj().Set("role", "tool").Set("parts", []any{part}), nil
	}
	return nil, shared.Invalid(where+"/role", "expected system, developer, user, assistant or tool, got %s", providerjson.MustCompact(role))
}

// schemaName is the json_schema name a body without one decodes to (Python's SCHEMA_NAME).
const schemaName = "response"
