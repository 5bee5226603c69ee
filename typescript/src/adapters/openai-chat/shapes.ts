/**
 * OpenAI Chat Completions' own JSON shapes, written once: the names, the audio formats, and the tool call
 * in its spellings (a whole call in a request or response; its reader checks the id and name are there).
 */

import type { ToolCall } from "../../generated/types.js";
import { compactJson, getMap, getStr, isObject } from "../shared/conversion.js";
import { ProviderShapeError } from "../shared/contract.js";

export const NAME = "openai-chat";
export const PROVIDER = "openai";

/** The `input_audio.format` of each media type the API takes. */
export const AUDIO_FORMATS: Readonly<Record<string, string>> = { "audio/wav": "wav", "audio/mpeg": "mp3" };

export function toolCall(call: ToolCall): Record<string, unknown> {
  return { id: call.id, type: "function", function: { name: call.name, arguments: call.arguments } };
}

export function functionTool(fn: Record<string, unknown>): Record<string, unknown> {
  return { type: "function", function: fn };
}

export function namedToolChoice(name: string): Record<string, unknown> {
  return { type: "function", function: { name } };
}

/** A canonical ToolCall from `{id, type, function: {name, arguments}}`; object arguments become compact JSON. */
export function decodeToolCall(raw: unknown, where: string): ToolCall {
  if (!isObject(raw)) throw new ProviderShapeError(where, "expected a tool call object");
  const fn = getMap(raw, "function", where) ?? {};
  let args: unknown = fn["arguments"] ?? "";
  if (typeof args !== "string") args = compactJson(args);
  return { id: getStr(raw, "id", where)!, name: getStr(fn, "name", `${where}/function`)!, arguments: args as string };
}
