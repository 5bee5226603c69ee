/**
 * Anthropic usage to canonical `TokenUsage` (spec section 7). Anthropic's `input_tokens` counts only the
 * tokens after the last cache breakpoint: cache reads (`cache_read_input_tokens`) and writes
 * (`cache_creation_input_tokens`) are outside it, so the canonical `input_tokens` adds them back.
 * `output_tokens` includes thinking (`output_tokens_details.thinking_tokens`).
 */

import type { TokenUsage } from "../../generated/types.js";
import { type Conversion, isObject, tokenCount } from "../shared/conversion.js";

const KNOWN = new Set(["input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens"]);

function count(raw: Record<string, unknown>, key: string, where: string): number | undefined {
  const value = raw[key];
  return value === undefined || value === null ? undefined : tokenCount(value, `${where}/${key}`);
}

export function decode(raw: Record<string, unknown>, where = "/usage"): [TokenUsage, Record<string, unknown>] {
  const uncached = count(raw, "input_tokens", where) ?? 0;
  const read = count(raw, "cache_read_input_tokens", where);
  const written = count(raw, "cache_creation_input_tokens", where);
  const output = count(raw, "output_tokens", where) ?? 0;
  const input = uncached + (read ?? 0) + (written ?? 0);
  const usage: TokenUsage = { input_tokens: input, output_tokens: output, total_tokens: input + output };
  if (read !== undefined) usage.cache_read_input_tokens = read;
  if (written !== undefined) usage.cache_write_input_tokens = written;
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) if (!KNOWN.has(key) && value !== null && value !== undefined) extra[key] = value;
  const details = extra["output_tokens_details"];
  delete extra["output_tokens_details"];
  if (isObject(details)) {
    const rest = { ...details };
    const thinking = count(rest, "thinking_tokens", `${where}/output_tokens_details`);
    if (thinking !== undefined) {
      usage.reasoning_output_tokens = thinking;
      delete rest["thinking_tokens"];
    }
    if (Object.keys(rest).length > 0) extra["output_tokens_details"] = rest;
  }
  return [usage, extra];
}

/** The Anthropic usage object (`input_tokens` without the cached tokens); `extra` restores the rest. */
export function encode(usage: TokenUsage, conv: Conversion, extra?: Record<string, unknown>): Record<string, unknown> {
  if (usage.model !== undefined || usage.latency_ms !== undefined || usage.cost_micros !== undefined) conv.degrade("usage.extra", "/usage");
  const read = usage.cache_read_input_tokens ?? 0;
  const written = usage.cache_write_input_tokens ?? 0;
  const out: Record<string, unknown> = { input_tokens: Math.max(0, usage.input_tokens - read - written), output_tokens: usage.output_tokens };
  if (usage.cache_read_input_tokens !== undefined) out["cache_read_input_tokens"] = read;
  if (usage.cache_write_input_tokens !== undefined) out["cache_creation_input_tokens"] = written;
  const rest: Record<string, unknown> = { ...(extra ?? {}) };
  const kept = rest["output_tokens_details"];
  delete rest["output_tokens_details"];
  const details: Record<string, unknown> = isObject(kept) ? { ...kept } : {};
  if (usage.reasoning_output_tokens !== undefined) details["thinking_tokens"] = usage.reasoning_output_tokens;
  if (Object.keys(details).length > 0) out["output_tokens_details"] = details;
  Object.assign(out, rest);
  return out;
}
