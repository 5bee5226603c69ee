// Command faulty_plugin is a QueryMT plugin that misbehaves on request, for the plugin host's error
// paths: cfg.mode picks how its chat export fails (not JSON, the wrong shape, a panic, an endless loop,
// memory without end, a plain error string). It has no embed or complete export.
package main

import (
	"encoding/json"

	"github.com/extism/go-pdk"
)

func main() {}

//go:wasmexport config_schema
func configSchema() int32 {
	pdk.OutputString(`{"type": "object", "required": ["mode"], "additionalProperties": false, "properties": {
		"model": {"type": "string"},
		"mode": {"enum": ["ok", "not_json", "wrong_shape", "panic", "loop", "memory", "plain_error"]}}}`)
	return 0
}

var sink [][]byte

//go:wasmexport chat
func chat() int32 {
	var in struct {
		Cfg struct {
			Mode string `json:"mode"`
		} `json:"cfg"`
	}
	if err := json.Unmarshal(pdk.Input(), &in); err != nil {
		pdk.SetErrorString(`{"kind": "InvalidRequest", "data": "` + err.Error() + `"}`)
		return 1
	}
	switch in.Cfg.Mode {
	case "not_json":
		pdk.OutputString("not json {")
	case "wrong_shape":
		pdk.OutputString(`{"text": 5, "tool_calls": null, "thinking": null, "usage": null}`)
	case "panic":
		panic("the faulty plugin panics")
	case "loop":
		for n := 0; ; n++ {
			if n < 0 {
				break
			}
		}
	case "memory":
		for {
			sink = append(sink, make([]byte, 1<<20))
		}
	case "plain_error":
		pdk.SetErrorString("plain failure, not QueryMT's JSON")
		return 1
	default:
		pdk.OutputString(`{"text": "fine", "tool_calls": null, "thinking": null, "usage": null, "finish_reason": "Stop"}`)
	}
	return 0
}
