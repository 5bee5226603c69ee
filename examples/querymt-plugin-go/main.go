// Command querymt-plugin-go is a QueryMT provider plugin (an Extism wasm module) for any
// OpenAI-compatible API, written with wirechat's Go package: wirechat's querymt adapter reads QueryMT's
// ExtismChatRequest into a canonical wirechat.ChatRequest, its openaichat adapter writes the OpenAI body
// and reads the answer, and the querymt adapter writes the canonical response as QueryMT's
// ExtismChatResponse (thinking included, as QueryMT keeps it: decision 044) and a failure as QueryMT's
// PluginError. The QueryMT mapping is the adapter's, held to the shared vectors; this plugin adds only
// its own cfg (config.go). HTTP goes through Extism's host function, so the host decides which hosts the
// plugin may reach (allowed_hosts).
//
// Build (standard Go, no TinyGo): GOOS=wasip1 GOARCH=wasm go build -buildmode=c-shared -o plugin.wasm .
package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"

	"github.com/extism/go-pdk"
	"github.com/wirechat/wirechat/go/adapters/openaichat"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/adapters/querymt"
	"github.com/wirechat/wirechat/go/wirechat"
)

func main() {}

// pluginError is QueryMT's PluginError JSON ({"kind", "data"}), set as the Extism error; the export
// returns 1 (QueryMT's WithReturnCode).
func pluginError(kind string, data any) int32 {
	body, _ := json.Marshal(map[string]any{"kind": kind, "data": data})
	pdk.SetErrorString(string(body))
	return 1
}

// fromCanonical is QueryMT's PluginError for a canonical error (the OpenAI adapter's reading of an HTTP
// failure), written by the querymt adapter; the message says which HTTP status it was.
func fromCanonical(e wirechat.Error) int32 {
	if e.Status != nil {
		e.Message = fmt.Sprintf("HTTP %d: %s", *e.Status, e.Message)
	}
	_, body := querymt.EncodeError(e)
	pdk.SetErrorString(providerjson.MustCompact(body))
	return 1
}

//go:wasmexport name
func name() int32 { pdk.OutputString("wirechat example: OpenAI-compatible"); return 0 }

//go:wasmexport api_key_name
func apiKeyName() int32 { pdk.OutputJSON("OPENAI_API_KEY"); return 0 }

//go:wasmexport config_schema
func configSchemaExport() int32 { pdk.OutputString(configSchema); return 0 }

//go:wasmexport base_url
func baseURL() int32 { pdk.OutputString("https://api.openai.com"); return 0 }

//go:wasmexport from_config
func fromConfig() int32 {
	var cfg Config
	if err := json.Unmarshal(pdk.Input(), &cfg); err != nil {
		return pluginError("InvalidRequest", "cfg: "+err.Error())
	}
	if cfg.BaseURL == "" || cfg.Model == "" {
		return pluginError("InvalidRequest", "cfg: base_url and model are required")
	}
	pdk.Output(pdk.Input())
	return 0
}

// post sends body to cfg.base_url + path; a failure status comes back as the canonical error.
func post(cfg Config, path string, body []byte) ([]byte, *wirechat.Error) {
	request := pdk.NewHTTPRequest(pdk.MethodPost, strings.TrimRight(cfg.BaseURL, "/")+path)
	request.SetHeader("content-type", "application/json")
	if cfg.APIKey != "" {
		request.SetHeader("authorization", "Bearer "+cfg.APIKey)
	}
	response := request.SetBody(body).Send()
	status := response.Status()
	if status >= 200 && status < 300 {
		return response.Body(), nil
	}
	headers := http.Header{}
	for key, value := range response.Headers() {
		headers.Set(key, value)
	}
	failure := openaichat.DecodeError(int(status), headers, response.Body())
	return nil, &failure
}

// withConfig is the canonical request with what the plugin's cfg adds to it: cfg.system as the system
// message, cfg.temperature and cfg.max_tokens as options (the cfg itself is not sent on).
func withConfig(request wirechat.ChatRequest, cfg Config) wirechat.ChatRequest {
	if cfg.System != "" {
		system := wirechat.Message{Role: wirechat.RoleSystem, Parts: []wirechat.Part{&wirechat.TextPart{Text: cfg.System}}}
		request.Messages = append([]wirechat.Message{system}, request.Messages...)
	}
	if cfg.Temperature != nil || cfg.MaxTokens != nil {
		request.Options = &wirechat.ChatOptions{Temperature: cfg.Temperature, MaxTokens: cfg.MaxTokens}
	}
	delete(request.ProviderOptions, querymt.Name)
	return request
}

func logWarnings[W fmt.Stringer](warnings []W) {
	for _, warning := range warnings {
		pdk.Log(pdk.LogWarn, warning.String())
	}
}

