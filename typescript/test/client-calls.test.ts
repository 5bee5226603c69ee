/**
 * `Client.embed` and `Client.complete` against `wirechat serve-fake openai-chat` (its `/v1/embeddings` and
 * `/v1/completions`): input order and usage, a retried 500, an answer without choices, and the anthropic
 * adapter, which has neither call and sends nothing.
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import { Client, UnsupportedCallError } from "../src/client/client.js";
import { InvalidResponseError } from "../src/client/errors.js";
import { fakeServerMissing, startFake } from "./fake-server.js";

const skip = fakeServerMissing();
const FAST = { maxRetries: 2, initialDelayMs: 1, maxDelayMs: 5, random: () => 0 };

test("embed keeps input order and counts usage as input", { skip }, async () => {
  const fake = await startFake("openai-chat", [
    { fault: { type: "status", status: 500 } },
    { reply: { embeddings: [[0.5, -1.25], [3, 0.125]], usage: { input: 7 } } },
  ]);
  try {
    const client = new Client("openai-chat", { apiKey: "sk-test", baseUrl: fake.url, retry: FAST });
    const response = await client.embed({ model: "e", inputs: ["a", "b"], dimensions: 2 });
    assert.deepEqual(response.embeddings, [[0.5, -1.25], [3, 0.125]]);
    assert.deepEqual(response.usage, { input_tokens: 7, output_tokens: 0, total_tokens: 7 });
  } finally {
    await fake.stop();
  }
});

test("complete returns the continuation; an answer without choices is invalid_response", { skip }, async () => {
  const fake = await startFake("openai-chat", [
    { reply: { text: "lazy dog", finish: "length", id: "cmpl-1", usage: { input: 4, output: 2 } } },
    { raw: { status: 200, headers: {}, body: { choices: [] } } },
  ]);
  try {
    const client = new Client("openai-chat", { apiKey: "sk-test", baseUrl: fake.url, retry: FAST });
    const request = { model: "m", prompt: "the quick brown fox jumps over the", options: { max_tokens: 2 } };
    const response = await client.complete(request);
    assert.equal(response.text, "lazy dog");
    assert.equal(response.finish_reason.kind, "length");
    assert.equal(response.id, "cmpl-1");
    assert.equal(response.usage?.total_tokens, 6);
    await assert.rejects(client.complete(request), InvalidResponseError);
  } finally {
    await fake.stop();
  }
});

test("embed and complete on an adapter without them send nothing", async () => {
  let sent = 0;
  const client = new Client("anthropic", { apiKey: "sk-test", baseUrl: "http://127.0.0.1:9", fetch: async () => {
    sent++;
    throw new Error("nothing should be sent");
  } });
  await assert.rejects(client.embed({ model: "m", inputs: ["a"] }), (error: unknown) => error instanceof UnsupportedCallError && error.call === "embed" && error.adapter === "anthropic");
  await assert.rejects(client.complete({ model: "m", prompt: "x" }), (error: unknown) => error instanceof UnsupportedCallError && error.call === "complete");
  assert.equal(sent, 0);
});
