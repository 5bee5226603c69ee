/**
 * What the shared vectors do not reach in the TypeScript querymt adapter: serde's byte arrays both ways (strict
 * base64, as Python's `b64decode(validate=True)`), the image-type table derived from the generated media types,
 * `eventsFromResponse` (fragments by code point, folding back to the reply), and a plugin's rate-limit wait.
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import { querymt } from "../src/adapters/querymt/index.js";
import { base64Bytes, bytesBase64, IMAGE_MIME } from "../src/adapters/querymt/shapes.js";
import { ProviderShapeError } from "../src/adapters/shared/contract.js";
import type { ChatResponse } from "../src/generated/types.js";
import { fold } from "../src/stream.js";
import { eventsFromResponse } from "../src/stream-replay.js";

test("querymt: bytes round-trip through base64 at every padding", () => {
  for (let n = 0; n <= 7; n++) {
    const bytes = Array.from({ length: n }, (_, i) => (i * 97 + 200) % 256);
    const text = bytesBase64(bytes, "/x");
    assert.equal(text, Buffer.from(bytes).toString("base64"));
    assert.deepEqual(base64Bytes(text, "/x"), bytes);
  }
});

test("querymt: base64 that Python's strict decoder refuses is refused, naming the pointer", () => {
  for (const bad of ["AAA", "AA=A", "A===", "AAAA====", "AA AA", "AA-_", "=AAA"]) {
    assert.throws(() => base64Bytes(bad, "/messages/0/parts/0/image/base64"), (error) => error instanceof ProviderShapeError && error.pointer === "/messages/0/parts/0/image/base64", bad);
  }
});

test("querymt: a byte array holds integers from 0 to 255 only", () => {
  for (const bad of [[256], [-1], [1.5], [true], ["1"], "AAAA", null]) {
    assert.throws(() => bytesBase64(bad, "/m"), ProviderShapeError, JSON.stringify(bad));
  }
});

test("querymt: the image types are the manifest's, each QueryMT's ImageMime variant", () => {
  assert.deepEqual(IMAGE_MIME, { "image/jpeg": "JPEG", "image/png": "PNG", "image/gif": "GIF", "image/webp": "WEBP" });
});

test("eventsFromResponse: fragments are cut by code point and fold back to the reply", () => {
  const text = "😀".repeat(20) + "abc";
  const response: ChatResponse = {
    message: {
      role: "assistant",
      parts: [
        { type: "reasoning", reasoning: { text: "", signature: "s".repeat(40), issuer: "x" } },
        { type: "text", text },
        { type: "tool_call", tool_call: { id: "c1", name: "f", arguments: '{"a":1}' } },
      ],
    },
    finish_reason: { kind: "tool_calls", raw: "ToolCalls" },
    usage: { input_tokens: 1, output_tokens: 2, total_tokens: 3 },
    model: "m",
  };
  const events = eventsFromResponse(response);
  const deltas = events.filter((event) => event.type === "text_delta").map((event) => (event as { text: string }).text);
  assert.deepEqual(deltas.map((delta) => Array.from(delta).length), [16, 7]);
  assert.deepEqual(fold(events), response);
  assert.throws(() => eventsFromResponse({ ...response, message: { ...response.message, id: "m1" } }), TypeError);
});

test("querymt: a whole reply streamed folds to the reply decoded", () => {
  const body = { text: "Hi", tool_calls: [{ id: "c", type: "function", function: { name: "f", arguments: "{}" } }], thinking: "hmm", usage: { input_tokens: 3, output_tokens: 4 }, finish_reason: "ToolCalls" };
  const decoder = querymt.streamDecoder();
  const events = [...decoder.feed({ event: "response", data: JSON.stringify(body) }), ...decoder.close()];
  assert.deepEqual(fold(events), querymt.decodeResponse(body));
  assert.deepEqual(decoder.feed({ event: "response", data: "{}" }), [], "one reply per stream");
});

test("querymt: a RateLimited plugin error carries its wait, and is written back with it", () => {
  const error = querymt.decodeError(undefined, {}, JSON.stringify({ kind: "RateLimited", data: { message: "slow down", retry_after_secs: 7 } }));
  assert.deepEqual(error, { kind: "rate_limited", message: "slow down", retryable: true, provider_code: "RateLimited", retry_after_ms: 7000 });
  assert.deepEqual(querymt.encodeError({ ...error, retry_after_ms: 6500 }), [429, {}, { kind: "RateLimited", data: { message: "slow down", retry_after_secs: 7 } }]);
  assert.equal(querymt.decodeError(undefined, {}, "plain words").message, "plain words");
});
