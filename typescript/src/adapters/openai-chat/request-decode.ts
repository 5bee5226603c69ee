/**
 * OpenAI Chat Completions request body -> canonical `ChatRequest` (Python's `openai_chat/request_decode.py`):
 * every member the canonical request cannot hold is kept (`provider_metadata`, or whole in
 * `provider_options` for top-level members) or reported (`provider.unmapped`), never dropped silently.
 * `stream` and `stream_options.include_usage: true` are not request members but the call's mode: the client
 * sets them when it streams (`streamRequestFlags` writes exactly these), so they are read as that and not
 * carried; another `stream_options` member is reported. An assistant message's earlier audio reply
 * (`audio: {id}`) is kept in its `provider_metadata`.
 * A body that is not a request throws `ProviderShapeError` naming the member (`WireError` when what it reads
 * back is not a valid canonical request).
 */

import { validate } from "../../codec.js";
import type { ChatOptions, ChatRequest, MediaRef, Message, Part, ResponseFormat, ToolChoice, ToolDefinition } from "../../generated/types.js";
import { ProviderShapeError, type ConversionWarning } from "../shared/contract.js";
import { Conversion, getList, getMap, getStr, isObject, parseDataUrl } from "../shared/conversion.js";
import { escapePointerToken } from "../../errors.js";
import { unmappedMembers, type Shape } from "../shared/unmapped.js";
import { MANIFEST } from "../../tables/openai-chat.js";
import { AUDIO_FORMATS, decodeToolCall, NAME, PROVIDER } from "./shapes.js";
import { SCHEMA_NAME } from "../../structured-output.js";

const AUDIO_TYPES: Record<string, string> = Object.fromEntries(Object.entries(AUDIO_FORMATS).map(([type, format]) => [format, type]));
const OWN_KEYS = new Set(["stream", "stream_options", "model", "messages", "tools", "tool_choice", "temperature", "top_p", "seed", "stop", "parallel_tool_calls", "max_completion_tokens", "max_tokens", "response_format"]);
const SAME: Shape = { role: null, content: null, name: null };
const MESSAGES: Record<string, Shape> = {
  system: SAME,
  developer: SAME,
  user: SAME,
  assistant: { ...SAME, refusal: null, tool_calls: null, audio: { id: null } },
  tool: { role: null, content: null, tool_call_id: null },
};
const PARTS: Record<string, Shape> = {
  text: { type: null, text: null },
  refusal: { type: null, refusal: null },
  image_url: { type: null, image_url: { url: null, detail: null } },
  input_audio: { type: null, input_audio: { data: null, format: null } },
  file: { type: null, file: { file_data: null, file_id: null, filename: null } },
};
const CALL: Shape = { id: null, type: null, function: { name: null, arguments: null } };
const TOOL: Shape = { type: null, function: { name: null, description: null, parameters: null, strict: null } };
const present = (value: unknown) => value !== undefined && value !== null;
const shapeOf = (table: Record<string, Shape>, key: unknown) => (Object.hasOwn(table, String(key)) ? table[String(key)] : undefined);

function unmapped(body: Record<string, unknown>): string[] {
  const found: string[] = [];
  const messages = body["messages"];
  (Array.isArray(messages) ? messages : []).forEach((message, i) => {
    const where = `/messages/${i}`;
    if (!isObject(message)) return;
    found.push(...unmappedMembers(message, shapeOf(MESSAGES, message["role"]) ?? SAME, where));
    const content = message["content"];
    (Array.isArray(content) ? content : []).forEach((part, k) => {
      const shape = isObject(part) ? shapeOf(PARTS, part["type"]) : undefined;
      if (message["role"] === "tool" && shape !== PARTS["text"]) found.push(`${where}/content/${k}`); // a tool result is text: its content is the text parts
      else found.push(...unmappedMembers(part, shape ?? { type: null }, `${where}/content/${k}`));
    });
    const calls = message["tool_calls"];
    (Array.isArray(calls) ? calls : []).forEach((call, k) => found.push(...unmappedMembers(call, CALL, `${where}/tool_calls/${k}`)));
  });
  const tools = body["tools"];
  (Array.isArray(tools) ? tools : []).forEach((tool, i) => {
    if (isFunction(tool)) found.push(...unmappedMembers(tool, TOOL, `/tools/${i}`)); // a provider-defined tool is kept whole
  });
  return [...found, ...modeUnmapped(body["stream_options"])];
}

/** The `stream_options` members the streaming flags do not write again (reported, not carried). */
function modeUnmapped(options: unknown): string[] {
  if (options === undefined || options === null) return [];
  if (!isObject(options)) return ["/stream_options"];
  return Object.entries(options).filter(([key, value]) => key !== "include_usage" || value !== true).map(([key]) => `/stream_options/${escapePointerToken(key)}`);
}

const isFunction = (tool: unknown): boolean => !isObject(tool) || tool["type"] === "function" || tool["type"] === undefined || tool["type"] === null;

