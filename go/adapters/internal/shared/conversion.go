// Package shared holds what both Go adapters use the same way, mirroring Python's adapters/_conversion,
// _parts, _finish and _errors: warning and refusal bookkeeping tied to the manifest, provider_metadata
// helpers, data URLs, the reasoning replay rule, finish reasons from the manifest's table, and building
// a canonical Error from the shared status table.
package shared

import (
	"fmt"
	"regexp"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/wirechat"
)

// Conversion collects one conversion's warnings; Degrade and Refuse use the manifest's declared texts.
type Conversion struct {
	Manifest *adapters.Manifest
	Warnings []adapters.Warning
}

// Degrade records a degradation of feature at where (a JSON pointer into the canonical value).
func (c *Conversion) Degrade(feature, where string) {
	support, ok := c.Manifest.Features[feature]
	if !ok || support.Level != adapters.Degraded {
		panic(fmt.Sprintf("adapter degraded %s, which its manifest declares %q", feature, support.Level))
	}
	shown := where
	if shown == "" {
		shown = "/"
	}
	c.Warnings = append(c.Warnings, adapters.Warning{Feature: feature, Message: shown + ": " + support.Message, Where: where})
}

// Refuse is the refusal of feature at where, to return.
func (c *Conversion) Refuse(feature, where string) *adapters.RefusedError {
	support, ok := c.Manifest.Features[feature]
	if !ok || support.Level != adapters.Refused {
		panic(fmt.Sprintf("adapter refused %s, which its manifest declares %q", feature, support.Level))
	}
	if where == "" {
		where = "/"
	}
	return &adapters.RefusedError{Feature: feature, Reason: support.Message, Where: where}
}

// Handle applies the declared level: true to carry the feature, false after a degradation; a refusal is
// returned as the error.
func (c *Conversion) Handle(feature, where string) (bool, error) {
	switch c.Manifest.Features[feature].Level {
	case adapters.Lossless:
		return true, nil
	case adapters.Degraded:
		c.Degrade(feature, where)
		return false, nil
	}
	return false, c.Refuse(feature, where)
}

var dataURL = regexp.MustCompile(`^data:([A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9*][A-Za-z0-9!#$&^_.+*-]*);base64,([A-Za-z0-9+/]*={0,2})$`)

// IsDataURL reports whether url is a data:<type>;base64,<data> URL.
func IsDataURL(url string) bool { return dataURL.MatchString(url) }

// BuildDataURL is data:<type>;base64,<data>.
func BuildDataURL(mediaType, data string) string { return "data:" + mediaType + ";base64," + data }

// MetadataFor is the provider's entry of a provider_metadata value (an empty object when absent) and
// whether other keys were present.
func MetadataFor(metadata wirechat.ProviderMetadata, provider string) (*providerjson.Object, bool) {
	own := providerjson.NewObject()
	foreign := false
	for key, value := range metadata {
		if key != provider {
			foreign = true
			continue
		}
		if parsed, err := providerjson.ParseObject(value); err == nil {
			own = parsed
		}
	}
	return own, foreign
}

// ReasoningFeature is the manifest feature a reasoning part falls under for provider.
func ReasoningFeature(r wirechat.Reasoning, provider string) string {
	signed := r.Signature != nil || r.RedactedData != nil
	if !signed {
		return "reasoning.text"
	}
	if r.Issuer == nil || *r.Issuer != provider {
		return "reasoning.foreign"
	}
	if r.RedactedData != nil && (r.Signature != nil || r.Text != nil) {
		return "reasoning.own_mixed"
	}
	if r.Text != nil && *r.Text == "" {
		return "reasoning.own_empty_text"
	}
	return "reasoning.own"
}

// ToolDefinitionExtras degrades or refuses the definition members the manifest does not carry losslessly.
func ToolDefinitionExtras(tool wirechat.ToolDefinition, where string, c *Conversion) error {
	if tool.OutputSchema != nil && c.Manifest.Features["tools.output_schema"].Level != adapters.Lossless {
		if _, err := c.Handle("tools.output_schema", where+"/output_schema"); err != nil {
			return err
		}
	}
	if tool.Annotations != nil && c.Manifest.Features["tools.annotations"].Level != adapters.Lossless {
		if _, err := c.Handle("tools.annotations", where+"/annotations"); err != nil {
			return err
		}
	}
	return nil
}

// MergeProviderOptions copies provider_options[name] into body, after checking it against the options
// schema (JSON text; "" for none) with CheckOptions (a *wirechat.WireError with the pointers); a key the
// adapter already set is refused.
func MergeProviderOptions(options wirechat.ProviderOptions, name string, body *providerjson.Object, schema string) error {
	raw, ok := options[name]
	if !ok || raw == nil {
		return nil
	}
	own, err := providerjson.ParseObject(raw)
	if err != nil {
		return &adapters.RefusedError{Feature: "provider_options", Reason: "not a JSON object", Where: "/provider_options/" + name}
	}
	if err := CheckOptions(own, name, schema); err != nil {
		return err
	}
	for _, key := range own.Keys() {
		if body.Has(key) {
			return &adapters.RefusedError{
				Feature: "provider_options",
				Reason:  fmt.Sprintf("'%s' is set by the adapter from the canonical request; set it there instead", key),
				Where:   "/provider_options/" + name + "/" + key,
			}
		}
		body.Set(key, own.Get(key))
	}
	return nil
}

// Raw is a wire JsonValue / JsonObject as a tree (wire values are valid JSON; nil stays null).
func Raw(data []byte) any {
	if data == nil {
		return nil
	}
	v, err := providerjson.Parse(data)
	if err != nil {
		panic("wire JSON value does not parse: " + err.Error())
	}
	return v
}

// ObjectBytes is a tree written as a JsonObject for provider_metadata.
func ObjectBytes(o *providerjson.Object) wirechat.JsonObject {
	return wirechat.JsonObject(providerjson.MustMarshal(o))
}
