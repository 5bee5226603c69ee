/**
 * Anthropic Messages request body -> canonical `ChatRequest` (Python's `anthropic/request_decode.py`): a
 * user message's `tool_result` blocks read back as a tool message (a message mixing them with other blocks
 * as a tool message and a user message, in order); the top-level `system`
 * becomes the first system message; top-level members it does not map travel whole in `provider_options`;
 * members it does not map inside messages, blocks and tools are reported (`provider.unmapped`).
 * A body that is not a request throws `ProviderShapeError` naming the member (or `WireError` when what it
 * reads back is not a valid canonical request, as Python's model validation refuses it).
 */

import type { ChatOptions, ChatRequest, Message, Part, ToolChoice, ToolDefinition } from "../../generated/types.js";
import { validate } from "../../codec.js";
import { ProviderShapeError, type ConversionWarning } from "../shared/contract.js";
import { Conversion, getList, getMap, getStr, isObject } from "../shared/conversion.js";
import { unmappedMembers, type Shape } from "../shared/unmapped.js";
import { MANIFEST } from "./manifest.js";
import { decodeBlock, NAME, SCHEMA_NAME } from "./shapes.js";

const OWN_KEYS = new Set(["model", "max_tokens", "messages", "system", "tools", "tool_choice", "stop_sequences", "temperature", "top_p"]);
const MESSAGE: Shape = { role: null, content: null };
const SOURCE: Shape = { type: null, url: null, data: null, media_type: null, file_id: null };
const BLOCKS: Record<string, Shape> = {
  text: { type: null, text: null, cache_control: null, citations: null },
  image: { type: null, source: SOURCE, cache_control: null, citations: null },
  document: { type: null, source: SOURCE, title: null, cache_control: null, citations: null },
  tool_use: { type: null, id: null, name: null, input: null, cache_control: null, citations: null },
  tool_result: { type: null, tool_use_id: null, content: null, is_error: null, cache_control: null, citations: null },
  thinking: { type: null, thinking: null, signature: null },
  redacted_thinking: { type: null, data: null },
};
const TOOL: Shape = { name: null, description: null, input_schema: null, strict: null };

function unmappedBlocks(blocks: unknown, where: string): string[] {
  const found: string[] = [];
  (Array.isArray(blocks) ? blocks : []).forEach((block, k) => {
    const type = isObject(block) ? String(block["type"]) : "";
    const shape = Object.hasOwn(BLOCKS, type) ? BLOCKS[type] : undefined;
    if (shape === undefined || !isObject(block)) return;
    found.push(...unmappedMembers(block, shape, `${where}/${k}`));
    if (type === "tool_result") found.push(...unmappedBlocks(block["content"], `${where}/${k}/content`));
  });
  return found;
}

function unmapped(body: Record<string, unknown>): string[] {
  const found = unmappedBlocks(body["system"], "/system");
  const messages = body["messages"];
  (Array.isArray(messages) ? messages : []).forEach((message, i) => {
    found.push(...unmappedMembers(message, MESSAGE, `/messages/${i}`));
    if (isObject(message)) found.push(...unmappedBlocks(message["content"], `/messages/${i}/content`));
  });
  const tools = body["tools"];
  (Array.isArray(tools) ? tools : []).forEach((tool, i) => found.push(...unmappedMembers(tool, TOOL, `/tools/${i}`)));
  return found;
}

export function decodeRequest(input: unknown, adapterName = NAME): { request: ChatRequest; warnings: ConversionWarning[] } {
  if (!isObject(input)) throw new ProviderShapeError("", "expected a Messages request object");
  const body = input;
  const messages: Message[] = [];
  const request: ChatRequest = { messages };
  if (typeof body["model"] === "string" && body["model"]) request.model = body["model"];
  if (body["system"] !== undefined && body["system"] !== null) messages.push({ role: "system", parts: decodeBlocks(body["system"], "/system") });
  (getList(body, "messages", "") ?? []).forEach((raw, i) => messages.push(...decodeMessage(raw, `/messages/${i}`)));
  const tools = getList(body, "tools", "", false);
  if (tools !== undefined) request.tools = tools.map((tool, i) => decodeTool(tool, `/tools/${i}`));
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
  const conv = new Conversion(MANIFEST);
  for (const where of unmapped(body)) conv.degrade("provider.unmapped", where);
  return { request: validate(request, "ChatRequest"), warnings: conv.warnings };
}

/** The canonical message, or messages: a user turn's `tool_result` blocks are tool messages, so a turn that
 * mixes them with other blocks is split in runs, in order. */
function decodeMessage(raw: unknown, where: string): Message[] {
  if (!isObject(raw)) throw new ProviderShapeError(where, "expected a message object");
  const role = raw["role"];
  if (role !== "user" && role !== "assistant" && role !== "system") throw new ProviderShapeError(`${where}/role`, `expected user, assistant or system, got ${JSON.stringify(role ?? null)}`);
  const parts = decodeBlocks(raw["content"], `${where}/content`);
  if (role !== "user" || parts.length === 0) return [{ role: role as Message["role"], parts }];
  const runs: Message[] = [];
  for (const part of parts) {
    const partRole = part.type === "tool_result" ? "tool" : "user";
    const last = runs[runs.length - 1];
    if (last !== undefined && last.role === partRole) last.parts.push(part);
    else runs.push({ role: partRole, parts: [part] });
  }
  return runs;
}

function decodeBlocks(content: unknown, where: string): Part[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  if (!Array.isArray(content)) throw new ProviderShapeError(where, "expected a string or an array of content blocks");
  return content.map((block, i) => decodeBlock(block, `${where}/${i}`));
}

function decodeTool(raw: unknown, where: string): ToolDefinition {
  if (!isObject(raw)) throw new ProviderShapeError(where, "expected a tool object");
  const tool: ToolDefinition = { name: getStr(raw, "name", where)!, input_schema: {} };
  if (raw["description"] !== undefined && raw["description"] !== null) tool.description = raw["description"] as string;
  tool.input_schema = getMap(raw, "input_schema", where)!;
  if (typeof raw["strict"] === "boolean") tool.strict = raw["strict"];
  return tool;
}
