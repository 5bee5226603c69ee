/**
 * OpenAI `chat.completion` bodies <-> canonical `ChatResponse`, as Python's `openai_chat/response.py`.
 *
 * The reply's parts come in the order the stream decoder assigns indices: the text (with the message's
 * `annotations` as its citations, `citations.ts`), a refusal (a text part marked `{"openai": {"refusal":
 * true}}`), the audio (`audio.ts`), then the tool calls. What has no canonical field is kept in
 * `provider_metadata["openai"]` and written back: `created`, the usage details (`usage.ts`), and the body and
 * choice members of `KEPT_BODY` and `KEPT_CHOICE`; a whole tool call's `index` (some servers write one) and
 * the `custom` type of a free-form call are kept on its part.
 *
 * Nothing else is dropped without a word (decision 011): every other member of the body, its choice, message
 * and tool calls is reported to `warnings` as `provider.unmapped` with its pointer, and so is every choice
 * after the first (`n` > 1: a canonical reply has one message). A missing tool call id or name, or a member of
 * the wrong type, throws `ProviderShapeError` naming the pointer.
 */

import type { AudioPart, ChatResponse, Part, ToolCallPart } from "../../generated/types.js";
import { Conversion, getList, getMap, getStr, isObject, metadataFor, reasoningFeature, truthy } from "../shared/conversion.js";
import { MANIFEST } from "../../tables/openai-chat.js";
import { ProviderShapeError, type ConversionWarning } from "../shared/contract.js";
import { citationsOut, providerPartOut } from "../shared/provider-run.js";
import { decodeAudio, encodeAudio } from "./audio.js";
import { decodeAnnotations, encodeAnnotations } from "./citations.js";
import * as finish from "./finish.js";
import { type PartSink, sunk } from "./request-encode.js";
import { decodeToolCall, type Dialect, OPENAI, PROVIDER, shapesOf, TOOL_CALL, toolCall, unmapped } from "./shapes.js";
import * as usage from "./usage.js";

/**
 * The tool-call part of a whole call, with its `index` kept (OpenAI writes none, so any is kept; a dialect whose
 * server numbers calls keeps one that is not the call's position) and its `custom` type.
 */
export function toolCallPart(raw: unknown, where: string, position = 0, dialect: Dialect = OPENAI): ToolCallPart {
  const part: ToolCallPart = { type: "tool_call", tool_call: decodeToolCall(raw, where) };
  const call = raw as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  const index = call["index"];
  if (index !== undefined && index !== null && !(dialect.callIndex && index === position)) kept["index"] = index;
  if (call["type"] === "custom") kept["type"] = "custom";
  if (Object.keys(kept).length > 0) part.provider_metadata = { [PROVIDER]: kept };
  return part;
}

/** The parts of a reply's message; members it does not read are reported. */
export function decodeMessage(message: Record<string, unknown>, where: string, conv: Conversion, dialect: Dialect = OPENAI): Part[] {
  for (const pointer of unmapped(message, shapesOf(dialect).message, where)) conv.degrade("provider.unmapped", pointer);
  const parts: Part[] = [];
  const content = message["content"];
  if (typeof content === "string" && content) parts.push({ type: "text", text: content });
  else if (content !== undefined && content !== null && typeof content !== "string") conv.degrade("provider.unmapped", `${where}/content`); // not OpenAI's shape: a server's own
  if (truthy(message["annotations"])) {
    const found = decodeAnnotations(message["annotations"], `${where}/annotations`, dialect.issuer);
    const first = parts[0];
    if (first !== undefined && first.type === "text") first.citations = found;
    else conv.degrade("provider.unmapped", `${where}/annotations`); // no text for them to cite
  }
  if (typeof message["refusal"] === "string") parts.push({ type: "text", text: message["refusal"], provider_metadata: { [PROVIDER]: { refusal: true } } });
  if (message["audio"] !== undefined && message["audio"] !== null) parts.push(decodeAudio(message["audio"], `${where}/audio`));
  (getList(message, "tool_calls", where, false) ?? []).forEach((call, i) => {
    const at = `${where}/tool_calls/${i}`;
    for (const pointer of unmapped(call, TOOL_CALL, at)) conv.degrade("provider.unmapped", pointer);
    parts.push(toolCallPart(call, at, i, dialect));
  });
  return parts;
}

