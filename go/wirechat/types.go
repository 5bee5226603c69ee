package wirechat

// The wire types, generated from schema/v1 into the internal package wire and re-exported here under
// their schema names, so that github.com/wirechat/wirechat/go/wirechat is the one import. The aliases
// are the same types: their fields, Validate, MarshalJSON and UnmarshalJSON come with them.
//
// This list is kept by hand; TestEveryWireTypeIsExported fails, naming the lines to add, when the
// schema gains a type that is not listed.

import "github.com/wirechat/wirechat/go/internal/wire"

// Conversations: messages and their parts.
type (
	Message                = wire.Message
	Role                   = wire.Role
	Part                   = wire.Part
	TextPart               = wire.TextPart
	ReasoningPart          = wire.ReasoningPart
	ImagePart              = wire.ImagePart
	AudioPart              = wire.AudioPart
	FilePart               = wire.FilePart
	DataPart               = wire.DataPart
	ToolCallPart           = wire.ToolCallPart
	ToolResultPart         = wire.ToolResultPart
	ProviderToolCallPart   = wire.ProviderToolCallPart
	ProviderToolResultPart = wire.ProviderToolResultPart
	ContentPart            = wire.ContentPart
	Reasoning              = wire.Reasoning
	MediaRef               = wire.MediaRef
	MediaUrl               = wire.MediaUrl
	MediaBase64            = wire.MediaBase64
	FileRef                = wire.FileRef
	FileUri                = wire.FileUri
	FileBase64             = wire.FileBase64
	FileId                 = wire.FileId
	DataRef                = wire.DataRef
	Citation               = wire.Citation
	CitationKind           = wire.CitationKind
)

// The values of CitationKind.
const (
	CitationKindURL          = wire.CitationKindURL
	CitationKindDocument     = wire.CitationKindDocument
	CitationKindSearchResult = wire.CitationKindSearchResult
	CitationKindFile         = wire.CitationKindFile
	CitationKindOther        = wire.CitationKindOther
)

// The values of Role.
const (
	RoleSystem    = wire.RoleSystem
	RoleUser      = wire.RoleUser
	RoleAssistant = wire.RoleAssistant
	RoleTool      = wire.RoleTool
)

// Tools.
type (
	ToolCall           = wire.ToolCall
	ToolResult         = wire.ToolResult
	ToolDefinition     = wire.ToolDefinition
	ToolAnnotations    = wire.ToolAnnotations
	ToolChoice         = wire.ToolChoice
	ToolChoiceAuto     = wire.ToolChoiceAuto
	ToolChoiceNone     = wire.ToolChoiceNone
	ToolChoiceRequired = wire.ToolChoiceRequired
	ToolChoiceTool     = wire.ToolChoiceTool
	ToolResultStatus   = wire.ToolResultStatus
	ProviderTool       = wire.ProviderTool
	ProviderToolCall   = wire.ProviderToolCall
	ProviderToolResult = wire.ProviderToolResult
)

// The values of ToolResultStatus.
const (
	ToolResultStatusCompleted = wire.ToolResultStatusCompleted
	ToolResultStatusFailed    = wire.ToolResultStatusFailed
	ToolResultStatusRejected  = wire.ToolResultStatusRejected
)

// A tool loop saved between steps (spec section 14).
type (
	ToolLoopState         = wire.ToolLoopState
	PendingToolCall       = wire.PendingToolCall
	ToolCallStatus        = wire.ToolCallStatus
	ToolCallPending       = wire.ToolCallPending
	ToolCallApproved      = wire.ToolCallApproved
	ToolCallRejected      = wire.ToolCallRejected
	ToolCallScheduled     = wire.ToolCallScheduled
	ToolLoopPause         = wire.ToolLoopPause
	PauseAwaitingApproval = wire.PauseAwaitingApproval
	PauseScheduled        = wire.PauseScheduled
	PauseMixed            = wire.PauseMixed
	ToolCallIds           = wire.ToolCallIds
	Timestamp             = wire.Timestamp
)

