/**
 * OpenAI usage to canonical `TokenUsage` and back, as Python's `openai_chat/usage.py`. `prompt_tokens` already
 * includes the cached tokens and `completion_tokens` the reasoning tokens (the canonical meaning), so counts map
 * one to one; `total` is recomputed as input + output.
 *
 * What has no canonical field is kept (`extra`, which the response keeps in `provider_metadata`) and written
 * back: the other details, the members a server adds beside the counts (`extra.members`), and a reported
 * `total_tokens` that is not prompt + completion (`extra.total_tokens`).
 *
 * Servers that count reasoning outside `completion_tokens` (xAI, Gemini's OpenAI endpoint; spec section 7
 * wants output to include it) are recognised where the numbers prove it: `reasoning_tokens` above
 * `completion_tokens`, or `total_tokens` equal to prompt + completion + reasoning. Output is then completion +
 * reasoning, `extra.completion_excludes_reasoning` says so, and encoding writes the server's own
 * `completion_tokens` back.
 */

import type { TokenUsage } from "../../generated/types.js";
import { type Conversion, isObject, tokenCount } from "../shared/conversion.js";

const PROMPT_DETAILS: Record<string, keyof TokenUsage> = { cached_tokens: "cache_read_input_tokens", cache_write_tokens: "cache_write_input_tokens" };
const COMPLETION_DETAILS: Record<string, keyof TokenUsage> = { reasoning_tokens: "reasoning_output_tokens" };
const COUNTS = new Set(["prompt_tokens", "completion_tokens", "total_tokens", "prompt_tokens_details", "completion_tokens_details"]);
/** The `extra` member (`true`) marking usage whose `completion_tokens` left the reasoning out. */
export const EXCLUDES_REASONING = "completion_excludes_reasoning";

export function decode(raw: Record<string, unknown>, where = "/usage"): [TokenUsage, Record<string, unknown>] {
  const input = tokenCount(raw["prompt_tokens"] ?? 0, `${where}/prompt_tokens`);
  let output = tokenCount(raw["completion_tokens"] ?? 0, `${where}/completion_tokens`);
  const usage: TokenUsage = { input_tokens: input, output_tokens: 0, total_tokens: 0 };
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
  const reasoning = usage.reasoning_output_tokens ?? 0;
  const total = raw["total_tokens"];
  if (reasoning && (reasoning > output || total === input + output + reasoning)) {
    output += reasoning;
    extra[EXCLUDES_REASONING] = true;
  }
  usage.output_tokens = output;
  usage.total_tokens = input + output;
  if (total !== undefined && total !== null && total !== usage.total_tokens) extra["total_tokens"] = tokenCount(total, `${where}/total_tokens`);
  const members = Object.fromEntries(Object.entries(raw).filter(([key, value]) => !COUNTS.has(key) && value !== null && value !== undefined));
  if (Object.keys(members).length > 0) extra["members"] = members;
  return [usage, extra];
}

/** The OpenAI usage object; `extra` restores the details, members and counts kept in provider_metadata. */
export function encode(usage: TokenUsage, conv: Conversion, extra?: Record<string, unknown>): Record<string, unknown> {
  if (usage.model !== undefined || usage.latency_ms !== undefined || usage.cost_micros !== undefined) conv.degrade("usage.extra", "/usage");
  let completion = usage.output_tokens;
  if (extra?.[EXCLUDES_REASONING] === true && usage.reasoning_output_tokens !== undefined) completion = Math.max(completion - usage.reasoning_output_tokens, 0);
  const out: Record<string, unknown> = { prompt_tokens: usage.input_tokens, completion_tokens: completion, total_tokens: extra !== undefined && "total_tokens" in extra ? extra["total_tokens"] : usage.total_tokens };
  for (const [group, names] of [["prompt_tokens_details", PROMPT_DETAILS], ["completion_tokens_details", COMPLETION_DETAILS]] as const) {
    const kept = extra?.[group];
    const details: Record<string, unknown> = isObject(kept) ? { ...kept } : {};
    for (const [key, name] of Object.entries(names)) if (usage[name] !== undefined) details[key] = usage[name];
    if (Object.keys(details).length > 0) out[group] = details;
  }
  const members = extra?.["members"];
  if (isObject(members)) for (const [key, value] of Object.entries(members)) if (!(key in out)) out[key] = value;
  return out;
}
