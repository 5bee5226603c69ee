/**
 * The gemini adapter where the shared vectors do not reach (their expected values written by Python's adapter
 * from the same inputs): server-side tool invocations (`toolCall` / `toolResponse`) and their thought
 * signature, replayed to Gemini byte for byte and to no other API; a function call whose arguments stream in
 * `partialArgs` pieces; the proto spellings of a request body; and the URL routing (`requestTarget`).
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import { anthropic, gemini } from "../src/adapters/index.js";
import { ConversionRefused } from "../src/adapters/shared/contract.js";
import { canonical } from "../src/canonical.js";
import type { WireError } from "../src/errors.js";
import type { StreamEvent } from "../src/generated/types.js";
import { fold } from "../src/stream.js";

const INVOCATION = {
  candidates: [{
    content: { role: "model", parts: [
      { toolCall: { id: "t1", toolType: "GOOGLE_SEARCH_WEB", args: { queries: ["q"] } }, thoughtSignature: "c2ln" },
      { toolResponse: { id: "t1", toolType: "GOOGLE_SEARCH_WEB", response: { results: [] } } },
      { text: "done" },
    ] },
    finishReason: "STOP",
    index: 0,
  }],
  responseId: "r",
  modelVersion: "m",
};

test("gemini: a server-side tool invocation reads as a provider-run call and result, and goes back to Gemini only", () => {
  const response = gemini.decodeResponse(INVOCATION);
  assert.deepEqual(response.message.parts.slice(0, 3), [
    { type: "reasoning", reasoning: { redacted_data: "c2ln", issuer: "gemini" } },
    { type: "provider_tool_call", provider_tool_call: { id: "t1", name: "GOOGLE_SEARCH_WEB", issuer: "gemini", input: { queries: ["q"] }, block: { toolCall: { id: "t1", toolType: "GOOGLE_SEARCH_WEB", args: { queries: ["q"] } } } } },
    { type: "provider_tool_result", provider_tool_result: { tool_call_id: "t1", issuer: "gemini", name: "GOOGLE_SEARCH_WEB", output: { results: [] }, block: { toolResponse: { id: "t1", toolType: "GOOGLE_SEARCH_WEB", response: { results: [] } } } } },
  ]);
  assert.equal(canonical(gemini.encodeResponse(response)), canonical(INVOCATION), "the reply is written back as it came, signature on its part");
  const request = { model: "m", messages: [{ role: "user" as const, parts: [{ type: "text" as const, text: "q" }] }, response.message] };
  const { body } = gemini.encodeRequest(request);
  assert.deepEqual((body["contents"] as { parts: unknown[] }[])[1]!.parts, INVOCATION.candidates[0]!.content.parts);
  const { warnings } = anthropic.encodeRequest({ ...request, options: { max_tokens: 5 } });
  assert.deepEqual(warnings.map((w) => [w.feature, w.where]), [
    ["reasoning.foreign", "/messages/1/parts/0"],
    ["provider_tool.foreign", "/messages/1/parts/1/provider_tool_call"],
    ["provider_tool.foreign", "/messages/1/parts/2/provider_tool_result"],
  ]);
});

test("gemini: a function call streamed in partialArgs pieces folds to the call its arguments build", () => {
  const decoder = gemini.streamDecoder();
  const chunk = (part: unknown, finishReason?: string) => ({ event: undefined, data: JSON.stringify({ candidates: [{ content: { role: "model", parts: [part] }, ...(finishReason ? { finishReason } : {}), index: 0 }] }) });
  const events: StreamEvent[] = [];
  for (const sse of [
    chunk({ functionCall: { name: "f", willContinue: true }, thoughtSignature: "c2ln" }),
    chunk({ functionCall: { partialArgs: [{ jsonPath: "$.a['b c'][1]", stringValue: "Par", willContinue: true }], willContinue: true } }),
    chunk({ functionCall: { partialArgs: [{ jsonPath: "$.a['b c'][1]", stringValue: "is" }, { jsonPath: "$.n", numberValue: 2 }], willContinue: true } }),
    chunk({ functionCall: {} }, "STOP"),
  ]) events.push(...decoder.feed(sse));
  events.push(...decoder.close());
  assert.deepEqual(fold(events).message.parts, [
    { type: "reasoning", reasoning: { redacted_data: "c2ln", issuer: "gemini" } },
    { type: "tool_call", tool_call: { id: "gemini_call_0", name: "f", arguments: '{"a":{"b c":[null,"Paris"]},"n":2}' } },
  ]);
  assert.deepEqual(decoder.warnings, []);
});

test("gemini: a body in the proto spelling (snake_case, one object for a list) reads as the camelCase one, reported", () => {
  const { request, warnings } = gemini.decodeRequest({ model: "m", contents: { role: "user", parts: { text: "hi" } }, generation_config: { thinking_config: { thinking_budget: 5 }, max_output_tokens: 9 } });
  assert.equal(
    canonical(request),
    canonical({ model: "m", messages: [{ role: "user", parts: [{ type: "text", text: "hi" }] }], options: { max_tokens: 9 }, provider_options: { gemini: { generationConfig: { thinkingConfig: { thinkingBudget: 5 } } } } }),
  );
  assert.deepEqual(warnings.map((w) => [w.feature, w.where]), [["request.spelling", "/contents"], ["request.spelling", "/generation_config"]]);
});

test("gemini: the model moves into the path; a body without one is refused naming model.absent", () => {
  assert.deepEqual(gemini.requestTarget("chat", { model: "gemini-2.5-pro", contents: [] }, true), ["/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse", { contents: [] }]);
  assert.deepEqual(gemini.requestTarget("chat", { model: "models/x(1)", contents: [] }, false)[0], "/v1beta/models/x%281%29:generateContent");
  assert.deepEqual(gemini.requestTarget("embed", { requests: [{ model: "models/e" }] }, false)[0], "/v1beta/models/e:batchEmbedContents");
  assert.throws(() => gemini.requestTarget("chat", { contents: [] }, false), (error: unknown) => error instanceof ConversionRefused && error.feature === "model.absent");
  assert.throws(() => gemini.requestTarget("complete", { model: "m" }, false), (error: unknown) => error instanceof ConversionRefused && error.feature === "endpoint");
});

test("gemini: a member given as null is not its default (a null role or parts is refused, as Python refuses it)", () => {
  assert.throws(() => gemini.decodeRequest({ model: "m", contents: [{ role: null, parts: [{ text: "x" }] }] }), /\/contents\/0\/role/);
  assert.throws(() => gemini.decodeRequest({ model: "m", contents: [{ role: "user", parts: null }] }), /\/contents\/0\/parts/);
  const { warnings } = gemini.decodeRequest({ model: "m", systemInstruction: { role: null, parts: [{ text: "s" }] }, contents: [] });
  assert.deepEqual(warnings.map((w) => [w.feature, w.where]), [["provider.unmapped", "/systemInstruction/role"]]);
  assert.throws(() => gemini.decodeResponse({ candidates: [{ content: { role: null, parts: [{ text: "x" }] }, finishReason: "STOP" }] }), /\/candidates\/0\/content\/role/);
  const blob = { candidates: [{ content: { role: "model", parts: [{ inlineData: { mimeType: "image/png", data: null } }] }, finishReason: "STOP" }] };
  assert.throws(() => gemini.decodeResponse(blob), /inlineData\/data/);
});

test("gemini: embeddings options are taskType and title, on every item; anything else is a WireError at its pointer", () => {
  const request = (options: Record<string, unknown>) => ({ model: "e", inputs: ["a", "b"], provider_options: { gemini: options } });
  const body = gemini.encodeEmbedRequest(request({ taskType: "CLUSTERING", title: "t" }));
  assert.deepEqual(body, { requests: ["a", "b"].map((text) => ({ model: "models/e", content: { parts: [{ text }] }, taskType: "CLUSTERING", title: "t" })) });
  const problems = (options: Record<string, unknown>) => {
    try {
      gemini.encodeEmbedRequest(request(options));
    } catch (error) {
      return (error as WireError).problems.map((problem) => [problem.pointer, problem.rule]);
    }
    return [];
  };
  assert.deepEqual(problems({ taskType: "X" }), [["/provider_options/gemini/taskType", "enum"]]);
  assert.deepEqual(problems({ title: 1 }), [["/provider_options/gemini/title", "type"]]);
  assert.deepEqual(problems({ other: 1 }), [["/provider_options/gemini", "additionalProperties"]]);
});