/**
 * The canonical request of a body. `providerTools` names the issuer of the tools that are not functions (a
 * server that defines tools of its own: OpenRouter's `openrouter:web_search`, Groq's `browser_search`): they
 * become `provider_tools`, their object kept as the definition. Without it such a tool is an error.
 */
export function decodeRequest(input: unknown, adapterName = NAME, providerTools?: string): { request: ChatRequest; warnings: ConversionWarning[] } {
  if (!isObject(input)) throw new ProviderShapeError("", "expected a Chat Completions request object");
  const body = input;
  const request: ChatRequest = { messages: [] };
  const model = getStr(body, "model", "", false);
  if (model) request.model = model;
  request.messages = (getList(body, "messages", "") ?? []).map((m, i) => decodeMessage(m, `/messages/${i}`));
  const tools = getList(body, "tools", "", false);
  if (tools !== undefined) {
    request.tools = tools.flatMap((t, i) => (providerTools === undefined || isFunction(t) ? [decodeTool(t, `/tools/${i}`)] : []));
    const defined = providerTools === undefined ? [] : tools.filter((t) => !isFunction(t)).map((t) => ({ issuer: providerTools, type: String((t as Record<string, unknown>)["type"]), definition: { ...(t as Record<string, unknown>) } }));
    if (defined.length > 0) {
      request.provider_tools = defined;
      if (request.tools.length === 0) delete request.tools;
    }
  }
  if (present(body["tool_choice"])) request.tool_choice = decodeToolChoice(body["tool_choice"], "/tool_choice");
  const options = decodeOptions(body);
  if (Object.keys(options).length > 0) request.options = options;
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (!OWN_KEYS.has(key)) extra[key] = value;
  if (Object.keys(extra).length > 0) request.provider_options = { [adapterName]: extra };
  const conv = new Conversion(MANIFEST);
  for (const where of unmapped(body)) conv.degrade("provider.unmapped", where);
  return { request: validate(request, "ChatRequest"), warnings: conv.warnings };
}

function decodeTool(raw: unknown, where: string): ToolDefinition {
  if (!isObject(raw) || raw["type"] !== "function") throw new ProviderShapeError(where, 'expected a function tool ({"type": "function", ...})');
  const fn = getMap(raw, "function", where) ?? {};
  const tool: ToolDefinition = { name: getStr(fn, "name", `${where}/function`)!, input_schema: {} };
  if (present(fn["description"])) tool.description = fn["description"] as string;
  tool.input_schema = (fn["parameters"] as Record<string, unknown> | null | undefined) ?? { type: "object", properties: {} };
  if (present(fn["strict"])) tool.strict = fn["strict"] as boolean;
  return tool;
}

function decodeToolChoice(raw: unknown, where: string): ToolChoice {
  if (raw === "auto" || raw === "none" || raw === "required") return { type: raw };
  if (isObject(raw) && raw["type"] === "function") {
    const fn = getMap(raw, "function", where) ?? {};
    return { type: "tool", tool: getStr(fn, "name", `${where}/function`)! };
  }
  throw new ProviderShapeError(where, `expected auto, none, required or a function choice, got ${JSON.stringify(raw)}`);
}

function decodeResponseFormat(raw: unknown, where: string): ResponseFormat {
  const kind = isObject(raw) ? raw["type"] : undefined;
  if (kind === "text" || kind === "json_object") return { type: kind };
  if (kind === "json_schema" && isObject(raw)) {
    const spec = getMap(raw, "json_schema", where) ?? {};
    // Perplexity's json_schema has no name (its API takes the schema alone): the name Anthropic's and Gemini's mappings keep
    const out: Record<string, unknown> = { name: getStr(spec, "name", `${where}/json_schema`, false) ?? SCHEMA_NAME };
    for (const key of ["description", "strict"]) if (present(spec[key])) out[key] = spec[key];
    out["schema"] = spec["schema"] || {};
    return { type: "json_schema", json_schema: out as never };
  }
  throw new ProviderShapeError(`${where}/type`, `expected text, json_object or json_schema, got ${JSON.stringify(kind ?? null)}`);
}

function decodeOptions(body: Record<string, unknown>): ChatOptions {
  const options: ChatOptions = {};
  for (const name of ["temperature", "top_p"] as const) if (present(body[name])) options[name] = Number(body[name]);
  if (present(body["seed"])) options.seed = body["seed"] as number;
  if (present(body["parallel_tool_calls"])) options.parallel_tool_calls = body["parallel_tool_calls"] as boolean;
  const limit = "max_completion_tokens" in body ? body["max_completion_tokens"] : body["max_tokens"];
  if (present(limit)) options.max_tokens = limit as number;
  const stop = body["stop"];
  if (present(stop)) options.stop = typeof stop === "string" ? [stop] : [...(stop as string[])];
  if (present(body["response_format"])) options.response_format = decodeResponseFormat(body["response_format"], "/response_format");
  return options;
}

