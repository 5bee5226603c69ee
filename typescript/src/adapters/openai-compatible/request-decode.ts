/**
 * An OpenAI-compatible request body -> canonical `ChatRequest` (Python's `request_decode.py`): openai-chat's
 * decoder, after taking what an assistant message carries beside OpenAI's members in history (the profile's
 * reasoning members, OpenRouter's `reasoning_details`, Mistral's thinking chunks) into reasoning parts put
 * first in that message.
 *
 * A body this accepts is one `encodeRequest` sends back: what the profile's server does not take is reported as
 * `provider.unmapped` and not carried: a member openai-chat carries in `provider_options` that the profile's
 * options schema rejects (or the server answers 400 for), a member the profile drops on encoding (DeepSeek's
 * `seed`, Groq's `messages[].name`) and, for a server whose streamed usage is not asked for with
 * `stream_options`, `stream_options`.
 */

import type { ChatRequest, ReasoningPart } from "../../generated/types.js";
import { MANIFESTS } from "../../tables/openai-compatible.js";
import { OPTIONS_VALIDATORS } from "../../tables/options-validators.js";
import { WireError } from "../../errors.js";
import type { ConversionWarning } from "../shared/contract.js";
import { Conversion, isObject } from "../shared/conversion.js";
import { checkOptions } from "../shared/options.js";
import type { Profile } from "../shared/profile.js";
import { decodeRequest as openaiDecode } from "../openai-chat/request-decode.js";
import * as chunks from "./chunks.js";
import * as reasoning from "./reasoning.js";

/** Mistral's `tool_choice` for a call of any tool: OpenAI's `required`, which Mistral takes too. */
export const ANY = "any";

export function decodeRequest(input: unknown, profile: Profile, adapterName: string): { request: ChatRequest; warnings: ConversionWarning[] } {
  const conv = new Conversion(MANIFESTS[profile.name]!);
  let body = input;
  const found = new Map<number, ReasoningPart[]>();
  const messages = isObject(body) ? body["messages"] : undefined;
  if (isObject(body) && Array.isArray(messages) && messages.some((m) => reasoning.hasReasoning(m) || thinking(m))) {
    const stripped = messages.map((given: unknown, i) => {
      let message = given;
      if (isObject(given) && given["role"] === "assistant" && reasoning.hasReasoning(given)) {
        const [parts, rest] = reasoning.readMessage(given, profile, `/messages/${i}`);
        message = rest;
        if (parts.length > 0) found.set(i, parts);
      }
      const split = thinking(message) ? chunks.split((message as Record<string, unknown>)["content"]) : undefined;
      if (split !== undefined && split.thinking && !found.has(i)) {
        message = { ...(message as Record<string, unknown>), content: split.text || null };
        found.set(i, [{ type: "reasoning", reasoning: { text: split.thinking } }]);
        for (const member of Object.keys(split.kept)) conv.degrade("provider.unmapped", `/messages/${i}/content/0/${member}`);
      }
      return message;
    });
    body = { ...body, messages: stripped };
  }
  if (isObject(body) && body["tool_choice"] === ANY) body = { ...body, tool_choice: "required" }; // Mistral's name for "required"
  const decoded = openaiDecode(body, adapterName, profile.providerTools ? profile.issuer : undefined);
  let request = fitOptions(decoded.request, body as Record<string, unknown>, profile, adapterName, conv);
  request = fitDropped(request, profile, conv);
  if (found.size > 0) {
    request = { ...request, messages: request.messages.map((message, i) => (found.has(i) ? { ...message, parts: [...found.get(i)!, ...message.parts] } : message)) };
  }
  return { request, warnings: [...decoded.warnings, ...conv.warnings] };
}

/** Whether `message` is an assistant message whose content holds a Mistral thinking chunk. */
function thinking(message: unknown): boolean {
  const content = isObject(message) && message["role"] === "assistant" ? message["content"] : undefined;
  return Array.isArray(content) && content.some((c) => isObject(c) && c["type"] === "thinking");
}

/** `request` with the carried members the profile's server does not take reported and removed. */
function fitOptions(request: ChatRequest, body: Record<string, unknown>, profile: Profile, adapterName: string, conv: Conversion): ChatRequest {
  const mode = body["stream_options"];
  if (profile.streamUsage !== "stream_options" && isObject(mode) && mode["include_usage"] === true) conv.degrade("provider.unmapped", "/stream_options/include_usage");
  const options = request.provider_options;
  const own = options?.[adapterName];
  if (options === undefined || !isObject(own)) return request;
  const validate = OPTIONS_VALIDATORS[adapterName as keyof typeof OPTIONS_VALIDATORS];
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(own)) {
    if (Object.hasOwn(profile.refusedOptions, key) || !fits({ [key]: value }, adapterName, validate)) conv.degrade("provider.unmapped", `/${key}`);
    else kept[key] = value;
  }
  if (Object.keys(kept).length === Object.keys(own).length) return request;
  const rest: Record<string, unknown> = Object.fromEntries(Object.entries(options).filter(([name]) => name !== adapterName));
  if (Object.keys(kept).length > 0) rest[adapterName] = kept;
  const out = { ...request };
  if (Object.keys(rest).length > 0) out.provider_options = rest as NonNullable<ChatRequest["provider_options"]>;
  else delete out.provider_options;
  return out;
}

/** `request` without what the profile drops on encoding (`seed`, message names), each reported. */
function fitDropped(request: ChatRequest, profile: Profile, conv: Conversion): ChatRequest {
  const manifest = MANIFESTS[profile.name]!;
  let out = request;
  const options = request.options;
  if (manifest.features["options.seed"]?.level !== "lossless" && options?.seed !== undefined) {
    conv.degrade("provider.unmapped", "/seed");
    const rest = { ...options };
    delete rest.seed;
    out = { ...out };
    if (Object.keys(rest).length > 0) out.options = rest;
    else delete out.options;
  }
  if (manifest.features["message.name"]?.level !== "lossless") {
    out = {
      ...out,
      messages: out.messages.map((message, i) => {
        if (message.name === undefined || message.role === "tool") return message;
        conv.degrade("provider.unmapped", `/messages/${i}/name`);
        const rest = { ...message };
        delete rest.name;
        return rest;
      }),
    };
  }
  return out;
}

function fits(member: Record<string, unknown>, adapterName: string, validate: Parameters<typeof checkOptions>[2] | undefined): boolean {
  if (validate === undefined) return true;
  try {
    checkOptions(member, adapterName, validate);
  } catch (error) {
    if (error instanceof WireError) return false;
    throw error;
  }
  return true;
}
