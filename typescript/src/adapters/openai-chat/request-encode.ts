/**
 * Canonical `ChatRequest` -> OpenAI Chat Completions request body (`encodeRequest`), rule for rule as
 * Python's `openai_chat/request_encode.py`: the same body, the same warnings (feature and pointer), the
 * same refusals. A lone text part is sent as a plain string; tool messages split one result per message.
 */

import type { ChatOptions, ChatRequest, FileRef, MediaRef, Message, Part, ProviderToolCallPart, ProviderToolResultPart, ReasoningPart, ResponseFormat, TextPart, ToolChoice, ToolDefinition, ToolResultPart } from "../../generated/types.js";
import type { ConversionWarning } from "../shared/contract.js";
import { buildDataUrl, Conversion, dataText, isObject, mergeProviderOptions, metadataFor, parseDataUrl, reasoningFeature, toolDefinitionExtras } from "../shared/conversion.js";
import { citationsOut, providerPartOut, providerToolsOut } from "../shared/provider-run.js";
import { audioReference } from "./audio.js";
import { MANIFEST } from "../../tables/openai-chat.js";
import { OPTIONS_VALIDATORS } from "../../tables/options-validators.js";
import { AUDIO_FORMATS, functionTool, NAME, namedToolChoice, PROVIDER, toolCall } from "./shapes.js";

type Body = Record<string, unknown>;

/**
 * What a wrapping adapter (openai-compatible) writes of an assistant message's reasoning and provider-run
 * parts, in requests and replies: `take` each such part (false: not taken, openai-chat's rule applies),
 * then `members` gives the message's extra members and starts the next message.
 */
export interface PartSink {
  take(part: ReasoningPart | ProviderToolCallPart | ProviderToolResultPart, where: string): boolean;
  members(): Record<string, unknown>;
}

/** Whether `sink` took `part` (it takes only reasoning and provider-run parts). */
export function sunk(sink: PartSink | undefined, part: Part, where: string): boolean {
  if (sink === undefined) return false;
  if (part.type !== "reasoning" && part.type !== "provider_tool_call" && part.type !== "provider_tool_result") return false;
  return sink.take(part, where);
}

export function encodeRequest(request: ChatRequest, adapterName = NAME, sink?: PartSink): { body: Body; warnings: ConversionWarning[] } {
  const conv = new Conversion(MANIFEST);
  if (request.model === undefined) throw conv.refuse("model.absent", "/model");
  const messages: Body[] = [];
  const body: Body = { model: request.model, messages };
  request.messages.forEach((message, i) => messages.push(...encodeMessage(message, `/messages/${i}`, conv, sink)));
  if (request.tools !== undefined) body["tools"] = request.tools.map((tool, i) => encodeTool(tool, `/tools/${i}`, conv));
  providerToolsOut(request, conv, PROVIDER); // Chat Completions defines none: each is dropped with a warning
  if (request.tool_choice !== undefined) body["tool_choice"] = encodeToolChoice(request.tool_choice);
  if (request.options !== undefined) encodeOptions(request.options, body);
  mergeProviderOptions(request.provider_options, adapterName, body, OPTIONS_VALIDATORS["openai-chat"]);
  return { body, warnings: conv.warnings };
}

function encodeOptions(options: ChatOptions, body: Body): void {
  for (const name of ["temperature", "top_p", "seed", "stop", "parallel_tool_calls"] as const) {
    if (options[name] !== undefined) body[name] = options[name];
  }
  if (options.max_tokens !== undefined) body["max_completion_tokens"] = options.max_tokens;
  if (options.response_format !== undefined) body["response_format"] = encodeResponseFormat(options.response_format);
}

/**
 * The message members every role shares, and what its own provider_metadata entry says: a system message sent
 * as `developer`, an assistant message's earlier audio reply (`audio: {"id"}`, put in `out`).
 */
