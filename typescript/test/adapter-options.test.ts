/**
 * provider_options checked by the generated ajv validators (`tables/options-validators.ts`, decision 034):
 * the pointers and rules Python's `jsonschema` reports (`adapters/_options.py`), for keywords the
 * hand-written subset validator this replaced did not check (minLength, items, maxItems, minProperties,
 * maxProperties, not, propertyNames, additionalProperties as a schema) and for a tagged `oneOf`.
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import { checkOptions } from "../src/adapters/shared/options.js";
import { WireError } from "../src/errors.js";
import { OPTIONS_VALIDATORS } from "../src/tables/options-validators.js";

type Name = keyof typeof OPTIONS_VALIDATORS;

function problems(name: Name, options: unknown): [string, string][] {
  try {
    checkOptions(options, name, OPTIONS_VALIDATORS[name]);
  } catch (error) {
    assert.ok(error instanceof WireError);
    return error.problems.map((problem) => [problem.pointer, problem.rule]);
  }
  return [];
}

// Each expectation is what Python's check_options printed for the same input.
test("keywords the subset validator skipped are checked, at Python's pointers", () => {
  assert.deepEqual(
    problems("openai-responses", { previous_response_id: "", include: ["reasoning.encrypted_content", "bogus"], text: {}, metadata: { k: 5, j: "ok" }, reasoning: { effort: "low", extra: 1 } }),
    [
      ["/provider_options/openai-responses/include/1", "enum"],
      ["/provider_options/openai-responses/metadata/k", "type"],
      ["/provider_options/openai-responses/previous_response_id", "minLength"],
      ["/provider_options/openai-responses/reasoning", "additionalProperties"],
      ["/provider_options/openai-responses/text", "minProperties"],
    ],
  );
  assert.deepEqual(problems("querymt", { cfg: { model: "x" } }), [["/provider_options/querymt/cfg", "not"]]);
  assert.deepEqual(problems("go-model", { a: 1 }), [["/provider_options/go-model", "maxProperties"]]);
  assert.deepEqual(problems("gemini", { generationConfig: { responseModalities: ["TEXT", "TEXT", "TEXT", "TEXT"], responseSchema: { type: "STRING", bogus: 1 } } }), [
    ["/provider_options/gemini/generationConfig/responseModalities", "maxItems"],
    ["/provider_options/gemini/generationConfig/responseSchema", "enum"],
  ]);
});

test("a oneOf reports the problems of the variant whose tag matched, else itself", () => {
  assert.deepEqual(problems("anthropic", { thinking: { type: "enabled", budget_tokens: 10 } }), [["/provider_options/anthropic/thinking/budget_tokens", "minimum"]]);
  assert.deepEqual(problems("anthropic", { thinking: { type: "bogus" } }), [["/provider_options/anthropic/thinking", "oneOf"]]);
  assert.deepEqual(problems("anthropic", { thinking: { type: "adaptive" } }), []);
});

test("messages keep the pointer: message shape and Python's wording", () => {
  try {
    checkOptions({ top_logprobs: 3.5, reasoning_effort: 5 }, "openai-chat", OPTIONS_VALIDATORS["openai-chat"]);
    assert.fail("no error");
  } catch (error) {
    assert.ok(error instanceof WireError);
    assert.deepEqual(
      error.problems.map((problem) => [problem.pointer, problem.rule, problem.message]),
      [
        ["/provider_options/openai-chat/reasoning_effort", "enum", '5 is not one of ["none","minimal","low","medium","high","xhigh"]'],
        ["/provider_options/openai-chat/top_logprobs", "type", "3.5 is not of type integer"],
      ],
    );
    assert.match(error.message, /\/provider_options\/openai-chat\/top_logprobs: 3\.5 is not of type integer/);
  }
});
