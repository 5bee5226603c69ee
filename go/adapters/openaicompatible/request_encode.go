package openaicompatible

// Canonical ChatRequest -> the request body of an OpenAI-compatible server, as Python's
// openai_compatible/request_encode.py: openaichat's encoder writes the body, with the messageWriter taking
// each assistant message's reasoning and provider-run parts; around it, the profile refuses what its
// server cannot take and drops, with a warning, what it would reject (seed for DeepSeek, messages[].name
// for Groq), sends the tools the server defines itself after the function tools, names the token limit as
// the server does, rewords openaichat's warnings with the profile's own texts, and checks the profile's
// provider_options against its own schema (members the server answers 400 for are refused with the
// reason) before merging them.

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/internal/shared"
	"github.com/wirechat/wirechat/go/adapters/openaichat"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
)

// changedFeatures is, per profile, the features whose level or text in its manifest differs from
// openai-chat's.
var changedFeatures = map[string]map[string]bool{}

func init() {
	for name, profile := range tables.OpenaiCompatible {
		out := map[string]bool{}
		for feature, support := range profile.Adapter.Manifest.Features {
			if base, ok := openaichat.Manifest.Features[feature]; !ok || base != support {
				out[feature] = true
			}
		}
		changedFeatures[name] = out
	}
}

func changed(profile *Profile) map[string]bool { return changedFeatures[profile.Name] }

// reworded is openaichat's warnings, with the profile's text where its manifest words a feature
// differently.
func reworded(warnings []adapters.Warning, profile *Profile) []adapters.Warning {
	differs := changed(profile)
	out := make([]adapters.Warning, 0, len(warnings))
	for _, warning := range warnings {
		if differs[warning.Feature] {
			old := openaichat.Manifest.Features[warning.Feature].Message
			warning.Message = strings.Replace(warning.Message, old, profile.Adapter.Manifest.Features[warning.Feature].Message, 1)
		}
		out = append(out, warning)
	}
	return out
}

// acts is whether the profile handles feature differently from openai-chat and not losslessly.
func acts(feature string, differs map[string]bool, manifest *adapters.Manifest) bool {
	return differs[feature] && manifest.Features[feature].Level != adapters.Lossless
}

func encodeRequest(request wirechat.ChatRequest, name string, profile *Profile) (*providerjson.Object, []adapters.Warning, error) {
	manifest := profile.Adapter.Manifest
	differs := changed(profile)
	conv := &shared.Conversion{Manifest: manifest}
	if request.Model != nil {
		if err := profileFeatures(request, conv, differs); err != nil {
			return nil, nil, err
		}
	}
	options := request.ProviderOptions
	inner := request
	inner.ProviderOptions, inner.ProviderTools = nil, nil
	writer := newMessageWriter(profile, conv, false, "")
	body, warnings, err := openaichat.EncodeRequestWith(inner, name, writer)
	if err != nil {
		return nil, nil, err
	}
	defined, err := shared.ProviderToolsOut(request, conv, profile.Issuer) // the server's own, after the function tools
	if err != nil {
		return nil, nil, err
	}
	if len(defined) > 0 {
		tools, _ := body.Get("tools").([]any)
		body.Set("tools", append(append([]any{}, tools...), defined...))
	}
	if body.Has("max_completion_tokens") && profile.MaxTokensField == "max_tokens" {
		value := body.Get("max_completion_tokens")
		body.Delete("max_completion_tokens")
		body.Set("max_tokens", value)
	}
	messages, _ := body.Get("messages").([]any)
	for _, raw := range messages {
		message := raw.(*obj)
		if profile.ReasoningChunks {
			chunked(message, profile.ReasoningFields[0])
		}
		if differs["message.name"] {
			message.Delete("name")
		}
	}
	if differs["options.seed"] {
		body.Delete("seed")
	}
	if err := checkRefusedOptions(options, name, profile); err != nil {
		return nil, nil, err
	}
	if err := shared.MergeProviderOptions(options, name, body, manifest.OptionsSchema); err != nil {
		return nil, nil, err
	}
	return body, append(reworded(warnings, profile), conv.Warnings...), nil
}

