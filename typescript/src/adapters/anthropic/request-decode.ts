/**
 * Anthropic Messages request body -> canonical `ChatRequest`, as Python's `anthropic/request_decode.py`: a user
 * message's `tool_result` blocks read back as a tool message (a message mixing them with other blocks as a tool
 * message and a user message, in order); the top-level `system` becomes the first system message; content
 * blocks read as `blocks.ts` reads them (provider-run calls and results, citations); a tool whose `type` is
 * Anthropic's own (`web_search_20250305`, `code_execution_*`, `mcp_toolset`...) becomes a provider tool with its
 * definition unchanged (spec section 15); top-level members it does not map travel whole in
 * `provider_options`. Every member the decoder neither maps nor keeps is reported with its pointer
 * (`provider.unmapped`, a block of an unknown type too). A body that is not a request
 * throws `ProviderShapeError` naming the member (or `WireError` when what it reads back is not a valid
 * canonical request, as Python's model validation refuses it).
 */

import type { ChatOptions, ChatRequest, Message, Part, ProviderTool, ToolChoice, ToolDefinition } from "../../generated/types.js";
import { validate } from "../../codec.js";
import { ProviderShapeError, type ConversionWarning } from "../shared/contract.js";
import { Conversion, getList, getMap, getStr, isObject } from "../shared/conversion.js";
import { unmappedMembers, type Shape } from "../shared/unmapped.js";
import { decodeBlock } from "./blocks.js";
import { MANIFEST } from "../../tables/anthropic.js";
import { isKnown, unmappedBlock } from "./members.js";
import { NAME, PROVIDER, SCHEMA_NAME } from "./shapes.js";

const OWN_KEYS = new Set(["model", "max_tokens", "messages", "system", "tools", "tool_choice", "stop_sequences", "temperature", "top_p"]);
const MESSAGE: Shape = { role: null, content: null };
const TOOL: Shape = { name: null, description: null, input_schema: null, strict: null };

export function decodeRequest(input: unknown, adapterName = NAME): { request: ChatRequest; warnings: ConversionWarning[] } {
  if (!isObject(input)) throw new ProviderShapeError("", "expected a Messages request object");
  const body = input;
  const conv = new Conversion(MANIFEST);
  const messages: Message[] = [];
  const request: ChatRequest = { messages };
  if (typeof body["model"] === "string" && body["model"]) request.model = body["model"];
  if (body["system"] !== undefined && body["system"] !== null) messages.push({ role: "system", parts: decodeBlocks(body["system"], "/system", "system", conv) });
  (getList(body, "messages", "") ?? []).forEach((raw, i) => messages.push(...decodeMessage(raw, `/messages/${i}`, conv)));
  const tools = getList(body, "tools", "", false);
  if (tools !== undefined) {
    const [functions, defined] = decodeTools(tools, conv);
    request.tools = functions;
    if (defined.length > 0) request.provider_tools = defined;
  }
  const options: ChatOptions = {};
  if (body["max_tokens"] !== undefined && body["max_tokens"] !== null) options.max_tokens = body["max_tokens"] as number;
  for (const name of ["temperature", "top_p"] as const) if (body[name] !== undefined && body[name] !== null) options[name] = Number(body[name]);
  if (body["stop_sequences"] !== undefined && body["stop_sequences"] !== null) options.stop = [...(body["stop_sequences"] as string[])];
  const choice = getMap(body, "tool_choice", "", false);
  if (choice !== undefined) {
    const kind = choice["type"];
    request.tool_choice = (kind === "any" ? { type: "required" } : kind === "tool" ? { type: "tool", tool: getStr(choice, "name", "/tool_choice")! } : { type: kind }) as ToolChoice;
    if (typeof choice["disable_parallel_tool_use"] === "boolean") options.parallel_tool_calls = !choice["disable_parallel_tool_use"];
  }
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (!OWN_KEYS.has(key)) extra[key] = value;
  const outputConfig = extra["output_config"];
  delete extra["output_config"];
  if (isObject(outputConfig)) {
    const rest = { ...outputConfig };
    const format = rest["format"];
    delete rest["format"];
    if (isObject(format) && format["type"] === "json_schema") {
      options.response_format = { type: "json_schema", json_schema: { name: SCHEMA_NAME, schema: (format["schema"] as Record<string, unknown>) || {} } };
    }
    if (Object.keys(rest).length > 0) extra["output_config"] = rest;
  }
  if (Object.keys(options).length > 0) request.options = options;
  if (Object.keys(extra).length > 0) request.provider_options = { [adapterName]: extra };
  return { request: validate(request, "ChatRequest"), warnings: conv.warnings };
}

