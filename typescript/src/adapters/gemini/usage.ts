/**
 * Gemini `usageMetadata` <-> canonical `TokenUsage` (spec section 7), as Python's `gemini/usage.py`.
 *
 * `input_tokens` = `promptTokenCount` + `toolUsePromptTokenCount` (the prompt includes the cached tokens,
 * `cachedContentTokenCount` = `cache_read_input_tokens`); `output_tokens` = `candidatesTokenCount` +
 * `thoughtsTokenCount` (`reasoning_output_tokens`); `total_tokens` = input + output, a reported total that
 * differs kept raw. Everything else is the raw rest, for `provider_metadata.gemini.usage`.
 */

import type { TokenUsage } from "../../generated/types.js";
import { type Conversion, tokenCount } from "../shared/conversion.js";

const COUNTS = new Set(["promptTokenCount", "candidatesTokenCount", "thoughtsTokenCount", "cachedContentTokenCount", "toolUsePromptTokenCount", "totalTokenCount"]);

const present = (value: unknown): boolean => value !== undefined && value !== null;

function count(raw: Record<string, unknown>, key: string, where: string): number {
  return present(raw[key]) ? tokenCount(raw[key], `${where}/${key}`) : 0;
}

/** The canonical usage, and the provider's other usage members (for provider_metadata). */
export function decode(raw: Record<string, unknown>, where = "/usageMetadata"): [TokenUsage, Record<string, unknown>] {
  const counts: Record<string, number> = {};
  for (const key of COUNTS) counts[key] = count(raw, key, where);
  const toolUse = counts["toolUsePromptTokenCount"]!;
  const input = counts["promptTokenCount"]! + toolUse;
  const output = counts["candidatesTokenCount"]! + counts["thoughtsTokenCount"]!;
  const usage: TokenUsage = { input_tokens: input, output_tokens: output, total_tokens: input + output };
  if (present(raw["cachedContentTokenCount"])) usage.cache_read_input_tokens = counts["cachedContentTokenCount"]!;
  if (present(raw["thoughtsTokenCount"])) usage.reasoning_output_tokens = counts["thoughtsTokenCount"]!;
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) if (!COUNTS.has(key) && present(value)) extra[key] = value;
  if (present(raw["toolUsePromptTokenCount"])) extra["toolUsePromptTokenCount"] = toolUse;
  if (present(raw["totalTokenCount"]) && counts["totalTokenCount"] !== input + output) extra["totalTokenCount"] = counts["totalTokenCount"];
  return [usage, extra];
}

/** The `usageMetadata` object (thoughts outside the candidates, tool-use tokens outside the prompt). */
export function encode(usage: TokenUsage, conv: Conversion, extra?: Record<string, unknown>): Record<string, unknown> {
  if (usage.model !== undefined || usage.latency_ms !== undefined || usage.cost_micros !== undefined) conv.degrade("usage.extra", "/usage");
  if (usage.cache_write_input_tokens !== undefined) conv.degrade("usage.cache", "/usage/cache_write_input_tokens");
  const rest: Record<string, unknown> = { ...(extra ?? {}) };
  const toolUse = rest["toolUsePromptTokenCount"];
  delete rest["toolUsePromptTokenCount"];
  const reasoning = usage.reasoning_output_tokens ?? 0;
  const out: Record<string, unknown> = {
    promptTokenCount: Math.max(0, usage.input_tokens - (typeof toolUse === "number" ? toolUse : 0)),
    candidatesTokenCount: Math.max(0, usage.output_tokens - reasoning),
  };
  if (usage.reasoning_output_tokens !== undefined) out["thoughtsTokenCount"] = reasoning;
  if (usage.cache_read_input_tokens !== undefined) out["cachedContentTokenCount"] = usage.cache_read_input_tokens;
  if (toolUse !== undefined && toolUse !== null) out["toolUsePromptTokenCount"] = toolUse;
  const total = rest["totalTokenCount"];
  delete rest["totalTokenCount"];
  out["totalTokenCount"] = "totalTokenCount" in (extra ?? {}) ? total : usage.input_tokens + usage.output_tokens;
  Object.assign(out, rest);
  return out;
}
