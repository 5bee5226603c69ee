/**
 * The bounds of spec section 5.3 in the TypeScript client, each tested where it broke (issue 27): a short key
 * redacted inside words, fetch following a redirect with the key, an SSE line without end, an error body
 * made into the exception message whole.
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import { Client } from "../src/client/client.js";
import { ProviderError } from "../src/client/errors.js";
import type { FetchInit, FetchLike, FetchResponse } from "../src/client/fetch-types.js";
import { RedirectRefusedError } from "../src/client/limits.js";
import { Secret } from "../src/client/secret.js";
import { SseDecoder, SseTooLargeError } from "../src/client/sse.js";
import type { ChatRequest } from "../src/generated/types.js";

const REQUEST: ChatRequest = { model: "m", messages: [{ role: "user", parts: [{ type: "text", text: "hi" }] }] };

function answer(status: number, headers: Record<string, string>, chunks: Uint8Array[]): FetchResponse {
  let i = 0;
  return {
    status,
    headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
    body: { getReader: () => ({ read: async () => (i < chunks.length ? { done: false, value: chunks[i++]! } : { done: true }), cancel: async () => undefined }) },
    arrayBuffer: async () => {
      throw new Error("the body must be read in chunks, not whole");
    },
  };
}

test("a short key leaves words alone; a key is redacted as a whole token only", () => {
  assert.equal(new Secret("t").redact("Rate limit reached"), "Rate limit reached");
  const key = new Secret("abcdefgh12");
  assert.equal(key.redact("key=abcdefgh12. xabcdefgh12y"), "key=****. xabcdefgh12y");
});

test("a redirect is refused, never followed with the key", async () => {
  let sent: FetchInit | undefined;
  const fetch: FetchLike = async (_url, init) => {
    sent = init;
    return answer(307, { location: "http://elsewhere.example/v1/messages" }, []);
  };
  const client = new Client("anthropic", { apiKey: "sk-ant-0123456789", fetch });
  await assert.rejects(client.chat(REQUEST), (e: unknown) => e instanceof RedirectRefusedError && e.location === "http://elsewhere.example/v1/messages" && e.status === 307);
  assert.equal(sent!.redirect, "manual");
});

test("an error body over its cap is judged by its status, not read whole", async () => {
  const piece = new Uint8Array(64 * 1024).fill(97);
  const fetch: FetchLike = async () => answer(500, {}, Array.from({ length: 64 }, () => piece));
  const client = new Client("openai-chat", { apiKey: "sk-0123456789", fetch, retry: { maxRetries: 0 } });
  await assert.rejects(client.chat(REQUEST), (e: unknown) => e instanceof ProviderError && /larger than the 1048576-byte limit/.test(e.message) && e.message.length < 300);
});

test("an SSE line past the cap is refused, in small chunks or one large one", () => {
  const small = new SseDecoder(64 * 1024);
  small.feed(new TextEncoder().encode("data: "));
  assert.throws(() => {
    for (let i = 0; i < 100; i++) small.feed(new Uint8Array(1024).fill(97));
  }, SseTooLargeError);
  const large = new SseDecoder(64 * 1024);
  const line = new Uint8Array(200 * 1024).fill(97);
  line[line.length - 1] = 10;
  assert.throws(() => large.feed(line), SseTooLargeError);
  const events = new SseDecoder(64).feed(new TextEncoder().encode("data: one\n\ndata: two\ndata: three\n\n"));
  assert.deepEqual(events.map((e) => e.data), ["one", "two\nthree"]);
});
