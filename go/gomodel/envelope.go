package gomodel

// The request and response documents. The SDK has neither type: a caller hands a provider its
// []Message and []ToolDefinition ({model?, messages, tools?}; a bare []Message or one Message is read as
// a request too), and a reply is the assistant's Message, the finish reason a StreamChunk carries and a
// TokenUsage ({message, finish_reason?, usage?}). A reply is shaped as the SDK streams it (one run of
// text), so that a stream and the response of the same call fold to the same ChatResponse.

import (
	"slices"
	"strings"

	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
)

// finishTables are the SDK's finish reasons and the value it writes for each kind (the generated go-model
// manifest, from adapters/go-model.adapter.json).
var finishTables = tables.GoModel.Manifest

func finishToWirechat(raw string, present, hasCalls bool) object {
	if !present {
		return object{"kind": "other"}
	}
	kind, ok := finishTables.FinishReasons[raw]
	if !ok || (kind == wirechat.FinishKindToolCalls && !hasCalls) {
		kind = wirechat.FinishKindOther
	}
	return object{"kind": string(kind), "raw": raw}
}

func finishFromWirechat(reason object, at string, c *conversion) string {
	kind := reason["kind"].(string)
	raw, hasRaw := reason["raw"].(string)
	if known, ok := finishTables.FinishReasons[raw]; hasRaw && ok && string(known) == kind {
		return raw
	}
	c.degrade("finish_reason.raw_foreign", at)
	if value, ok := finishTables.FinishDefaults[wirechat.FinishKind(kind)]; ok {
		return value
	}
	if hasRaw {
		return raw
	}
	return kind
}

func requestToWirechat(v any) (object, error) {
	switch body := v.(type) {
	case []any:
		v = object{"messages": body}
	case object:
		if _, ok := body["role"]; ok {
			v = object{"messages": []any{body}}
		}
	default:
		return nil, errorf("", "expected a request object, an array of messages or a message")
	}
	body := v.(object)
	if err := expectMembers(body, []string{"model", "messages", "tools"}, "", "a go-model request"); err != nil {
		return nil, err
	}
	messages, ok := body["messages"].([]any)
	if !ok || len(messages) == 0 {
		return nil, errorf("/messages", "expected a non-empty array of messages")
	}
	out := object{}
	converted := make([]any, len(messages))
	for i, m := range messages {
		var err error
		if converted[i], err = messageToWirechat(m, "/messages/"+itoa(i)); err != nil {
			return nil, err
		}
	}
	out["messages"] = converted
	if err := copyNonEmpty(body, "model", out, "model", ""); err != nil {
		return nil, err
	}
	if raw, ok := body["tools"]; ok && raw != nil {
		tools, isArray := raw.([]any)
		if !isArray {
			return nil, errorf("/tools", "expected an array of tool definitions")
		}
		defs := make([]any, len(tools))
		for i, t := range tools {
			var err error
			if defs[i], err = toolToWirechat(t, "/tools/"+itoa(i)); err != nil {
				return nil, err
			}
		}
		out["tools"] = defs
	}
	return out, nil
}

var sampling = []string{"temperature", "top_p", "max_tokens", "stop", "seed"}