/** The canonical reply of a `chat.completion` body, read as `dialect` says (an OpenAI-compatible server's). */
export function decodeResponse(input: unknown, warnings?: ConversionWarning[], dialect: Dialect = OPENAI): ChatResponse {
  if (!isObject(input)) throw new ProviderShapeError("", "expected a chat.completion object");
  const body = input;
  const conv = new Conversion(MANIFEST, warnings);
  const shapes = shapesOf(dialect);
  for (const pointer of unmapped(body, shapes.response, "")) conv.degrade("provider.unmapped", pointer);
  const choices = getList(body, "choices", "") ?? [];
  const metadata: Record<string, unknown> = {};
  let parts: Part[] = [];
  let rawFinish: string | undefined;
  if (choices.length > 0) {
    const choice = choices[0];
    if (!isObject(choice)) throw new ProviderShapeError("/choices/0", "expected a choice object");
    for (const pointer of unmapped(choice, shapes.choice, "/choices/0")) conv.degrade("provider.unmapped", pointer);
    for (let i = 1; i < choices.length; i++) conv.degrade("provider.unmapped", `/choices/${i}`); // n > 1: one message per reply
    parts = decodeMessage(getMap(choice, "message", "/choices/0", false) ?? {}, "/choices/0/message", conv, dialect);
    rawFinish = getStr(choice, "finish_reason", "/choices/0", false);
    for (const key of dialect.keptChoice) if (choice[key] !== undefined && choice[key] !== null) metadata[key] = choice[key];
  }
  const response: ChatResponse = {
    message: { role: "assistant", parts },
    finish_reason: finish.decode(rawFinish, parts.some((p) => p.type === "tool_call")),
  };
  if (isObject(body["usage"])) {
    const [decoded, extra] = usage.decode(body["usage"]);
    response.usage = decoded;
    if (Object.keys(extra).length > 0) metadata["usage"] = extra;
  }
  for (const key of ["id", "model"] as const) {
    const value = body[key];
    if (typeof value === "string" && value) response[key] = value;
  }
  const created = body["created"];
  if (typeof created === "number" && Number.isInteger(created) && created !== 0) metadata["created"] = created;
  for (const key of dialect.keptBody) if (body[key] !== undefined && body[key] !== null) metadata[key] = body[key];
  if (Object.keys(metadata).length > 0) response.provider_metadata = { [PROVIDER]: metadata };
  return response;
}

/**
 * The `chat.completion` body for a canonical response; degradations go to `warnings` when given. `sink` takes
 * the reasoning and provider-run parts a server writes back (openai-compatible).
 */
export function encodeResponse(response: ChatResponse, warnings?: ConversionWarning[], dialect: Dialect = OPENAI, sink?: PartSink): Record<string, unknown> {
  const conv = new Conversion(MANIFEST);
  const message = response.message;
  for (const name of ["name", "id", "provider_metadata"] as const) if (message[name] !== undefined) conv.degrade("response.message_members", `/message/${name}`);
  const texts: string[] = [];
  const annotations: Record<string, unknown>[] = [];
  let refusal: string | undefined;
  let sound: Record<string, unknown> | undefined;
  const calls: Record<string, unknown>[] = [];
  message.parts.forEach((part, j) => {
    const where = `/message/parts/${j}`;
    if (part.type === "audio" && sound === undefined) {
      sound = encodeAudio(part as AudioPart, where, conv);
      return;
    }
    if (sunk(sink, part, where)) return;
    const [own, foreign] = metadataFor(part.provider_metadata, PROVIDER);
    if (foreign) conv.degrade("part.provider_metadata", `${where}/provider_metadata`);
    switch (part.type) {
      case "text":
        if (own["refusal"] === true && refusal === undefined) {
          citationsOut(part, where, conv, dialect.issuer); // a refusal has no annotations: warned
          refusal = part.text;
          return;
        }
        if (calls.length > 0) conv.degrade("tool_call.interleaved", where);
        annotations.push(...encodeAnnotations(part.citations, where, conv, dialect.issuer));
        texts.push(part.text);
        return;
      case "tool_call": {
        const call = toolCall(part.tool_call, own["type"] === "custom" ? "custom" : "function");
        if ("index" in own || dialect.callIndex) call["index"] = "index" in own ? own["index"] : calls.length;
        calls.push(call);
        return;
      }
      case "reasoning":
        conv.degrade(reasoningFeature(part, PROVIDER), where);
        return;
      case "provider_tool_call":
      case "provider_tool_result":
        providerPartOut(part, where, conv, PROVIDER); // no place for it in a Chat Completions reply
        return;
      case "image":
      case "audio":
      case "file":
      case "data":
      case "tool_result":
        throw conv.refuse("response.part_unsupported", where);
      default:
        return part satisfies never;
    }
  });
  if (texts.length > 1 || texts.includes("")) conv.degrade("response.text_joined", "/message/parts");
  // after the parts, as Python's encoder warns (the vectors record the order)
  const [ownMeta, foreignMeta] = metadataFor(response.provider_metadata, PROVIDER);
  if (foreignMeta) conv.degrade("response.provider_metadata.foreign", "/provider_metadata");
  const outMessage: Record<string, unknown> = { role: "assistant", content: texts.join("") || null };
  if (refusal !== undefined) outMessage["refusal"] = refusal;
  if (sound !== undefined) outMessage["audio"] = sound;
  if (calls.length > 0) outMessage["tool_calls"] = calls;
  if (annotations.length > 0) outMessage["annotations"] = annotations;
  if (sink !== undefined) Object.assign(outMessage, sink.members());
  const choice: Record<string, unknown> = { index: 0, message: outMessage, finish_reason: finish.encode(response.finish_reason, conv), logprobs: ownMeta["logprobs"] ?? null };
  for (const key of dialect.keptChoice) if (key in ownMeta) choice[key] = ownMeta[key];
  const body: Record<string, unknown> = { id: response.id ?? "", object: "chat.completion", created: ownMeta["created"] ?? 0, model: response.model ?? "", choices: [choice] };
  if (response.usage !== undefined) body["usage"] = usage.encode(response.usage, conv, ownMeta["usage"] as Record<string, unknown> | undefined);
  for (const key of dialect.keptBody) if (key in ownMeta) body[key] = ownMeta[key];
  warnings?.push(...conv.warnings);
  return body;
}
