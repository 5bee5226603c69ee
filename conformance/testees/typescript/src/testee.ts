/**
 * The TypeScript testee of the wirechat conformance suite: the line protocol over stdin/stdout.
 *
 * One request per line (a JSON object), one response per line, in order; the protocol is documented in
 * conformance/README.md and docs/decisions/007-conformance-protocol.md. Only the public API of the
 * `wirechat` npm package (typescript/, built into typescript/dist) is used, the tool-loop helpers and
 * checks (spec section 14) included.
 */

import { createInterface } from "node:readline";

import {
  addUsage,
  buildArguments,
  checkToolLoopState,
  checkToolResult,
  findToolCall,
  findToolResult,
  mergeConsecutive,
  callResultToToolResult,
  canonical,
  canonicalTolerant,
  definitionToTool,
  jsonrpcToToolResult,
  McpMappingError,
  toolResultToCallResult,
  toolResultToJsonrpc,
  toolToDefinition,
  decode,
  decodeTolerant,
  encodeTolerant,
  encode,
  fold,
  parseArguments,
  StreamError,
  TYPE_NAMES,
  WireError,
  type JsonObject,
  type StreamEvent,
  type TypeName,
} from "../../../../typescript/dist/index.js";

type Request = Record<string, unknown> & { id?: unknown; op?: unknown };
type Response = Record<string, unknown>;

const typeNames: ReadonlySet<string> = new Set(TYPE_NAMES);

function rejected(error: unknown): Response {
  if (error instanceof WireError) {
    // `line` and `column` travel exactly for text faults (decision 007), as the package sets them.
    const problems = error.problems.map((p) => ({
      pointer: p.pointer,
      message: p.message,
      rule: p.rule,
      ...(p.line !== undefined ? { line: p.line, column: p.column } : {}),
    }));
    return { ok: false, problems };
  }
  if (error instanceof RangeError) return { ok: false, problems: [{ pointer: "", message: error.message }] };
  throw error;
}

function field(request: Request, name: string): string {
  const value = request[name];
  if (typeof value !== "string") throw new TypeError(`the request needs a string member ${JSON.stringify(name)}`);
  return value;
}

function decodeOp(request: Request): Response {
  const typeName = field(request, "type");
  if (!typeNames.has(typeName)) throw new TypeError(`no wire type named ${JSON.stringify(typeName)}`);
  const input: string | Uint8Array =
    typeof request.base64 === "string" ? new Uint8Array(Buffer.from(request.base64, "base64")) : field(request, "text");
  const limit = typeof request.max_bytes === "number" ? { maxBytes: request.max_bytes } : {};
  if (request.mode === "tolerant") {
    try {
      const read = decodeTolerant(input, typeName as TypeName, limit);
      return { ok: true, canonical: canonicalTolerant(read), encoded: encodeTolerant(read) };
    } catch (error) {
      return rejected(error);
    }
  }
  let value: unknown;
  try {
    value = decode(input, typeName as TypeName, limit);
  } catch (error) {
    return rejected(error);
  }
  return { ok: true, canonical: canonical(value), encoded: encode(value) };
}

function addUsageOp(request: Request): Response {
  try {
    const total = addUsage(decode(field(request, "a"), "TokenUsage"), decode(field(request, "b"), "TokenUsage"));
    return { ok: true, canonical: canonical(total) };
  } catch (error) {
    return rejected(error);
  }
}

function parseArgumentsOp(request: Request): Response {
  try {
    return { ok: true, canonical: canonical(parseArguments(field(request, "text"))) };
  } catch (error) {
    return rejected(error);
  }
}

function buildArgumentsOp(request: Request): Response {
  const value = JSON.parse(field(request, "value")) as JsonObject;
  try {
    return { ok: true, arguments: buildArguments(value) };
  } catch (error) {
    return rejected(error);
  }
}

function foldOp(request: Request): Response {
  const texts = request.events;
  if (!Array.isArray(texts)) throw new TypeError("fold needs an events array");
  let events: StreamEvent[];
  try {
    events = texts.map((text) => decode(String(text), "StreamEvent"));
  } catch (error) {
    return rejected(error);
  }
  try {
    return { ok: true, canonical: canonical(fold(events)) };
  } catch (error) {
    if (!(error instanceof StreamError)) throw error;
    return {
      ok: false,
      fold_error: error.kind,
      message: error.message,
      partial: canonical(error.partial),
      usage: error.usage === undefined ? null : canonical(error.usage),
    };
  }
}

