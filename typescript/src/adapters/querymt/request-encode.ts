/**
 * Canonical `ChatRequest` -> QueryMT `ExtismChatRequest` (`encodeRequest`), as Python's
 * `querymt/request_encode.py`.
 *
 * One canonical message becomes one QueryMT message: a user message is one text, one media part (an image or
 * a PDF), or a non-empty text followed by one media part (QueryMT's `content` beside an `Image`
 * `message_type`); an assistant message is one text, tool calls (`ToolUse`) with at most one text before them,
 * or nothing (an empty `ToolUse`); a tool message is a `ToolResult` User message whose calls hold each
 * result's text in `function.arguments` and the tool's name, found from the call it answers. A message of any
 * other shape has no QueryMT form and is refused (feature `message.shape`), after every manifest refusal has
 * had its turn. An assistant message's plain reasoning is its `thinking` (decision 044, `thinking.ts`). The
 * model and `provider_options.querymt.cfg` become the plugin's `cfg`.
 */

import type { ChatOptions, ChatRequest, FilePart, ImagePart, Message, Part, ProviderOptions, ToolDefinition, ToolResultPart } from "../../generated/types.js";
import { MANIFEST } from "../../tables/querymt.js";
import { OPTIONS_VALIDATORS } from "../../tables/options-validators.js";
import { ConversionRefused, type ConversionWarning } from "../shared/contract.js";
import { Conversion, dataText, isObject, metadataFor, toolDefinitionExtras } from "../shared/conversion.js";
import { checkOptions } from "../shared/options.js";
import { citationsOut, providerPartOut, providerToolsOut } from "../shared/provider-run.js";
import { assertNever, base64Bytes, FUNCTION, IMAGE_MIME, NAME, PROVIDER, toolCall } from "./shapes.js";
import { Thinking } from "./thinking.js";

type Body = Record<string, unknown>;

const OPTION_FEATURES = ["temperature", "top_p", "max_tokens", "stop", "seed", "parallel_tool_calls"] as const;

/**
 * The `cfg` a request carries: `provider_options[adapterName].cfg` (checked against the options schema) with
 * the request's model as `cfg.model`.
 */
export function pluginCfg(request: { model?: string; provider_options?: ProviderOptions }, adapterName = NAME, typeName = "ChatRequest"): Body {
  let cfg: Body = {};
  const own = request.provider_options?.[adapterName];
  if (own !== undefined && own !== null) {
    checkOptions(own, adapterName, OPTIONS_VALIDATORS["querymt"], typeName);
    const given = own["cfg"];
    cfg = isObject(given) ? { ...given } : {};
  }
  if (request.model !== undefined) cfg["model"] = request.model;
  return cfg;
}

export function encodeRequest(request: ChatRequest, adapterName = NAME): { body: Body; warnings: ConversionWarning[] } {
  const conv = new Conversion(MANIFEST);
  const cfg = pluginCfg(request, adapterName);
  const misfits: ConversionRefused[] = [];
  const names = toolNames(request.messages);
  const messages = request.messages.map((message, i) => encodeMessage(message, `/messages/${i}`, conv, names, misfits));
  const tools = request.tools === undefined ? null : request.tools.map((tool, i) => encodeTool(tool, `/tools/${i}`, conv));
  providerToolsOut(request, conv, PROVIDER); // QueryMT defines none: each is dropped with a warning
  if (request.tool_choice !== undefined) throw conv.refuse("tool_choice", "/tool_choice");
  if (request.options !== undefined) checkChatOptions(request.options, conv);
  if (misfits.length > 0) throw misfits[0]!;
  return { body: { cfg, messages, tools }, warnings: conv.warnings };
}

function checkChatOptions(options: ChatOptions, conv: Conversion): void {
  for (const name of OPTION_FEATURES) if (options[name] !== undefined) throw conv.refuse(`options.${name}`, `/options/${name}`);
  if (options.response_format !== undefined) throw conv.refuse(`response_format.${options.response_format.type}`, "/options/response_format");
}

/** Tool call id -> tool name, for the names QueryMT's ToolResult calls carry. */
function toolNames(messages: readonly Message[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const message of messages) for (const part of message.parts) if (part.type === "tool_call") names.set(part.tool_call.id, part.tool_call.name);
  return names;
}

function misfit(where: string, why: string): ConversionRefused {
  return new ConversionRefused("message.shape", `a QueryMT message holds ${why}`, where); // manifest: message.shape
}

function members(message: Message, where: string, conv: Conversion): void {
  if (message.name !== undefined) conv.degrade(message.role === "tool" ? "message.name_tool" : "message.name", `${where}/name`);
  if (message.id !== undefined) conv.degrade("message.id", `${where}/id`);
  if (message.provider_metadata !== undefined) conv.degrade("message.provider_metadata", `${where}/provider_metadata`);
}

function metadata(part: Part, where: string, conv: Conversion): void {
  const [own, foreign] = metadataFor(part.provider_metadata, PROVIDER);
  if (foreign || Object.keys(own).length > 0) conv.degrade("part.provider_metadata", `${where}/provider_metadata`);
}

function encodeMessage(message: Message, where: string, conv: Conversion, names: Map<string, string>, misfits: ConversionRefused[]): Body {
  members(message, where, conv);
  switch (message.role) {
    case "system":
      message.parts.forEach((part, j) => {
        if (part.type !== "text") throw conv.refuse("system.non_text", `${where}/parts/${j}`);
      });
      throw conv.refuse(where !== "/messages/0" ? "system.later" : "system", where);
    case "user":
      return encodeUser(message, where, conv, misfits);
    case "assistant":
      return encodeAssistant(message, where, conv, misfits);
    case "tool": {
      const calls = message.parts.map((part, j) => {
        const at = `${where}/parts/${j}`;
        if (part.type !== "tool_result") throw conv.refuse("part.misplaced", at);
        return toolResult(part, at, conv, names);
      });
      return { role: "User", message_type: { ToolResult: calls }, content: "" };
    }
    default:
      return assertNever(message.role);
  }
}