func requestFromWirechat(r object) (seed, []Warning, error) {
	c := &conversion{}
	if _, ok := r["tool_choice"]; ok {
		return nil, nil, refuse("tool_choice", "/tool_choice")
	}
	options, _ := r["options"].(object)
	if _, ok := options["parallel_tool_calls"]; ok {
		return nil, nil, refuse("options.parallel_tool_calls", "/options/parallel_tool_calls")
	}
	format, _ := options["response_format"].(object)
	if format["type"] == "json_schema" {
		return nil, nil, refuse("response_format.json_schema", "/options/response_format")
	}
	providerOptions, _ := r["provider_options"].(object)
	if own, ok := providerOptions["go-model"].(object); ok && len(own) > 0 {
		return nil, nil, refuse("provider_options", "/provider_options/go-model")
	}
	out := seed{}
	if model, ok := r["model"]; ok {
		out["model"] = model
	}
	messages := []any{}
	for i, m := range r["messages"].([]any) {
		message, err := messageFromWirechat(m.(object), "/messages/"+itoa(i), c)
		if err != nil {
			return nil, nil, err
		}
		messages = append(messages, message)
	}
	out["messages"] = messages
	if tools, ok := r["tools"].([]any); ok {
		defs := make([]any, len(tools))
		for i, t := range tools {
			defs[i] = toolFromWirechat(t.(object), "/tools/"+itoa(i), c)
		}
		out["tools"] = defs
	}
	providerTools, _ := r["provider_tools"].([]any)
	for i, tool := range providerTools {
		feature := "provider_tools.foreign"
		if tool.(object)["issuer"] == "go-model" {
			feature = "provider_tools.own"
		}
		c.degrade(feature, "/provider_tools/"+itoa(i))
	}
	for _, name := range sampling {
		if _, ok := options[name]; ok {
			c.degrade("options."+name, "/options/"+name)
		}
	}
	if format != nil {
		c.degrade("response_format."+format["type"].(string), "/options/response_format")
	}
	return out, c.warnings, nil
}

func responseToWirechat(v any) (object, error) {
	body, err := readObject(v, "")
	if err != nil {
		return nil, err
	}
	if err := expectMembers(body, []string{"message", "finish_reason", "usage"}, "", "a go-model response"); err != nil {
		return nil, err
	}
	message, err := messageToWirechat(body["message"], "/message")
	if err != nil {
		return nil, err
	}
	hasCalls := false
	for _, p := range message["parts"].([]any) {
		hasCalls = hasCalls || p.(object)["type"] == "tool_call"
	}
	raw, present, err := readString(body, "finish_reason", "")
	if err != nil {
		return nil, err
	}
	out := object{"message": message, "finish_reason": finishToWirechat(raw, present, hasCalls)}
	if body["usage"] != nil {
		if out["usage"], err = usageToWirechat(body["usage"], "/usage"); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func responseFromWirechat(r object) (seed, []Warning, error) {
	c := &conversion{}
	message := r["message"].(object)
	for _, member := range []string{"name", "id", "provider_metadata"} {
		if _, ok := message[member]; ok {
			c.degrade("response.message_members", "/message/"+member)
		}
	}
	parts := []any{}
	var texts []string
	for i, p := range message["parts"].([]any) {
		part := p.(object)
		at := "/message/parts/" + itoa(i)
		switch part["type"] {
		case "text", "tool_call", "reasoning", "provider_tool_call", "provider_tool_result":
		default:
			return nil, nil, refuse("response.part_unsupported", at)
		}
		converted, err := partFromWirechat(part, at, c)
		if err != nil {
			return nil, nil, err
		}
		if converted == nil {
			continue
		}
		if converted["type"] == "text" {
			text, _ := converted["text"].(string)
			texts = append(texts, text)
		}
		parts = append(parts, converted)
	}
	if len(texts) > 1 || slices.Contains(texts, "") {
		c.degrade("response.text_joined", "/message/parts")
		joined := strings.Join(texts, "")
		rest := []any{}
		if joined != "" {
			rest = append(rest, seed{"type": "text", "text": joined})
		}
		for _, p := range parts {
			if p.(seed)["type"] != "text" {
				rest = append(rest, p)
			}
		}
		parts = rest
	}
	out := seed{"message": seed{"role": message["role"], "parts": parts}}
	out["finish_reason"] = finishFromWirechat(r["finish_reason"].(object), "/finish_reason", c)
	if usage, ok := r["usage"].(object); ok {
		out["usage"] = usageFromWirechat(usage, "/usage", c)
	}
	for _, member := range []string{"id", "model"} {
		if _, ok := r[member]; ok {
			c.degrade("response."+member, "/"+member)
		}
	}
	if meta, ok := r["provider_metadata"].(object); ok && len(meta) > 0 {
		c.degrade("response.provider_metadata.foreign", "/provider_metadata")
	}
	return out, c.warnings, nil
}
