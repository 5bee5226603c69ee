package gemini

// Gemini generateContent request body -> canonical ChatRequest, as Python's gemini/request_decode.py. The
// body is first read in the spelling this adapter writes (spelling.go; request.spelling).
// systemInstruction becomes the first (system) message; a user content made only of functionResponse
// parts reads back as a tool message, a model content as an assistant message. Function calls without an
// id get gemini_call_<k> (k counting the body's function calls from 0), and a functionResponse without an
// id answers the first unanswered id-less call of the same name in the model content before it. tools and
// toolConfig are request_tools.go's. generationConfig members with no canonical option, and top-level
// members other than contents, tools and toolConfig, travel whole in provider_options.gemini, each only if
// the options schema takes it (what it does not is reported, provider.unmapped, and left out).

import (
	"strconv"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

var (
	mappedConfig = [][2]string{{"temperature", "temperature"}, {"topP", "top_p"}, {"maxOutputTokens", "max_tokens"},
		{"seed", "seed"}, {"stopSequences", "stop"}}
	ownKeys = []string{"model", "contents", "systemInstruction", "tools", "toolConfig", "generationConfig"}
)

// calls numbers id-less function calls and pairs id-less function responses with them.
type calls struct {
	count int
	open  [][2]string // (name, id) of the last model content's id-less calls
	codes *codeIDs
}

func (c *calls) callIndex(raw any, isModel bool) int {
	k := c.count
	part, _ := raw.(*obj)
	if call, ok := part.Get("functionCall").(*obj); ok {
		c.count++
		name, named := call.Get("name").(string)
		if isModel && !shared.Truthy(call.Get("id")) && named {
			c.open = append(c.open, [2]string{name, syntheticID(k)})
		}
	}
	return k
}

func (c *calls) answer(raw any) string {
	part, _ := raw.(*obj)
	response, ok := part.Get("functionResponse").(*obj)
	if !ok || shared.Truthy(response.Get("id")) {
		return ""
	}
	for at, open := range c.open {
		if name, ok := response.Get("name").(string); ok && name == open[0] {
			c.open = append(c.open[:at:at], c.open[at+1:]...)
			return open[1]
		}
	}
	return ""
}

func (c *calls) parts(raw any, where string, isModel bool) ([]any, error) {
	items, ok := raw.([]any)
	if !ok {
		return nil, shared.Invalid(where, "expected an array of parts")
	}
	out := []any{}
	for j, part := range items {
		k := c.callIndex(part, isModel)
		decoded, err := decodePart(part, where+"/"+strconv.Itoa(j), k, c.answer(part), c.codes)
		if err != nil {
			return nil, err
		}
		out = append(out, decoded...)
	}
	return out, nil
}

func partsOf(content *obj) any {
	if !content.Has("parts") {
		return []any{}
	}
	return content.Get("parts")
}

func requestContentWarnings(body *obj) []found {
	out := []found{}
	if system, ok := body.Get("systemInstruction").(*obj); ok {
		if system.Has("role") && system.Get("role") != "user" { // the role Google's SDKs write, and this adapter
			out = append(out, found{"provider.unmapped", "/systemInstruction/role"})
		}
		out = append(out, contentWarnings(system, "/systemInstruction", partShape)...)
	}
	contents, _ := body.Get("contents").([]any)
	for i, content := range contents {
		out = append(out, contentWarnings(content, "/contents/"+strconv.Itoa(i), partShape)...)
	}
	return out
}

// DecodeRequest is the canonical request for a generateContent body.
func DecodeRequest(data []byte) (wirechat.ChatRequest, []adapters.Warning, error) {
	given, err := providerjson.ParseObject(data)
	if err != nil {
		return wirechat.ChatRequest{}, nil, shared.Invalid("", "the request body is not a JSON object: %v", err)
	}
	spelled := normalize(given)
	body := spelled.body.(*obj)
	conv := &shared.Conversion{Manifest: Manifest}
	for _, where := range spelled.rewritten {
		conv.Degrade("request.spelling", where)
	}
	fields, extra := newObj(), newObj()
	for _, key := range body.Keys() {
		if !contains(ownKeys, key) {
			extra.Set(key, body.Get(key))
		}
	}
	if model, ok := body.Get("model").(string); ok && model != "" {
		fields.Set("model", model)
	}
	local := &shared.Conversion{Manifest: Manifest} // pointers into the body as read, taken back below
	c := &calls{codes: newCodeIDs()}
	messages := []any{}
	system, err := shared.GetObj(body, "systemInstruction", "", false)
	if err != nil {
		return wirechat.ChatRequest{}, nil, err
	}
	if system != nil {
		parts, err := c.parts(partsOf(system), "/systemInstruction/parts", false)
		if err != nil {
			return wirechat.ChatRequest{}, nil, err
		}
		messages = append(messages, newObj().Set("role", "system").Set("parts", parts))
	}
	contents, err := shared.GetList(body, "contents", "", true)
	if err != nil {
		return wirechat.ChatRequest{}, nil, err
	}
	for i, content := range contents {
		message, err := c.content(content, "/contents/"+strconv.Itoa(i), local)
		if err != nil {
			return wirechat.ChatRequest{}, nil, err
		}
		messages = append(messages, message)
	}
	fields.Set("messages", messages)
	if err := decodeTools(body, fields, local); err != nil {
		return wirechat.ChatRequest{}, nil, err
	}
	if err := decodeToolConfig(body, fields, extra); err != nil {
		return wirechat.ChatRequest{}, nil, err
	}
	if err := decodeGenerationConfig(body, fields, extra, local); err != nil {
		return wirechat.ChatRequest{}, nil, err
	}
	for _, w := range requestContentWarnings(body) {
		local.Degrade(w.feature, w.where)
	}
	checkedOptions(extra, Name, local)
	if extra.Len() > 0 {
		fields.Set("provider_options", newObj().Set(Name, extra))
	}
	for _, warning := range local.Warnings {
		conv.Degrade(warning.Feature, spelled.original(warning.Where))
	}
	request, err := wirechat.Decode[wirechat.ChatRequest](providerjson.MustMarshal(fields))
	if err != nil {
		return wirechat.ChatRequest{}, nil, shared.Invalid("", "%v", err)
	}
	return request, conv.Warnings, nil
}

// checkedOptions leaves out of extra each member (a generationConfig member, or a top-level one) the
// options schema does not take, with a warning: EncodeRequest checks the options against it.
func checkedOptions(extra *obj, name string, conv *shared.Conversion) {
	type member struct{ key, inner string }
	var members []member
	for _, key := range extra.Keys() {
		if key != "generationConfig" {
			members = append(members, member{key, ""})
		}
	}
	config, _ := extra.Get("generationConfig").(*obj)
	for _, inner := range config.Keys() {
		members = append(members, member{"generationConfig", inner})
	}
	for _, m := range members {
		value := newObj().Set(m.key, extra.Get(m.key))
		if m.inner != "" {
			value = newObj().Set(m.key, newObj().Set(m.inner, config.Get(m.inner)))
		}
		if shared.CheckOptions(value, name, Manifest.OptionsSchema) == nil {
			continue
		}
		if m.inner == "" {
			extra.Delete(m.key)
			conv.Degrade("provider.unmapped", "/"+m.key)
		} else {
			config.Delete(m.inner)
			conv.Degrade("provider.unmapped", "/"+m.key+"/"+m.inner)
		}
	}
	if config != nil && config.Len() == 0 {
		extra.Delete("generationConfig")
	}
}

func (c *calls) content(raw any, where string, conv *shared.Conversion) (*obj, error) {
	content, ok := raw.(*obj)
	if !ok {
		return nil, shared.Invalid(where, "expected a content object")
	}
	role := any("user")
	if content.Has("role") {
		role = content.Get("role")
	}
	if role == "function" { // Vertex AI's older name for a user content of function responses
		conv.Degrade("request.spelling", where+"/role")
		role = "user"
	}
	if role != "user" && role != "model" {
		return nil, shared.Invalid(where+"/role", "expected user or model, got %s", providerjsonText(role))
	}
	isModel := role == "model"
	if isModel {
		c.open = nil
	}
	parts, err := c.parts(partsOf(content), where+"/parts", isModel)
	if err != nil {
		return nil, err
	}
	if isModel {
		return newObj().Set("role", "assistant").Set("parts", parts), nil
	}
	allResults := len(parts) > 0
	for _, part := range parts {
		allResults = allResults && part.(*obj).Get("type") == "tool_result"
	}
	if allResults {
		return newObj().Set("role", "tool").Set("parts", parts), nil
	}
	return newObj().Set("role", "user").Set("parts", parts), nil
}

func decodeGenerationConfig(body, fields, extra *obj, conv *shared.Conversion) error {
	config, err := shared.GetObj(body, "generationConfig", "", false)
	if err != nil || config == nil {
		return err
	}
	rest := newObj()
	for _, key := range config.Keys() {
		mapped := false
		for _, pair := range mappedConfig {
			mapped = mapped || pair[0] == key
		}
		if !mapped {
			rest.Set(key, config.Get(key))
		}
	}
	options := newObj()
	for _, pair := range mappedConfig {
		if v := config.Get(pair[0]); v != nil {
			options.Set(pair[1], v)
		}
	}
	mime := rest.Get("responseMimeType")
	schema := rest.Get("responseJsonSchema")
	if responseSchema, ok := rest.Get("responseSchema").(*obj); ok && mime == "application/json" && schema == nil {
		rest.Delete("responseSchema")
		schema = jsonSchema(responseSchema)
		conv.Degrade("request.openapi_schema", "/generationConfig/responseSchema")
	} else if _, ok := schema.(*obj); ok {
		rest.Delete("responseJsonSchema")
	}
	schemaObject, isSchema := schema.(*obj)
	switch {
	case mime == "application/json" && isSchema:
		options.Set("response_format", newObj().Set("type", "json_schema").
			Set("json_schema", newObj().Set("name", schemaName).Set("schema", schemaObject)))
		rest.Delete("responseMimeType")
	case mime == "application/json":
		options.Set("response_format", newObj().Set("type", "json_object"))
		rest.Delete("responseMimeType")
	case mime == "text/plain":
		options.Set("response_format", newObj().Set("type", "text"))
		rest.Delete("responseMimeType")
	case isSchema:
		rest.Set("responseJsonSchema", schemaObject) // a schema without JSON output: sent back as given
	}
	if options.Len() > 0 {
		fields.Set("options", options)
	}
	if rest.Len() > 0 {
		extra.Set("generationConfig", rest)
	}
	return nil
}
