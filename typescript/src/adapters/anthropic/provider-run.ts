/**
 * Anthropic's provider-run blocks -> `provider_tool_call` / `provider_tool_result` parts (spec section 15), as
 * Python's `anthropic/provider_run.py`.
 *
 * Claude runs server tools (web search, web fetch, code execution, tool search...) and MCP connector calls
 * itself, and writes the call and its result into its own turn:
 *
 * - a **call** is a `server_tool_use` or `mcp_tool_use` block -> `provider_tool_call` with `id`, `name`,
 *   `input` and, for MCP, `server` (the block's `server_name`);
 * - a **result** is any block whose type ends in `_tool_result` (`web_search_tool_result`,
 *   `mcp_tool_result`, and the ones Anthropic adds later), except the caller's own `tool_result` ->
 *   `provider_tool_result` with `tool_call_id` (`tool_use_id`), `name` (the name of the call it answers, when
 *   the same content holds that call), `output` and `is_error`.
 *
 * Both keep the block byte for byte in `block` with issuer `anthropic`: that is what goes back to Anthropic in
 * the next turn (`shared/provider-run.ts`). `output` is a reading of the block's `content`: the content as
 * Anthropic wrote it, without the members whose names start with `encrypted_` (opaque data only Anthropic
 * reads; the block keeps them). `is_error` is the block's own `is_error` (MCP), else true when the content is
 * an error object (its `type` ends in `_error`); absent otherwise.
 *
 * @see https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/server-tools
 * @see https://docs.anthropic.com/en/docs/agents-and-tools/mcp-connector
 */

import type { JsonValue, ProviderToolCall, ProviderToolCallPart, ProviderToolResult, ProviderToolResultPart } from "../../generated/types.js";
import { getStr, isObject } from "../shared/conversion.js";
import { PROVIDER } from "./shapes.js";

/** A block type of a call Anthropic runs itself. */
export function isCall(kind: unknown): boolean {
  return kind === "server_tool_use" || kind === "mcp_tool_use";
}

/** A provider-run result block: its type ends in `_tool_result` and is not the caller's `tool_result`. */
export function isResult(kind: unknown): boolean {
  return typeof kind === "string" && kind.endsWith("_tool_result") && kind !== "tool_result";
}

/** `value` without the members whose names start with `encrypted_`, at any depth. */
export function reading(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reading);
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (!key.startsWith("encrypted_")) out[key] = reading(item);
  return out;
}

/** The `provider_tool_call` part for a `server_tool_use` or `mcp_tool_use` block. */
export function decodeCall(block: Record<string, unknown>, where: string): ProviderToolCallPart {
  const call: ProviderToolCall = { id: getStr(block, "id", where)!, name: getStr(block, "name", where)!, issuer: PROVIDER };
  if (block["input"] !== undefined && block["input"] !== null) call.input = block["input"] as JsonValue;
  const server = block["server_name"];
  if (typeof server === "string" && server) call.server = server;
  call.block = { ...block };
  return { type: "provider_tool_call", provider_tool_call: call };
}

/** The `provider_tool_result` part for a `*_tool_result` block; `names` maps the ids of the calls read so far to their names. */
export function decodeResult(block: Record<string, unknown>, where: string, names: ReadonlyMap<string, string>): ProviderToolResultPart {
  const callId = getStr(block, "tool_use_id", where) ?? "";
  const result: ProviderToolResult = { tool_call_id: callId, issuer: PROVIDER };
  const name = names.get(callId);
  if (name !== undefined) result.name = name;
  const content = block["content"];
  if (content !== undefined && content !== null) result.output = reading(content) as JsonValue;
  if (typeof block["is_error"] === "boolean") result.is_error = block["is_error"];
  else if (isObject(content) && String(content["type"] ?? "").endsWith("_error")) result.is_error = true;
  result.block = { ...block };
  return { type: "provider_tool_result", provider_tool_result: result };
}
