/**
 * Gemini `usageMetadata` <-> canonical `TokenUsage` (spec section 7), as Python's `gemini/usage.py`.
 *
 * `input_tokens` = `promptTokenCount` + `toolUsePromptTokenCount` (the prompt includes the cached tokens,
 * `cachedContentTokenCount` = `cache_read_input_tokens`); `output_tokens` = `candidatesTokenCount` +
 * `thoughtsTokenCount` (`reasoning_output_tokens`); `total_tokens` = input + output, a reported total that
 * differs kept raw. Everything else is the raw rest, for `provider_metadata.gemini.usage`.
 */

import type { TokenUsage } from "../../generated/types.js";
import { USAGE } from "../../tables/gemini.js";
import { type Conversion, tokenCount } from "../shared/conversion.js";
import { usageMember } from "../shared/usage-map.js";

/** The member names, from the usage map (input = prompt + tool-use prompt, output = candidates + thoughts). */
const PROMPT = usageMember(USAGE, "input_tokens", 0);
const TOOL_USE = usageMember(USAGE, "input_tokens", 1);
const CANDIDATES = usageMember(USAGE, "output_tokens", 0);
const THOUGHTS = usageMember(USAGE, "reasoning_output_tokens");
const CACHED = usageMember(USAGE, "cache_read_input_tokens");
/** The reported total: not a count the map sums (total is input + output), kept raw when it differs. */
const TOTAL = "totalTokenCount";
const COUNTS = new Set([PROMPT, CANDIDATES, THOUGHTS, CACHED, TOOL_USE, TOTAL]);

const present = (value: unknown): boolean => value !== undefined && value !== null;

function count(raw: Record<string, unknown>, key: string, where: string): number {
  return present(raw[key]) ? tokenCount(raw[key], `${where}/${key}`) : 0;
}

/** The canonical usage, and the provider's other usage members (for provider_metadata). */
export function decode(raw: Record<string, unknown>, where = "/usageMetadata"): [TokenUsage, Record<string, unknown>] {
  const counts: Record<string, number> = {};
  for (const key of COUNTS) counts[key] = count(raw, key, where);
  const toolUse = counts[TOOL_USE]!;
  const input = counts[PROMPT]! + toolUse;
  const output = counts[CANDIDATES]! + counts[THOUGHTS]!;
  const usage: TokenUsage = { input_tokens: input, output_tokens: output, total_tokens: input + output };
  if (present(raw[CACHED])) usage.cache_read_input_tokens = counts[CACHED]!;
  if (present(raw[THOUGHTS])) usage.reasoning_output_tokens = counts[THOUGHTS]!;
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) if (!COUNTS.has(key) && present(value)) extra[key] = value;
  if (present(raw[TOOL_USE])) extra[TOOL_USE] = toolUse;
  if (present(raw[TOTAL]) && counts[TOTAL] !== input + output) extra[TOTAL] = counts[TOTAL];
  return [usage, extra];
}

/** The `usageMetadata` object (thoughts outside the candidates, tool-use tokens outside the prompt). */
export function encode(usage: TokenUsage, conv: Conversion, extra?: Record<string, unknown>): Record<string, unknown> {
  if (usage.model !== undefined || usage.latency_ms !== undefined || usage.cost_micros !== undefined) conv.degrade("usage.extra", "/usage");
  if (usage.cache_write_input_tokens !== undefined) conv.degrade("usage.cache", "/usage/cache_write_input_tokens");
  const rest: Record<string, unknown> = { ...(extra ?? {}) };
  const toolUse = rest[TOOL_USE];
  delete rest[TOOL_USE];
  const reasoning = usage.reasoning_output_tokens ?? 0;
  const out: Record<string, unknown> = {
    [PROMPT]: Math.max(0, usage.input_tokens - (typeof toolUse === "number" ? toolUse : 0)),
    [CANDIDATES]: Math.max(0, usage.output_tokens - reasoning),
  };
  if (usage.reasoning_output_tokens !== undefined) out[THOUGHTS] = reasoning;
  if (usage.cache_read_input_tokens !== undefined) out[CACHED] = usage.cache_read_input_tokens;
  if (toolUse !== undefined && toolUse !== null) out[TOOL_USE] = toolUse;
  const total = rest[TOTAL];
  delete rest[TOTAL];
  out[TOTAL] = TOTAL in (extra ?? {}) ? total : usage.input_tokens + usage.output_tokens;
  Object.assign(out, rest);
  return out;
}
