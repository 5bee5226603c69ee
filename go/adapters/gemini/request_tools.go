package gemini

// The tools and toolConfig of a generateContent body, read as canonical tools, provider tools and the tool
// choice (the decoding half; request_encode.go writes them), as Python's gemini/request_tools.py. Every
// functionDeclarations entry's declarations are the canonical tools, in order; an OpenAPI Schema
// (parameters, response) is read as the JSON Schema it describes (request.openapi_schema). Every other
// member of a tools entry is a provider tool (issuer gemini, type its camelCase name, definition
// {name: value} as given); a body laid out otherwise than the encoder writes it reads the same and is
// reported (tools.layout). toolConfig.functionCallingConfig modes AUTO, NONE, ANY (with one allowed name:
// that tool) are the tool choice; any other toolConfig travels whole in provider_options.

import (
	"slices"
	"strconv"

	"github.com/wirechat/wirechat/go/adapters/internal/shared"
)

var declarationShape = shared.Shape{"name": nil, "description": nil, "parametersJsonSchema": nil, "parameters": nil,
	"responseJsonSchema": nil, "response": nil}

// jsonSchema is the JSON Schema an OpenAPI Schema object describes: its type names, at every level, in
// lower case, and its member names in camelCase; everything else as given.
func jsonSchema(schema any) any {
	if items, ok := schema.([]any); ok {
		out := make([]any, len(items))
		for i, item := range items {
			out[i] = jsonSchema(item)
		}
		return out
	}
	object, ok := schema.(*obj)
	if !ok {
		return schema
	}
	out := newObj()
	for _, given := range object.Keys() {
		key, value := camel(given), object.Get(given)
		switch text, isText := value.(string); {
		case key == "type" && isText:
			out.Set(key, lower(text))
		case key == "properties":
			if properties, ok := value.(*obj); ok {
				inner := newObj()
				for _, name := range properties.Keys() {
					inner.Set(name, jsonSchema(properties.Get(name)))
				}
				out.Set(key, inner)
			} else {
				out.Set(key, value)
			}
		case key == "items" || key == "anyOf":
			out.Set(key, jsonSchema(value))
		default:
			out.Set(key, value)
		}
	}
	return out
}

func lower(s string) string {
	b := []rune(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}

func declaration(raw any, where string, conv *shared.Conversion) (*obj, error) {
	object, ok := raw.(*obj)
	if !ok {
		return nil, shared.Invalid(where, "expected a function declaration")
	}
	name, ok := object.Get("name").(string)
	if !ok || name == "" {
		return nil, shared.Invalid(where+"/name", "a function declaration needs a name")
	}
	for _, pointer := range shared.UnmappedMembers(object, declarationShape, where) {
		conv.Degrade("provider.unmapped", pointer)
	}
	tool := newObj().Set("name", name)
	if description, ok := object.Get("description").(string); ok {
		tool.Set("description", description)
	}
	for _, keys := range [][3]string{{"parametersJsonSchema", "parameters", "input_schema"}, {"responseJsonSchema", "response", "output_schema"}} {
		if schema, ok := object.Get(keys[0]).(*obj); ok {
			tool.Set(keys[2], schema)
			if object.Has(keys[1]) {
				conv.Degrade("provider.unmapped", where+"/"+keys[1]) // both given: the JSON Schema is sent
			}
		} else if schema, ok := object.Get(keys[1]).(*obj); ok {
			tool.Set(keys[2], jsonSchema(schema))
			conv.Degrade("request.openapi_schema", where+"/"+keys[1])
		}
	}
	if !tool.Has("input_schema") {
		tool.Set("input_schema", newObj().Set("type", "object"))
	}
	return tool, nil
}

// decodeTools reads tools into fields: function declarations as tools, the rest as provider_tools.
func decodeTools(body, fields *obj, conv *shared.Conversion) error {
	tools, err := shared.GetList(body, "tools", "", false)
	if err != nil || tools == nil {
		return err
	}
	declared, provided := []any{}, []any{}
	var layout [][]string
	anyObject, anyDeclarations := false, false
	for i, raw := range tools {
		tool, ok := raw.(*obj)
		if !ok {
			conv.Degrade("provider.unmapped", "/tools/"+strconv.Itoa(i)) // not a Tool object: nothing to read
			continue
		}
		anyObject = true
		layout = append(layout, append([]string(nil), tool.Keys()...))
		for _, key := range tool.Keys() {
			if key == "functionDeclarations" {
				anyDeclarations = true
				items, err := shared.GetList(tool, key, "/tools/"+strconv.Itoa(i), true)
				if err != nil {
					return err
				}
				for j, item := range items {
					decoded, err := declaration(item, "/tools/"+strconv.Itoa(i)+"/functionDeclarations/"+strconv.Itoa(j), conv)
					if err != nil {
						return err
					}
					declared = append(declared, decoded)
				}
			} else {
				provided = append(provided, newObj().Set("issuer", Provider).Set("type", camel(key)).
					Set("definition", newObj().Set(key, tool.Get(key))))
			}
		}
	}
	var written [][]string
	if anyDeclarations || len(tools) == 0 {
		fields.Set("tools", declared)
		written = append(written, []string{"functionDeclarations"})
	}
	if len(provided) > 0 {
		fields.Set("provider_tools", provided)
	}
	for _, p := range provided {
		written = append(written, p.(*obj).Get("definition").(*obj).Keys())
	}
	same := len(layout) == len(written)
	for i := 0; same && i < len(layout); i++ {
		same = slices.Equal(layout[i], written[i])
	}
	if !same && anyObject {
		conv.Degrade("tools.layout", "/tools")
	}
	return nil
}

// decodeToolConfig reads toolConfig as the tool choice, or whole into extra (provider_options).
func decodeToolConfig(body, fields, extra *obj) error {
	config, err := shared.GetObj(body, "toolConfig", "", false)
	if err != nil || config == nil {
		return err
	}
	var choice *obj
	calling, ok := config.Get("functionCallingConfig").(*obj)
	if config.Len() == 1 && ok {
		mode, _ := calling.Get("mode").(string)
		names, _ := calling.Get("allowedFunctionNames").([]any)
		onlyMode := calling.Len() == 1 && calling.Has("mode")
		withNames := calling.Len() == 2 && calling.Has("mode") && calling.Has("allowedFunctionNames")
		if onlyMode && (mode == "AUTO" || mode == "NONE" || mode == "ANY") {
			choice = newObj().Set("type", map[string]string{"AUTO": "auto", "NONE": "none", "ANY": "required"}[mode])
		} else if name, isName := first(names); withNames && mode == "ANY" && len(names) == 1 && isName {
			choice = newObj().Set("type", "tool").Set("tool", name)
		}
	}
	if choice != nil {
		fields.Set("tool_choice", choice)
	} else {
		extra.Set("toolConfig", config) // VALIDATED, several allowed names...: sent back as given
	}
	return nil
}

func first(names []any) (string, bool) {
	if len(names) == 0 {
		return "", false
	}
	name, ok := names[0].(string)
	return name, ok
}
