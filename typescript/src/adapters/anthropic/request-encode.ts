/**
 * Canonical `ChatRequest` -> Anthropic Messages request body (API version 2026-10-21), rule for rule as
 * Python's `anthropic/request_encode.py`. The first system message becomes the top-level `system`; later
 * ones are `{"role": "system"}` messages. A tool message becomes a user message of `tool_result` blocks.
 * Signed thinking is replayed only when Anthropic issued it (spec section 10); so are the calls and results
 * Anthropic ran, as their blocks, and citations (spec section 15). A tool call gets back the `tool_use`
 * members kept in its `provider_metadata.anthropic` (`caller`). Provider tools Anthropic defines follow the
 * function tools, their definitions unchanged.
 */

import type { ChatOptions, ChatRequest, FileRef, MediaRef, Message, Part, TextPart, ToolDefinition, ToolResult } from "../../generated/types.js";
import type { ConversionWarning } from "../shared/contract.js";
import { Conversion, dataText, mergeProviderOptions, metadataFor, toolDefinitionExtras } from "../shared/conversion.js";
import { citationsOut, providerPartOut, providerToolsOut } from "../shared/provider-run.js";
import { MANIFEST } from "../../tables/anthropic.js";
import { OPTIONS_VALIDATORS } from "../../tables/options-validators.js";
import { encodeReasoning, encodeToolCall, IMAGE_TYPES, NAME, PROVIDER, SCHEMA_NAME, toolUseExtras } from "./shapes.js";

type Body = Record<string, unknown>;

declare function atob(data: string): string;
declare function btoa(data: string): string;
declare const TextDecoder: new (label: string, options: { fatal: boolean }) => { decode(bytes: Uint8Array): string };
declare const TextEncoder: new () => { encode(text: string): Uint8Array };

export function encodeRequest(request: ChatRequest, adapterName = NAME): { body: Body; warnings: ConversionWarning[] } {
  const conv = new Conversion(MANIFEST);
  if (request.model === undefined) throw conv.refuse("model.absent", "/model");
  const options: ChatOptions = request.options ?? {};
  const body: Body = { model: request.model };
  if (options.max_tokens !== undefined) body["max_tokens"] = options.max_tokens;
  else {
    conv.degrade("options.max_tokens.absent", "/options/max_tokens");
    body["max_tokens"] = MANIFEST.defaultMaxTokens;
  }
  const messages: Body[] = [];
  request.messages.forEach((message, i) => {
    const where = `/messages/${i}`;
    messageMembers(message, where, conv);
    if (message.role === "system") {
      const blocks = message.parts.map((part, j) => {
        if (part.type !== "text") throw conv.refuse("system.non_text", `${where}/parts/${j}`);
        return { ...textBlock(part, `${where}/parts/${j}`, conv), ...own(part, `${where}/parts/${j}`, conv) };
      });
      if (i === 0) body["system"] = content(blocks);
      else messages.push({ role: "system", content: content(blocks) });
    } else {
      messages.push(encodeMessage(message, where, conv));
    }
  });
  body["messages"] = messages;
  const tools = (request.tools ?? []).map((tool, i) => encodeTool(tool, `/tools/${i}`, conv));
  tools.push(...providerToolsOut(request, conv, PROVIDER));
  if (tools.length > 0 || request.tools !== undefined) body["tools"] = tools;
  encodeToolChoice(request, options, body, conv);
  encodeOptions(options, body, conv);
  mergeProviderOptions(request.provider_options, adapterName, body, OPTIONS_VALIDATORS["anthropic"]);
  return { body, warnings: conv.warnings };
}

function messageMembers(message: Message, where: string, conv: Conversion): void {
  for (const name of ["name", "id", "provider_metadata"] as const) {
    if (message[name] !== undefined) conv.degrade(name === "name" && message.role === "tool" ? "message.name_tool" : `message.${name}`, `${where}/${name}`);
  }
}

/** A lone plain text block is sent as a string; anything else as a list of blocks. */
function content(blocks: Body[]): string | Body[] {
  if (blocks.length === 1 && blocks[0]!["type"] === "text" && Object.keys(blocks[0]!).length === 2) return String(blocks[0]!["text"]);
  return blocks;
}

