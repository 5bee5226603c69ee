// Package gomodel is the go-model adapter: the adapter contract (adapters.Adapter) over the conversions of
// go/gomodel, which stay the one mapping of the Go SDK's model JSON (decision 013). The format is stored
// and passed in-process, never served: no base URL, no path, no auth. This package only binds: it turns
// go/gomodel's warnings, refusals and errors into the contract's, reads the error documents the format
// stores ({"error": message}; go/gomodel has no such kind), and frames go/gomodel's streams as SSE events.
// The tables (manifest, finish, error and status tables) are generated into go/internal/tables.
package gomodel

import (
	"errors"
	"net/http"

	"github.com/wirechat/wirechat/go/adapters"
	"github.com/wirechat/wirechat/go/adapters/providerjson"
	model "github.com/wirechat/wirechat/go/gomodel"
	"github.com/wirechat/wirechat/go/internal/tables"
	"github.com/wirechat/wirechat/go/wirechat"
)

// Name is the registry name; Provider the provider_metadata key (both go-model).
var (
	Name     = tables.GoModel.Name
	Provider = tables.GoModel.Provider
)

// Manifest is the adapter's capability manifest.
var Manifest = tables.GoModel.Manifest

// Adapter is the go-model adapter.
var Adapter adapters.Adapter = adapters.Modules{
	AdapterName: Name, ProviderName: Provider, AdapterManifest: Manifest,
	BaseURL: tables.GoModel.BaseURL, KeyEnv: tables.GoModel.APIKeyEnv, Path: tables.GoModel.Paths["chat"],
	Encode: EncodeRequest, Decode: DecodeRequest, DecodeReply: DecodeResponse, EncodeReply: EncodeResponse,
	StreamDecoderOf: func() adapters.StreamDecoder { return NewStreamDecoder() },
	StreamEncoderOf: func() adapters.StreamEncoder { return NewStreamEncoder() },
	Errors:          DecodeError,
	Auth:            func(string) http.Header { return http.Header{} },
	StreamFlags:     func(body *providerjson.Object) *providerjson.Object { return body.Copy() },
}

// EncodeRequest is the go-model request document for a canonical request.
func EncodeRequest(request wirechat.ChatRequest) (*providerjson.Object, []adapters.Warning, error) {
	return written(model.RequestFromWirechat(request))
}

// DecodeRequest is the canonical request for a go-model request document, []Message or Message.
func DecodeRequest(data []byte) (wirechat.ChatRequest, []adapters.Warning, error) {
	request, err := model.RequestToWirechat(data)
	return request, nil, read(err)
}

// DecodeResponse is the canonical response for a go-model response document. Nothing is degraded on
// the way in: a document converts losslessly or is refused (decision 013).
func DecodeResponse(data []byte) (wirechat.ChatResponse, []adapters.Warning, error) {
	response, err := model.ResponseToWirechat(data)
	return response, nil, read(err)
}

// EncodeResponse is the go-model response document for a canonical response.
func EncodeResponse(response wirechat.ChatResponse) (*providerjson.Object, []adapters.Warning, error) {
	return written(model.ResponseFromWirechat(response))
}

// written is a go/gomodel document as the contract gives it: an object, the warnings, a refusal.
func written(data []byte, warnings []model.Warning, err error) (*providerjson.Object, []adapters.Warning, error) {
	if err != nil {
		return nil, nil, refused(err)
	}
	body, err := providerjson.ParseObject(data)
	if err != nil {
		panic("gomodel wrote a document that is not a JSON object: " + err.Error())
	}
	return body, warningsOf(warnings), nil
}

// warningsOf are go/gomodel's warnings in the contract's form.
func warningsOf(warnings []model.Warning) []adapters.Warning {
	var out []adapters.Warning
	for _, w := range warnings {
		shown := w.Pointer
		if shown == "" {
			shown = "/"
		}
		out = append(out, adapters.Warning{Feature: w.Feature, Message: shown + ": " + w.Message, Where: w.Pointer})
	}
	return out
}

// refused is a go/gomodel refusal as an *adapters.RefusedError (anything else as is).
func refused(err error) error {
	var refusal *model.Refused
	if errors.As(err, &refusal) {
		return &adapters.RefusedError{Feature: refusal.Feature, Reason: refusal.Reason, Where: refusal.Pointer}
	}
	return err
}

// read is a go/gomodel reading error as an *adapters.InvalidBodyError: a document wirechat cannot hold
// (go/gomodel's *Error, with its pointer) or whose result is not valid wirechat (a *wirechat.WireError).
func read(err error) error {
	if err == nil {
		return nil
	}
	var invalid *model.Error
	if errors.As(err, &invalid) {
		return &adapters.InvalidBodyError{Pointer: invalid.Pointer, Message: invalid.Message}
	}
	return &adapters.InvalidBodyError{Message: err.Error()}
}
