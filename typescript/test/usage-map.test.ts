/** The usage-map reader (`src/adapters/shared/usage-map.ts`) over the generated `USAGE` tables. */

import assert from "node:assert/strict";
import { test } from "node:test";

import { usageDetails, usageMember } from "../src/adapters/shared/usage-map.js";
import { USAGE as ANTHROPIC } from "../src/tables/anthropic.js";
import { USAGE as OPENAI_CHAT } from "../src/tables/openai-chat.js";

test("usageDetails groups the members one object down in the map's order", () => {
  assert.deepEqual(usageDetails(OPENAI_CHAT), [
    ["prompt_tokens_details", { cached_tokens: "cache_read_input_tokens", cache_write_tokens: "cache_write_input_tokens" }],
    ["completion_tokens_details", { reasoning_tokens: "reasoning_output_tokens" }],
  ]);
});

test("usageMember reads the n-th member of a count", () => {
  assert.equal(usageMember(ANTHROPIC, "input_tokens", 2), "cache_creation_input_tokens");
});

test("usageMember refuses a nested path and a count the map lacks", () => {
  assert.throws(() => usageMember(OPENAI_CHAT, "cache_read_input_tokens"), /not a top-level member/);
  assert.throws(() => usageMember(OPENAI_CHAT, "latency_ms"), /has no member number 0/);
});