// chunked moves an assistant message's reasoning text into Mistral's thinking chunk before its content.
func chunked(message *obj, member string) {
	if message.Get("role") != "assistant" {
		return
	}
	thinking, _ := message.Get(member).(string)
	message.Delete(member)
	if thinking == "" {
		return
	}
	switch content := message.Get("content").(type) {
	case []any:
		message.Set("content", append(writeChunks(thinking, "", nil), content...))
	case string:
		message.Set("content", writeChunks(thinking, content, nil))
	default:
		message.Set("content", writeChunks(thinking, "", nil))
	}
}

// partFeature is the profile-dependent feature a user part falls under, and the member it is about.
func partFeature(part wirechat.Part) (string, string) {
	switch p := part.(type) {
	case *wirechat.ImagePart:
		if _, isURL := p.Image.(*wirechat.MediaUrl); isURL {
			return "image.url", "image"
		}
		return "image.base64", "image"
	case *wirechat.AudioPart:
		if _, isURL := p.Audio.(*wirechat.MediaUrl); !isURL {
			return "audio.base64", "audio"
		}
	case *wirechat.FilePart:
		switch file := p.File.(type) {
		case *wirechat.FileBase64:
			return "file.base64", "file"
		case *wirechat.FileId:
			if file.Issuer != nil && *file.Issuer == Provider {
				return "file.file_id", "file"
			}
		}
	}
	return "", ""
}

var partFeatures = []string{"image.url", "image.base64", "audio.base64", "file.base64", "file.file_id"}

// profileFeatures refuses, or records the degradation of, what the profile's server takes differently
// from OpenAI.
func profileFeatures(request wirechat.ChatRequest, conv *shared.Conversion, differs map[string]bool) error {
	manifest := conv.Manifest
	nameRule := acts("message.name", differs, manifest)
	partRules := map[string]bool{}
	for _, feature := range partFeatures {
		if acts(feature, differs, manifest) {
			partRules[feature] = true
		}
	}
	if nameRule || len(partRules) > 0 {
		for i, message := range request.Messages {
			where := "/messages/" + strconv.Itoa(i)
			if nameRule && message.Name != nil && message.Role != wirechat.RoleTool {
				if _, err := conv.Handle("message.name", where+"/name"); err != nil {
					return err
				}
			}
			if len(partRules) == 0 || message.Role != wirechat.RoleUser {
				continue
			}
			for j, part := range message.Parts {
				if feature, member := partFeature(part); partRules[feature] {
					if _, err := conv.Handle(feature, where+"/parts/"+strconv.Itoa(j)+"/"+member); err != nil {
						return err
					}
				}
			}
		}
	}
	options := request.Options
	if options == nil {
		return nil
	}
	if options.Seed != nil && acts("options.seed", differs, manifest) {
		if _, err := conv.Handle("options.seed", "/options/seed"); err != nil {
			return err
		}
	}
	if format := responseFormatFeature(options.ResponseFormat); format != "" && acts(format, differs, manifest) {
		if _, err := conv.Handle(format, "/options/response_format"); err != nil {
			return err
		}
	}
	return nil
}

func responseFormatFeature(format wirechat.ResponseFormat) string {
	switch format.(type) {
	case *wirechat.ResponseFormatJsonObject:
		return "response_format.json_object"
	case *wirechat.ResponseFormatJsonSchema:
		return "response_format.json_schema"
	}
	return ""
}

// checkRefusedOptions refuses a provider_options member the server answers 400 for.
func checkRefusedOptions(options wirechat.ProviderOptions, name string, profile *Profile) error {
	own, err := providerjson.ParseObject(options[name])
	if options[name] == nil || err != nil {
		return nil
	}
	members := make([]string, 0, len(profile.RefusedOptions))
	for member := range profile.RefusedOptions {
		members = append(members, member)
	}
	sort.Strings(members)
	for _, key := range own.Keys() {
		if slices.Contains(members, key) {
			return &adapters.RefusedError{
				Feature: "provider_options", Reason: profile.RefusedOptions[key] + " (drop the member)",
				Where: "/provider_options/" + name + "/" + key,
			}
		}
	}
	return nil
}
