package adapters_test

// The cross-language adapter vectors (conformance/cases/adapters/<adapter>.ndjson, written from the
// Python adapters by wirechat conformance --write-adapter-vectors, and recorded-<adapter>.ndjson, the
// recorded corpus's bodies cut into the same lines): the Go adapters must give the same RFC 8785 bytes for
// every provider body and canonical value, the same warnings and refusals, and invalid_response where
// Python gives it.

import (
	"bufio"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/anthropic"
	"github.com/wirechat/wirechat/go/adapters/gemini"
	"github.com/wirechat/wirechat/go/adapters/gomodel"
	"github.com/wirechat/wirechat/go/adapters/openaichat"
	"github.com/wirechat/wirechat/go/adapters/openairesponses"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/adapters/querymt"
	"github.com/wirechat/wirechat/go/wirechat"
)

type vector struct {
	Kind        string               `json:"kind"`
	Description string               `json:"description"`
	Canonical   json.RawMessage      `json:"canonical"`
	Body        json.RawMessage      `json:"body"`
	BodyText    string               `json:"body_text"`
	Refused     string               `json:"refused"`
	Warnings    []string             `json:"warnings"`
	Events      []json.RawMessage    `json:"events"`
	Error       string               `json:"error"`
	Status      *int                 `json:"status"`
	CanonEvents []json.RawMessage    `json:"canonical_events"`
	Features    map[string][2]string `json:"features"`
	FinishRaw   map[string]string    `json:"finish_reasons"`
	FinishDef   map[string]string    `json:"finish_defaults"`
	MaxTokens   *int64               `json:"default_max_tokens"`
	StatusRetry map[string]bool      `json:"status_retryable"`
	Headers     map[string]string    `json:"headers"`
	Invalid     [][2]string          `json:"invalid"`
	OptionsJSON json.RawMessage      `json:"options_schema"`
}

var byName = map[string]adapters.Adapter{"openai-chat": openaichat.Adapter, "anthropic": anthropic.Adapter, "gemini": gemini.Adapter, "openai-responses": openairesponses.Adapter, "querymt": querymt.Adapter, "go-model": gomodel.Adapter}

