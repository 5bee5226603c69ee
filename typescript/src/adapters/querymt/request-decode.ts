/**
 * QueryMT `ExtismChatRequest` -> canonical `ChatRequest` (`decodeRequest`), as Python's
 * `querymt/request_decode.py`.
 *
 * Each QueryMT message becomes one canonical message: `User` + `ToolResult` is a tool message (each call's
 * `function.arguments` is the result's content), other `User` messages are user messages (the `content` text,
 * then the image or PDF), `Assistant` messages hold their `thinking` as a reasoning part, then the text (for
 * `ToolUse`, only when non-empty), then the tool calls. `cfg.model` is the model and the rest of `cfg` goes to
 * `provider_options.querymt.cfg`. Members QueryMT's types do not have, and `cache` hints wirechat has no field
 * for, are reported (`provider.unmapped`), never dropped silently. A body that is not a request throws
 * `ProviderShapeError` naming the member (`WireError` when what it reads is not a valid canonical request).
 */

import { validate } from "../../codec.js";
import type { ChatRequest } from "../../generated/types.js";
import { MANIFEST } from "../../tables/querymt.js";
import { ProviderShapeError, type ConversionWarning } from "../shared/contract.js";
import { Conversion, getList, getMap, getStr, isObject, truthy } from "../shared/conversion.js";
import { unmappedMembers, type Shape } from "../shared/unmapped.js";
import { bytesBase64, decodeToolCall, MIME_OF, NAME } from "./shapes.js";

type Json = Record<string, unknown>;

const MESSAGE: Shape = { role: null, message_type: null, content: null, thinking: null };
const TOOL: Shape = { type: null, function: { name: null, description: null, parameters: null } };

export function decodeRequest(body: unknown, adapterName = NAME): { request: ChatRequest; warnings: ConversionWarning[] } {
  const conv = new Conversion(MANIFEST);
  if (!isObject(body)) throw new ProviderShapeError("", "expected an ExtismChatRequest object");
  for (const where of unmappedMembers(body, { cfg: null, messages: null, tools: null }, "")) conv.degrade("provider.unmapped", where);
  const cfg: Json = { ...(getMap(body, "cfg", "", false) ?? {}) };
  const document: Json = { messages: [] };
  const model = cfg["model"];
  delete cfg["model"];
  if (model !== undefined && model !== null) {
    if (typeof model !== "string" || !model) throw new ProviderShapeError("/cfg/model", `expected a non-empty string, got ${JSON.stringify(model)}`);
    document["model"] = model;
  }
  if (truthy(cfg)) document["provider_options"] = { [adapterName]: { cfg } };
  const messages = document["messages"] as Json[];
  (getList(body, "messages", "") ?? []).forEach((raw, i) => {
    const where = `/messages/${i}`;
    if (!isObject(raw)) throw new ProviderShapeError(where, "expected a ChatMessage object");
    for (const unmapped of unmappedMembers(raw, MESSAGE, where)) conv.degrade("provider.unmapped", unmapped);
    messages.push(decodeMessage(raw, where));
  });
  const tools = getList(body, "tools", "", false);
  if (tools !== undefined) document["tools"] = tools.map((tool, i) => decodeTool(tool, `/tools/${i}`, conv));
  return { request: validate(document, "ChatRequest"), warnings: conv.warnings };
}

function decodeTool(raw: unknown, where: string, conv: Conversion): Json {
  if (!isObject(raw)) throw new ProviderShapeError(where, "expected a Tool object");
  for (const unmapped of unmappedMembers(raw, TOOL, where)) conv.degrade("provider.unmapped", unmapped);
  const fn = getMap(raw, "function", where) ?? {};
  const tool: Json = { name: getStr(fn, "name", `${where}/function`) };
  const description = getStr(fn, "description", `${where}/function`, false);
  if (description) tool["description"] = description;
  const parameters = fn["parameters"];
  if (parameters !== undefined && parameters !== null && !isObject(parameters)) throw new ProviderShapeError(`${where}/function/parameters`, "expected a JSON Schema object");
  tool["input_schema"] = parameters !== undefined && parameters !== null ? { ...parameters } : { type: "object" };
  return tool;
}

