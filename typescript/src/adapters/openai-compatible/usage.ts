/**
 * Usage of OpenAI-compatible servers (Python's `usage.py`): OpenAI's (`openai-chat/usage.ts`, which keeps every
 * member a server adds), plus DeepSeek's `prompt_cache_hit_tokens`: the cache read when `prompt_tokens_details`
 * has none (its `prompt_tokens` already counts the hits, the canonical meaning).
 */

import type { TokenUsage } from "../../generated/types.js";
import { ProviderShapeError } from "../shared/contract.js";
import * as openaiUsage from "../openai-chat/usage.js";

export { encode } from "../openai-chat/usage.js";

export function decode(raw: Record<string, unknown>, where = "/usage"): [TokenUsage, Record<string, unknown>] {
  const [decoded, extra] = openaiUsage.decode(raw, where);
  const hits = raw["prompt_cache_hit_tokens"];
  if (decoded.cache_read_input_tokens === undefined && typeof hits === "number" && Number.isInteger(hits) && hits !== 0) {
    if (hits < 0 || hits > decoded.input_tokens) throw new ProviderShapeError(`${where}/prompt_cache_hit_tokens`, `${hits} is not between 0 and prompt_tokens`);
    decoded.cache_read_input_tokens = hits;
  }
  return [decoded, extra];
}
