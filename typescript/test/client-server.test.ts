/**
 * The client against the real fake provider (Python `wirechat serve-fake` over 127.0.0.1), for each adapter
 * (anthropic, openai-chat, openai-responses): chat, stream, tool calls, 429 with retry headers, 500/529, a drop
 * mid-stream (partial kept), an error event after a 200, a slow stream with a timeout, cancellation, and a server
 * that echoes the key.
 */

import assert from "node:assert/strict";
import { inspect } from "node:util";
import { after, before, describe, test } from "node:test";

import { Client } from "../src/client/client.js";
import { APIError, ApiTimeoutError, CancelledError, InvalidResponseError, OverloadedError, ProviderError, RateLimitedError, StreamInterruptedError } from "../src/client/errors.js";
import type { ChatRequest, StreamEvent } from "../src/generated/types.js";
import { fakeServerMissing, startFake, type FakeServer } from "./fake-server.js";

const skip = fakeServerMissing();
const KEY = "sk-test-SECRET-0123456789";
const REQUEST: ChatRequest = { model: "m", messages: [{ role: "user", parts: [{ type: "text", text: "hello" }] }], options: { max_tokens: 50 } };
const FAST = { maxRetries: 2, initialDelayMs: 1, maxDelayMs: 5, random: () => 0 };

/**
 * One fake server per provider serves every test of its suite, in order: each test registers its turns
 * when the suite is collected (`play`), and the server plays them one per request. Starting a Python
 * server per test cost a second or more each on a loaded machine.
 */
