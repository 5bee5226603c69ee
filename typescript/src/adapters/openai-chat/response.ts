/**
 * OpenAI `chat.completion` bodies -> canonical `ChatResponse`: the reply's text first, then a refusal (a
 * text part marked `{"openai": {"refusal": true}}`), then the tool calls (the order the stream decoder
 * assigns indices in); what has no canonical field goes to `provider_metadata["openai"]`. A missing tool
 * call id or name, or a member of the wrong type, throws `ProviderShapeError` naming the pointer.
 */

import type { ChatResponse, Part } from "../../generated/types.js";
import { Conversion, getList, getMap, getStr, isObject, metadataFor, reasoningFeature } from "../shared/conversion.js";
import { MANIFEST } from "./manifest.js";
import { ProviderShapeError, type ConversionWarning } from "../shared/contract.js";
import * as finish from "./finish.js";
import { decodeToolCall, PROVIDER, toolCall } from "./shapes.js";
import { citationsOut, providerPartOut } from "../shared/provider-run.js";
import * as usage from "./usage.js";

export const METADATA_KEYS = ["system_fingerprint", "service_tier"] as const;

export function decodeResponse(input: unknown): ChatResponse {
  if (!isObject(input)) throw new ProviderShapeError("", "expected a chat.completion object");
  const body = input;
  const choices = getList(body, "choices", "") ?? [];
  const metadata: Record<string, unknown> = {};
  const parts: Part[] = [];
  let rawFinish: string | undefined;
  if (choices.length > 0) {
    const choice = choices[0];
    if (!isObject(choice)) throw new ProviderShapeError("/choices/0", "expected a choice object");
    const message = getMap(choice, "message", "/choices/0") ?? {};
    const text = message["content"];
    if (typeof text === "string" && text) parts.push({ type: "text", text });
    if (typeof message["refusal"] === "string") parts.push({ type: "text", text: message["refusal"], provider_metadata: { [PROVIDER]: { refusal: true } } });
    (getList(message, "tool_calls", "/choices/0/message", false) ?? []).forEach((call, i) => {
      parts.push({ type: "tool_call", tool_call: decodeToolCall(call, `/choices/0/message/tool_calls/${i}`) });
    });
    rawFinish = getStr(choice, "finish_reason", "/choices/0", false);
    if (choice["logprobs"] !== undefined && choice["logprobs"] !== null) metadata["logprobs"] = choice["logprobs"];
    const annotations = message["annotations"];
    if (annotations && !(Array.isArray(annotations) && annotations.length === 0) && !(isObject(annotations) && Object.keys(annotations).length === 0)) metadata["annotations"] = annotations;
    if (choices.length > 1) metadata["other_choices"] = choices.slice(1);
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
  for (const key of METADATA_KEYS) {
    if (body[key] !== undefined && body[key] !== null) metadata[key] = body[key];
  }
  if (Object.keys(metadata).length > 0) response.provider_metadata = { [PROVIDER]: metadata };
  return response;
}

/** The `chat.completion` body for a canonical response; degradations go to `warnings` when given. */
export function encodeResponse(response: ChatResponse, warnings?: ConversionWarning[]): Record<string, unknown> {
  const conv = new Conversion(MANIFEST);
  const message = response.message;
  for (const name of ["name", "id", "provider_metadata"] as const) if (message[name] !== undefined) conv.degrade("response.message_members", `/message/${name}`);
  const texts: string[] = [];
  let refusal: string | undefined;
  const calls: Record<string, unknown>[] = [];
  message.parts.forEach((part, j) => {
    const where = `/message/parts/${j}`;
    const [own, foreign] = metadataFor(part.provider_metadata, PROVIDER);
    if (foreign) conv.degrade("part.provider_metadata", `${where}/provider_metadata`);
    if (part.type === "text") {
      if (own["refusal"] === true && refusal === undefined) {
        refusal = part.text;
        return;
      }
      if (calls.length > 0) conv.degrade("tool_call.interleaved", where);
      citationsOut(part, where, conv, PROVIDER);
      texts.push(part.text);
    } else if (part.type === "tool_call") calls.push(toolCall(part.tool_call));
    else if (part.type === "reasoning") conv.degrade(reasoningFeature(part, PROVIDER), where);
    else if (part.type === "provider_tool_call" || part.type === "provider_tool_result") providerPartOut(part, where, conv, PROVIDER); // no place for it in a Chat Completions reply
    else throw conv.refuse("response.part_unsupported", where);
  });
  if (texts.length > 1 || texts.includes("")) conv.degrade("response.text_joined", "/message/parts");
  const [ownMeta, foreignMeta] = metadataFor(response.provider_metadata, PROVIDER);
  if (foreignMeta) conv.degrade("response.provider_metadata.foreign", "/provider_metadata");
  const outMessage: Record<string, unknown> = { role: "assistant", content: texts.join("") || null };
  if (refusal !== undefined) outMessage["refusal"] = refusal;
  if (calls.length > 0) outMessage["tool_calls"] = calls;
  const annotations = ownMeta["annotations"];
  if (annotations && !(Array.isArray(annotations) && annotations.length === 0) && !(isObject(annotations) && Object.keys(annotations).length === 0)) outMessage["annotations"] = annotations;
  const body: Record<string, unknown> = {
    id: response.id ?? "",
    object: "chat.completion",
    created: ownMeta["created"] ?? 0,
    model: response.model ?? "",
    choices: [
      { index: 0, message: outMessage, finish_reason: finish.encode(response.finish_reason, conv), logprobs: ownMeta["logprobs"] ?? null },
      ...((ownMeta["other_choices"] as unknown[] | undefined) ?? []),
    ],
  };
  if (response.usage !== undefined) body["usage"] = usage.encode(response.usage, conv, ownMeta["usage"] as Record<string, unknown> | undefined);
  for (const key of METADATA_KEYS) if (key in ownMeta) body[key] = ownMeta[key];
  warnings?.push(...conv.warnings);
  return body;
}
