// Package gomodel converts the JSON of a Go LLM SDK's model package (Message, Part, MediaRef, FileRef,
// DataRef, ToolCall, ToolResult, ToolDefinition, TokenUsage, StreamChunk; wirechat's seed 003) to and
// from wirechat, in-process, for a Go service that migrates from that SDK or reads what it stored.
//
// The functions come in pairs per document kind: MessageToWirechat / MessageFromWirechat, and the same
// for []Message, ToolDefinition, TokenUsage, the request document {model?, messages, tools?}, the
// response document {message, finish_reason?, usage?}, and streams of Records (a StreamChunk, a usage
// TokenUsage or an error). ToWirechat and FromWirechat do the same on JSON bytes, by Kind.
//
// Going to wirechat, what wirechat cannot hold is an *Error naming the JSON pointer in the go-model
// document (a MediaRef with both url and base64, or neither; inline bytes without a media type; a
// member the SDK's structs do not have); the result is then validated as wirechat. Coming from wirechat,
// what the SDK cannot say is dropped with a Warning naming the feature, or refused with a *Refused error.
// Both directions are held to the conversion vectors in conformance/conversions/go-model, which the
// Python adapter (wirechat.adapters.go_model) passes too; docs/decisions/013-go-model.md lists every
// field and where it goes.
package gomodel
