/**
 * `addUsage`: the spec's sum of two `TokenUsage`s, for totalling the calls of an agent loop.
 *
 * Every count sums: the three required ones, the optional breakdowns (`cache_read_input_tokens`,
 * `cache_write_input_tokens`, `reasoning_output_tokens`), `latency_ms` and `cost_micros`. An optional
 * count absent on both sides stays absent; absent on one side, the other's value is kept. `model`: the
 * first argument's (the accumulator's) wins when both are set and differ; an unset side takes the
 * other's.
 */

import type { TokenUsage } from "./generated/types.js";

type OptionalCount =
  | "cache_read_input_tokens"
  | "cache_write_input_tokens"
  | "reasoning_output_tokens"
  | "latency_ms"
  | "cost_micros";

const OPTIONAL_COUNTS: readonly OptionalCount[] = [
  "cache_read_input_tokens",
  "cache_write_input_tokens",
  "reasoning_output_tokens",
  "latency_ms",
  "cost_micros",
];

function sum(a: number, b: number, field: string): number {
  const total = a + b;
  if (!Number.isSafeInteger(total)) throw new RangeError(`TokenUsage.${field} overflows 2^53-1 (${a} + ${b})`);
  return total;
}

/** `a + b` by the spec's rules; neither argument is changed. Throws `RangeError` past 2^53-1. */
export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  const result: TokenUsage = {
    input_tokens: sum(a.input_tokens, b.input_tokens, "input_tokens"),
    output_tokens: sum(a.output_tokens, b.output_tokens, "output_tokens"),
    total_tokens: sum(a.total_tokens, b.total_tokens, "total_tokens"),
  };
  for (const field of OPTIONAL_COUNTS) {
    const left = a[field];
    const right = b[field];
    if (left !== undefined && right !== undefined) result[field] = sum(left, right, field);
    else if (left !== undefined) result[field] = left;
    else if (right !== undefined) result[field] = right;
  }
  const model = a.model ?? b.model;
  if (model !== undefined) result.model = model;
  return result;
}

/** The sum of `usages` in order (the first model named labels the total); `undefined` when empty. */
export function sumUsage(usages: Iterable<TokenUsage>): TokenUsage | undefined {
  let total: TokenUsage | undefined;
  for (const usage of usages) total = total === undefined ? { ...usage } : addUsage(total, usage);
  return total;
}
