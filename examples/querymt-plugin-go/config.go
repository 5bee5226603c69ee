package main

// The plugin's own configuration (QueryMT's cfg): its Go type and the JSON Schema config_schema gives the
// host. The QueryMT JSON itself is read and written by wirechat's querymt adapter (go/adapters/querymt).

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
