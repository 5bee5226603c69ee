/**
 * The client against the real fake provider (Python `wirechat serve-fake gemini` over 127.0.0.1) for the
 * gemini adapter, whose URL holds the model and the streaming method (`RoutedCodec`): chat, stream, a tool
 * call (streamed and not), errors with Gemini's google.rpc bodies (429 retried, 503, a daily quota), an error
 * chunk after a 200, a drop mid-stream (partial kept), embeddings, and the paths and key header sent.
 */

import assert from "node:assert/strict";
import { inspect } from "node:util";
import { after, before, describe, test } from "node:test";

import { Client } from "../src/client/client.js";
import { APIError, InvalidResponseError, OverloadedError, RateLimitedError, StreamInterruptedError } from "../src/client/errors.js";
import type { FetchLike } from "../src/client/fetch-types.js";
import type { ChatRequest, StreamEvent } from "../src/generated/types.js";
import { fakeServerMissing, startFake, type FakeServer } from "./fake-server.js";

const skip = fakeServerMissing();
const KEY = "gemini-test-SECRET-0123456789";
const REQUEST: ChatRequest = { model: "gemini-2.5-flash", messages: [{ role: "user", parts: [{ type: "text", text: "hello" }] }], options: { max_tokens: 50 } };
const FAST = { maxRetries: 2, initialDelayMs: 1, maxDelayMs: 5, random: () => 0 };

const turns: unknown[] = [];
let server: FakeServer | undefined;
const sent: { url: string; headers: Record<string, string>; body: Record<string, unknown> }[] = [];

/** The global fetch, recording each request's URL, headers and body. */
const recording: FetchLike = (async (url: string, init: { headers: Record<string, string>; body: string }) => {
  sent.push({ url, headers: init.headers, body: JSON.parse(init.body) as Record<string, unknown> });
  return fetch(url, init as never);
}) as unknown as FetchLike;

/** Register `scripted` turns now (the server plays them in order); the test body gets a client on the server. */
function play<T>(scripted: unknown[], run: (client: Client) => Promise<T>): () => Promise<T> {
  turns.push(...scripted);
  return () => run(new Client("gemini", { apiKey: KEY, baseUrl: server!.url, retry: FAST, timeoutMs: 5000, fetch: recording }));
}

async function collect(stream: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

async function rejectsWith<E extends APIError>(promise: Promise<unknown>, Class: new (...args: never[]) => E): Promise<E> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof Class, `expected ${Class.name}, got ${inspect(error)}`);
    assert.ok(!String((error as Error).message).includes(KEY), "the key leaked into the error text");
    return error;
  }
  assert.fail(`expected ${Class.name}, got a result`);
}

const text = (parts: readonly { type: string; text?: string }[]) => parts.filter((p) => p.type === "text").map((p) => p.text).join("");

