/**
 * Canonical `ChatRequest` -> OpenAI Responses request body (`encodeRequest`), rule for rule as Python's
 * `openai_responses/request_encode.py` (its full walk; Python's fast pass writes the same body): the same
 * body, the same warnings (feature and pointer), the same refusals.
 *
 * A first system message of one text part is `instructions`; other system messages are `system` (or
 * `developer`, when read from one) message items; user messages are message items of `input_text`,
 * `input_image` and `input_file`; an assistant message is its items in order (message, `function_call`,
 * `reasoning` replayed only to its issuer, provider-run items); each tool result is a
 * `function_call_output` (or `custom_tool_call_output`) item. `response_format` is `text.format`.
 */

import type { ChatOptions, ChatRequest, FileRef, ImagePart, Message, Part, ToolDefinition, ToolResult } from "../../generated/types.js";
import { MANIFEST, MEDIA_TYPES } from "../../tables/openai-responses.js";
import { OPTIONS_VALIDATORS } from "../../tables/options-validators.js";
import { ConversionRefused, type ConversionWarning } from "../shared/contract.js";
import { buildDataUrl, Conversion, dataText, isObject, mergeProviderOptions, metadataFor, parseDataUrl, toolDefinitionExtras, truthy } from "../shared/conversion.js";
import { citationsOut, providerPartOut, providerToolsOut } from "../shared/provider-run.js";
import { CALL_KEYS, encodeFunctionCall, encodeReasoning, NAME, PROVIDER, REASONING_KEYS } from "./shapes.js";

type Body = Record<string, unknown>;

/** The part-level `provider_metadata.openai` members a request carries (others are degraded). */
const PART_KEYS: ReadonlySet<string> = new Set(["detail", "item_id"]);
const NONE: ReadonlySet<string> = new Set();
const IMAGE_TYPES: ReadonlySet<string> = new Set(MEDIA_TYPES["image"] ?? []);
const DETAILS: ReadonlySet<unknown> = new Set(["low", "high", "auto", "original"]);

export function encodeRequest(request: ChatRequest, adapterName = NAME): { body: Body; warnings: ConversionWarning[] } {
  const conv = new Conversion(MANIFEST);
  if (request.model === undefined) throw conv.refuse("model.absent", "/model");
  const body: Body = { model: request.model };
  body["input"] = encodeMessages(request, body, conv);
  const tools = (request.tools ?? []).map((tool, i) => encodeTool(tool, `/tools/${i}`, conv));
  tools.push(...providerToolsOut(request, conv, PROVIDER));
  if (tools.length > 0 || request.tools !== undefined) body["tools"] = tools;
  const choice = request.tool_choice;
  if (choice !== undefined) body["tool_choice"] = choice.type === "tool" ? { type: "function", name: choice.tool } : choice.type;
  const format = encodeOptions(request.options ?? {}, body, conv);
  mergeProviderOptions(request.provider_options, adapterName, body, OPTIONS_VALIDATORS["openai-responses"]);
  if (format !== undefined) {
    // after the options: their own `text` members (verbosity) join the format
    const text = isObject(body["text"]) ? body["text"] : {};
    if ("format" in text) throw new ConversionRefused("provider_options", "text.format is set from options.response_format; set it there instead", `/provider_options/${adapterName}/text/format`);
    body["text"] = { ...text, format };
  }
  return { body, warnings: conv.warnings };
}

/** The full walk over the messages (`instructions` goes into `body`), with every warning. */
function encodeMessages(request: ChatRequest, body: Body, conv: Conversion): Body[] {
  const items: Body[] = [];
  let previous = "";
  const custom = customCalls(request);
  request.messages.forEach((message, i) => {
    const where = `/messages/${i}`;
    const developer = messageMembers(message, where, conv);
    switch (message.role) {
      case "system": {
        const texts = systemTexts(message, where, conv);
        if (i === 0 && texts.length === 1 && !developer) body["instructions"] = texts[0]!["text"];
        else items.push({ type: "message", role: developer ? "developer" : "system", content: texts });
        break;
      }
      case "user":
        items.push({ type: "message", role: "user", content: message.parts.map((part, j) => contentPart(part, `${where}/parts/${j}`, conv)) });
        break;
      case "assistant": {
        const run = assistantItems(message, where, conv);
        if (previous === "assistant") conv.degrade("message.assistant_merged", where);
        items.push(...(run.length > 0 ? run : [{ type: "message", role: "assistant", content: [] }]));
        break;
      }
      case "tool":
        items.push(...toolItems(message, where, conv, custom));
        break;
      default:
        return message.role satisfies never;
    }
    previous = message.role;
  });
  return items;
}

function isDeveloper(message: Message): boolean {
  const metadata = message.provider_metadata;
  if (message.role !== "system" || metadata === undefined || Object.keys(metadata).length !== 1) return false;
  const own = metadata[PROVIDER];
  return isObject(own) && Object.keys(own).length === 1 && own["role"] === "developer";
}

