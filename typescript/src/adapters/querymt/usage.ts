/**
 * QueryMT `Usage` (`input_tokens`, `output_tokens`, `reasoning_tokens`, `cache_read`, `cache_write`, all u32
 * defaulting to 0) to canonical `TokenUsage` and back, as Python's `querymt/usage.py`.
 *
 * QueryMT's OpenAI-compatible providers fill `input_tokens` from `prompt_tokens` (cached tokens included) and
 * `output_tokens` from `completion_tokens` (reasoning included): the canonical meanings, so the counts map one
 * to one; `total_tokens` is input + output; a zero cache or reasoning count is written as absent. Serde's read
 * aliases (`prompt_tokens`, `completion_tokens`, `cache_read_input_tokens`, `cache_creation_input_tokens`) are
 * read too.
 */

import type { TokenUsage } from "../../generated/types.js";
import { ProviderShapeError } from "../shared/contract.js";
import { USAGE } from "../../tables/querymt.js";
import type { Conversion } from "../shared/conversion.js";
import { usageCounts, usageMember } from "../shared/usage-map.js";

type Count = "input_tokens" | "output_tokens" | "reasoning_output_tokens" | "cache_read_input_tokens" | "cache_write_input_tokens";

/** Each canonical count and the QueryMT names it is read from (the usage map's `first`), the first present one winning. */
const NAMES: readonly (readonly [Count, readonly string[]])[] = usageCounts(USAGE).map(([count, paths]) => [count as Count, paths.map((_, i) => usageMember(USAGE, count, i))]);
/** The name each count is written under: QueryMT's own, the first the map lists. */
const WRITTEN = Object.fromEntries(NAMES.map(([count, names]) => [count, names[0]!])) as Record<Count, string>;
/** Every member QueryMT's Usage reads (names and serde aliases). */
export const MEMBERS: ReadonlySet<string> = new Set(NAMES.flatMap(([, names]) => names));

function count(value: unknown, where: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 0xffffffff) {
    throw new ProviderShapeError(where, `expected a token count (an integer from 0 to 2**32-1), got ${JSON.stringify(value)}`);
  }
  return value;
}

/** The canonical usage, and the members QueryMT's Usage does not have (for provider_metadata). */
export function decode(raw: Record<string, unknown>, where = "/usage"): [TokenUsage, Record<string, unknown>] {
  const counts: Partial<Record<Count, number>> = {};
  for (const [field, names] of NAMES) {
    const name = names.find((candidate) => raw[candidate] !== undefined && raw[candidate] !== null);
    if (name !== undefined) counts[field] = count(raw[name], `${where}/${name}`);
  }
  const input = counts.input_tokens ?? 0;
  const output = counts.output_tokens ?? 0;
  const usage: TokenUsage = { input_tokens: input, output_tokens: output, total_tokens: input + output };
  for (const field of ["cache_read_input_tokens", "cache_write_input_tokens", "reasoning_output_tokens"] as const) {
    if (counts[field]) usage[field] = counts[field];
  }
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) if (!MEMBERS.has(key)) extra[key] = value;
  return [usage, extra];
}

/** QueryMT's Usage (it has no member for anything else: `model`, `latency_ms` and `cost_micros` are dropped with a warning). */
export function encode(usage: TokenUsage, conv: Conversion): Record<string, unknown> {
  if (usage.model !== undefined || usage.latency_ms !== undefined || usage.cost_micros !== undefined) conv.degrade("usage.extra", "/usage");
  const out: Record<string, unknown> = {};
  for (const [count] of NAMES) out[WRITTEN[count]] = usage[count] ?? 0;
  return out;
}