/**
 * The canonical message, or messages: a user turn's `tool_result` blocks are tool messages, so a turn that
 * mixes them with other blocks (results, then the text and images a client adds) is split in runs, in order.
 */
function decodeMessage(raw: unknown, where: string, conv: Conversion): Message[] {
  if (!isObject(raw)) throw new ProviderShapeError(where, "expected a message object");
  for (const pointer of unmappedMembers(raw, MESSAGE, where)) conv.degrade("provider.unmapped", pointer);
  const role = raw["role"];
  if (role !== "user" && role !== "assistant" && role !== "system") throw new ProviderShapeError(`${where}/role`, `expected user, assistant or system, got ${JSON.stringify(role ?? null)}`);
  const parts = decodeBlocks(raw["content"], `${where}/content`, role, conv);
  if (role !== "user" || !parts.some((part) => part.type === "tool_result")) return [{ role, parts }];
  const runs: Message[] = [];
  for (const part of parts) {
    const runRole = part.type === "tool_result" ? "tool" : "user";
    const last = runs[runs.length - 1];
    if (last === undefined || last.role !== runRole) runs.push({ role: runRole, parts: [part] });
    else last.parts.push(part);
  }
  return runs;
}

/**
 * The parts of a message's content; a block of an unknown type is reported, and kept whole as a data part in
 * user and system content, dropped from assistant content (where no data part may stand).
 */
function decodeBlocks(content: unknown, where: string, role: string, conv: Conversion): Part[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  if (!Array.isArray(content)) throw new ProviderShapeError(where, "expected a string or an array of content blocks");
  const names = new Map<string, string>();
  const parts: Part[] = [];
  content.forEach((block, i) => {
    const at = `${where}/${i}`;
    const part = decodeBlock(block, at, names);
    report(block, at, conv);
    if (part !== undefined) parts.push(part);
    else if (role !== "assistant") parts.push({ type: "data", data: { value: { ...(block as Record<string, unknown>) } } });
  });
  return parts;
}

/** Report what of `block` no part holds: a type this adapter does not know, or unmapped members (in the blocks a tool result holds too). */
function report(block: unknown, where: string, conv: Conversion): void {
  if (isObject(block) && !isKnown(block["type"])) {
    conv.degrade("provider.unmapped", where);
    return;
  }
  for (const pointer of unmappedBlock(block, where)) conv.degrade("provider.unmapped", pointer);
  if (isObject(block) && block["type"] === "tool_result" && Array.isArray(block["content"])) {
    block["content"].forEach((inner, k) => report(inner, `${where}/content/${k}`, conv));
  }
}

/** The function tools, and Anthropic's own tools (web search, code execution, MCP toolsets...: any `type` but `custom`) as provider tools with their definitions unchanged. */
function decodeTools(tools: unknown[], conv: Conversion): [ToolDefinition[], ProviderTool[]] {
  const functions: ToolDefinition[] = [];
  const defined: ProviderTool[] = [];
  tools.forEach((raw, i) => {
    const where = `/tools/${i}`;
    if (!isObject(raw)) throw new ProviderShapeError(where, "expected a tool object");
    const kind = raw["type"];
    if (kind === undefined || kind === null || kind === "custom") {
      for (const pointer of unmappedMembers(raw, TOOL, where)) conv.degrade("provider.unmapped", pointer);
      functions.push(decodeTool(raw, where));
      return;
    }
    if (typeof kind !== "string" || !kind) throw new ProviderShapeError(`${where}/type`, `expected a string, got ${JSON.stringify(kind)}`);
    const tool: ProviderTool = { issuer: PROVIDER, type: kind, definition: { ...raw } };
    if (typeof raw["name"] === "string" && raw["name"]) tool.name = raw["name"];
    defined.push(tool);
  });
  return [functions, defined];
}

function decodeTool(raw: Record<string, unknown>, where: string): ToolDefinition {
  const tool: ToolDefinition = { name: getStr(raw, "name", where)!, input_schema: {} };
  if (raw["description"] !== undefined && raw["description"] !== null) tool.description = raw["description"] as string;
  tool.input_schema = getMap(raw, "input_schema", where)!;
  if (typeof raw["strict"] === "boolean") tool.strict = raw["strict"];
  return tool;
}