// Requests, responses and their settings.
type (
	ChatRequest              = wire.ChatRequest
	ChatResponse             = wire.ChatResponse
	ChatOptions              = wire.ChatOptions
	ResponseFormat           = wire.ResponseFormat
	ResponseFormatText       = wire.ResponseFormatText
	ResponseFormatJsonObject = wire.ResponseFormatJsonObject
	ResponseFormatJsonSchema = wire.ResponseFormatJsonSchema
	JsonSchemaFormat         = wire.JsonSchemaFormat
	CompleteRequest          = wire.CompleteRequest
	CompleteResponse         = wire.CompleteResponse
	EmbedRequest             = wire.EmbedRequest
	EmbedResponse            = wire.EmbedResponse
	Embedding                = wire.Embedding
	TokenUsage               = wire.TokenUsage
	FinishReason             = wire.FinishReason
	FinishKind               = wire.FinishKind
	Error                    = wire.Error
	ErrorKind                = wire.ErrorKind
)

// The values of FinishKind.
const (
	FinishKindStop          = wire.FinishKindStop
	FinishKindLength        = wire.FinishKindLength
	FinishKindToolCalls     = wire.FinishKindToolCalls
	FinishKindContentFilter = wire.FinishKindContentFilter
	FinishKindRefusal       = wire.FinishKindRefusal
	FinishKindPause         = wire.FinishKindPause
	FinishKindError         = wire.FinishKindError
	FinishKindOther         = wire.FinishKindOther
)

// The values of ErrorKind.
const (
	ErrorKindNetwork               = wire.ErrorKindNetwork
	ErrorKindTimeout               = wire.ErrorKindTimeout
	ErrorKindRateLimited           = wire.ErrorKindRateLimited
	ErrorKindOverloaded            = wire.ErrorKindOverloaded
	ErrorKindAuthentication        = wire.ErrorKindAuthentication
	ErrorKindPermissionDenied      = wire.ErrorKindPermissionDenied
	ErrorKindNotFound              = wire.ErrorKindNotFound
	ErrorKindInvalidRequest        = wire.ErrorKindInvalidRequest
	ErrorKindContextLengthExceeded = wire.ErrorKindContextLengthExceeded
	ErrorKindContentFilter         = wire.ErrorKindContentFilter
	ErrorKindProvider              = wire.ErrorKindProvider
	ErrorKindInvalidResponse       = wire.ErrorKindInvalidResponse
	ErrorKindCancelled             = wire.ErrorKindCancelled
)

// Streams.
type (
	StreamEvent         = wire.StreamEvent
	StartEvent          = wire.StartEvent
	TextStartEvent      = wire.TextStartEvent
	TextDeltaEvent      = wire.TextDeltaEvent
	TextEndEvent        = wire.TextEndEvent
	ReasoningStartEvent = wire.ReasoningStartEvent
	ReasoningDeltaEvent = wire.ReasoningDeltaEvent
	ReasoningEndEvent   = wire.ReasoningEndEvent
	ToolCallStartEvent  = wire.ToolCallStartEvent
	ToolCallDeltaEvent  = wire.ToolCallDeltaEvent
	ToolCallEndEvent    = wire.ToolCallEndEvent
	PartEvent           = wire.PartEvent
	UsageEvent          = wire.UsageEvent
	FinishEvent         = wire.FinishEvent
	ErrorEvent          = wire.ErrorEvent
)

// MCP server configs (spec section 13), tagged on transport.
type (
	McpServerConfig    = wire.McpServerConfig
	McpStdioServer     = wire.McpStdioServer
	McpHttpServer      = wire.McpHttpServer
	McpWebsocketServer = wire.McpWebsocketServer
)

// Free-form and provider data.
type (
	JsonValue        = wire.JsonValue
	JsonObject       = wire.JsonObject
	ProviderMetadata = wire.ProviderMetadata
	ProviderOptions  = wire.ProviderOptions
)

// TypeNames lists the schema name of every wire type, sorted.
var TypeNames = wire.TypeNames
