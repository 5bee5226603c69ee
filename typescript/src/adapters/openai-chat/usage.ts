/**
 * OpenAI usage to canonical `TokenUsage`. `prompt_tokens` already includes the cached tokens and
 * `completion_tokens` the reasoning tokens (the canonical meaning), so counts map one to one; `total` is
 * recomputed as input + output; other details are returned for `provider_metadata`.
 */

import type { TokenUsage } from "../../generated/types.js";
import { type Conversion, isObject, tokenCount } from "../shared/conversion.js";

const PROMPT_DETAILS: Record<string, keyof TokenUsage> = { cached_tokens: "cache_read_input_tokens", cache_write_tokens: "cache_write_input_tokens" };
const COMPLETION_DETAILS: Record<string, keyof TokenUsage> = { reasoning_tokens: "reasoning_output_tokens" };

export function decode(raw: Record<string, unknown>, where = "/usage"): [TokenUsage, Record<string, unknown>] {
  const input = tokenCount(raw["prompt_tokens"] ?? 0, `${where}/prompt_tokens`);
  const output = tokenCount(raw["completion_tokens"] ?? 0, `${where}/completion_tokens`);
  const usage: TokenUsage = { input_tokens: input, output_tokens: output, total_tokens: input + output };
  const extra: Record<string, unknown> = {};
  for (const [group, names] of [["prompt_tokens_details", PROMPT_DETAILS], ["completion_tokens_details", COMPLETION_DETAILS]] as const) {
    const details = raw[group];
    if (!isObject(details)) continue;
    const rest: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(details)) {
      if (value === null || value === undefined) continue;
      const name = Object.hasOwn(names, key) ? names[key] : undefined;
      if (name !== undefined) (usage as unknown as Record<string, number>)[name] = tokenCount(value, `${where}/${group}/${key}`);
      else rest[key] = value;
    }
    if (Object.keys(rest).length > 0) extra[group] = rest;
  }
  return [usage, extra];
}

/** The OpenAI usage object; `extra` restores the details kept in provider_metadata. */
export function encode(usage: TokenUsage, conv: Conversion, extra?: Record<string, unknown>): Record<string, unknown> {
  if (usage.model !== undefined || usage.latency_ms !== undefined || usage.cost_micros !== undefined) conv.degrade("usage.extra", "/usage");
  const out: Record<string, unknown> = { prompt_tokens: usage.input_tokens, completion_tokens: usage.output_tokens, total_tokens: usage.total_tokens };
  for (const [group, names] of [["prompt_tokens_details", PROMPT_DETAILS], ["completion_tokens_details", COMPLETION_DETAILS]] as const) {
    const kept = extra?.[group];
    const details: Record<string, unknown> = isObject(kept) ? { ...kept } : {};
    for (const [key, name] of Object.entries(names)) if (usage[name] !== undefined) details[key] = usage[name];
    if (Object.keys(details).length > 0) out[group] = details;
  }
  return out;
}
