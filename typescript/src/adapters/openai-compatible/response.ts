/**
 * OpenAI-compatible `chat.completion` bodies <-> canonical `ChatResponse` (Python's `response.py`): openai-chat's
 * codec with the profile's quirks around it.
 *
 * Decoding: the reasoning (`reasoning.ts`; Mistral's thinking chunks, `chunks.ts`) becomes reasoning parts put
 * first, the tools the server ran (`executed-tools.ts`) provider-run parts after them; a tool call without an
 * id gets `synthesisedId` where the profile allows it (else the body is invalid, naming the pointer), flagged
 * on the part; the finish reason is read with the profile's table; usage keeps what servers add; the body and
 * choice members the profile keeps go to `provider_metadata.openai`.
 * Encoding: openai-chat's, with `MessageWriter` writing the reasoning and the tools the server ran, and the
 * finish reason and usage from the profile; reasoning goes into Mistral's chunks where the profile writes them
 * or the reply was read from them.
 */

import type { ChatResponse, Part } from "../../generated/types.js";
import { MANIFESTS, PROFILES } from "../../tables/openai-compatible.js";
import { ProviderShapeError, type ConversionWarning } from "../shared/contract.js";
import { Conversion, isObject, metadataFor } from "../shared/conversion.js";
import { type Profile, reasoningRead } from "../shared/profile.js";
import { decodeResponse as openaiDecode, encodeResponse as openaiEncode } from "../openai-chat/response.js";
import { type Dialect, KEPT_BODY, KEPT_CHOICE } from "../openai-chat/shapes.js";
import * as chunks from "./chunks.js";
import * as executedTools from "./executed-tools.js";
import * as finish from "./finish.js";
import { MessageWriter } from "./message-writer.js";
import * as reasoning from "./reasoning.js";
import { CHANGED, reworded } from "./request-encode.js";
import { ID_FLAG, PROVIDER, synthesisedId } from "./shapes.js";
import * as usage from "./usage.js";

/** The `provider_metadata.openai` member naming the reasoning text member a reply used, where it was not the profile's first. */
export const REASONING_MEMBER = "reasoning_member";

function makeDialect(profile: Profile): Dialect {
  const extra = [...reasoningRead(profile), ...(profile.reasoningDetails ? [reasoning.DETAILS] : [])];
  return {
    issuer: profile.issuer,
    keptBody: [...KEPT_BODY, ...profile.keptBody],
    keptChoice: [...KEPT_CHOICE, ...profile.keptChoice],
    messageExtra: [...extra, ...(profile.executedTools ? [executedTools.EXECUTED] : [])],
    callIndex: true, // Ollama, DeepSeek, OpenRouter number them; writing the position back is harmless
  };
}

const DIALECTS: Readonly<Record<string, Dialect>> = Object.fromEntries(Object.entries(PROFILES).map(([name, profile]) => [name, makeDialect(profile)]));

/** How openai-chat's decoders read the profile's server (its issuer and the members it keeps). */
export function dialect(profile: Profile): Dialect {
  return DIALECTS[profile.name] ?? makeDialect(profile);
}

/**
 * Give each call of `calls` without an id its synthesised id, in place; the positions of the calls changed. For
 * a profile whose server always sends ids a missing id is an error naming its pointer.
 */
export function fillToolCallIds(calls: unknown[], responseId: string, profile: Profile, where: string, firstPosition = 0): number[] {
  const changed: number[] = [];
  calls.forEach((call, k) => {
    if (!isObject(call)) return;
    const id = call["id"];
    if (typeof id === "string" && id) return;
    if (profile.toolCallIds !== "synthesise") throw new ProviderShapeError(`${where}/${k}/id`, `a tool call without an id; ${profile.title} always sends one`);
    const fn = call["function"];
    const name = isObject(fn) ? fn["name"] : undefined;
    if (typeof name !== "string" || !name) throw new ProviderShapeError(`${where}/${k}/function/name`, "a tool call without a name");
    call["id"] = synthesisedId(responseId, firstPosition + k, name);
    changed.push(firstPosition + k);
  });
  return changed;
}

