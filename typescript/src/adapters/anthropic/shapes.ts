/**
 * Anthropic Messages' own JSON shapes, written once: the names, the image types it takes, and the content
 * blocks both ways (`tool_use`, `thinking` / `redacted_thinking` from canonical parts; `decodeBlock` for
 * every block a response or a stream carries). Thinking signatures and redacted data pass byte for byte.
 */

import type { Part, ReasoningPart, ToolCall, ToolResult } from "../../generated/types.js";
import { parseArguments } from "../../tool-arguments.js";
import { compactJson, type Conversion, getMap, getStr, isObject, reasoningFeature } from "../shared/conversion.js";
import { ProviderShapeError } from "../shared/contract.js";

export const NAME = "anthropic";
export const PROVIDER = "anthropic";
export const API_VERSION = "2026-10-21";
export const IMAGE_TYPES: ReadonlySet<string> = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);
/** The name structured output's schema travels under (Anthropic has no name of its own for it). */
export const SCHEMA_NAME = "response";

declare function btoa(data: string): string;
declare const TextEncoder: new () => { encode(text: string): Uint8Array };

/** A `tool_use` block: the arguments must be a JSON object, sent as `input`. */
export function encodeToolCall(call: ToolCall, where: string, conv: Conversion): Record<string, unknown> {
  let value: Record<string, unknown>;
  try {
    value = parseArguments(call.arguments) as Record<string, unknown>;
  } catch {
    throw conv.refuse("tool_call.arguments_not_object", `${where}/arguments`);
  }
  if (compactJson(value) !== call.arguments) conv.degrade("tool_call.arguments_not_compact", `${where}/arguments`);
  return { type: "tool_use", id: call.id, name: call.name, input: value };
}

/** A `thinking` or `redacted_thinking` block for reasoning Anthropic issued; undefined when the replay rule drops it. */
export function encodeReasoning(part: ReasoningPart, where: string, conv: Conversion): Record<string, unknown> | undefined {
  const feature = reasoningFeature(part, PROVIDER);
  if (!conv.handle(feature, where) && feature !== "reasoning.own_empty_text") return undefined;
  const reasoning = part.reasoning;
  if (reasoning.redacted_data !== undefined) return { type: "redacted_thinking", data: reasoning.redacted_data };
  return { type: "thinking", thinking: reasoning.text ?? "", signature: reasoning.signature ?? "" };
}

function withCache(block: Record<string, unknown>, part: Part): Part {
  const own: Record<string, unknown> = {};
  for (const key of ["cache_control", "citations"]) if (block[key] !== undefined && block[key] !== null) own[key] = block[key];
  if (Object.keys(own).length > 0) part.provider_metadata = { [PROVIDER]: own };
  return part;
}

function base64Utf8(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** A canonical part for one Anthropic content block; an unknown block type becomes a data part. */
export function decodeBlock(block: unknown, where: string): Part {
  if (!isObject(block)) throw new ProviderShapeError(where, "expected a content block object");
  switch (block["type"]) {
    case "text":
      return withCache(block, { type: "text", text: getStr(block, "text", where)! });
    case "image": {
      const source = getMap(block, "source", where) ?? {};
      if (source["type"] === "url") return withCache(block, { type: "image", image: { source: "url", url: getStr(source, "url", `${where}/source`)! } });
      if (source["type"] === "base64") return withCache(block, { type: "image", image: { source: "base64", base64: source["data"] as string, media_type: source["media_type"] as string } });
      throw new ProviderShapeError(`${where}/source/type`, `expected url or base64, got ${JSON.stringify(source["type"] ?? null)}`);
    }
    case "document":
      return withCache(block, { type: "file", file: decodeDocument(block, where) as never });
    case "thinking": {
      const reasoning: Record<string, string> = { issuer: PROVIDER };
      if (typeof block["thinking"] === "string" && block["thinking"]) reasoning["text"] = block["thinking"];
      if (typeof block["signature"] === "string" && block["signature"]) reasoning["signature"] = block["signature"];
      return { type: "reasoning", reasoning };
    }
    case "redacted_thinking":
      return { type: "reasoning", reasoning: { redacted_data: getStr(block, "data", where)!, issuer: PROVIDER } };
    case "tool_use": {
      const input = block["input"] ?? {};
      return withCache(block, { type: "tool_call", tool_call: { id: requiredStr(block, "id", where), name: requiredStr(block, "name", where), arguments: compactJson(input) } });
    }
    case "tool_result":
      return withCache(block, { type: "tool_result", tool_result: decodeToolResult(block, where) });
    default:
      return { type: "data", data: { value: { ...block } }, provider_metadata: { [PROVIDER]: { block: true } } };
  }
}

/** A non-empty string member (a tool call's id or name): never invented when absent. */
export function requiredStr(obj: Record<string, unknown>, key: string, where: string): string {
  const value = getStr(obj, key, where)!;
  if (value === "") throw new ProviderShapeError(`${where}/${key}`, "required string is empty");
  return value;
}

function decodeDocument(block: Record<string, unknown>, where: string): Record<string, unknown> {
  const source = getMap(block, "source", where) ?? {};
  let out: Record<string, unknown>;
  switch (source["type"]) {
    case "url":
      out = { source: "uri", uri: getStr(source, "url", `${where}/source`) };
      break;
    case "base64":
      out = { source: "base64", base64: source["data"], media_type: source["media_type"] };
      break;
    case "text":
      out = { source: "base64", base64: base64Utf8(getStr(source, "data", `${where}/source`) ?? ""), media_type: "text/plain" };
      break;
    case "file":
      out = { source: "file_id", file_id: getStr(source, "file_id", `${where}/source`), issuer: PROVIDER };
      break;
    default:
      throw new ProviderShapeError(`${where}/source/type`, `expected url, base64, text or file, got ${JSON.stringify(source["type"] ?? null)}`);
  }
  if (typeof block["title"] === "string" && block["title"]) out["name"] = block["title"];
  return out;
}

function decodeToolResult(block: Record<string, unknown>, where: string): ToolResult {
  const result: ToolResult = { tool_call_id: getStr(block, "tool_use_id", where)!, content: "" };
  const content = block["content"];
  if (typeof content === "string") result.content = content;
  else if (Array.isArray(content)) {
    const parts = content.map((item, k) => decodeBlock(item, `${where}/content/${k}`));
    const first = parts[0];
    if (first !== undefined && first.type === "text" && first.provider_metadata === undefined) {
      result.content = first.text;
      parts.shift();
    }
    if (parts.length > 0) result.parts = parts as ToolResult["parts"] & object;
  }
  if (typeof block["is_error"] === "boolean") result.is_error = block["is_error"];
  return result;
}