class Suite {
  turns: unknown[] = [];
  server: FakeServer | undefined;
  constructor(readonly provider: string, readonly extra: string[] = []) {}
  play<T>(turns: unknown[], run: (client: Client) => Promise<T>, options: Record<string, unknown> = {}): () => Promise<T> {
    this.turns.push(...turns);
    return () => run(new Client(this.provider, { apiKey: KEY, baseUrl: this.server!.url, retry: FAST, timeoutMs: 5000, ...options }));
  }
  async start(): Promise<void> {
    this.server = await startFake(this.provider, this.turns, this.extra);
  }
  async stop(): Promise<void> {
    await this.server?.stop();
  }
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

const text = (parts: { type: string; text?: string }[]) => parts.filter((p) => p.type === "text").map((p) => p.text).join("");

for (const provider of ["anthropic", "openai-chat", "openai-responses"]) {
  describe(`${provider} against serve-fake`, { skip }, () => {
    const suite = new Suite(provider);
    before(() => suite.start());
    after(() => suite.stop());
    test("chat: text, usage, finish", suite.play([{ reply: { text: "Hello there!", usage: { input: 12, output: 3, cache_read: 4 }, id: "r1", model: "m1" } }], async (client) => {
        const response = await client.chat(REQUEST);
        assert.equal(text(response.message.parts), "Hello there!");
        assert.equal(response.finish_reason.kind, "stop");
        assert.equal(response.usage?.input_tokens, 12, "cache reads are inside canonical input_tokens");
        assert.equal(response.usage?.cache_read_input_tokens, 4);
        assert.equal(response.id, "r1");
      }));

    test("stream: events fold to the same response as chat", suite.play([{ reply: { text: "Streaming is fun.", usage: { input: 5, output: 4 } } }, { reply: { text: "Streaming is fun.", usage: { input: 5, output: 4 } } }], async (client) => {
        const stream = client.stream(REQUEST);
        const events = await collect(stream);
        assert.ok(events.filter((e) => e.type === "text_delta").length > 1, "several fragments");
        const folded = await stream.response();
        const whole = await client.chat(REQUEST);
        assert.deepEqual(folded.message, whole.message);
        assert.deepEqual(folded.usage, whole.usage);
      }));

    const reply = { tool_calls: [{ id: "c1", name: "get_weather", arguments: { city: "Paris" } }, { id: "c2", name: "get_time", arguments: { tz: "CET" } }], interleave: true, chunk_size: 3 };
    test("parallel tool calls, streamed and not, give the same calls", suite.play([{ reply }, { reply }], async (client) => {
        const streamed = await client.stream(REQUEST).response();
        const whole = await client.chat(REQUEST);
        const calls = (r: typeof whole) => r.message.parts.filter((p) => p.type === "tool_call").map((p) => (p as { tool_call: unknown }).tool_call);
        assert.deepEqual(calls(streamed), [{ id: "c1", name: "get_weather", arguments: '{"city":"Paris"}' }, { id: "c2", name: "get_time", arguments: '{"tz":"CET"}' }]);
        assert.deepEqual(calls(whole), calls(streamed));
        assert.equal(streamed.finish_reason.kind, "tool_calls");
      }));

    test("429 with retry-after-ms is retried, then succeeds", suite.play([{ fault: { type: "status", status: 429, retry_after_ms: 20, should_retry: true } }, { reply: { text: "ok" } }], async (client) => {
        const started = Date.now();
        const response = await client.chat(REQUEST);
        assert.equal(text(response.message.parts), "ok");
        assert.ok(Date.now() - started >= 20, "the server's wait was honoured");
      }));

    test("429 asking for a wait beyond the cap is raised at once with retryAfterMs", suite.play([{ fault: { type: "status", status: 429, retry_after: 3600 } }], async (client) => {
        const error = await rejectsWith(client.chat(REQUEST), RateLimitedError);
        assert.equal(error.status, 429);
        assert.equal(error.retryAfterMs, 3_600_000);
        assert.equal(error.attempts, 1);
      }));

    test("500 then 529 are retried; 529 three times exhausts the retries", suite.play([{ fault: { type: "status", status: 500 } }, { fault: { type: "status", status: 529 } }, { reply: { text: "third time" } }, { fault: { type: "status", status: 529 }, repeat: 3 }], async (client) => {
        assert.equal(text((await client.chat(REQUEST)).message.parts), "third time");
        // Anthropic's overloaded_error is overloaded; OpenAI's body says code server_error, which its table
        // (Python's too) reads as provider: the kind follows the body, the retries follow the status.
        const error = await rejectsWith(client.chat(REQUEST), provider === "anthropic" ? OverloadedError : ProviderError);
        assert.equal(error.attempts, 3);
        assert.equal(error.status, 529);
        assert.equal(error.retryable, true);
      }));

    test("x-should-retry: false stops the retries", suite.play([{ fault: { type: "status", status: 500, should_retry: false } }], async (client) => {
        const error = await rejectsWith(client.chat(REQUEST), ProviderError);
        assert.equal(error.attempts, 1);
        assert.equal(error.retryable, false);
      }));

    test("a drop mid-stream keeps the partial message", suite.play([{ reply: { text: "This answer is cut short somewhere.", chunk_size: 4 }, fault: { type: "drop", after: 5 } }], async (client) => {
        const stream = client.stream(REQUEST);
        const error = await rejectsWith(collect(stream), APIError);
        assert.ok(error instanceof StreamInterruptedError || error instanceof InvalidResponseError, `got ${error.name}`);
        assert.ok(error.partial !== undefined && text(error.partial.parts as never).length > 0, "partial text kept");
        await assert.rejects(stream.response(), (again: unknown) => again === error);
      }));

    test("an error event after a 200 raises its kind with the partial message", suite.play([{ reply: { text: "Some words before the failure.", chunk_size: 4 }, fault: { type: "error_event", after: 4, error_type: provider === "anthropic" ? "overloaded_error" : "server_error" } }], async (client) => {
        const error = await rejectsWith(collect(client.stream(REQUEST)), APIError);
        assert.equal(error.kind, provider === "anthropic" ? "overloaded" : "provider");
        assert.ok(error.partial !== undefined);
      }));

    test("malformed stream JSON is invalid_response", suite.play([{ reply: { text: "abc def ghi" }, fault: { type: "malformed", after: 2 } }], async (client) => {
        const error = await rejectsWith(collect(client.stream(REQUEST)), InvalidResponseError);
        assert.equal(error.kind, "invalid_response");
      }));

    test("a slow stream times out on silence", suite.play([{ reply: { text: "slow slow slow slow" }, delay_ms: 400 }], async (client) => {
        const started = Date.now();
        const error = await rejectsWith(collect(client.stream(REQUEST)), ApiTimeoutError);
        assert.equal(error.kind, "timeout");
        assert.ok(Date.now() - started < 2000);
      }, { timeoutMs: 150, retry: { maxRetries: 0 } }));

    test("an AbortSignal cancels a stream and closes the connection", suite.play([{ reply: { text: "one two three four five six seven eight", chunk_size: 3 }, delay_ms: 50 }], async (client) => {
        const controller = new AbortController();
        const stream = client.stream(REQUEST, { signal: controller.signal });
        const seen: StreamEvent[] = [];
        const error = await rejectsWith(
          (async () => {
            for await (const event of stream) {
              seen.push(event);
              if (event.type === "text_delta") controller.abort();
            }
          })(),
          CancelledError,
        );
        assert.equal(error.kind, "cancelled");
        assert.ok(seen.length >= 1);
      }));

  });

  describe(`${provider} against serve-fake --echo-key`, { skip }, () => {
    const careless = new Suite(provider, ["--echo-key"]);
    before(() => careless.start());
    after(() => careless.stop());
    test("a careless server echoing the key never gets it into errors or string forms", careless.play([{ fault: { type: "status", status: 400 } }], async (client) => {
        const error = await rejectsWith(client.chat(REQUEST), APIError);
        for (const shown of [String(client), JSON.stringify(client), inspect(client), inspect(error), JSON.stringify(error.error), String(error.stack)]) {
          assert.ok(!shown.includes(KEY), `key in ${shown}`);
        }
      }));
  });
}