function media(kind: string, value: unknown, where: string): Json {
  if (kind === "Image") {
    const variant = Array.isArray(value) && value.length === 2 && typeof value[0] === "string" && Object.hasOwn(MIME_OF, value[0]) ? value[0] : undefined;
    if (variant === undefined) throw new ProviderShapeError(where, `expected [ImageMime (JPEG, PNG, GIF or WEBP), bytes], got ${JSON.stringify(value)?.slice(0, 80)}`);
    return { type: "image", image: { source: "base64", base64: bytesBase64((value as unknown[])[1], `${where}/1`), media_type: MIME_OF[variant] } };
  }
  if (kind === "ImageURL") {
    if (typeof value !== "string") throw new ProviderShapeError(where, "expected a URL string");
    return { type: "image", image: { source: "url", url: value } };
  }
  return { type: "file", file: { source: "base64", base64: bytesBase64(value, where), media_type: "application/pdf" } };
}

function calls(value: unknown, where: string): [string, string, string][] {
  if (!Array.isArray(value)) throw new ProviderShapeError(where, "expected an array of ToolCall objects");
  return value.map((call, k) => decodeToolCall(call, `${where}/${k}`));
}

/** The canonical message (a JSON object) for one QueryMT `ChatMessage`. */
export function decodeMessage(raw: Json, where: string): Json {
  const role = raw["role"];
  if (role !== "User" && role !== "Assistant") throw new ProviderShapeError(`${where}/role`, `expected User or Assistant, got ${JSON.stringify(role)}`);
  const content = getStr(raw, "content", where) ?? "";
  const messageType = raw["message_type"] === undefined ? "Text" : raw["message_type"];
  const at = `${where}/message_type`;
  let kind: string;
  let value: unknown;
  if (messageType === "Text") kind = "Text";
  else if (isObject(messageType) && Object.keys(messageType).length === 1) [[kind, value]] = Object.entries(messageType) as [[string, unknown]];
  else throw new ProviderShapeError(at, "expected Text or a one-member object (Image, Pdf, ImageURL, ToolUse, ToolResult)");
  const parts: Json[] = [];
  const thinking = getStr(raw, "thinking", where, false);
  if (thinking !== undefined) {
    if (role !== "Assistant") throw new ProviderShapeError(`${where}/thinking`, "only an Assistant message has thinking");
    parts.push({ type: "reasoning", reasoning: { text: thinking } });
  }
  if (kind === "ToolResult") {
    if (role !== "User" || content) throw new ProviderShapeError(at, "a ToolResult is a User message whose content is empty");
    const results = calls(value, `${at}/ToolResult`).map(([id, , text]) => ({ type: "tool_result", tool_result: { tool_call_id: id, content: text } }));
    return { role: "tool", parts: results };
  }
  if (kind === "ToolUse") {
    if (role !== "Assistant") throw new ProviderShapeError(at, "ToolUse is an Assistant message");
    if (content) parts.push({ type: "text", text: content });
    for (const [id, name, args] of calls(value, `${at}/ToolUse`)) parts.push({ type: "tool_call", tool_call: { id, name, arguments: args } });
    return { role: "assistant", parts };
  }
  if (kind === "Text") {
    parts.push({ type: "text", text: content });
    return { role: role.toLowerCase(), parts };
  }
  if (kind !== "Image" && kind !== "ImageURL" && kind !== "Pdf") throw new ProviderShapeError(at, `unknown MessageType ${JSON.stringify(kind)}`);
  if (role !== "User") throw new ProviderShapeError(at, "wirechat takes images and PDFs from the user only");
  if (content) parts.push({ type: "text", text: content });
  parts.push(media(kind, value, `${at}/${kind}`));
  return { role: "user", parts };
}
