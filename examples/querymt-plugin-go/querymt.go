package main

// QueryMT's Extism plugin JSON (docs/decisions/014-querymt.md) as Go types, and its conversion to and
// from wirechat's canonical types: ExtismChatRequest -> wirechat.ChatRequest, wirechat.ChatResponse ->
// ExtismChatResponse. The OpenAI side is wirechat's own openaichat adapter.

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/wirechat/wirechat/go/wirechat"
)

// Config is the plugin's cfg; configSchema below describes it to the host.
type Config struct {
	BaseURL     string   `json:"base_url"`
	Model       string   `json:"model"`
	APIKey      string   `json:"api_key,omitempty"`
	System      string   `json:"system,omitempty"`
	Temperature *float64 `json:"temperature,omitempty"`
	MaxTokens   *int64   `json:"max_tokens,omitempty"`
}

const configSchema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "OpenAI-compatible provider (wirechat example plugin)",
  "type": "object",
  "required": ["base_url", "model"],
  "properties": {
    "base_url": {"type": "string", "pattern": "^https?://", "description": "scheme and host, no /v1"},
    "model": {"type": "string", "minLength": 1},
    "api_key": {"type": "string"},
    "system": {"type": "string", "description": "the system prompt (QueryMT messages have no system role)"},
    "temperature": {"type": "number", "minimum": 0, "maximum": 2},
    "max_tokens": {"type": "integer", "minimum": 1}
  },
  "additionalProperties": false
}`

type FunctionCall struct {
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

type ToolCall struct {
	ID       string       `json:"id"`
	Type     string       `json:"type"`
	Function FunctionCall `json:"function"`
}

type Tool struct {
	Type     string `json:"type"`
	Function struct {
		Name        string          `json:"name"`
		Description string          `json:"description"`
		Parameters  json.RawMessage `json:"parameters"`
	} `json:"function"`
}

type ChatMessage struct {
	Role        string          `json:"role"`
	MessageType json.RawMessage `json:"message_type"`
	Content     string          `json:"content"`
	Thinking    *string         `json:"thinking,omitempty"`
}

type ChatRequest struct {
	Cfg      Config        `json:"cfg"`
	Messages []ChatMessage `json:"messages"`
	Tools    []Tool        `json:"tools"`
}

type Usage struct {
	InputTokens     int64 `json:"input_tokens"`
	OutputTokens    int64 `json:"output_tokens"`
	ReasoningTokens int64 `json:"reasoning_tokens"`
	CacheRead       int64 `json:"cache_read"`
	CacheWrite      int64 `json:"cache_write"`
}

type ChatResponse struct {
	Text         *string    `json:"text"`
	ToolCalls    []ToolCall `json:"tool_calls"`
	Thinking     *string    `json:"thinking"`
	Usage        *Usage     `json:"usage"`
	FinishReason *string    `json:"finish_reason"`
}

var imageTypes = map[string]string{"JPEG": "image/jpeg", "PNG": "image/png", "GIF": "image/gif", "WEBP": "image/webp"}

type obj = map[string]any

// toWirechat is the canonical request for a QueryMT chat request: cfg.system as the system message, one
// canonical message per QueryMT message, the tools, and cfg's model, temperature and max_tokens.
func toWirechat(in ChatRequest) (wirechat.ChatRequest, error) {
	messages := []any{}
	if in.Cfg.System != "" {
		messages = append(messages, obj{"role": "system", "parts": []any{obj{"type": "text", "text": in.Cfg.System}}})
	}
	for i, m := range in.Messages {
		message, err := messageToWirechat(m)
		if err != nil {
			return wirechat.ChatRequest{}, fmt.Errorf("/messages/%d: %w", i, err)
		}
		messages = append(messages, message)
	}
	doc := obj{"model": in.Cfg.Model, "messages": messages}
	if len(in.Tools) > 0 {
		tools := []any{}
		for _, tool := range in.Tools {
			def := obj{"name": tool.Function.Name, "input_schema": tool.Function.Parameters}
			if tool.Function.Description != "" {
				def["description"] = tool.Function.Description
			}
			tools = append(tools, def)
		}
		doc["tools"] = tools
	}
	options := obj{}
	if in.Cfg.Temperature != nil {
		options["temperature"] = *in.Cfg.Temperature
	}
	if in.Cfg.MaxTokens != nil {
		options["max_tokens"] = *in.Cfg.MaxTokens
	}
	if len(options) > 0 {
		doc["options"] = options
	}
	data, err := json.Marshal(doc)
	if err != nil {
		return wirechat.ChatRequest{}, err
	}
	return wirechat.Decode[wirechat.ChatRequest](data)
}

func messageToWirechat(m ChatMessage) (obj, error) {
	role := strings.ToLower(m.Role)
	if role != "user" && role != "assistant" {
		return nil, fmt.Errorf("role %q is not User or Assistant", m.Role)
	}
	var kind string
	var value json.RawMessage
	if err := json.Unmarshal(m.MessageType, &kind); err != nil {
		var tagged map[string]json.RawMessage
		if err := json.Unmarshal(m.MessageType, &tagged); err != nil || len(tagged) != 1 {
			return nil, fmt.Errorf("message_type: expected \"Text\" or a one-member object")
		}
		for k, v := range tagged {
			kind, value = k, v
		}
	}
	parts := []any{}
	if m.Thinking != nil && *m.Thinking != "" {
		parts = append(parts, obj{"type": "reasoning", "reasoning": obj{"text": *m.Thinking}})
	}
	text := obj{"type": "text", "text": m.Content}
	switch kind {
	case "Text":
		return obj{"role": role, "parts": append(parts, text)}, nil
	case "ToolUse", "ToolResult":
		var calls []ToolCall
		if err := json.Unmarshal(value, &calls); err != nil {
			return nil, fmt.Errorf("message_type/%s: %v", kind, err)
		}
		if kind == "ToolResult" {
			for _, call := range calls {
				result := obj{"tool_call_id": call.ID, "content": call.Function.Arguments}
				parts = append(parts, obj{"type": "tool_result", "tool_result": result})
			}
			return obj{"role": "tool", "parts": parts}, nil
		}
		if m.Content != "" {
			parts = append(parts, text)
		}
		for _, call := range calls {
			tc := obj{"id": call.ID, "name": call.Function.Name, "arguments": call.Function.Arguments}
			parts = append(parts, obj{"type": "tool_call", "tool_call": tc})
		}
		return obj{"role": role, "parts": parts}, nil
	case "Image", "ImageURL", "Pdf":
		if m.Content != "" {
			parts = append(parts, text)
		}
		part, err := mediaPart(kind, value)
		if err != nil {
			return nil, err
		}
		return obj{"role": role, "parts": append(parts, part)}, nil
	}
	return nil, fmt.Errorf("message_type: unknown variant %q", kind)
}

func mediaPart(kind string, value json.RawMessage) (obj, error) {
	switch kind {
	case "ImageURL":
		var url string
		if err := json.Unmarshal(value, &url); err != nil {
			return nil, fmt.Errorf("message_type/ImageURL: %v", err)
		}
		return obj{"type": "image", "image": obj{"source": "url", "url": url}}, nil
	case "Image":
		var pair [2]json.RawMessage
		var mime string
		var data []byte
		if json.Unmarshal(value, &pair) != nil || json.Unmarshal(pair[0], &mime) != nil || imageTypes[mime] == "" {
			return nil, fmt.Errorf("message_type/Image: expected [JPEG|PNG|GIF|WEBP, bytes]")
		}
		if err := unmarshalBytes(pair[1], &data); err != nil {
			return nil, fmt.Errorf("message_type/Image/1: %v", err)
		}
		source := obj{"source": "base64", "base64": base64.StdEncoding.EncodeToString(data), "media_type": imageTypes[mime]}
		return obj{"type": "image", "image": source}, nil
	}
	var data []byte
	if err := unmarshalBytes(value, &data); err != nil {
		return nil, fmt.Errorf("message_type/Pdf: %v", err)
	}
	source := obj{"source": "base64", "base64": base64.StdEncoding.EncodeToString(data), "media_type": "application/pdf"}
	return obj{"type": "file", "file": source}, nil
}

// unmarshalBytes reads serde's Vec<u8> (an array of numbers), not Go's base64 form of []byte.
func unmarshalBytes(raw json.RawMessage, out *[]byte) error {
	var numbers []uint8
	if err := json.Unmarshal(raw, &numbers); err != nil {
		return fmt.Errorf("expected the bytes as an array of integers from 0 to 255")
	}
	*out = numbers
	return nil
}

var finishOf = map[string]string{
	"stop": "Stop", "length": "Length", "tool_calls": "ToolCalls", "content_filter": "ContentFilter", "error": "Error",
}

// fromWirechat is QueryMT's reply for a canonical response: the text parts joined, the reasoning as
// thinking, the tool calls with their ids, usage and the finish reason.
func fromWirechat(response wirechat.ChatResponse) ChatResponse {
	var out ChatResponse
	var text, thinking strings.Builder
	for _, part := range response.Message.Parts {
		switch p := part.(type) {
		case *wirechat.TextPart:
			text.WriteString(p.Text)
		case *wirechat.ReasoningPart:
			if p.Reasoning.Text != nil {
				thinking.WriteString(*p.Reasoning.Text)
			}
		case *wirechat.ToolCallPart:
			call := ToolCall{ID: p.ToolCall.ID, Type: "function", Function: FunctionCall{p.ToolCall.Name, p.ToolCall.Arguments}}
			out.ToolCalls = append(out.ToolCalls, call)
		}
	}
	if text.Len() > 0 {
		s := text.String()
		out.Text = &s
	}
	if thinking.Len() > 0 {
		s := thinking.String()
		out.Thinking = &s
	}
	if u := response.Usage; u != nil {
		usage := Usage{InputTokens: u.InputTokens, OutputTokens: u.OutputTokens}
		for target, value := range map[*int64]*int64{
			&usage.ReasoningTokens: u.ReasoningOutputTokens, &usage.CacheRead: u.CacheReadInputTokens,
			&usage.CacheWrite: u.CacheWriteInputTokens,
		} {
			if value != nil {
				*target = *value
			}
		}
		out.Usage = &usage
	}
	reason := finishOf[string(response.FinishReason.Kind)]
	if reason == "" {
		reason = "Other"
	}
	out.FinishReason = &reason
	return out
}
