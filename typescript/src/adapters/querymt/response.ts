/**
 * QueryMT `ExtismChatResponse` <-> canonical `ChatResponse`, as Python's `querymt/response.py`.
 *
 * Decoding: `thinking` is a reasoning part, then the text, then the tool calls with their ids; usage is
 * normalised (`usage.ts`); the finish reason is derived from QueryMT's value and the raw value kept
 * (`finish.ts`). Members QueryMT's type does not have are kept in `provider_metadata["querymt"]` and written
 * back by `encodeResponse`. Encoding joins the text parts (with a warning) and writes the plain reasoning as
 * `thinking` (decision 044, `thinking.ts`).
 */

import { validate } from "../../codec.js";
import type { ChatResponse } from "../../generated/types.js";
import { MANIFEST } from "../../tables/querymt.js";
import { ProviderShapeError, type ConversionWarning } from "../shared/contract.js";
import { Conversion, getList, getMap, getStr, isObject, metadataFor } from "../shared/conversion.js";
import { citationsOut, providerPartOut } from "../shared/provider-run.js";
import * as finish from "./finish.js";
import { assertNever, decodeToolCall, PROVIDER, toolCall } from "./shapes.js";
import { Thinking } from "./thinking.js";
import * as usage from "./usage.js";

type Json = Record<string, unknown>;

export const MEMBERS: ReadonlySet<string> = new Set(["text", "tool_calls", "thinking", "usage", "finish_reason"]);

export function decodeResponse(body: unknown, _warnings?: ConversionWarning[]): ChatResponse {
  if (!isObject(body)) throw new ProviderShapeError("", "expected an ExtismChatResponse object");
  const parts: Json[] = [];
  const thinking = getStr(body, "thinking", "", false);
  if (thinking) parts.push({ type: "reasoning", reasoning: { text: thinking } });
  const text = getStr(body, "text", "", false);
  if (text) parts.push({ type: "text", text });
  (getList(body, "tool_calls", "", false) ?? []).forEach((call, i) => {
    const [id, name, args] = decodeToolCall(call, `/tool_calls/${i}`);
    parts.push({ type: "tool_call", tool_call: { id, name, arguments: args } });
  });
  const rawFinish = getStr(body, "finish_reason", "", false);
  const hasCalls = parts.some((part) => part["type"] === "tool_call");
  const fields: Json = { message: { role: "assistant", parts }, finish_reason: finish.decode(rawFinish, hasCalls) };
  const metadata: Json = {};
  for (const [key, value] of Object.entries(body)) if (!MEMBERS.has(key)) metadata[key] = value;
  const rawUsage = getMap(body, "usage", "", false);
  if (rawUsage !== undefined) {
    const [decoded, extra] = usage.decode(rawUsage);
    fields["usage"] = decoded;
    if (Object.keys(extra).length > 0) metadata["usage"] = extra;
  }
  if (Object.keys(metadata).length > 0) fields["provider_metadata"] = { [PROVIDER]: metadata };
  return validate(fields, "ChatResponse");
}

export function encodeResponse(response: ChatResponse, warnings?: ConversionWarning[]): Json {
  const conv = new Conversion(MANIFEST, warnings);
  const message = response.message;
  for (const name of ["name", "id", "provider_metadata"] as const) if (message[name] !== undefined) conv.degrade("response.message_members", `/message/${name}`);
  const texts: string[] = [];
  const calls: Json[] = [];
  const thinking = new Thinking(conv);
  message.parts.forEach((part, j) => {
    const where = `/message/parts/${j}`;
    const [own, foreign] = metadataFor(part.provider_metadata, PROVIDER);
    if (foreign || Object.keys(own).length > 0) conv.degrade("part.provider_metadata", `${where}/provider_metadata`);
    switch (part.type) {
      case "text":
        if (calls.length > 0) conv.degrade("tool_call.interleaved", where);
        citationsOut(part, where, conv, PROVIDER);
        texts.push(part.text);
        break;
      case "tool_call":
        calls.push(toolCall(part.tool_call.id, part.tool_call.name, part.tool_call.arguments));
        break;
      case "reasoning":
        thinking.take(part, where, texts.length + calls.length > 0);
        break;
      case "provider_tool_call":
      case "provider_tool_result":
        providerPartOut(part, where, conv, PROVIDER);
        break;
      case "image":
      case "audio":
      case "file":
      case "data":
      case "tool_result":
        throw conv.refuse("response.part_unsupported", where);
      default:
        assertNever(part);
    }
  });
  const thought = thinking.text();
  if (texts.length > 1 || texts.includes("")) conv.degrade("response.text_joined", "/message/parts");
  for (const member of ["id", "model"] as const) if (response[member] !== undefined) conv.degrade(`response.${member}`, `/${member}`);
  const [ownMeta, foreignMeta] = metadataFor(response.provider_metadata, PROVIDER);
  if (foreignMeta) conv.degrade("response.provider_metadata.foreign", "/provider_metadata");
  const body: Json = {
    text: texts.join("") || null,
    tool_calls: calls.length > 0 ? calls : null,
    thinking: thought,
    usage: response.usage === undefined ? null : usage.encode(response.usage, conv),
    finish_reason: finish.encode(response.finish_reason, conv),
  };
  for (const [key, value] of Object.entries(ownMeta)) if (!(key in body)) body[key] = value;
  return body;
}
