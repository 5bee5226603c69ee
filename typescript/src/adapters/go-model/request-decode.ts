/**
 * The go-model request document -> a canonical `ChatRequest` (Python's `go_model/request.py`).
 *
 * The SDK has no request type; a caller hands a provider its `[]Message` and `[]ToolDefinition`. The go-model
 * request document is therefore `{"model"?, "messages": [Message], "tools"?: [ToolDefinition]}`; a bare array
 * of messages, or one Message, is read as a request too (what a program that used the SDK stored). Nothing is
 * degraded on the way in: a document converts losslessly or throws `ProviderShapeError` naming the go-model
 * pointer (`WireError` when the result is not a valid canonical request).
 */

import { validate } from "../../codec.js";
import type { ChatRequest } from "../../generated/types.js";
import { ProviderShapeError, type ConversionWarning } from "../shared/contract.js";
import { isObject } from "../shared/conversion.js";
import { messageToWirechat } from "./parts.js";
import { expectMembers, readString } from "./shapes.js";
import { toolToWirechat } from "./tools.js";

/** The canonical request document (plain JSON) for a go-model request, message list or message. */
export function requestToWirechat(input: unknown): Record<string, unknown> {
  let body = input;
  if (Array.isArray(body)) body = { messages: body };
  else if (isObject(body) && Object.hasOwn(body, "role")) body = { messages: [body] };
  if (!isObject(body)) throw new ProviderShapeError("", "expected a request object, an array of messages or a message");
  expectMembers(body, ["model", "messages", "tools"], "", "a go-model request");
  const messages = body["messages"];
  if (!Array.isArray(messages) || messages.length === 0) throw new ProviderShapeError("/messages", "expected a non-empty array of messages");
  const out: Record<string, unknown> = { messages: messages.map((message, i) => messageToWirechat(message, `/messages/${i}`)) };
  const model = readString(body, "model", "");
  if (model) out["model"] = model;
  const tools = body["tools"];
  if (tools !== undefined && tools !== null) {
    if (!Array.isArray(tools)) throw new ProviderShapeError("/tools", "expected an array of tool definitions");
    out["tools"] = tools.map((tool, i) => toolToWirechat(tool, `/tools/${i}`));
  }
  return out;
}

export function decodeRequest(body: unknown): { request: ChatRequest; warnings: ConversionWarning[] } {
  return { request: validate(requestToWirechat(body), "ChatRequest"), warnings: [] };
}
