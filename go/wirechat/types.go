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
	// Message has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire Message
	//
	//	Role             Role
	//	Parts            []Part
	//	Name             *string
	//	ID               *string
	//	ProviderMetadata ProviderMetadata
	Message = wire.Message
	Role    = wire.Role
	Part    = wire.Part
	// TextPart has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire TextPart
	//
	//	Text             string
	//	Citations        []Citation
	//	ProviderMetadata ProviderMetadata
	TextPart = wire.TextPart
	// ReasoningPart has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ReasoningPart
	//
	//	Reasoning        Reasoning
	//	ProviderMetadata ProviderMetadata
	ReasoningPart = wire.ReasoningPart
	// ImagePart has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ImagePart
	//
	//	Image            MediaRef
	//	ProviderMetadata ProviderMetadata
	ImagePart = wire.ImagePart
	// AudioPart has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire AudioPart
	//
	//	Audio            MediaRef
	//	ProviderMetadata ProviderMetadata
	AudioPart = wire.AudioPart
	// FilePart has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire FilePart
	//
	//	File             FileRef
	//	ProviderMetadata ProviderMetadata
	FilePart = wire.FilePart
	// DataPart has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire DataPart
	//
	//	Data             DataRef
	//	ProviderMetadata ProviderMetadata
	DataPart = wire.DataPart
	// ToolCallPart has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ToolCallPart
	//
	//	ToolCall         ToolCall
	//	ProviderMetadata ProviderMetadata
	ToolCallPart = wire.ToolCallPart
	// ToolResultPart has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ToolResultPart
	//
	//	ToolResult       ToolResult
	//	ProviderMetadata ProviderMetadata
	ToolResultPart = wire.ToolResultPart
	// ProviderToolCallPart has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ProviderToolCallPart
	//
	//	ProviderToolCall ProviderToolCall
	//	ProviderMetadata ProviderMetadata
	ProviderToolCallPart = wire.ProviderToolCallPart
	// ProviderToolResultPart has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ProviderToolResultPart
	//
	//	ProviderToolResult ProviderToolResult
	//	ProviderMetadata   ProviderMetadata
	ProviderToolResultPart = wire.ProviderToolResultPart
	ContentPart            = wire.ContentPart
	// Reasoning has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire Reasoning
	//
	//	Text         *string
	//	Signature    *string
	//	RedactedData *string
	//	Issuer       *string
	Reasoning = wire.Reasoning
	MediaRef  = wire.MediaRef
	// MediaUrl has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire MediaUrl
	//
	//	URL       string
	//	MediaType *string
	MediaUrl = wire.MediaUrl
	// MediaBase64 has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire MediaBase64
	//
	//	Base64    string
	//	MediaType string
	MediaBase64 = wire.MediaBase64
	FileRef     = wire.FileRef
	// FileUri has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire FileUri
	//
	//	URI       string
	//	MediaType *string
	//	Name      *string
	FileUri = wire.FileUri
	// FileBase64 has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire FileBase64
	//
	//	Base64    string
	//	MediaType string
	//	Name      *string
	FileBase64 = wire.FileBase64
	// FileId has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire FileId
	//
	//	FileID    string
	//	Issuer    *string
	//	MediaType *string
	//	Name      *string
	FileId = wire.FileId
	// DataRef has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire DataRef
	//
	//	Value     JsonValue
	//	MediaType *string
	DataRef = wire.DataRef
	// Citation has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire Citation
	//
	//	Kind        CitationKind
	//	URL         *string
	//	Title       *string
	//	CitedText   *string
	//	StartIndex  *int64
	//	EndIndex    *int64
	//	SourceIndex *int64
	//	FileID      *string
	//	Issuer      *string
	//	Block       JsonObject
	Citation     = wire.Citation
	CitationKind = wire.CitationKind
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
	// ToolCall has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ToolCall
	//
	//	ID        string
	//	Name      string
	//	Arguments string
	ToolCall = wire.ToolCall
	// ToolResult has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ToolResult
	//
	//	ToolCallID string
	//	Content    string
	//	IsError    *bool
	//	Status     *ToolResultStatus
	//	Reason     *string
	//	Parts      []ContentPart
	ToolResult = wire.ToolResult
	// ToolDefinition has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ToolDefinition
	//
	//	Name         string
	//	Description  *string
	//	InputSchema  JsonObject
	//	OutputSchema JsonObject
	//	Annotations  *ToolAnnotations
	//	Strict       *bool
	ToolDefinition = wire.ToolDefinition
	// ToolAnnotations has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ToolAnnotations
	//
	//	Title           *string
	//	ReadOnlyHint    *bool
	//	DestructiveHint *bool
	//	IdempotentHint  *bool
	//	OpenWorldHint   *bool
	ToolAnnotations    = wire.ToolAnnotations
	ToolChoice         = wire.ToolChoice
	ToolChoiceAuto     = wire.ToolChoiceAuto
	ToolChoiceNone     = wire.ToolChoiceNone
	ToolChoiceRequired = wire.ToolChoiceRequired
	// ToolChoiceTool has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ToolChoiceTool
	//
	//	Tool string
	ToolChoiceTool   = wire.ToolChoiceTool
	ToolResultStatus = wire.ToolResultStatus
	// ProviderTool has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ProviderTool
	//
	//	Issuer     string
	//	Type       string
	//	Name       *string
	//	Definition JsonObject
	ProviderTool = wire.ProviderTool
	// ProviderToolCall has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ProviderToolCall
	//
	//	ID     string
	//	Name   string
	//	Issuer string
	//	Input  JsonValue
	//	Server *string
	//	Block  JsonObject
	ProviderToolCall = wire.ProviderToolCall
	// ProviderToolResult has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ProviderToolResult
	//
	//	ToolCallID string
	//	Issuer     string
	//	Name       *string
	//	Output     JsonValue
	//	IsError    *bool
	//	Block      JsonObject
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
	// ToolLoopState has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ToolLoopState
	//
	//	Request ChatRequest
	//	Pending []PendingToolCall
	//	Pause   ToolLoopPause
	//	Steps   int64
	//	Usage   *TokenUsage
	ToolLoopState = wire.ToolLoopState
	// PendingToolCall has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire PendingToolCall
	//
	//	ToolCall ToolCall
	//	Status   ToolCallStatus
	PendingToolCall  = wire.PendingToolCall
	ToolCallStatus   = wire.ToolCallStatus
	ToolCallPending  = wire.ToolCallPending
	ToolCallApproved = wire.ToolCallApproved
	// ToolCallRejected has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ToolCallRejected
	//
	//	Reason string
	ToolCallRejected = wire.ToolCallRejected
	// ToolCallScheduled has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ToolCallScheduled
	//
	//	At Timestamp
	ToolCallScheduled = wire.ToolCallScheduled
	ToolLoopPause     = wire.ToolLoopPause
	// PauseAwaitingApproval has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire PauseAwaitingApproval
	//
	//	ToolCallIds ToolCallIds
	PauseAwaitingApproval = wire.PauseAwaitingApproval
	// PauseScheduled has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire PauseScheduled
	//
	//	ToolCallIds ToolCallIds
	//	At          Timestamp
	PauseScheduled = wire.PauseScheduled
	// PauseMixed has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire PauseMixed
	//
	//	AwaitingApproval ToolCallIds
	//	Scheduled        ToolCallIds
	//	At               Timestamp
	PauseMixed  = wire.PauseMixed
	ToolCallIds = wire.ToolCallIds
	Timestamp   = wire.Timestamp
)