function common(message: Message, where: string, conv: Conversion, named: boolean): [Body, string | undefined] {
  const out: Body = {};
  if (message.name !== undefined) {
    if (named) out["name"] = message.name;
    else conv.degrade("message.name_tool", `${where}/name`);
  }
  if (message.id !== undefined) conv.degrade("message.id", `${where}/id`);
  const [own, foreign] = metadataFor(message.provider_metadata, PROVIDER);
  const role = own["role"];
  delete own["role"];
  const reference = message.role === "assistant" ? own["audio"] : undefined;
  if (message.role === "assistant") delete own["audio"];
  if (foreign || Object.keys(own).length > 0) conv.degrade("message.provider_metadata", `${where}/provider_metadata`);
  if (isObject(reference) && typeof reference["id"] === "string") out["audio"] = { id: reference["id"] };
  return [out, role === "developer" ? "developer" : undefined];
}

function encodeMessage(message: Message, where: string, conv: Conversion, sink?: PartSink): Body[] {
  switch (message.role) {
    case "system": {
      const [out, role] = common(message, where, conv, true);
      const texts = message.parts.map((part, j) => {
        if (part.type !== "text") throw conv.refuse("system.non_text", `${where}/parts/${j}`);
        return text(part, `${where}/parts/${j}`, conv);
      });
      return [{ role: role ?? "system", content: content(texts), ...out }];
    }
    case "user": {
      const [out] = common(message, where, conv, true);
      const parts = message.parts.map((part, j) => userPart(part, `${where}/parts/${j}`, conv));
      return [{ role: "user", content: content(parts), ...out }];
    }
    case "assistant": {
      const [out] = common(message, where, conv, true);
      return [encodeAssistant(message, where, conv, out, sink)];
    }
    case "tool": {
      common(message, where, conv, false);
      if (message.parts.length === 0) {
        conv.degrade("tool_result.empty", `${where}/parts`);
        return [{ role: "user", content: [] }];
      }
      if (message.parts.length > 1) conv.degrade("tool_result.grouped", `${where}/parts`);
      return message.parts.map((part, j) => {
        if (part.type !== "tool_result") throw conv.refuse("part.misplaced", `${where}/parts/${j}`);
        return toolMessage(part, `${where}/parts/${j}`, conv);
      });
    }
  }
}

/** A lone text part is sent as a plain string; anything else as a list of parts. */
function content(parts: Body[]): string | Body[] {
  if (parts.length === 1 && parts[0]!["type"] === "text") return String(parts[0]!["text"]);
  return parts;
}

function partMetadata(part: Part, where: string, conv: Conversion): Record<string, unknown> {
  const [own, foreign] = metadataFor(part.provider_metadata, PROVIDER);
  if (foreign) conv.degrade("part.provider_metadata", `${where}/provider_metadata`);
  return own;
}

function text(part: TextPart, where: string, conv: Conversion): Body {
  partMetadata(part, where, conv);
  citationsOut(part, where, conv, PROVIDER); // Chat Completions takes none in messages: dropped, warned
  return { type: "text", text: part.text };
}

function userPart(part: Part, where: string, conv: Conversion): Body {
  switch (part.type) {
    case "text":
      return text(part, where, conv);
    case "image": {
      const own = partMetadata(part, where, conv);
      const image: Body = { url: mediaUrl(part.image, `${where}/image`, conv) };
      if (typeof own["detail"] === "string") image["detail"] = own["detail"];
      return { type: "image_url", image_url: image };
    }
    case "audio": {
      partMetadata(part, where, conv);
      const source = part.audio;
      if (source.source === "url") throw conv.refuse("audio.url", `${where}/audio`);
      const format = Object.hasOwn(AUDIO_FORMATS, source.media_type) ? AUDIO_FORMATS[source.media_type] : undefined;
      if (format === undefined) throw conv.refuse("media.unsupported_type", `${where}/audio/media_type`);
      return { type: "input_audio", input_audio: { data: source.base64, format } };
    }
    case "file":
      partMetadata(part, where, conv);
      return { type: "file", file: file(part.file, `${where}/file`, conv) };
    case "data":
      conv.degrade("data", where);
      partMetadata(part, where, conv);
      return { type: "text", text: dataText(part.data.value) };
    default:
      throw conv.refuse("part.misplaced", where);
  }
}

function mediaUrl(source: MediaRef, where: string, conv: Conversion): string {
  if (source.source === "base64") return buildDataUrl(source.media_type, source.base64);
  if (parseDataUrl(source.url) !== undefined) conv.degrade("media.data_url", `${where}/url`);
  if (source.media_type !== undefined) conv.degrade("media.media_type_dropped", `${where}/media_type`);
  return source.url;
}