function texts(request: Request, name: string): string[] {
  const value = request[name];
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) {
    throw new TypeError(`the request needs an array of strings ${JSON.stringify(name)}`);
  }
  return value as string[];
}

/** One tool-loop helper or check (spec section 14): a helper's value as RFC 8785 text, or a check's
 * problems (none: `ok`). The documents are valid by the protocol: one that does not decode is an error. */
function toolLoopOp(request: Request): Response {
  const helper = field(request, "helper");
  const check = (run: () => void): Response => {
    try {
      run();
    } catch (error) {
      if (!(error instanceof WireError)) throw error;
      return rejected(error);
    }
    return { ok: true };
  };
  switch (helper) {
    case "check_tool_result": {
      const result = decode(field(request, "result"), "ToolResult");
      return check(() => checkToolResult(result));
    }
    case "check_tool_loop_state": {
      const state = decode(field(request, "state"), "ToolLoopState");
      return check(() => checkToolLoopState(state));
    }
    case "merge_consecutive":
    case "find_tool_call":
    case "find_tool_result": {
      const messages = texts(request, "messages").map((text) => decode(text, "Message"));
      let result: unknown;
      if (helper === "merge_consecutive") result = mergeConsecutive(messages);
      else if (helper === "find_tool_call") result = findToolCall(messages, field(request, "tool_call_id")) ?? null;
      else result = findToolResult(messages, field(request, "tool_call_id")) ?? null;
      return { ok: true, canonical: canonical(result) };
    }
    default:
      throw new TypeError(`no tool-loop helper ${JSON.stringify(helper)}`);
  }
}

/** One MCP mapping (spec section 13): the output's RFC 8785 text and the pointers it dropped, or the
 * pointer of the value it refused. */
function mcpMapOp(request: Request): Response {
  const value = JSON.parse(field(request, "input")) as never;
  const toolCallId = String(request["tool_call_id"] ?? "");
  const mappings: Record<string, () => { value: unknown; warnings: { pointer: string }[] }> = {
    tool_to_definition: () => toolToDefinition(value),
    definition_to_tool: () => definitionToTool(value),
    call_result_to_tool_result: () => callResultToToolResult(value, toolCallId),
    tool_result_to_call_result: () => toolResultToCallResult(value),
    jsonrpc_to_tool_result: () => jsonrpcToToolResult(value, toolCallId),
    tool_result_to_jsonrpc: () => toolResultToJsonrpc(value, request["request_id"] as string | number),
  };
  const mapping = mappings[String(request["mapping"])];
  if (mapping === undefined) throw new TypeError(`no MCP mapping ${String(request["mapping"])}`);
  try {
    const mapped = mapping();
    return { ok: true, canonical: canonical(mapped.value), warnings: mapped.warnings.map((w) => w.pointer) };
  } catch (error) {
    if (!(error instanceof McpMappingError)) throw error;
    return { ok: false, refused: error.pointer, message: error.message };
  }
}

const operations: Record<string, (request: Request) => Response> = {
  mcp_map: mcpMapOp,
  hello: () => ({ ok: true, language: "typescript", protocol: 1 }),
  decode: decodeOp,
  add_usage: addUsageOp,
  parse_arguments: parseArgumentsOp,
  build_arguments: buildArgumentsOp,
  fold: foldOp,
  tool_loop: toolLoopOp,
};

function answer(line: string): Response {
  let request: Request;
  try {
    request = JSON.parse(line) as Request;
  } catch (error) {
    return { id: null, error: `bad request line: ${String(error)}` };
  }
  let response: Response;
  try {
    const operation = typeof request.op === "string" ? operations[request.op] : undefined;
    if (operation === undefined) throw new TypeError(`unknown op ${JSON.stringify(request.op)}`);
    response = operation(request);
  } catch (error) {
    response = { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  response.id = request.id ?? null;
  return response;
}

// Responses are gathered and written once per chunk of input, so that pipelined requests cost one
// write each batch rather than one per line.
let pending: string[] = [];
let scheduled = false;
function flush(): void {
  scheduled = false;
  if (pending.length === 0) return;
  const chunk = pending.join("");
  pending = [];
  process.stdout.write(chunk);
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  if (line.trim() === "") return;
  pending.push(JSON.stringify(answer(line)) + "\n");
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
});
lines.on("close", flush);