// Requests, responses and their settings.
type (
	// ChatRequest has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ChatRequest
	//
	//	Model           *string
	//	Messages        []Message
	//	Tools           []ToolDefinition
	//	ProviderTools   []ProviderTool
	//	ToolChoice      ToolChoice
	//	Options         *ChatOptions
	//	ProviderOptions ProviderOptions
	ChatRequest = wire.ChatRequest
	// ChatResponse has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ChatResponse
	//
	//	Message          Message
	//	FinishReason     FinishReason
	//	Usage            *TokenUsage
	//	ID               *string
	//	Model            *string
	//	ProviderMetadata ProviderMetadata
	ChatResponse = wire.ChatResponse
	// ChatOptions has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ChatOptions
	//
	//	Temperature       *float64
	//	TopP              *float64
	//	MaxTokens         *int64
	//	Stop              []string
	//	Seed              *int64
	//	ParallelToolCalls *bool
	//	ResponseFormat    ResponseFormat
	ChatOptions              = wire.ChatOptions
	ResponseFormat           = wire.ResponseFormat
	ResponseFormatText       = wire.ResponseFormatText
	ResponseFormatJsonObject = wire.ResponseFormatJsonObject
	// ResponseFormatJsonSchema has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ResponseFormatJsonSchema
	//
	//	JSONSchema JsonSchemaFormat
	ResponseFormatJsonSchema = wire.ResponseFormatJsonSchema
	// JsonSchemaFormat has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire JsonSchemaFormat
	//
	//	Name        string
	//	Description *string
	//	Schema      JsonObject
	//	Strict      *bool
	JsonSchemaFormat = wire.JsonSchemaFormat
	// CompleteRequest has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire CompleteRequest
	//
	//	Model           *string
	//	Prompt          string
	//	Options         *ChatOptions
	//	ProviderOptions ProviderOptions
	CompleteRequest = wire.CompleteRequest
	// CompleteResponse has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire CompleteResponse
	//
	//	Text             string
	//	FinishReason     FinishReason
	//	Usage            *TokenUsage
	//	ID               *string
	//	Model            *string
	//	ProviderMetadata ProviderMetadata
	CompleteResponse = wire.CompleteResponse
	// EmbedRequest has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire EmbedRequest
	//
	//	Model           *string
	//	Inputs          []string
	//	Dimensions      *int64
	//	ProviderOptions ProviderOptions
	EmbedRequest = wire.EmbedRequest
	// EmbedResponse has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire EmbedResponse
	//
	//	Embeddings       []Embedding
	//	Usage            *TokenUsage
	//	Model            *string
	//	ProviderMetadata ProviderMetadata
	EmbedResponse = wire.EmbedResponse
	Embedding     = wire.Embedding
	// TokenUsage has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire TokenUsage
	//
	//	InputTokens           int64
	//	OutputTokens          int64
	//	TotalTokens           int64
	//	CacheReadInputTokens  *int64
	//	CacheWriteInputTokens *int64
	//	ReasoningOutputTokens *int64
	//	Model                 *string
	//	LatencyMs             *int64
	//	CostMicros            *int64
	TokenUsage = wire.TokenUsage
	// FinishReason has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire FinishReason
	//
	//	Kind FinishKind
	//	Raw  *string
	FinishReason = wire.FinishReason
	FinishKind   = wire.FinishKind
	// Error has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire Error
	//
	//	Kind             ErrorKind
	//	Message          string
	//	Retryable        bool
	//	Status           *int64
	//	ProviderCode     *string
	//	RetryAfterMs     *int64
	//	RequestID        *string
	//	Usage            *TokenUsage
	//	ProviderMetadata ProviderMetadata
	Error     = wire.Error
	ErrorKind = wire.ErrorKind
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
	StreamEvent = wire.StreamEvent
	// StartEvent has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire StartEvent
	//
	//	ID    *string
	//	Model *string
	StartEvent = wire.StartEvent
	// TextStartEvent has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire TextStartEvent
	//
	//	Index int64
	TextStartEvent = wire.TextStartEvent
	// TextDeltaEvent has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire TextDeltaEvent
	//
	//	Index int64
	//	Text  string
	TextDeltaEvent = wire.TextDeltaEvent
	// TextEndEvent has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire TextEndEvent
	//
	//	Index            int64
	//	Citations        []Citation
	//	ProviderMetadata ProviderMetadata
	TextEndEvent = wire.TextEndEvent
	// ReasoningStartEvent has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ReasoningStartEvent
	//
	//	Index        int64
	//	Issuer       *string
	//	RedactedData *string
	ReasoningStartEvent = wire.ReasoningStartEvent
	// ReasoningDeltaEvent has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ReasoningDeltaEvent
	//
	//	Index     int64
	//	Text      *string
	//	Signature *string
	ReasoningDeltaEvent = wire.ReasoningDeltaEvent
	// ReasoningEndEvent has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ReasoningEndEvent
	//
	//	Index            int64
	//	ProviderMetadata ProviderMetadata
	ReasoningEndEvent = wire.ReasoningEndEvent
	// ToolCallStartEvent has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ToolCallStartEvent
	//
	//	Index int64
	//	ID    string
	//	Name  string
	ToolCallStartEvent = wire.ToolCallStartEvent
	// ToolCallDeltaEvent has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ToolCallDeltaEvent
	//
	//	Index     int64
	//	Arguments string
	ToolCallDeltaEvent = wire.ToolCallDeltaEvent
	// ToolCallEndEvent has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ToolCallEndEvent
	//
	//	Index            int64
	//	ProviderMetadata ProviderMetadata
	ToolCallEndEvent = wire.ToolCallEndEvent
	// PartEvent has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire PartEvent
	//
	//	Index int64
	//	Part  Part
	PartEvent = wire.PartEvent
	// UsageEvent has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire UsageEvent
	//
	//	Usage TokenUsage
	UsageEvent = wire.UsageEvent
	// FinishEvent has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire FinishEvent
	//
	//	FinishReason     FinishReason
	//	ProviderMetadata ProviderMetadata
	FinishEvent = wire.FinishEvent
	// ErrorEvent has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire ErrorEvent
	//
	//	Error Error
	ErrorEvent = wire.ErrorEvent
)

// MCP server configs (spec section 13), tagged on transport.
type (
	McpServerConfig = wire.McpServerConfig
	// McpStdioServer has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire McpStdioServer
	//
	//	Name             string
	//	Command          string
	//	Args             []string
	//	Env              map[string]string
	//	SecretEnv        []string
	//	Cwd              *string
	//	ConnectTimeoutMs *int64
	//	CallTimeoutMs    *int64
	McpStdioServer = wire.McpStdioServer
	// McpHttpServer has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire McpHttpServer
	//
	//	Name             string
	//	URL              string
	//	Headers          map[string]string
	//	SecretHeaders    map[string]string
	//	ConnectTimeoutMs *int64
	//	CallTimeoutMs    *int64
	McpHttpServer = wire.McpHttpServer
	// McpWebsocketServer has the fields below; each one's text: go doc github.com/wirechat/wirechat/go/internal/wire McpWebsocketServer
	//
	//	Name             string
	//	URL              string
	//	Headers          map[string]string
	//	SecretHeaders    map[string]string
	//	ConnectTimeoutMs *int64
	//	CallTimeoutMs    *int64
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