describe("gemini against serve-fake", { skip }, () => {
  before(async () => {
    server = await startFake("gemini", turns);
  });
  after(() => server?.stop());

  test("chat: the model goes into the URL, the key into x-goog-api-key; text, usage and finish come back", play([{ reply: { text: "Hello there!", usage: { input: 12, output: 5, reasoning: 2, cache_read: 4 }, id: "r1" } }], async (client) => {
    sent.length = 0;
    const response = await client.chat(REQUEST);
    assert.equal(text(response.message.parts), "Hello there!");
    assert.equal(response.finish_reason.kind, "stop");
    assert.equal(response.usage?.input_tokens, 12);
    assert.equal(response.usage?.output_tokens, 5, "thoughts are inside canonical output_tokens");
    assert.equal(response.usage?.reasoning_output_tokens, 2);
    assert.equal(response.usage?.cache_read_input_tokens, 4);
    assert.equal(response.id, "r1");
    assert.equal(response.model, "gemini-2.5-flash");
    assert.equal(sent[0]!.url, `${server!.url}/v1beta/models/gemini-2.5-flash:generateContent`);
    assert.equal(sent[0]!.headers["x-goog-api-key"], KEY);
    assert.ok(!("model" in sent[0]!.body), "the model travels in the URL only");
  }));

  test("stream: :streamGenerateContent?alt=sse, events fold to the response chat gives", play([{ reply: { text: "Streaming is fun.", reasoning: { text: "think", signature: "c2ln" }, usage: { input: 5, output: 4 } } }, { reply: { text: "Streaming is fun.", reasoning: { text: "think", signature: "c2ln" }, usage: { input: 5, output: 4 } } }], async (client) => {
    sent.length = 0;
    const stream = client.stream(REQUEST);
    const events = await collect(stream);
    assert.ok(events.filter((e) => e.type === "text_delta").length > 1, "several fragments");
    assert.equal(sent[0]!.url, `${server!.url}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`);
    const folded = await stream.response();
    const whole = await client.chat(REQUEST);
    assert.deepEqual(folded.message, whole.message);
    assert.deepEqual(folded.usage, whole.usage);
    assert.deepEqual(folded.message.parts[0], { type: "reasoning", reasoning: { text: "think", signature: "c2ln", issuer: "gemini" } });
  }));

  const reply = { tool_calls: [{ id: "c1", name: "get_weather", arguments: { city: "Paris" } }, { id: "c2", name: "get_time", arguments: { tz: "CET" } }] };
  test("tool calls, streamed and not, give the same calls; Gemini's STOP is kind stop", play([{ reply }, { reply }], async (client) => {
    const streamed = await client.stream(REQUEST).response();
    const whole = await client.chat(REQUEST);
    const calls = (r: typeof whole) => r.message.parts.filter((p) => p.type === "tool_call").map((p) => (p as { tool_call: unknown }).tool_call);
    assert.deepEqual(calls(streamed), [{ id: "c1", name: "get_weather", arguments: '{"city":"Paris"}' }, { id: "c2", name: "get_time", arguments: '{"tz":"CET"}' }]);
    assert.deepEqual(calls(whole), calls(streamed));
    assert.equal(streamed.finish_reason.kind, "stop");
    assert.equal(streamed.finish_reason.raw, "STOP");
  }));

  test("429 RESOURCE_EXHAUSTED is retried, then succeeds", play([{ fault: { type: "status", status: 429, retry_after_ms: 5 } }, { reply: { text: "ok" } }], async (client) => {
    assert.equal(text((await client.chat(REQUEST)).message.parts), "ok");
  }));

  test("503 UNAVAILABLE three times is overloaded, after the retries", play([{ fault: { type: "status", status: 503 }, repeat: 3 }], async (client) => {
    const error = await rejectsWith(client.chat(REQUEST), OverloadedError);
    assert.equal(error.attempts, 3);
    assert.equal(error.status, 503);
    assert.equal(error.providerCode, "UNAVAILABLE");
  }));

  test("a 429 whose body is not retryable is raised at once", play([{ fault: { type: "status", status: 429, should_retry: false, error_type: "RESOURCE_EXHAUSTED" } }], async (client) => {
    const error = await rejectsWith(client.chat(REQUEST), RateLimitedError);
    assert.equal(error.attempts, 1);
    assert.equal(error.retryable, false);
  }));

  test("a drop mid-stream keeps the partial message", play([{ reply: { text: "This answer is cut short somewhere.", chunk_size: 4 }, fault: { type: "drop", after: 3 } }], async (client) => {
    const stream = client.stream(REQUEST);
    const error = await rejectsWith(collect(stream), APIError);
    assert.ok(error instanceof StreamInterruptedError || error instanceof InvalidResponseError, `got ${error.name}`);
    assert.ok(error.partial !== undefined && text(error.partial.parts as never).length > 0, "partial text kept");
  }));

  test("an error chunk after a 200 raises its kind with the partial message", play([{ reply: { text: "Some words before the failure.", chunk_size: 4 }, fault: { type: "error_event", after: 3, error_type: "UNAVAILABLE" } }], async (client) => {
    const error = await rejectsWith(collect(client.stream(REQUEST)), OverloadedError);
    assert.equal(error.kind, "overloaded");
    assert.ok(error.partial !== undefined && text(error.partial.parts as never).length > 0);
  }));

  test("embeddings go to :batchEmbedContents with the model in the URL and in each item", play([{ reply: {} }], async (client) => {
    sent.length = 0;
    const response = await client.embed({ model: "gemini-embedding-001", inputs: ["a", "b"], dimensions: 2 });
    assert.equal(response.embeddings.length, 2);
    assert.equal(response.embeddings[0]!.length, 2);
    assert.equal(sent[0]!.url, `${server!.url}/v1beta/models/gemini-embedding-001:batchEmbedContents`);
  }));
});

test("a tuned model's resource name replaces models/{model}; the base URL may end in /v1beta", () => {
  const urls: string[] = [];
  const capture = (async (url: string) => {
    urls.push(url);
    throw new Error("not sent");
  }) as unknown as FetchLike;
  const client = new Client("gemini", { apiKey: KEY, baseUrl: "https://example.test/v1beta/", fetch: capture, retry: { maxRetries: 0 } });
  return client.chat({ ...REQUEST, model: "tunedModels/my model" }).then(
    () => assert.fail("expected the fetch to fail"),
    () => assert.deepEqual(urls, ["https://example.test/v1beta/tunedModels/my%20model:generateContent"]),
  );
});