export function decodeResponse(input: unknown, warnings: ConversionWarning[] | undefined, profile: Profile): ChatResponse {
  if (!isObject(input)) throw new ProviderShapeError("", "expected a chat.completion object");
  let body = input;
  const choices = body["choices"];
  let first: Part[] = [];
  let member: string | undefined;
  let kept: Record<string, unknown> = {};
  let changed: number[] = [];
  let rawFinish: unknown;
  if (Array.isArray(choices) && choices.length > 0 && isObject(choices[0])) {
    const choice: Record<string, unknown> = { ...choices[0] };
    rawFinish = choice["finish_reason"];
    let message = choice["message"];
    if (isObject(message)) {
      const where = "/choices/0/message";
      const split = chunks.split(message["content"]);
      if (split !== undefined) message = { ...message, content: split.text }; // Mistral's thinking and text chunks
      let thoughts: Part[];
      [thoughts, message, member] = reasoning.readMessage(message as Record<string, unknown>, profile, where);
      if (split !== undefined && split.thinking && thoughts.length === 0) {
        thoughts = [{ type: "reasoning", reasoning: { text: split.thinking } }];
        member = chunks.CHUNKS;
        kept = split.kept;
      }
      const [ran, rest] = executedTools.readMessage(message as Record<string, unknown>, profile, where);
      message = rest;
      first = [...thoughts, ...ran];
      const calls = rest["tool_calls"];
      if (Array.isArray(calls) && calls.length > 0) {
        const copies = calls.map((c: unknown) => (isObject(c) ? { ...c } : c));
        rest["tool_calls"] = copies;
        const id = body["id"];
        changed = fillToolCallIds(copies, typeof id === "string" ? id : "", profile, `${where}/tool_calls`);
      }
      choice["message"] = message;
    }
    body = { ...body, choices: [choice, ...choices.slice(1)] };
  }
  let decoded = openaiDecode(body, warnings, dialect(profile));
  decoded = adjust(decoded, body, profile, first, changed, rawFinish);
  if (member === undefined || member === profile.reasoningFields[0]) return decoded;
  const [metadata] = metadataFor(decoded.provider_metadata, PROVIDER);
  metadata[REASONING_MEMBER] = member;
  if (Object.keys(kept).length > 0) metadata[chunks.THINKING_MEMBERS] = kept;
  return { ...decoded, provider_metadata: { [PROVIDER]: metadata } as NonNullable<ChatResponse["provider_metadata"]> };
}

function adjust(decoded: ChatResponse, body: Record<string, unknown>, profile: Profile, first: Part[], changed: number[], rawFinish: unknown): ChatResponse {
  const out: ChatResponse = { ...decoded };
  const parts = [...decoded.message.parts];
  if (changed.length > 0) {
    const calls = parts.flatMap((part, i) => (part.type === "tool_call" ? [i] : []));
    for (const position of changed) {
      const at = calls[position]!;
      const part = parts[at]!;
      const [own] = metadataFor(part.provider_metadata, PROVIDER);
      parts[at] = { ...part, provider_metadata: { [PROVIDER]: { ...own, [ID_FLAG]: true } } } as Part;
    }
  }
  if (changed.length > 0 || first.length > 0) out.message = { ...decoded.message, parts: [...first, ...parts] };
  const hasCalls = parts.some((part) => part.type === "tool_call");
  if (typeof rawFinish === "string") out.finish_reason = finish.decode(rawFinish, hasCalls, MANIFESTS[profile.name]!);
  const rawUsage = body["usage"];
  if (isObject(rawUsage)) {
    const [metadata] = metadataFor(decoded.provider_metadata, PROVIDER);
    const [read, extra] = usage.decode(rawUsage);
    out.usage = read;
    if (Object.keys(extra).length > 0) metadata["usage"] = extra;
    if (Object.keys(metadata).length > 0) out.provider_metadata = { [PROVIDER]: metadata } as NonNullable<ChatResponse["provider_metadata"]>;
  }
  return out;
}

export function encodeResponse(response: ChatResponse, warnings: ConversionWarning[] | undefined, profile: Profile): Record<string, unknown> {
  const manifest = MANIFESTS[profile.name]!;
  const conv = new Conversion(manifest, warnings);
  const inner: ConversionWarning[] = [];
  const sent = finish.encode(response.finish_reason, conv);
  const standIn: ChatResponse = { ...response, finish_reason: { kind: "stop", raw: "stop" } };
  const [own] = metadataFor(response.provider_metadata, PROVIDER);
  const field = typeof own[REASONING_MEMBER] === "string" ? (own[REASONING_MEMBER] as string) : undefined;
  const writer = new MessageWriter(profile, conv, true, field);
  const body = openaiEncode(standIn, inner, dialect(profile), writer);
  const choice = (body["choices"] as Record<string, unknown>[])[0]!;
  choice["finish_reason"] = sent;
  if (profile.reasoningChunks || own[REASONING_MEMBER] === chunks.CHUNKS) {
    const message = choice["message"] as Record<string, unknown>;
    const member = profile.reasoningFields[0]!;
    const thinking = message[member];
    delete message[member];
    const kept = own[chunks.THINKING_MEMBERS];
    const content = message["content"];
    const written = chunks.write(typeof thinking === "string" ? thinking : undefined, typeof content === "string" ? content : undefined, isObject(kept) ? kept : {});
    if (thinking) message["content"] = written;
  }
  conv.warnings.push(...reworded(inner, manifest, CHANGED[profile.name]!));
  return body;
}
