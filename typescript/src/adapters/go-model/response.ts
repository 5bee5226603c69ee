/**
 * Responses: the go-model response document <-> a canonical `ChatResponse` (Python's `go_model/response.py`).
 *
 * The SDK has no response type either; a reply is the assistant's Message, the finish reason a StreamChunk
 * carries, and a TokenUsage: `{"message": Message, "finish_reason"?: string, "usage"?: TokenUsage}`. A reply
 * is shaped as the SDK streams it (one run of text, then tool calls), so that folding the go-model stream of a
 * call gives the same response as decoding its non-streamed document (spec section 9).
 */

import { validate } from "../../codec.js";
import type { ChatResponse } from "../../generated/types.js";
import { MANIFEST } from "../../tables/go-model.js";
import { ProviderShapeError, type ConversionWarning } from "../shared/contract.js";
import { Conversion, isObject, truthy } from "../shared/conversion.js";
import * as finish from "./finish.js";
import { messageToWirechat, partFromWirechat } from "./parts.js";
import { expectMembers, readString } from "./shapes.js";
import { usageFromWirechat, usageToWirechat } from "./usage.js";

type Json = Record<string, unknown>;

/** The part types a reply can hold (a StreamChunk holds text and tool calls; the rest are dropped with a warning). */
const REPLY_PARTS: ReadonlySet<string> = new Set(["text", "tool_call", "reasoning", "provider_tool_call", "provider_tool_result"]);

/** The canonical response for a go-model response document. */
export function decodeResponse(body: unknown, _warnings?: ConversionWarning[]): ChatResponse {
  if (!isObject(body)) throw new ProviderShapeError("", "expected a response object {message, finish_reason, usage}");
  expectMembers(body, ["message", "finish_reason", "usage"], "", "a go-model response");
  const message = messageToWirechat(body["message"], "/message");
  const hasCalls = (message["parts"] as Json[]).some((part) => part["type"] === "tool_call");
  const document: Json = { message, finish_reason: finish.decode(readString(body, "finish_reason", ""), hasCalls) };
  if (body["usage"] !== undefined && body["usage"] !== null) document["usage"] = usageToWirechat(body["usage"], "/usage");
  return validate(document, "ChatResponse");
}

/** The go-model response document for `response`; throws `ConversionRefused`. */
export function encodeResponse(response: ChatResponse, warnings?: ConversionWarning[]): Json {
  const conv = new Conversion(MANIFEST, warnings);
  const message = response.message;
  for (const member of ["name", "id", "provider_metadata"] as const) if (message[member] !== undefined) conv.degrade("response.message_members", `/message/${member}`);
  let parts: Json[] = [];
  message.parts.forEach((part, index) => {
    const where = `/message/parts/${index}`;
    if (!REPLY_PARTS.has(part.type)) throw conv.refuse("response.part_unsupported", where);
    const converted = partFromWirechat(part, where, conv);
    if (converted !== undefined) parts.push(converted);
  });
  const texts = parts.filter((part) => part["type"] === "text").map((part) => (part["text"] as string | undefined) ?? "");
  if (texts.length > 1 || texts.includes("")) {
    conv.degrade("response.text_joined", "/message/parts");
    const joined = texts.join("");
    parts = [...(joined ? [{ type: "text", text: joined }] : []), ...parts.filter((part) => part["type"] !== "text")];
  }
  const body: Json = { message: { role: message.role, parts } };
  body["finish_reason"] = finish.encode(response.finish_reason, conv, "/finish_reason");
  if (response.usage !== undefined) body["usage"] = usageFromWirechat(response.usage, "/usage", conv);
  for (const member of ["id", "model"] as const) if (response[member] !== undefined) conv.degrade(`response.${member}`, `/${member}`);
  if (truthy(response.provider_metadata)) conv.degrade("response.provider_metadata.foreign", "/provider_metadata");
  return body;
}