// readVectors is the adapter's lines, then those cut from the recorded corpus (recorded-<adapter>.ndjson,
// written by wirechat conformance --recorded --write-vectors) where that file exists.
func readVectors(t *testing.T, name string) []vector {
	t.Helper()
	dir := filepath.Join("..", "..", "conformance", "cases", "adapters")
	name = strings.ReplaceAll(name, ":", ".") // openai-compatible:ollama's file is openai-compatible.ollama.ndjson
	out := readFile(t, filepath.Join(dir, name+".ndjson"))
	if recorded := filepath.Join(dir, "recorded-"+name+".ndjson"); fileExists(recorded) {
		out = append(out, readFile(t, recorded)...)
	}
	return out
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func readFile(t *testing.T, path string) []vector {
	t.Helper()
	file, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	var out []vector
	scanner := bufio.NewScanner(file)
	scanner.Buffer(make([]byte, 1<<20), 1<<24)
	for scanner.Scan() {
		var v vector
		if err := json.Unmarshal(scanner.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}

func jcs(t *testing.T, data []byte) string {
	t.Helper()
	out, err := wirechat.CanonicalJSON(data)
	if err != nil {
		t.Fatalf("not JSON: %v: %s", err, data)
	}
	return string(out)
}

// checkDecodeWarnings holds a response or stream line's decode warnings to Python's features, where the
// line carries them (the lines written before they did, do not).
func checkDecodeWarnings(t *testing.T, v vector, warnings []adapters.Warning) {
	if v.Warnings == nil || v.Error != "" {
		return
	}
	features := []string{}
	for _, w := range warnings {
		features = append(features, w.Feature)
	}
	if !slices.Equal(features, v.Warnings) {
		t.Fatalf("decode warnings %v, Python's %v", features, v.Warnings)
	}
}

// decodeStream runs a recorded stream through an adapter's decoder and folds the events, with the
// decoder's warnings.
func decodeStream(adapter adapters.Adapter, events []json.RawMessage) (wirechat.ChatResponse, []adapters.Warning, error) {
	decoder := adapter.NewStreamDecoder()
	var out []wirechat.StreamEvent
	for _, raw := range events {
		var event struct {
			Event *string `json:"event"`
			Data  string  `json:"data"`
		}
		if err := json.Unmarshal(raw, &event); err != nil {
			return wirechat.ChatResponse{}, nil, err
		}
		name := ""
		if event.Event != nil {
			name = *event.Event
		}
		out = append(out, decoder.Feed(adapters.SseEvent{Event: name, Data: event.Data})...)
	}
	out = append(out, decoder.Close()...)
	response, err := wirechat.Fold(out)
	return response, decoder.Warnings(), err
}

func TestVectors(t *testing.T) {
	for name, adapter := range byName {
		vectors := readVectors(t, name)
		if len(vectors) < 20 {
			t.Fatalf("%s: only %d vectors", name, len(vectors))
		}
		for _, v := range vectors {
			t.Run(name+"/"+v.Description, func(t *testing.T) {
				switch v.Kind {
				case "request":
					checkRequest(t, adapter, v)
				case "response":
					response, warnings, err := adapter.DecodeResponse([]byte(v.BodyText))
					checkCanonical(t, v, response, err)
					checkDecodeWarnings(t, v, warnings)
				case "stream":
					response, warnings, err := decodeStream(adapter, v.Events)
					checkCanonical(t, v, response, err)
					checkDecodeWarnings(t, v, warnings)
				case "error":
					checkError(t, adapter, v)
				case "response_encode":
					checkResponseEncode(t, adapter, v)
				case "stream_encode":
					checkStreamEncode(t, adapter, v)
				case "manifest":
					checkManifest(t, adapter.Manifest(), v)
				case "request_decode":
					checkRequestDecode(t, adapter, v)
				case "embed_request", "complete_request":
					checkCallRequest(t, adapter, v)
				case "embed_response":
					response, err := adapter.(adapters.EmbedCodec).DecodeEmbedResponse([]byte(v.BodyText))
					checkCanonical(t, v, &response, err)
				case "complete_response":
					response, err := adapter.(adapters.CompleteCodec).DecodeCompleteResponse([]byte(v.BodyText))
					checkCanonical(t, v, &response, err)
				default:
					t.Fatalf("unknown vector kind %q", v.Kind)
				}
			})
		}
	}
}

func checkRequest(t *testing.T, adapter adapters.Adapter, v vector) {
	request, err := wirechat.Decode[wirechat.ChatRequest](v.Canonical)
	if err != nil {
		t.Fatalf("canonical request does not decode: %v", err)
	}
	body, warnings, err := adapter.EncodeRequest(request)
	if v.Invalid != nil {
		var invalid *wirechat.WireError
		if !errors.As(err, &invalid) {
			t.Fatalf("want a WireError %v, got %v", v.Invalid, err)
		}
		got := [][2]string{}
		for _, problem := range invalid.Problems {
			got = append(got, [2]string{problem.Pointer, problem.Rule})
		}
		if !slices.Equal(got, v.Invalid) {
			t.Fatalf("problems %v, Python's %v", got, v.Invalid)
		}
		return
	}
	if v.Refused != "" {
		var refused *adapters.RefusedError
		if !errors.As(err, &refused) || refused.Feature != v.Refused {
			t.Fatalf("want refusal %s, got %v", v.Refused, err)
		}
		return
	}
	if err != nil {
		t.Fatalf("want a body, got %v", err)
	}
	got := jcs(t, providerjson.MustMarshal(body))
	if want := jcs(t, v.Body); got != want {
		t.Fatalf("body differs from Python's\n got: %s\nwant: %s", got, want)
	}
	features := []string{}
	for _, w := range warnings {
		features = append(features, w.Feature)
	}
	want := append([]string{}, v.Warnings...)
	if !slices.Equal(features, want) {
		t.Fatalf("warnings %v, Python's %v", features, want)
	}
}

func checkCanonical(t *testing.T, v vector, response any, err error) {
	if v.Error != "" {
		if err == nil {
			t.Fatalf("want %s, got a response", v.Error)
		}
		if kind := errorKind(err); kind != v.Error {
			t.Fatalf("want %s, got %s (%v)", v.Error, kind, err)
		}
		return
	}
	if err != nil {
		t.Fatalf("want a response, got %v", err)
	}
	data, err := wirechat.Canonical(response)
	if err != nil {
		t.Fatalf("the decoded response is not valid: %v", err)
	}
	if got, want := string(data), jcs(t, v.Canonical); got != want {
		t.Fatalf("canonical response differs from Python's\n got: %s\nwant: %s", got, want)
	}
}

// errorKind is the kind a decode failure stands for: a body the adapter cannot read, or a stream that
// ended in an error event, is invalid_response unless the event says otherwise.
func errorKind(err error) string {
	var invalid *adapters.InvalidBodyError
	if errors.As(err, &invalid) {
		return string(wirechat.ErrorKindInvalidResponse)
	}
	var stream *wirechat.StreamError
	if errors.As(err, &stream) && stream.Failure != nil {
		return string(stream.Failure.Kind)
	}
	return err.Error()
}

func checkError(t *testing.T, adapter adapters.Adapter, v vector) {
	headers := http.Header{}
	for key, value := range v.Headers {
		headers.Set(key, value)
	}
	status := 0
	if v.Status != nil {
		status = *v.Status
	}
	failure := adapter.DecodeError(status, headers, []byte(v.BodyText))
	data, err := wirechat.Canonical(failure)
	if err != nil {
		t.Fatalf("the decoded error is not valid: %v", err)
	}
	if got, want := string(data), jcs(t, v.Canonical); got != want {
		t.Fatalf("canonical error differs from Python's\n got: %s\nwant: %s", got, want)
	}
}

func checkRequestDecode(t *testing.T, adapter adapters.Adapter, v vector) {
	request, warnings, err := adapter.DecodeRequest(v.Body)
	if v.Error != "" {
		var invalid *adapters.InvalidBodyError
		if !errors.As(err, &invalid) {
			t.Fatalf("want an invalid body error, got %v", err)
		}
		return
	}
	if err != nil {
		t.Fatalf("want a request, got %v", err)
	}
	data, err := wirechat.Canonical(request)
	if err != nil {
		t.Fatalf("the decoded request is not valid: %v", err)
	}
	if got, want := string(data), jcs(t, v.Canonical); got != want {
		t.Fatalf("canonical request differs from Python's\n got: %s\nwant: %s", got, want)
	}
	features := []string{}
	for _, w := range warnings {
		features = append(features, w.Feature)
	}
	if !slices.Equal(features, append([]string{}, v.Warnings...)) {
		t.Fatalf("warnings %v, Python's %v", warnings, v.Warnings)
	}
}

func checkResponseEncode(t *testing.T, adapter adapters.Adapter, v vector) {
	response, err := wirechat.Decode[wirechat.ChatResponse](v.Canonical)
	if err != nil {
		t.Fatalf("canonical response does not decode: %v", err)
	}
	body, warnings, err := adapter.EncodeResponse(response)
	if v.Refused != "" {
		var refused *adapters.RefusedError
		if !errors.As(err, &refused) || refused.Feature != v.Refused {
			t.Fatalf("want refusal %s, got %v", v.Refused, err)
		}
		return
	}
	if err != nil {
		t.Fatalf("want a body, got %v", err)
	}
	if got, want := jcs(t, providerjson.MustMarshal(body)), jcs(t, v.Body); got != want {
		t.Fatalf("body differs from Python's\n got: %s\nwant: %s", got, want)
	}
	features := []string{}
	for _, w := range warnings {
		features = append(features, w.Feature)
	}
	if !slices.Equal(features, append([]string{}, v.Warnings...)) {
		t.Fatalf("warnings %v, Python's %v", features, v.Warnings)
	}
}

func checkStreamEncode(t *testing.T, adapter adapters.Adapter, v vector) {
	encoder := adapter.NewStreamEncoder()
	var got []adapters.SseEvent
	for _, raw := range v.CanonEvents {
		event, err := wirechat.Decode[wirechat.StreamEvent](raw)
		if err != nil {
			t.Fatalf("canonical event does not decode: %v", err)
		}
		out, err := encoder.Feed(event)
		if err != nil {
			t.Fatalf("the encoder refused %s: %v", raw, err)
		}
		got = append(got, out...)
	}
	got = append(got, encoder.Close()...)
	if len(got) != len(v.Events) {
		t.Fatalf("%d provider events, Python's %d", len(got), len(v.Events))
	}
	for i, raw := range v.Events {
		var want struct {
			Event *string `json:"event"`
			Data  string  `json:"data"`
		}
		if err := json.Unmarshal(raw, &want); err != nil {
			t.Fatal(err)
		}
		name := ""
		if want.Event != nil {
			name = *want.Event
		}
		if got[i].Event != name {
			t.Fatalf("event %d is %q, Python's %q", i, got[i].Event, name)
		}
		if want.Data == "[DONE]" || got[i].Data == "[DONE]" {
			if got[i].Data != want.Data {
				t.Fatalf("event %d: %s, Python's %s", i, got[i].Data, want.Data)
			}
			continue
		}
		if g, w := jcs(t, []byte(got[i].Data)), jcs(t, []byte(want.Data)); g != w {
			t.Fatalf("event %d differs from Python's\n got: %s\nwant: %s", i, g, w)
		}
	}
}

func checkManifest(t *testing.T, m *adapters.Manifest, v vector) {
	if got, want := jcs(t, []byte(m.OptionsSchema)), jcs(t, v.OptionsJSON); got != want {
		t.Errorf("options schema %s, Python's %s", got, want)
	}
	if len(m.Features) != len(v.Features) {
		t.Errorf("%d features, Python's %d", len(m.Features), len(v.Features))
	}
	for name, want := range v.Features {
		got, ok := m.Features[name]
		if !ok || string(got.Level) != want[0] || got.Message != want[1] {
			t.Errorf("feature %s: %+v, Python's %v", name, got, want)
		}
	}
	for raw, kind := range v.FinishRaw {
		if string(m.FinishReasons[raw]) != kind {
			t.Errorf("finish reason %s: %s, Python's %s", raw, m.FinishReasons[raw], kind)
		}
	}
	for kind, raw := range v.FinishDef {
		if m.FinishDefaults[wirechat.FinishKind(kind)] != raw {
			t.Errorf("finish default %s: %s, Python's %s", kind, m.FinishDefaults[wirechat.FinishKind(kind)], raw)
		}
	}
	if len(m.FinishReasons) != len(v.FinishRaw) || len(m.FinishDefaults) != len(v.FinishDef) {
		t.Errorf("finish tables differ in size from Python's")
	}
	want := int64(0)
	if v.MaxTokens != nil {
		want = *v.MaxTokens
	}
	if m.DefaultMaxTokens != want {
		t.Errorf("default max_tokens %d, Python's %d", m.DefaultMaxTokens, want)
	}
	if len(m.StatusRetryable) != len(v.StatusRetry) {
		t.Errorf("status exceptions %v, Python's %v", m.StatusRetryable, v.StatusRetry)
	}
	for status, verdict := range v.StatusRetry {
		code, _ := strconv.Atoi(status)
		if got, ok := m.StatusRetryable[code]; !ok || got != verdict {
			t.Errorf("status %s retryable %v, Python's %v", status, got, verdict)
		}
	}
}
