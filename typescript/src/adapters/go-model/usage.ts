/**
 * TokenUsage between go-model JSON and canonical wirechat JSON, both ways (Python's `go_model/usage.py`).
 *
 * The seed's TokenUsage has the three counts (always written) and `model`, `latency_ms`, `cost_micros`
 * (`omitempty`); wirechat's cache and reasoning counts have no go-model member.
 */

import type { TokenUsage } from "../../generated/types.js";
import { ProviderShapeError } from "../shared/contract.js";
import type { Conversion } from "../shared/conversion.js";
import { USAGE } from "../../tables/go-model.js";
import { usageMember } from "../shared/usage-map.js";
import { expectMembers, readObject, readString } from "./shapes.js";

/** The canonical counts always written, and the `omitempty` ones; each one's go-model member from the usage map. */
const COUNTS = ["input_tokens", "output_tokens", "total_tokens"] as const;
const EXTRA_COUNTS = ["latency_ms", "cost_micros"] as const;
const MEMBER = Object.fromEntries([...COUNTS, ...EXTRA_COUNTS].map((count) => [count, usageMember(USAGE, count)])) as Record<(typeof COUNTS | typeof EXTRA_COUNTS)[number], string>;

function count(obj: Record<string, unknown>, key: string, where: string): number {
  const value = obj[key] ?? (Object.hasOwn(obj, key) ? null : 0);
  if (typeof value !== "number" || !Number.isInteger(value)) throw new ProviderShapeError(`${where}/${key}`, `expected an integer count, got ${JSON.stringify(value)}`);
  if (value < 0 || value > Number.MAX_SAFE_INTEGER) throw new ProviderShapeError(`${where}/${key}`, `${value} is outside 0 .. 2^53-1 (a negative int64 count has no wirechat form)`);
  return value;
}

/** The canonical TokenUsage for a go-model TokenUsage (zero or empty omitempty members are absent). */
export function usageToWirechat(value: unknown, where = ""): Record<string, unknown> {
  const obj = readObject(value, where);
  expectMembers(obj, [...COUNTS.map((key) => MEMBER[key]), "model", ...EXTRA_COUNTS.map((key) => MEMBER[key])], where, "TokenUsage");
  const out: Record<string, unknown> = {};
  for (const key of COUNTS) out[key] = count(obj, MEMBER[key], where);
  const model = readString(obj, "model", where);
  if (model) out["model"] = model;
  for (const key of EXTRA_COUNTS) if (Object.hasOwn(obj, MEMBER[key]) && count(obj, MEMBER[key], where)) out[key] = obj[MEMBER[key]];
  return out;
}

/** The go-model TokenUsage for a canonical one. */
export function usageFromWirechat(usage: TokenUsage, where: string, conv: Conversion): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of COUNTS) out[MEMBER[key]] = usage[key];
  if (usage.model !== undefined) out["model"] = usage.model;
  for (const key of EXTRA_COUNTS) {
    const value = usage[key];
    if (value === undefined) continue;
    if (value) out[MEMBER[key]] = value;
    else conv.degrade("zero_values", `${where}/${key}`);
  }
  if (usage.cache_read_input_tokens !== undefined || usage.cache_write_input_tokens !== undefined) conv.degrade("usage.cache", where);
  if (usage.reasoning_output_tokens !== undefined) conv.degrade("usage.reasoning", `${where}/reasoning_output_tokens`);
  return out;
}
