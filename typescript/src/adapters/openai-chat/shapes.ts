/**
 * OpenAI Chat Completions' own JSON shapes, written once: the names, the audio formats, the members the
 * response and stream decoders read (any other is reported), and the tool call in its spellings (a whole call
 * in a request or response, a custom tool's call; its reader checks the id and name are there).
 */

import type { JsonObject, ToolCall } from "../../generated/types.js";
import { buildArguments } from "../../tool-arguments.js";
import { compactJson, getMap, getStr, isObject } from "../shared/conversion.js";
import { ProviderShapeError } from "../shared/contract.js";
import { unmappedMembers, type Shape } from "../shared/unmapped.js";
import { NAME, PROVIDER } from "../../tables/openai-chat.js";

export { NAME, PROVIDER };

/** The `input_audio.format` of each media type the API takes. */
export const AUDIO_FORMATS: Readonly<Record<string, string>> = { "audio/wav": "wav", "audio/mpeg": "mp3" };

// What the response and stream decoders read, member by member (`unmapped`): any other member of a body,
// choice, message, tool call, chunk or delta is reported (feature provider.unmapped).
export const TOOL_CALL: Shape = {
  id: null,
  type: null,
  index: null, // some servers number whole calls too: kept on the part
  function: { name: null, arguments: null },
  custom: { name: null, input: null },
};
export const AUDIO: Shape = { id: null, data: null, expires_at: null, transcript: null };
export const MESSAGE: Shape = {
  role: null,
  content: null,
  refusal: null,
  tool_calls: null,
  annotations: null, // citations (citations.ts)
  audio: AUDIO, // an audio part (audio.ts)
};
/** Choice members kept whole in `provider_metadata.openai` and written back (Azure's content filter). */
export const KEPT_CHOICE = ["logprobs", "content_filter_results"] as const;
export const CHOICE: Shape = { index: null, message: null, finish_reason: null, logprobs: null, content_filter_results: null };
/** Body (and chunk) members kept whole in `provider_metadata.openai` and written back. */
export const KEPT_BODY = ["system_fingerprint", "service_tier", "prompt_filter_results"] as const;
export const RESPONSE: Shape = {
  id: null,
  object: null,
  created: null,
  model: null,
  choices: null,
  usage: null, // usage.ts keeps what it does not map
  system_fingerprint: null,
  service_tier: null,
  prompt_filter_results: null,
};
export const CHUNK_CHOICE: Shape = { index: null, delta: null, finish_reason: null, logprobs: null, content_filter_results: null };
/** `obfuscation` pads streamed chunks to hide their length (`stream_options.include_obfuscation`): noise. */
export const CHUNK: Shape = { ...RESPONSE, obfuscation: null };

/**
 * The pointers of the members of `value` that `shape` does not list (`unmappedMembers`), leaving out members
 * that are null: a null says nothing, so nothing is lost.
 */
export function unmapped(value: unknown, shape: Shape, where: string): string[] {
  if (!isObject(value)) return [];
  return unmappedMembers(Object.fromEntries(Object.entries(value).filter(([, item]) => item !== null && item !== undefined)), shape, where);
}

/** `{"id", "type": "function", "function": {...}}`; a call of a `custom` tool (free-form input, GPT-5) is `{"id", "type": "custom", "custom": {"name", "input"}}`. */
export function toolCall(call: ToolCall, kind: "function" | "custom" = "function"): Record<string, unknown> {
  if (kind === "custom") return { id: call.id, type: "custom", custom: { name: call.name, input: call.arguments } };
  return { id: call.id, type: "function", function: { name: call.name, arguments: call.arguments } };
}

export function functionTool(fn: Record<string, unknown>): Record<string, unknown> {
  return { type: "function", function: fn };
}

export function namedToolChoice(name: string): Record<string, unknown> {
  return { type: "function", function: { name } };
}

/**
 * A canonical ToolCall from `{id, type, function: {name, arguments}}`; object arguments become the arguments
 * text (`buildArguments`). A `custom` call's free-form `input` is its arguments (the caller tells the two kinds
 * apart by the part's metadata).
 */
export function decodeToolCall(raw: unknown, where: string): ToolCall {
  if (!isObject(raw)) throw new ProviderShapeError(where, "expected a tool call object");
  if (raw["type"] === "custom") {
    const custom = getMap(raw, "custom", where) ?? {};
    return { id: getStr(raw, "id", where)!, name: getStr(custom, "name", `${where}/custom`)!, arguments: getStr(custom, "input", `${where}/custom`, false) ?? "" };
  }
  const fn = getMap(raw, "function", where) ?? {};
  let args: unknown = fn["arguments"] ?? "";
  if (typeof args !== "string") args = isObject(args) ? buildArguments(args as JsonObject) : compactJson(args);
  return { id: getStr(raw, "id", where)!, name: getStr(fn, "name", `${where}/function`)!, arguments: args as string };
}

/**
 * What a server adds to OpenAI's replies, for the openai-chat decoders and encoders (Python's `Dialect`): the
 * issuer of its annotations, the body and choice members it keeps whole (in `provider_metadata.openai`,
 * written back), the message (and delta) members a wrapping decoder reads itself (an OpenAI-compatible
 * server's reasoning), and whether it numbers whole tool calls (`callIndex`: an `index` equal to the call's
 * position is read as that position and written back; without it any `index` is kept on the part).
 */
export interface Dialect {
  readonly issuer: string;
  readonly keptBody: readonly string[];
  readonly keptChoice: readonly string[];
  readonly messageExtra: readonly string[];
  readonly callIndex: boolean;
}

/** OpenAI's own replies. */
export const OPENAI: Dialect = { issuer: PROVIDER, keptBody: KEPT_BODY, keptChoice: KEPT_CHOICE, messageExtra: [], callIndex: false };

const withKeys = (shape: Shape, keys: readonly string[]): Shape => ({ ...shape, ...Object.fromEntries(keys.map((key) => [key, null])) });

/** The shapes a dialect's replies are checked against (members beyond them are reported). */
export interface DialectShapes {
  readonly response: Shape;
  readonly choice: Shape;
  readonly message: Shape;
  readonly chunk: Shape;
  readonly chunkChoice: Shape;
}

const SHAPES = new WeakMap<Dialect, DialectShapes>();

export function shapesOf(dialect: Dialect): DialectShapes {
  let found = SHAPES.get(dialect);
  if (found === undefined) {
    found = {
      response: withKeys(RESPONSE, dialect.keptBody),
      choice: withKeys(CHOICE, dialect.keptChoice),
      message: withKeys(MESSAGE, dialect.messageExtra),
      chunk: withKeys(CHUNK, dialect.keptBody),
      chunkChoice: withKeys(CHUNK_CHOICE, dialect.keptChoice),
    };
    SHAPES.set(dialect, found);
  }
  return found;
}