function file(source: FileRef, where: string, conv: Conversion): Body {
  const out: Body = {};
  switch (source.source) {
    case "uri":
      throw conv.refuse("file.uri", where);
    case "base64":
      out["file_data"] = buildDataUrl(source.media_type, source.base64);
      break;
    case "file_id":
      if (source.issuer !== PROVIDER) throw conv.refuse("file.file_id_foreign", `${where}/issuer`);
      if (source.media_type !== undefined) conv.degrade("media.media_type_dropped", `${where}/media_type`);
      out["file_id"] = source.file_id;
      break;
  }
  if (source.name !== undefined) out["filename"] = source.name;
  return out;
}

function encodeAssistant(message: Message, where: string, conv: Conversion, out: Body, sink?: PartSink): Body {
  const texts: Body[] = [];
  const calls: Body[] = [];
  let refusal: string | undefined;
  message.parts.forEach((part, j) => {
    const at = `${where}/parts/${j}`;
    if (sunk(sink, part, at)) return;
    switch (part.type) {
      case "text": {
        const own = partMetadata(part, at, conv);
        if (own["refusal"] === true && refusal === undefined) {
          citationsOut(part, at, conv, PROVIDER); // a refusal has no annotations: warned
          refusal = part.text;
          return;
        }
        if (calls.length > 0) conv.degrade("tool_call.interleaved", at);
        citationsOut(part, at, conv, PROVIDER);
        texts.push({ type: "text", text: part.text });
        return;
      }
      case "tool_call":
        partMetadata(part, at, conv);
        calls.push(toolCall(part.tool_call));
        return;
      case "reasoning":
        partMetadata(part, at, conv);
        conv.degrade(reasoningFeature(part, PROVIDER), at);
        return;
      case "provider_tool_call":
      case "provider_tool_result":
        partMetadata(part, at, conv);
        providerPartOut(part, at, conv, PROVIDER); // Chat Completions has no place for it: dropped, warned
        return;
      case "audio": {
        const reference = audioReference(part);
        if (reference === undefined || "audio" in out) throw conv.refuse("part.misplaced", at);
        partMetadata(part, at, conv);
        conv.degrade("audio.reply_by_id", at);
        out["audio"] = reference;
        return;
      }
      default:
        throw conv.refuse("part.misplaced", at);
    }
  });
  const result: Body = { role: "assistant", ...out, ...(sink?.members() ?? {}) };
  if (texts.length > 0) result["content"] = content(texts);
  else if (calls.length === 0 && refusal === undefined) result["content"] = null;
  if (refusal !== undefined) result["refusal"] = refusal;
  if (calls.length > 0) result["tool_calls"] = calls;
  return result;
}

function toolMessage(part: ToolResultPart, where: string, conv: Conversion): Body {
  partMetadata(part, where, conv);
  const result = part.tool_result;
  if (result.is_error !== undefined) conv.degrade("tool_result.is_error", `${where}/tool_result/is_error`);
  if (result.parts !== undefined) conv.degrade("tool_result.parts", `${where}/tool_result/parts`);
  return { role: "tool", tool_call_id: result.tool_call_id, content: result.content };
}

function encodeTool(tool: ToolDefinition, where: string, conv: Conversion): Body {
  toolDefinitionExtras(tool, where, conv);
  const fn: Body = { name: tool.name };
  if (tool.description !== undefined) fn["description"] = tool.description;
  fn["parameters"] = tool.input_schema;
  if (tool.strict !== undefined) fn["strict"] = tool.strict;
  return functionTool(fn);
}

function encodeToolChoice(choice: ToolChoice): unknown {
  return choice.type === "tool" ? namedToolChoice(choice.tool) : choice.type;
}

function encodeResponseFormat(format: ResponseFormat): Body {
  if (format.type !== "json_schema") return { type: format.type };
  const spec = format.json_schema;
  const out: Body = { name: spec.name };
  if (spec.description !== undefined) out["description"] = spec.description;
  out["schema"] = spec.schema;
  if (spec.strict !== undefined) out["strict"] = spec.strict;
  return { type: "json_schema", json_schema: out };
}