//go:wasmexport chat
func chat() int32 {
	input := pdk.Input()
	var in struct {
		Cfg Config `json:"cfg"`
	}
	if err := json.Unmarshal(input, &in); err != nil {
		return pluginError("InvalidRequest", "ExtismChatRequest: "+err.Error())
	}
	request, read, err := querymt.DecodeRequest(input)
	if err != nil {
		return pluginError("InvalidRequest", "ExtismChatRequest: "+err.Error())
	}
	logWarnings(read)
	body, warnings, err := openaichat.EncodeRequest(withConfig(request, in.Cfg))
	if err != nil {
		return pluginError("InvalidRequest", err.Error())
	}
	logWarnings(warnings)
	raw, failure := post(in.Cfg, "/v1/chat/completions", providerjson.MustMarshal(body))
	if failure != nil {
		return fromCanonical(*failure)
	}
	response, dropped, err := openaichat.DecodeResponse(raw)
	if err != nil {
		return pluginError("Provider", "the provider's answer could not be read: "+err.Error())
	}
	logWarnings(dropped)
	reply, degraded, err := querymt.EncodeResponse(response)
	if err != nil {
		return pluginError("Provider", "the provider's answer has no QueryMT form: "+err.Error())
	}
	logWarnings(degraded)
	if thinking := reasoningContent(raw); thinking != "" && reply.Get("thinking") == nil {
		reply.Set("thinking", thinking)
	}
	pdk.Output(providerjson.MustMarshal(reply))
	return 0
}

// reasoningContent is the reasoning_content OpenAI-compatible servers (DeepSeek, vLLM, llama.cpp) put
// beside the message content; OpenAI's own API has none.
func reasoningContent(raw []byte) string {
	var body struct {
		Choices []struct {
			Message struct {
				ReasoningContent string `json:"reasoning_content"`
			} `json:"message"`
		} `json:"choices"`
	}
	if json.Unmarshal(raw, &body) != nil || len(body.Choices) == 0 {
		return ""
	}
	return body.Choices[0].Message.ReasoningContent
}

//go:wasmexport embed
func embed() int32 {
	var in struct {
		Cfg    Config   `json:"cfg"`
		Inputs []string `json:"inputs"`
	}
	if err := json.Unmarshal(pdk.Input(), &in); err != nil {
		return pluginError("InvalidRequest", "ExtismEmbedRequest: "+err.Error())
	}
	body, _ := json.Marshal(map[string]any{"model": in.Cfg.Model, "input": in.Inputs, "encoding_format": "float"})
	raw, failure := post(in.Cfg, "/v1/embeddings", body)
	if failure != nil {
		return fromCanonical(*failure)
	}
	var answer struct {
		Data []struct {
			Index     int       `json:"index"`
			Embedding []float32 `json:"embedding"`
		} `json:"data"`
	}
	if err := json.Unmarshal(raw, &answer); err != nil || len(answer.Data) != len(in.Inputs) {
		return pluginError("Provider", fmt.Sprintf("the embeddings answer could not be read (%d items for %d inputs)", len(answer.Data), len(in.Inputs)))
	}
	sort.Slice(answer.Data, func(i, j int) bool { return answer.Data[i].Index < answer.Data[j].Index })
	vectors := make([][]float32, len(answer.Data))
	for i, item := range answer.Data {
		vectors[i] = item.Embedding
	}
	pdk.OutputJSON(vectors)
	return 0
}

//go:wasmexport complete
func complete() int32 {
	var in struct {
		Cfg Config `json:"cfg"`
		Req struct {
			Prompt      string   `json:"prompt"`
			Suffix      *string  `json:"suffix"`
			MaxTokens   *int64   `json:"max_tokens"`
			Temperature *float64 `json:"temperature"`
		} `json:"req"`
	}
	if err := json.Unmarshal(pdk.Input(), &in); err != nil {
		return pluginError("InvalidRequest", "ExtismCompleteRequest: "+err.Error())
	}
	request := map[string]any{"model": in.Cfg.Model, "prompt": in.Req.Prompt}
	for key, value := range map[string]any{"suffix": in.Req.Suffix, "max_tokens": in.Req.MaxTokens, "temperature": in.Req.Temperature} {
		if fmt.Sprint(value) != "<nil>" {
			request[key] = value
		}
	}
	body, _ := json.Marshal(request)
	raw, failure := post(in.Cfg, "/v1/completions", body)
	if failure != nil {
		return fromCanonical(*failure)
	}
	var answer struct {
		Choices []struct {
			Text string `json:"text"`
		} `json:"choices"`
	}
	if err := json.Unmarshal(raw, &answer); err != nil || len(answer.Choices) == 0 {
		return pluginError("Provider", "the completions answer has no choice")
	}
	pdk.OutputJSON(map[string]string{"text": answer.Choices[0].Text})
	return 0
}
