/**
 * Anthropic content blocks -> canonical parts, for every block a request, a response or a stream carries, as
 * Python's `anthropic/blocks.py`.
 *
 * `decodeBlock` reads one block: `text` (with its citations, `citations.ts`), `image`, `document`, `thinking`
 * / `redacted_thinking` (issuer `anthropic`), `tool_use` (every member the tool call does not hold, `caller`
 * included, kept in `provider_metadata.anthropic`), `tool_result`, and the provider-run calls and results
 * (`provider-run.ts`). A block type it does not know gives undefined: what becomes of it depends on where it
 * sits (a reply keeps it in its provider data, a request's user content reads it as a data part, an assistant
 * turn drops it), and the caller decides and reports it (feature `provider.unmapped`). `cache_control` on
 * a block, and a document's `citations` setting, go to the part's `provider_metadata.anthropic`.
 */

import type { JsonObject, Part, ToolCallPart, ToolResult } from "../../generated/types.js";
import { buildArguments } from "../../tool-arguments.js";
import { ProviderShapeError } from "../shared/contract.js";
import { getMap, getStr, isObject } from "../shared/conversion.js";
import { decodeCitations } from "./citations.js";
import { decodeCall, decodeResult, isCall, isResult } from "./provider-run.js";
import { PROVIDER, TOOL_USE_MEMBERS } from "./shapes.js";

declare function btoa(data: string): string;
declare const TextEncoder: new () => { encode(text: string): Uint8Array };

function keep<T extends Part>(block: Record<string, unknown>, part: T, keys: readonly string[] = ["cache_control"]): T {
  const own: Record<string, unknown> = {};
  for (const key of keys) if (block[key] !== undefined && block[key] !== null) own[key] = block[key];
  if (Object.keys(own).length > 0) part.provider_metadata = { [PROVIDER]: own };
  return part;
}

function base64Utf8(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * A canonical part for one Anthropic content block, request or response side; undefined for a block type
 * this adapter does not know. `names` maps the provider-run calls read so far (in the same content) to their
 * names: a call adds itself, a result takes its call's name from it.
 */
export function decodeBlock(block: unknown, where: string, names: Map<string, string>): Part | undefined {
  if (!isObject(block)) throw new ProviderShapeError(where, "expected a content block object");
  const kind = block["type"];
  switch (kind) {
    case "text": {
      const part: Part = { type: "text", text: getStr(block, "text", where)! };
      const citations = decodeCitations(block["citations"], `${where}/citations`);
      if (citations.length > 0) part.citations = citations;
      return keep(block, part);
    }
    case "image": {
      const source = getMap(block, "source", where) ?? {};
      if (source["type"] === "url") return keep(block, { type: "image", image: { source: "url", url: getStr(source, "url", `${where}/source`)! } });
      if (source["type"] === "base64") return keep(block, { type: "image", image: { source: "base64", base64: source["data"] as string, media_type: source["media_type"] as string } });
      throw new ProviderShapeError(`${where}/source/type`, `expected url or base64, got ${JSON.stringify(source["type"] ?? null)}`);
    }
    case "document":
      return keep(block, { type: "file", file: decodeDocument(block, where) as never }, ["cache_control", "citations"]);
    case "thinking": {
      const reasoning: Record<string, string> = { issuer: PROVIDER };
      if (typeof block["thinking"] === "string" && block["thinking"]) reasoning["text"] = block["thinking"];
      if (typeof block["signature"] === "string" && block["signature"]) reasoning["signature"] = block["signature"];
      return { type: "reasoning", reasoning };
    }
    case "redacted_thinking":
      return { type: "reasoning", reasoning: { redacted_data: getStr(block, "data", where)!, issuer: PROVIDER } };
    case "tool_use":
      return decodeToolUse(block, where);
    case "tool_result":
      return keep(block, { type: "tool_result", tool_result: decodeToolResult(block, where) });
  }
  if (isCall(kind)) {
    const part = decodeCall(block, where);
    names.set(part.provider_tool_call.id, part.provider_tool_call.name);
    return part;
  }
  if (isResult(kind)) return decodeResult(block, where, names);
  return undefined;
}

/**
 * A `tool_call` part for a `tool_use` block: its input as the arguments text (`buildArguments`), its other
 * members in `provider_metadata.anthropic`.
 */
export function decodeToolUse(block: Record<string, unknown>, where: string): ToolCallPart {
  const input = block["input"] ?? {};
  const part: ToolCallPart = { type: "tool_call", tool_call: { id: requiredStr(block, "id", where), name: requiredStr(block, "name", where), arguments: buildArguments(input as JsonObject) } };
  const extras = toolUseExtrasOf(block);
  if (Object.keys(extras).length > 0) part.provider_metadata = { [PROVIDER]: extras };
  return part;
}

/** The members of a `tool_use` block the tool call does not hold (`caller`, `cache_control`...). */
export function toolUseExtrasOf(block: Record<string, unknown>): Record<string, unknown> {
  const extras: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(block)) if (!TOOL_USE_MEMBERS.has(key) && value !== null && value !== undefined) extras[key] = value;
  return extras;
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
    const parts: Part[] = content.map((item, k) => {
      // a block type this adapter does not know is kept whole as data (reported by the request decoder)
      return decodeBlock(item, `${where}/content/${k}`, new Map()) ?? { type: "data", data: { value: { ...(item as Record<string, unknown>) } } };
    });
    const first = parts[0];
    if (first !== undefined && first.type === "text" && first.provider_metadata === undefined && first.citations === undefined) {
      result.content = first.text;
      parts.shift();
    }
    if (parts.length > 0) result.parts = parts as ToolResult["parts"] & object;
  }
  if (typeof block["is_error"] === "boolean") result.is_error = block["is_error"];
  return result;
}
