/**
 * Gemini grounding (Google Search, URL context, Maps, file search) read as citations on the reply's text, as
 * Python's `gemini/grounding.py`.
 *
 * The candidate's `groundingMetadata` is kept whole in `provider_metadata.gemini.candidate`; the citations are
 * a reading of it: on the reply's text part when the reply has exactly one text part and nothing after it but
 * thought signatures; one citation per support and per chunk index it names (`url` for a `web` or `maps`
 * chunk, `file` for `retrievedContext`, `other` otherwise), offsets in UTF-8 bytes as Gemini counts them,
 * `block` `{groundingSupport, groundingChunk}`; a support is read only when its span is certain (the
 * segment's `text` is exactly those bytes, or without `text` and `partIndex` the span lies within the text).
 */

import type { Citation, Part } from "../../generated/types.js";
import { isObject } from "../shared/conversion.js";

declare const TextEncoder: new () => { encode(text: string): Uint8Array };
declare const TextDecoder: new (label: string, options?: { fatal: boolean }) => { decode(bytes: Uint8Array): string };

const KINDS: Readonly<Record<string, "url" | "file">> = { web: "url", maps: "url", retrievedContext: "file" };

const isInt = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value);

function span(segment: unknown, text: Uint8Array): [number, number] | undefined {
  if (!isObject(segment)) return undefined;
  const start = Object.hasOwn(segment, "startIndex") ? segment["startIndex"] : 0; // a null index is no index
  const end = Object.hasOwn(segment, "endIndex") ? segment["endIndex"] : 0;
  if (!isInt(start) || !isInt(end) || !(start >= 0 && start <= end && end <= text.length)) return undefined;
  const quoted = segment["text"];
  if (quoted === undefined || quoted === null) return segment["partIndex"] === undefined || segment["partIndex"] === null ? [start, end] : undefined;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(text.subarray(start, end)) === quoted ? [start, end] : undefined;
  } catch {
    return undefined;
  }
}

function citation(support: Record<string, unknown>, chunk: Record<string, unknown>, [start, end]: [number, number]): Citation {
  const sourceKind = Object.keys(KINDS).find((key) => isObject(chunk[key]));
  const out: Record<string, unknown> = { kind: sourceKind !== undefined ? KINDS[sourceKind] : "other" };
  if (sourceKind !== undefined) {
    const source = chunk[sourceKind] as Record<string, unknown>;
    if (typeof source["uri"] === "string" && source["uri"]) out["url"] = source["uri"];
    if (typeof source["title"] === "string") out["title"] = source["title"];
  }
  out["start_index"] = start;
  out["end_index"] = end;
  out["issuer"] = "gemini";
  out["block"] = { groundingSupport: { ...support }, groundingChunk: { ...chunk } };
  return out as unknown as Citation;
}

/** The citations `grounding` (a candidate's `groundingMetadata`) gives `text`, the reply's only text part. */
export function citations(grounding: unknown, text: string): Citation[] {
  if (!isObject(grounding)) return [];
  const supports = grounding["groundingSupports"];
  const chunks = grounding["groundingChunks"];
  if (!Array.isArray(supports) || !Array.isArray(chunks)) return [];
  const encoded = new TextEncoder().encode(text);
  const out: Citation[] = [];
  for (const support of supports) {
    if (!isObject(support)) continue;
    const found = span(support["segment"], encoded);
    const indices = support["groundingChunkIndices"];
    if (found === undefined || !Array.isArray(indices)) continue;
    for (const index of indices) {
      if (isInt(index) && index >= 0 && index < chunks.length && isObject(chunks[index])) out.push(citation(support, chunks[index] as Record<string, unknown>, found));
    }
  }
  return out;
}

/** A reasoning part that is only a thought signature (Gemini 3 ends a reply with one on an empty text). */
function opaque(part: Part): boolean {
  return part.type === "reasoning" && Object.keys(part.reasoning).every((key) => key === "redacted_data" || key === "issuer");
}

/** Put the citations `grounding` gives on the reply's text part (in place), when the reply has exactly one text part and only opaque reasoning after it. */
export function attach(parts: Part[], grounding: unknown): void {
  const texts = parts.flatMap((part, j) => (part.type === "text" ? [j] : []));
  if (texts.length !== 1 || !parts.slice(texts[0]! + 1).every(opaque)) return;
  const text = parts[texts[0]!] as Extract<Part, { type: "text" }>;
  const found = citations(grounding, text.text);
  if (found.length > 0) text.citations = found;
}
