/**
 * wirechat for TypeScript: the wire types of schema v1, a validating `decode`, `encode`, the RFC 8785
 * `canonical` form, and the helpers that carry behaviour (usage sums, tool arguments, accessors).
 *
 * The types, validators and bundled schema are generated into `./generated/` from `schema/v1`; every
 * other module is hand-written behaviour over them.
 */

export type * from "./generated/types.js";
export type { TypeName, SchemaNode } from "./generated/schema.js";
export { TYPE_NAMES, schema } from "./generated/schema.js";
export { VERSION } from "./generated/version.js";

export { WirechatError, WireError, type Problem, escapePointerToken, pointerFromPath } from "./errors.js";
export { MAX_PROBLEMS, comparePointers } from "./problem-order.js";
export { decode, validate, encode, type DecodeOptions } from "./codec.js";
export { canonical } from "./canonical.js";
export {
  OPEN_ENUM_FALLBACK,
  TolerantRestoreError,
  canonicalTolerant,
  decodeTolerant,
  encodeTolerant,
  toJsonTolerant,
  type Tolerant,
  type Unknown,
} from "./tolerant.js";
export { parseJson, MAX_DEPTH } from "./ijson.js";
export { addUsage, sumUsage } from "./usage.js";
export { buildArguments, parseArguments } from "./tool-arguments.js";
export { checkToolLoopState, checkToolResult, findToolCall, findToolResult, mergeConsecutive, type Found } from "./tool-loop.js";
export {
  audioMessage,
  cloneMessage,
  cloneMessages,
  cloneParts,
  dataMessage,
  fileMessage,
  hasToolCalls,
  imageMessage,
  messageText,
  textMessage,
  toolCall,
  toolCallMessage,
  toolCalls,
  toolResultMessage,
  toolResults,
  type BuildOptions,
} from "./messages.js";
export { fold, StreamFold, StreamError, type StreamErrorKind } from "./stream.js";
export {
  classify,
  header,
  kindForStatus,
  retryAfterMs,
  shouldRetry,
  RETRYABLE_KINDS,
  STATUS_KINDS,
  type Classification,
  type HeaderSource,
  type SseEvent,
  type StreamDecoder,
} from "./exchange.js";
export { ADAPTERS, getAdapter, UnknownAdapterError, anthropic, gemini, goModel, openaiChat, querymt, ConversionRefused, ProviderShapeError, type Adapter, type ConversionWarning, type Manifest, type Support, type Level, type RequestKind } from "./adapters/index.js";
/** The go-model document kinds (a lone Message, `[]Message`, ToolDefinition, TokenUsage, request, response, stream) both ways. */
export { fromWirechat as goModelFromWirechat, toWirechat as goModelToWirechat, type Kind as GoModelKind } from "./adapters/go-model/documents.js";
export { eventsFromResponse } from "./stream-replay.js";
export * from "./client/index.js";
export { SCHEMA_NAME, StructuredOutputError, structuredChat, type Output, type OutputSchema, type Structured } from "./structured-output.js";
/** The tool loop (spec section 14): `loop.run`, `loop.stream`, `loop.resume`, `loop.defineTool`, policies and decisions. */
export * as loop from "./loop/index.js";
/** The MCP client (spec section 13): `mcp.connect`, `mcp.McpClient`, `mcp.McpServers`, `mcp.loadConfigs`, `mcp.mcpTools`. */
export * as mcp from "./mcp-client/index.js";
export {
  McpConfigError,
  McpConnectError,
  McpError,
  McpLimitError,
  McpMalformedResultError,
  McpRpcError,
  McpSecretNotAllowedError,
  McpServerDiedError,
  McpTimeoutError,
  McpUnsupportedTransportError,
} from "./mcp-client/errors.js";
export { McpMappingError, definitionToTool, toolToDefinition, type Mapped, type MappingWarning } from "./mcp.js";
export { callResultToToolResult, jsonrpcToToolResult, toolResultToCallResult, toolResultToJsonrpc } from "./mcp-results.js";
