/**
 * Anthropic usage to canonical `TokenUsage` (spec section 7). Anthropic's `input_tokens` counts only the
 * tokens after the last cache breakpoint: cache reads (`cache_read_input_tokens`) and writes
 * (`cache_creation_input_tokens`) are outside it, so the canonical `input_tokens` adds them back.
 * `output_tokens` includes thinking (`output_tokens_details.thinking_tokens`).
 */

import type { TokenUsage } from "../../generated/types.js";
import { USAGE } from "../../tables/anthropic.js";
import { type Conversion, isObject, tokenCount } from "../shared/conversion.js";
import { usageMember, usagePath } from "../shared/usage-map.js";

/** The member names, from the usage map: input is the uncached tokens plus cache reads and writes. */
const UNCACHED = usageMember(USAGE, "input_tokens", 0);
const CACHE_READ = usageMember(USAGE, "cache_read_input_tokens");
const CACHE_WRITE = usageMember(USAGE, "cache_write_input_tokens");
const OUTPUT = usageMember(USAGE, "output_tokens");
const [DETAILS, THINKING] = usagePath(USAGE, "reasoning_output_tokens") as [string, string];
const KNOWN = new Set([UNCACHED, OUTPUT, CACHE_READ, CACHE_WRITE]);

function count(raw: Record<string, unknown>, key: string, where: string): number | undefined {
  const value = raw[key];
  return value === undefined || value === null ? undefined : tokenCount(value, `${where}/${key}`);
}

export function decode(raw: Record<string, unknown>, where = "/usage"): [TokenUsage, Record<string, unknown>] {
  const uncached = count(raw, UNCACHED, where) ?? 0;
  const read = count(raw, CACHE_READ, where);
  const written = count(raw, CACHE_WRITE, where);
  const output = count(raw, OUTPUT, where) ?? 0;
  const input = uncached + (read ?? 0) + (written ?? 0);
  const usage: TokenUsage = { input_tokens: input, output_tokens: output, total_tokens: input + output };
  if (read !== undefined) usage.cache_read_input_tokens = read;
  if (written !== undefined) usage.cache_write_input_tokens = written;
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) if (!KNOWN.has(key) && value !== null && value !== undefined) extra[key] = value;
  const details = extra[DETAILS];
  delete extra[DETAILS];
  if (isObject(details)) {
    const rest = { ...details };
    const thinking = count(rest, THINKING, `${where}/${DETAILS}`);
    if (thinking !== undefined) {
      usage.reasoning_output_tokens = thinking;
      delete rest[THINKING];
    }
    if (Object.keys(rest).length > 0) extra[DETAILS] = rest;
  }
  return [usage, extra];
}

/** The Anthropic usage object (`input_tokens` without the cached tokens); `extra` restores the rest. */
export function encode(usage: TokenUsage, conv: Conversion, extra?: Record<string, unknown>): Record<string, unknown> {
  if (usage.model !== undefined || usage.latency_ms !== undefined || usage.cost_micros !== undefined) conv.degrade("usage.extra", "/usage");
  const read = usage.cache_read_input_tokens ?? 0;
  const written = usage.cache_write_input_tokens ?? 0;
  const out: Record<string, unknown> = { [UNCACHED]: Math.max(0, usage.input_tokens - read - written), [OUTPUT]: usage.output_tokens };
  if (usage.cache_read_input_tokens !== undefined) out[CACHE_READ] = read;
  if (usage.cache_write_input_tokens !== undefined) out[CACHE_WRITE] = written;
  const rest: Record<string, unknown> = { ...(extra ?? {}) };
  const kept = rest[DETAILS];
  delete rest[DETAILS];
  const details: Record<string, unknown> = isObject(kept) ? { ...kept } : {};
  if (usage.reasoning_output_tokens !== undefined) details[THINKING] = usage.reasoning_output_tokens;
  if (Object.keys(details).length > 0) out[DETAILS] = details;
  Object.assign(out, rest);
  return out;
}