function toolResult(part: ToolResultPart, where: string, conv: Conversion, names: Map<string, string>): Body {
  metadata(part, where, conv);
  const result = part.tool_result;
  if (result.is_error !== undefined) conv.degrade("tool_result.is_error", `${where}/tool_result/is_error`);
  if (result.parts !== undefined) conv.degrade("tool_result.parts", `${where}/tool_result/parts`);
  return toolCall(result.tool_call_id, names.get(result.tool_call_id) ?? "", result.content);
}

function encodeUser(message: Message, where: string, conv: Conversion, misfits: ConversionRefused[]): Body {
  const texts: string[] = [];
  const media: unknown[] = [];
  const order: string[] = [];
  message.parts.forEach((part, j) => {
    const at = `${where}/parts/${j}`;
    metadata(part, at, conv);
    switch (part.type) {
      case "text":
        citationsOut(part, at, conv, PROVIDER);
        texts.push(part.text);
        order.push("text");
        break;
      case "data":
        conv.degrade("data", at);
        texts.push(dataText(part.data.value));
        order.push("text");
        break;
      case "image":
        media.push(image(part, at, conv));
        order.push("media");
        break;
      case "file":
        media.push(pdf(part, at, conv, misfits));
        order.push("media");
        break;
      case "audio":
        throw conv.refuse(part.audio.source === "url" ? "audio.url" : "audio.base64", at);
      case "reasoning":
      case "tool_call":
      case "tool_result":
      case "provider_tool_call":
      case "provider_tool_result":
        throw conv.refuse("part.misplaced", at);
      default:
        assertNever(part);
    }
  });
  const shape = order.join(",");
  const fits = shape === "text" || shape === "media" || (shape === "text,media" && texts[0] !== "");
  if (!fits) {
    misfits.push(misfit(where, "one text, one image or PDF, or a non-empty text then one image or PDF"));
    return {};
  }
  return { role: "User", message_type: media.length > 0 ? media[0] : "Text", content: texts[0] ?? "" };
}

function image(part: ImagePart, where: string, conv: Conversion): unknown {
  const source = part.image;
  if (source.source === "base64") {
    const variant = Object.hasOwn(IMAGE_MIME, source.media_type) ? IMAGE_MIME[source.media_type] : undefined;
    if (variant === undefined) throw conv.refuse("media.unsupported_type", `${where}/image/media_type`);
    return { Image: [variant, base64Bytes(source.base64, `${where}/image/base64`)] };
  }
  if (source.media_type !== undefined) conv.degrade("media.media_type_dropped", `${where}/image/media_type`);
  return { ImageURL: source.url };
}

function pdf(part: FilePart, where: string, conv: Conversion, misfits: ConversionRefused[]): unknown {
  const source = part.file;
  if (source.source === "uri") throw conv.refuse("file.uri", `${where}/file`);
  if (source.source !== "base64") throw conv.refuse(source.issuer === PROVIDER ? "file.file_id" : "file.file_id_foreign", `${where}/file`);
  if (source.media_type !== "application/pdf") throw conv.refuse("media.unsupported_type", `${where}/file/media_type`);
  if (source.name !== undefined) misfits.push(new ConversionRefused("message.shape", "QueryMT's Pdf message has no file name", `${where}/file/name`));
  return { Pdf: base64Bytes(source.base64, `${where}/file/base64`) };
}

function encodeAssistant(message: Message, where: string, conv: Conversion, misfits: ConversionRefused[]): Body {
  const texts: string[] = [];
  const calls: Body[] = [];
  const thinking = new Thinking(conv);
  message.parts.forEach((part, j) => {
    const at = `${where}/parts/${j}`;
    metadata(part, at, conv);
    switch (part.type) {
      case "text":
        if (calls.length > 0) conv.degrade("tool_call.interleaved", at);
        citationsOut(part, at, conv, PROVIDER);
        texts.push(part.text);
        break;
      case "tool_call":
        calls.push(toolCall(part.tool_call.id, part.tool_call.name, part.tool_call.arguments));
        break;
      case "reasoning":
        thinking.take(part, at, texts.length + calls.length > 0);
        break;
      case "provider_tool_call":
      case "provider_tool_result":
        providerPartOut(part, at, conv, PROVIDER); // QueryMT has no place for it: dropped, warned
        break;
      case "image":
      case "audio":
      case "file":
      case "data":
      case "tool_result":
        throw conv.refuse("part.misplaced", at);
      default:
        assertNever(part);
    }
  });
  const thought = thinking.text();
  if (texts.length > 1 || (calls.length > 0 && texts.length === 1 && texts[0] === "")) {
    misfits.push(misfit(where, "at most one text, and a non-empty one before tool calls"));
    return {};
  }
  const out: Body = { role: "Assistant", message_type: calls.length === 0 && texts.length > 0 ? "Text" : { ToolUse: calls }, content: texts[0] ?? "" };
  if (thought !== null) out["thinking"] = thought;
  return out;
}

function encodeTool(tool: ToolDefinition, where: string, conv: Conversion): Body {
  if (tool.strict !== undefined) conv.degrade("tools.strict", `${where}/strict`);
  toolDefinitionExtras(tool, where, conv);
  if (tool.description === "") conv.degrade("zero_values", `${where}/description`);
  return { type: FUNCTION, function: { name: tool.name, description: tool.description ?? "", parameters: tool.input_schema } };
}
