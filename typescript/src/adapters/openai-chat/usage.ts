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
import { USAGE } from "../../tables/openai-chat.js";
import { type Conversion, isObject, tokenCount } from "../shared/conversion.js";
import { usageDetails, usageMember } from "../shared/usage-map.js";

/** The member names, from the usage map: the two counts, and the details objects (group -> member -> count). */
const PROMPT = usageMember(USAGE, "input_tokens");
const COMPLETION = usageMember(USAGE, "output_tokens");
const DETAILS = usageDetails(USAGE);
/** The reported total: not a count the map reads (total is input + output), kept when it differs. */
const TOTAL = "total_tokens";
const COUNTS = new Set([PROMPT, COMPLETION, TOTAL, ...DETAILS.map(([group]) => group)]);
/** The `extra` member (`true`) marking usage whose `completion_tokens` left the reasoning out. */
export const EXCLUDES_REASONING = "completion_excludes_reasoning";

export function decode(raw: Record<string, unknown>, where = "/usage"): [TokenUsage, Record<string, unknown>] {
  const input = tokenCount(raw[PROMPT] ?? 0, `${where}/${PROMPT}`);
  let output = tokenCount(raw[COMPLETION] ?? 0, `${where}/${COMPLETION}`);
  const usage: TokenUsage = { input_tokens: input, output_tokens: 0, total_tokens: 0 };
  const extra: Record<string, unknown> = {};
  for (const [group, names] of DETAILS) {
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
  const total = raw[TOTAL];
  if (reasoning && (reasoning > output || total === input + output + reasoning)) {
    output += reasoning;
    extra[EXCLUDES_REASONING] = true;
  }
  usage.output_tokens = output;
  usage.total_tokens = input + output;
  if (total !== undefined && total !== null && total !== usage.total_tokens) extra[TOTAL] = tokenCount(total, `${where}/${TOTAL}`);
  const members = Object.fromEntries(Object.entries(raw).filter(([key, value]) => !COUNTS.has(key) && value !== null && value !== undefined));
  if (Object.keys(members).length > 0) extra["members"] = members;
  return [usage, extra];
}

/** The OpenAI usage object; `extra` restores the details, members and counts kept in provider_metadata. */
export function encode(usage: TokenUsage, conv: Conversion, extra?: Record<string, unknown>): Record<string, unknown> {
  if (usage.model !== undefined || usage.latency_ms !== undefined || usage.cost_micros !== undefined) conv.degrade("usage.extra", "/usage");
  let completion = usage.output_tokens;
  if (extra?.[EXCLUDES_REASONING] === true && usage.reasoning_output_tokens !== undefined) completion = Math.max(completion - usage.reasoning_output_tokens, 0);
  const out: Record<string, unknown> = { [PROMPT]: usage.input_tokens, [COMPLETION]: completion, [TOTAL]: extra !== undefined && TOTAL in extra ? extra[TOTAL] : usage.total_tokens };
  for (const [group, names] of DETAILS) {
    const kept = extra?.[group];
    const details: Record<string, unknown> = isObject(kept) ? { ...kept } : {};
    for (const [key, name] of Object.entries(names)) if (usage[name] !== undefined) details[key] = usage[name];
    if (Object.keys(details).length > 0) out[group] = details;
  }
  const members = extra?.["members"];
  if (isObject(members)) for (const [key, value] of Object.entries(members)) if (!(key in out)) out[key] = value;
  return out;
}
