/**
 * The client over a scripted `fetch` (no server): leaving a stream early cancels the body (the connection
 * closes), `response()` after that says so, the request carries the adapter's auth headers and the stream
 * flags, a non-JSON body is `invalid_response`, a fetch that throws is a retried `network` error, and a
 * stream's `warnings` carry what the adapter set aside.
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import { Client } from "../src/client/client.js";
import { InvalidResponseError, NetworkError } from "../src/client/errors.js";
import type { FetchInit, FetchLike, FetchResponse } from "../src/client/fetch-types.js";
import type { ChatRequest } from "../src/generated/types.js";

const REQUEST: ChatRequest = { model: "m", messages: [{ role: "user", parts: [{ type: "text", text: "hi" }] }] };
const encoder = new TextEncoder();

function sseResponse(chunks: string[], state: { cancelled: boolean }): FetchResponse {
  let i = 0;
  return {
    status: 200,
    headers: { get: () => null },
    body: {
      getReader: () => ({
        read: async () => (i < chunks.length ? { done: false, value: encoder.encode(chunks[i++]!) } : { done: true }),
        cancel: async () => {
          state.cancelled = true;
        },
      }),
    },
    arrayBuffer: async () => encoder.encode(chunks.join("")).buffer as ArrayBuffer,
  };
}

const chunk = (n: number) => `data: ${JSON.stringify({ id: "r", choices: [{ index: 0, delta: { content: `w${n} ` } }] })}\n\n`;

test("leaving a stream early cancels the body; response() then refuses", async () => {
  const state = { cancelled: false };
  let sent: FetchInit | undefined;
  const fetch: FetchLike = async (_url, init) => {
    sent = init;
    return sseResponse([chunk(1), chunk(2), chunk(3)], state);
  };
  const client = new Client("openai-chat", { apiKey: "sk-x", baseUrl: "http://h", fetch });
  const stream = client.stream(REQUEST);
  for await (const event of stream) if (event.type === "text_delta") break;
  assert.equal(state.cancelled, true);
  await assert.rejects(stream.response(), /closed before its end/);
  assert.equal(sent!.headers["authorization"], "Bearer sk-x");
  const body = JSON.parse(sent!.body);
  assert.equal(body.stream, true);
  assert.deepEqual(body.stream_options, { include_usage: true });
});

test("a non-JSON body is invalid_response; a throwing fetch is a retried network error", async () => {
  const bad: FetchLike = async () => sseResponse(["<html>oops"], { cancelled: false });
  await assert.rejects(new Client("anthropic", { apiKey: "k", fetch: bad }).chat(REQUEST), (e: unknown) => e instanceof InvalidResponseError && /not JSON/.test(e.message));
  let calls = 0;
  const down: FetchLike = async () => {
    calls++;
    throw new TypeError("fetch failed", { cause: { code: "ECONNREFUSED" } });
  };
  const client = new Client("anthropic", { apiKey: "k", fetch: down, retry: { initialDelayMs: 1 } });
  await assert.rejects(client.chat(REQUEST), (e: unknown) => e instanceof NetworkError && e.attempts === 3 && /ECONNREFUSED/.test(e.message));
  assert.equal(calls, 3);
  assert.throws(() => new Client("nope", { apiKey: "k" }), /no adapter named "nope" \(known adapters: anthropic, gemini, .*openai-chat, openai-compatible, /);
  assert.throws(() => new Client("anthropic", { apiKey: "", fetch: down }), /no API key for anthropic: pass options.apiKey or set ANTHROPIC_API_KEY/);
});

test("a stream's warnings say what the adapter set aside, with pointers into the events", async () => {
  const chunks = [
    `data: ${JSON.stringify({ id: "r", choices: [{ index: 0, delta: { content: "hi", reasoning_content: "x" } }] })}\n\n`,
    `data: ${JSON.stringify({ id: "r", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\n`,
    "data: [DONE]\n\n",
  ];
  const fetch: FetchLike = async () => sseResponse(chunks, { cancelled: false });
  const stream = new Client("openai-chat", { apiKey: "k", fetch }).stream(REQUEST);
  await stream.response();
  assert.deepEqual(stream.warnings.map((w) => [w.feature, w.where]), [["provider.unmapped", "/0/choices/0/delta/reasoning_content"]]);
});

test("a plain body that is not UTF-8 is invalid_response, as in Python and Go", async () => {
  // issue 26 item 10: TextDecoder replaced the bad byte and the answer was accepted
  const json = JSON.stringify({
    id: "msg_1", type: "message", role: "assistant", model: "m", stop_reason: "end_turn",
    content: [{ type: "text", text: "BAD" }], usage: { input_tokens: 1, output_tokens: 1 },
  });
  const at = json.indexOf("BAD");
  const good = new TextEncoder().encode(json);
  const bytes = new Uint8Array([...good.slice(0, at), 0xff, ...good.slice(at + 3)]);
  const plain: FetchLike = async () => ({
    status: 200,
    headers: { get: () => null },
    body: {
      getReader: () => {
        let sent = false;
        return {
          read: async () => (sent ? { done: true } : ((sent = true), { done: false, value: bytes })),
          cancel: async () => {},
        };
      },
    },
    arrayBuffer: async () => bytes.buffer as ArrayBuffer,
  });
  await assert.rejects(new Client("anthropic", { apiKey: "k", fetch: plain }).chat(REQUEST), (e: unknown) => e instanceof InvalidResponseError && /not JSON/.test(e.message));
});