/** The `provider_metadata.anthropic` members each part writes back into its block (a document's `citations` is its citation setting); a tool call writes back every member (`toolUseExtras`). */
const KEPT: Partial<Record<Part["type"], readonly string[]>> = {
  text: ["cache_control"],
  image: ["cache_control"],
  file: ["cache_control", "citations"],
  tool_result: ["cache_control"],
};

/** The members the part's block gets back from its `provider_metadata.anthropic`, degrading the rest and foreign metadata. */
function own(part: Part, where: string, conv: Conversion): Body {
  const [mine, foreign] = metadataFor(part.provider_metadata, PROVIDER);
  if (foreign) conv.degrade("part.provider_metadata", `${where}/provider_metadata`);
  if (part.type === "tool_call") return toolUseExtras(mine, where, conv);
  const kept: Body = {};
  for (const key of KEPT[part.type] ?? []) if (key in mine) kept[key] = mine[key];
  if (Object.keys(kept).length !== Object.keys(mine).length && !foreign) conv.degrade("part.provider_metadata", `${where}/provider_metadata`);
  return kept;
}

function encodeMessage(message: Message, where: string, conv: Conversion): Body {
  const blocks: Body[] = [];
  message.parts.forEach((part, j) => {
    const at = `${where}/parts/${j}`;
    if (message.role === "user") {
      if (part.type === "reasoning" || part.type === "tool_call" || part.type === "tool_result" || part.type === "provider_tool_call" || part.type === "provider_tool_result") throw conv.refuse("part.misplaced", at);
      blocks.push(contentBlock(part, at, conv));
    } else if (message.role === "assistant") {
      const block = assistantBlock(part, at, conv);
      if (block !== undefined) blocks.push(block);
    } else {
      if (part.type !== "tool_result") throw conv.refuse("part.misplaced", at);
      blocks.push({ ...toolResult(part.tool_result, at, conv), ...own(part, at, conv) });
    }
  });
  if (message.role === "tool" && message.parts.length === 0) conv.degrade("tool_result.empty", `${where}/parts`);
  return { role: message.role === "assistant" ? "assistant" : "user", content: content(blocks) };
}

function contentBlock(part: Part, where: string, conv: Conversion): Body {
  const mine = own(part, where, conv);
  switch (part.type) {
    case "text":
      return { ...textBlock(part, where, conv), ...mine };
    case "image":
      return { type: "image", source: imageSource(part.image, `${where}/image`, conv), ...mine };
    case "file":
      return { ...documentBlock(part.file, `${where}/file`, conv), ...mine };
    case "data":
      conv.degrade("data", where);
      return { type: "text", text: dataText(part.data.value), ...mine };
    case "audio":
      throw conv.refuse(part.audio.source === "url" ? "audio.url" : "audio.base64", `${where}/audio`);
    default:
      throw conv.refuse("part.misplaced", where);
  }
}

function imageSource(source: MediaRef, where: string, conv: Conversion): Body {
  if (source.source === "url") {
    if (source.media_type !== undefined) conv.degrade("media.media_type_dropped", `${where}/media_type`);
    return { type: "url", url: source.url };
  }
  if (!IMAGE_TYPES.has(source.media_type)) throw conv.refuse("media.unsupported_type", `${where}/media_type`);
  return { type: "base64", media_type: source.media_type, data: source.base64 };
}

/** UTF-8 text of strict base64 that re-encodes to the same text; undefined otherwise. */
function base64Text(data: string): string | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data) || data.length % 4 !== 0) return undefined;
  try {
    const binary = atob(data);
    const text = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    let again = "";
    for (const byte of new TextEncoder().encode(text)) again += String.fromCharCode(byte);
    return btoa(again) === data ? text : undefined;
  } catch {
    return undefined;
  }
}

function documentBlock(source: FileRef, where: string, conv: Conversion): Body {
  const block: Body = { type: "document" };
  switch (source.source) {
    case "uri":
      if (source.media_type !== undefined) conv.degrade("media.media_type_dropped", `${where}/media_type`);
      block["source"] = { type: "url", url: source.uri };
      break;
    case "base64":
      if (source.media_type === "application/pdf") block["source"] = { type: "base64", media_type: "application/pdf", data: source.base64 };
      else if (source.media_type === "text/plain") {
        const text = base64Text(source.base64);
        if (text === undefined) throw conv.refuse("media.unsupported_type", `${where}/base64`);
        block["source"] = { type: "text", media_type: "text/plain", data: text };
      } else throw conv.refuse("media.unsupported_type", `${where}/media_type`);
      break;
    case "file_id":
      if (source.issuer !== PROVIDER) throw conv.refuse("file.file_id_foreign", `${where}/issuer`);
      if (source.media_type !== undefined) conv.degrade("media.media_type_dropped", `${where}/media_type`);
      block["source"] = { type: "file", file_id: source.file_id };
      break;
  }
  if (source.name !== undefined) block["title"] = source.name;
  return block;
}