function decodeContent(content: unknown, where: string): Part[] {
  if (content === undefined || content === null) return [];
  if (typeof content === "string") return [{ type: "text", text: content }];
  if (!Array.isArray(content)) throw new ProviderShapeError(where, `expected a string or an array of parts, got ${typeof content}`);
  return content.map((p, i) => decodePart(p, `${where}/${i}`));
}

function mediaSource(url: string): MediaRef {
  const parsed = parseDataUrl(url);
  return parsed !== undefined ? { source: "base64", media_type: parsed[0], base64: parsed[1] } : { source: "url", url };
}

function decodePart(part: unknown, where: string): Part {
  if (!isObject(part)) throw new ProviderShapeError(where, "expected a content part object");
  const kind = part["type"];
  if (kind === "text") return { type: "text", text: getStr(part, "text", where)! };
  if (kind === "refusal") return { type: "text", text: getStr(part, "refusal", where)!, provider_metadata: { [PROVIDER]: { refusal: true } } };
  if (kind === "image_url") {
    const image = getMap(part, "image_url", where) ?? {};
    const decoded: Part = { type: "image", image: mediaSource(getStr(image, "url", `${where}/image_url`) ?? "") };
    if (present(image["detail"])) decoded.provider_metadata = { [PROVIDER]: { detail: image["detail"] } };
    return decoded;
  }
  if (kind === "input_audio") {
    const audio = getMap(part, "input_audio", where) ?? {};
    const format = getStr(audio, "format", `${where}/input_audio`) ?? "";
    const type = Object.hasOwn(AUDIO_TYPES, format) ? AUDIO_TYPES[format] : undefined;
    if (type === undefined) throw new ProviderShapeError(`${where}/input_audio/format`, `expected wav or mp3, got ${JSON.stringify(format)}`);
    return { type: "audio", audio: { source: "base64", base64: getStr(audio, "data", `${where}/input_audio`)!, media_type: type } };
  }
  if (kind === "file") {
    const file = getMap(part, "file", where) ?? {};
    let source: Record<string, unknown>;
    if (present(file["file_data"])) {
      const parsed = parseDataUrl(getStr(file, "file_data", `${where}/file`) ?? "");
      if (parsed === undefined) throw new ProviderShapeError(`${where}/file/file_data`, "expected a data:<type>;base64,<data> URL");
      source = { source: "base64", media_type: parsed[0], base64: parsed[1] };
    } else if (present(file["file_id"])) {
      source = { source: "file_id", file_id: getStr(file, "file_id", `${where}/file`), issuer: PROVIDER };
    } else throw new ProviderShapeError(`${where}/file`, "expected file_data or file_id");
    if (present(file["filename"])) source["name"] = getStr(file, "filename", `${where}/file`);
    return { type: "file", file: source as never };
  }
  throw new ProviderShapeError(`${where}/type`, `unknown content part type ${JSON.stringify(kind ?? null)}`);
}

function decodeMessage(raw: unknown, where: string): Message {
  if (!isObject(raw)) throw new ProviderShapeError(where, "expected a message object");
  const role = raw["role"];
  const named = typeof raw["name"] === "string" ? { name: raw["name"] } : {};
  if (role === "system" || role === "developer") {
    const meta = role === "developer" ? { provider_metadata: { [PROVIDER]: { role: "developer" } } } : {};
    return { role: "system", parts: decodeContent(raw["content"], `${where}/content`), ...named, ...meta };
  }
  if (role === "user") return { role: "user", parts: decodeContent(raw["content"], `${where}/content`), ...named };
  if (role === "assistant") {
    const parts = decodeContent(raw["content"], `${where}/content`);
    if (typeof raw["refusal"] === "string") parts.push({ type: "text", text: raw["refusal"], provider_metadata: { [PROVIDER]: { refusal: true } } });
    (getList(raw, "tool_calls", where, false) ?? []).forEach((call, i) => parts.push({ type: "tool_call", tool_call: decodeToolCall(call, `${where}/tool_calls/${i}`) }));
    const reference = getMap(raw, "audio", where, false);
    // an earlier audio reply, by id (audio.ts): the message refers to it
    const meta = reference !== undefined ? { provider_metadata: { [PROVIDER]: { audio: { id: getStr(reference, "id", `${where}/audio`)! } } } } : {};
    return { role: "assistant", parts, ...named, ...meta };
  }
  if (role === "tool") {
    const content = raw["content"];
    // the other parts are reported (unmapped)
    const text = typeof content === "string" ? content : decodeContent(content, `${where}/content`).map((p) => (p.type === "text" ? p.text : "")).join("");
    return { role: "tool", parts: [{ type: "tool_result", tool_result: { tool_call_id: getStr(raw, "tool_call_id", where)!, content: text } }] };
  }
  throw new ProviderShapeError(`${where}/role`, `expected system, developer, user, assistant or tool, got ${JSON.stringify(role ?? null)}`);
}