/** Degrades the message members Responses has no place for; true for a system message read from a `developer` item, which is written back as one. */
function messageMembers(message: Message, where: string, conv: Conversion): boolean {
  const developer = isDeveloper(message);
  for (const name of ["name", "id", "provider_metadata"] as const) {
    if (message[name] !== undefined && !(name === "provider_metadata" && developer)) {
      conv.degrade(name === "name" && message.role === "tool" ? "message.name_tool" : `message.${name}`, `${where}/${name}`);
    }
  }
  return developer;
}

/** The part's own provider data this encoder carries; foreign or unknown data is degraded. */
function own(part: Part, where: string, conv: Conversion, keys: ReadonlySet<string> = PART_KEYS): Record<string, unknown> {
  const [mine, foreign] = metadataFor(part.provider_metadata, PROVIDER);
  if (foreign || Object.keys(mine).some((key) => !keys.has(key))) conv.degrade("part.provider_metadata", `${where}/provider_metadata`);
  return Object.fromEntries([...keys].filter((key) => key in mine).map((key) => [key, mine[key]]));
}

function systemTexts(message: Message, where: string, conv: Conversion): Body[] {
  return message.parts.map((part, j) => {
    if (part.type !== "text") throw conv.refuse("system.non_text", `${where}/parts/${j}`);
    own(part, `${where}/parts/${j}`, conv, NONE);
    citationsOut(part, `${where}/parts/${j}`, conv, PROVIDER); // instructions carry no annotations
    return { type: "input_text", text: part.text };
  });
}

/** A user-side content part: `input_text`, `input_image` or `input_file` (data becomes text). */
function contentPart(part: Part, where: string, conv: Conversion): Body {
  switch (part.type) {
    case "text":
      own(part, where, conv, NONE);
      citationsOut(part, where, conv, PROVIDER); // a user's input_text has no annotations: dropped, warned
      return { type: "input_text", text: part.text };
    case "image":
      return image(part, own(part, where, conv, new Set(["detail"])), `${where}/image`, conv);
    case "file":
      own(part, where, conv, NONE);
      return file(part.file, `${where}/file`, conv);
    case "data":
      own(part, where, conv, NONE);
      conv.degrade("data", where);
      return { type: "input_text", text: dataText(part.data.value) };
    case "audio":
      throw conv.refuse(part.audio.source === "url" ? "audio.url" : "audio.base64", `${where}/audio`);
    case "reasoning":
    case "tool_call":
    case "tool_result":
    case "provider_tool_call":
    case "provider_tool_result":
      throw conv.refuse("part.misplaced", where);
    default:
      return part satisfies never;
  }
}

function image(part: ImagePart, mine: Record<string, unknown>, where: string, conv: Conversion): Body {
  const source = part.image;
  const detail = DETAILS.has(mine["detail"]) ? mine["detail"] : "auto";
  if (source.source === "url") {
    if (source.media_type !== undefined) conv.degrade("media.media_type_dropped", `${where}/media_type`);
    if (parseDataUrl(source.url) !== undefined) conv.degrade("media.data_url", `${where}/url`);
    return { type: "input_image", image_url: source.url, detail };
  }
  if (!IMAGE_TYPES.has(source.media_type)) throw conv.refuse("media.unsupported_type", `${where}/media_type`);
  return { type: "input_image", image_url: buildDataUrl(source.media_type, source.base64), detail };
}

function file(source: FileRef, where: string, conv: Conversion): Body {
  const out: Body = { type: "input_file" };
  switch (source.source) {
    case "uri":
      out["file_url"] = source.uri;
      break;
    case "base64":
      out["file_data"] = buildDataUrl(source.media_type, source.base64);
      break;
    case "file_id":
      if (source.issuer !== PROVIDER) throw conv.refuse("file.file_id_foreign", `${where}/issuer`);
      out["file_id"] = source.file_id;
      break;
    default:
      return source satisfies never;
  }
  if (source.source !== "base64" && source.media_type !== undefined) conv.degrade("media.media_type_dropped", `${where}/media_type`);
  if (source.name !== undefined) out["filename"] = source.name;
  return out;
}