function assistantBlock(part: Part, where: string, conv: Conversion): Body | undefined {
  switch (part.type) {
    case "text":
      return { ...textBlock(part, where, conv), ...own(part, where, conv) };
    case "provider_tool_call":
    case "provider_tool_result":
      own(part, where, conv);
      return providerPartOut(part, where, conv, PROVIDER);
    case "tool_call":
      return { ...encodeToolCall(part.tool_call, `${where}/tool_call`, conv), ...own(part, where, conv) };
    case "reasoning":
      own(part, where, conv);
      return encodeReasoning(part, where, conv);
    default:
      throw conv.refuse("part.misplaced", where);
  }
}

/** A text block, with the citations Anthropic issued (the others dropped with a warning). */
function textBlock(part: TextPart, where: string, conv: Conversion): Body {
  const block: Body = { type: "text", text: part.text };
  const citations = citationsOut(part, where, conv, PROVIDER);
  if (citations.length > 0) block["citations"] = citations;
  return block;
}

function toolResult(result: ToolResult, where: string, conv: Conversion): Body {
  const block: Body = { type: "tool_result", tool_use_id: result.tool_call_id };
  if (result.parts === undefined) block["content"] = result.content;
  else {
    const first = result.parts[0];
    if (first === undefined || (!result.content && (first.type === "text" || first.type === "data"))) conv.degrade("tool_result.parts_ambiguous", `${where}/tool_result/parts`);
    const blocks: Body[] = result.content ? [{ type: "text", text: result.content }] : [];
    result.parts.forEach((part, k) => blocks.push(contentBlock(part, `${where}/tool_result/parts/${k}`, conv)));
    block["content"] = result.parts.length > 0 ? blocks : result.content;
  }
  if (result.is_error !== undefined) block["is_error"] = result.is_error;
  return block;
}

function encodeTool(tool: ToolDefinition, where: string, conv: Conversion): Body {
  toolDefinitionExtras(tool, where, conv);
  const out: Body = { name: tool.name };
  if (tool.description !== undefined) out["description"] = tool.description;
  out["input_schema"] = tool.input_schema;
  if (tool.strict !== undefined) out["strict"] = tool.strict;
  return out;
}

function encodeToolChoice(request: ChatRequest, options: ChatOptions, body: Body, conv: Conversion): void {
  const choice = request.tool_choice;
  let out: Body | undefined;
  if (choice?.type === "auto" || choice?.type === "none") out = { type: choice.type };
  else if (choice?.type === "required") out = { type: "any" };
  else if (choice?.type === "tool") out = { type: "tool", name: choice.tool };
  const parallel = options.parallel_tool_calls;
  if (parallel !== undefined) {
    if (out === undefined || out["type"] === "none") conv.degrade("options.parallel_tool_calls", "/options/parallel_tool_calls");
    out ??= { type: "auto" };
    if (out["type"] !== "none") out["disable_parallel_tool_use"] = !parallel;
  }
  if (out !== undefined) body["tool_choice"] = out;
}

function encodeOptions(options: ChatOptions, body: Body, conv: Conversion): void {
  for (const name of ["temperature", "top_p", "seed"] as const) if (options[name] !== undefined) conv.degrade(`options.${name}`, `/options/${name}`);
  if (options.stop !== undefined) body["stop_sequences"] = [...options.stop];
  const format = options.response_format;
  if (format?.type === "text") conv.degrade("response_format.text", "/options/response_format");
  else if (format?.type === "json_object") throw conv.refuse("response_format.json_object", "/options/response_format");
  else if (format?.type === "json_schema") {
    const spec = format.json_schema;
    if (spec.name !== SCHEMA_NAME || spec.description !== undefined || spec.strict !== undefined) conv.degrade("response_format.json_schema", "/options/response_format/json_schema");
    body["output_config"] = { format: { type: "json_schema", schema: spec.schema } };
  }
}
