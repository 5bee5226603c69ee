/**
 * Responses usage to canonical `TokenUsage` and back (spec section 7), as Python's `openai_responses/usage.py`.
 * `input_tokens` already includes the cached tokens (`input_tokens_details.cached_tokens` ->
 * `cache_read_input_tokens`, `cache_write_tokens` -> `cache_write_input_tokens`) and `output_tokens` the
 * reasoning tokens (`output_tokens_details.reasoning_tokens` -> `reasoning_output_tokens`): the canonical
 * meanings, so counts map one to one; `total` is recomputed as input + output. Other details are kept for
 * `provider_metadata`.
 */

import type { TokenUsage } from "../../generated/types.js";
import { ProviderShapeError } from "../shared/contract.js";
import { USAGE } from "../../tables/openai-responses.js";
import { type Conversion, isObject, tokenCount } from "../shared/conversion.js";
import { usageDetails, usageMember } from "../shared/usage-map.js";

/** The member names, from the usage map: the two counts, and the details objects (group -> member -> count). */
const INPUT = usageMember(USAGE, "input_tokens");
const OUTPUT = usageMember(USAGE, "output_tokens");
const DETAILS = usageDetails(USAGE);
/** The total: not a count the map reads (it is input + output), written back recomputed. */
const TOTAL = "total_tokens";
const KNOWN: ReadonlySet<string> = new Set([INPUT, OUTPUT, TOTAL, ...DETAILS.map(([group]) => group)]);

/** The canonical usage, and the provider's other usage members (for provider_metadata). */
export function decode(raw: Record<string, unknown>, where = "/usage"): [TokenUsage, Record<string, unknown>] {
  const input = tokenCount(raw[INPUT] ?? 0, `${where}/${INPUT}`);
  const output = tokenCount(raw[OUTPUT] ?? 0, `${where}/${OUTPUT}`);
  const usage: Record<string, number> = { input_tokens: input, output_tokens: output, total_tokens: input + output }; // canonical names
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) if (!KNOWN.has(key) && value !== null && value !== undefined) extra[key] = value;
  for (const [group, names] of DETAILS) {
    const details = raw[group];
    if (details === undefined || details === null) continue;
    if (!isObject(details)) throw new ProviderShapeError(`${where}/${group}`, "expected an object");
    const rest: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(details)) {
      if (Object.hasOwn(names, key) && value !== null) usage[names[key]!] = tokenCount(value, `${where}/${group}/${key}`);
      else if (value !== null) rest[key] = value;
    }
    if (Object.keys(rest).length > 0) extra[group] = rest;
  }
  return [usage as unknown as TokenUsage, extra];
}

/** The Responses usage object; `extra` restores the members kept in provider_metadata. */
export function encode(usage: TokenUsage, conv: Conversion, extra?: unknown): Record<string, unknown> {
  if (usage.model !== undefined || usage.latency_ms !== undefined || usage.cost_micros !== undefined) conv.degrade("usage.extra", "/usage");
  const rest: Record<string, unknown> = isObject(extra) ? { ...extra } : {};
  const out: Record<string, unknown> = { [INPUT]: usage.input_tokens, [OUTPUT]: usage.output_tokens, [TOTAL]: usage.total_tokens };
  for (const [group, names] of DETAILS) {
    const kept = rest[group];
    delete rest[group];
    const details: Record<string, unknown> = isObject(kept) ? { ...kept } : {};
    for (const [key, name] of Object.entries(names)) if (usage[name] !== undefined) details[key] = usage[name];
    if (Object.keys(details).length > 0) out[group] = details;
  }
  Object.assign(out, rest);
  return out;
}