function assistantItems(message: Message, where: string, conv: Conversion): Body[] {
  const items: Body[] = [];
  message.parts.forEach((part, j) => {
    const at = `${where}/parts/${j}`;
    switch (part.type) {
      case "text": {
        const mine = own(part, at, conv, new Set(["item_id", "phase", "status"]));
        const annotations = citationsOut(part, at, conv, PROVIDER);
        if (truthy(mine["item_id"]) || truthy(mine["phase"]) || truthy(mine["status"]) || annotations.length > 0) {
          const item: Body = { type: "message", role: "assistant" };
          if (truthy(mine["item_id"])) item["id"] = mine["item_id"];
          if (typeof mine["phase"] === "string") item["phase"] = mine["phase"];
          item["status"] = typeof mine["status"] === "string" ? mine["status"] : "completed";
          item["content"] = [{ type: "output_text", text: part.text, annotations }];
          items.push(item);
        } else items.push({ type: "message", role: "assistant", content: part.text });
        return;
      }
      case "tool_call":
        items.push(encodeFunctionCall(part.tool_call, own(part, at, conv, CALL_KEYS)));
        return;
      case "reasoning": {
        own(part, at, conv, REASONING_KEYS);
        const reasoning = encodeReasoning(part, at, conv);
        if (reasoning !== undefined) items.push(reasoning);
        return;
      }
      case "provider_tool_call":
      case "provider_tool_result": {
        own(part, at, conv, NONE);
        const written = providerPartOut(part, at, conv, PROVIDER);
        if (written !== undefined) items.push(written);
        return;
      }
      case "image":
      case "audio":
      case "file":
      case "data":
      case "tool_result":
        throw conv.refuse("part.misplaced", at);
      default:
        return part satisfies never;
    }
  });
  return items;
}

/** The ids of the request's tool calls read from `custom_tool_call` items (their results answer in kind). */
function customCalls(request: ChatRequest): Set<string> {
  const ids = new Set<string>();
  for (const message of request.messages) {
    if (message.role !== "assistant") continue;
    for (const part of message.parts) if (part.type === "tool_call" && truthy(metadataFor(part.provider_metadata, PROVIDER)[0]["item_type"])) ids.add(part.tool_call.id);
  }
  return ids;
}

function toolItems(message: Message, where: string, conv: Conversion, custom: ReadonlySet<string>): Body[] {
  const items = message.parts.map((part, j) => {
    const at = `${where}/parts/${j}`;
    if (part.type !== "tool_result") throw conv.refuse("part.misplaced", at);
    const mine = own(part, at, conv, new Set(["item_type"]));
    const item = toolResult(part.tool_result, at, conv);
    if (mine["item_type"] === "custom_tool_call_output" || custom.has(part.tool_result.tool_call_id)) item["type"] = "custom_tool_call_output";
    return item;
  });
  if (message.parts.length === 0) {
    conv.degrade("tool_result.empty", `${where}/parts`);
    return [{ type: "message", role: "user", content: [] }];
  }
  if (items.length > 1) conv.degrade("tool_result.grouped", `${where}/parts`);
  return items;
}

function toolResult(result: ToolResult, where: string, conv: Conversion): Body {
  const item: Body = { type: "function_call_output", call_id: result.tool_call_id };
  if (result.is_error !== undefined) conv.degrade("tool_result.is_error", `${where}/tool_result/is_error`);
  if (result.parts === undefined) {
    item["output"] = result.content;
    return item;
  }
  const first = result.parts[0];
  if (result.parts.length === 0 || (!result.content && (first!.type === "text" || first!.type === "data"))) conv.degrade("tool_result.parts_ambiguous", `${where}/tool_result/parts`);
  const output: Body[] = result.content ? [{ type: "input_text", text: result.content }] : [];
  result.parts.forEach((part, k) => output.push(contentPart(part, `${where}/tool_result/parts/${k}`, conv)));
  item["output"] = result.parts.length > 0 ? output : result.content;
  return item;
}

function encodeTool(tool: ToolDefinition, where: string, conv: Conversion): Body {
  toolDefinitionExtras(tool, where, conv);
  const out: Body = { type: "function", name: tool.name };
  if (tool.description !== undefined) out["description"] = tool.description;
  out["parameters"] = tool.input_schema;
  out["strict"] = tool.strict ?? null;
  return out;
}

/** Sets the sampling options in `body`; returns the `text.format` for the response format. */
function encodeOptions(options: ChatOptions, body: Body, conv: Conversion): Body | undefined {
  for (const name of ["temperature", "top_p"] as const) if (options[name] !== undefined) body[name] = options[name];
  for (const name of ["stop", "seed"] as const) if (options[name] !== undefined) conv.degrade(`options.${name}`, `/options/${name}`);
  if (options.max_tokens !== undefined) body["max_output_tokens"] = options.max_tokens;
  if (options.parallel_tool_calls !== undefined) body["parallel_tool_calls"] = options.parallel_tool_calls;
  const format = options.response_format;
  if (format === undefined) return undefined;
  if (format.type !== "json_schema") return { type: format.type };
  const spec = format.json_schema;
  const out: Body = { type: "json_schema", name: spec.name, schema: spec.schema };
  if (spec.description !== undefined) out["description"] = spec.description;
  if (spec.strict !== undefined) out["strict"] = spec.strict;
  return out;
}
