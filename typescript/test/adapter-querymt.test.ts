/**
 * What the shared vectors do not reach in the TypeScript querymt adapter: serde's byte arrays both ways (strict
 * base64, as Python's `b64decode(validate=True)`), the image-type table derived from the generated media types,
 * `eventsFromResponse` (fragments by code point, folding back to the reply), and a plugin's rate-limit wait;
 * and `thinking` kept both ways (decision 044) as Python's tests state it, through the `Adapter` binding.
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import { querymt } from "../src/adapters/querymt/index.js";
import { base64Bytes, bytesBase64, IMAGE_MIME } from "../src/adapters/querymt/shapes.js";
import { ProviderShapeError } from "../src/adapters/shared/contract.js";
import type { ChatRequest, ChatResponse, Message } from "../src/generated/types.js";
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

const QUESTION: Message = { role: "user", parts: [{ type: "text", text: "Weather?" }] };
const chat = (...messages: Message[]): ChatRequest => ({ model: "m", messages });
const where = (warnings: readonly { feature: string; where: string }[]) => warnings.map((w) => [w.feature, w.where]);

test("querymt: thinking is kept both ways as QueryMT keeps it", () => {
  // The codec wrote `thinking: null` and dropped reasoning (reasoning.text degraded); QueryMT keeps it both ways.
  const assistant: Message = { role: "assistant", parts: [{ type: "reasoning", reasoning: { text: "need weather" } }, { type: "text", text: "checking" }] };
  const { body, warnings } = querymt.encodeRequest(chat(QUESTION, assistant));
  assert.deepEqual((body["messages"] as unknown[])[1], { role: "Assistant", message_type: "Text", content: "checking", thinking: "need weather" });
  assert.deepEqual(warnings, []);
  assert.deepEqual(querymt.decodeRequest(body).request.messages[1], assistant);
  const reply: ChatResponse = { message: assistant, finish_reason: { kind: "stop", raw: "Stop" } };
  const replyWarnings: { feature: string; message: string; where: string }[] = [];
  const encoded = querymt.encodeResponse(reply, replyWarnings);
  assert.equal(encoded["thinking"], "need weather");
  assert.deepEqual(replyWarnings, []);
  assert.deepEqual(querymt.decodeResponse(encoded), reply);
  const streamed = querymt.streamEncoder();
  const sent = [...eventsFromResponse(reply).flatMap((event) => streamed.feed(event)), ...streamed.close()];
  assert.equal(JSON.parse(sent[0]!.data)["thinking"], "need weather");
});

test("querymt: several reasoning texts are one thinking with a warning", () => {
  const late: Message = { role: "assistant", parts: [{ type: "text", text: "a" }, ...["b", "c"].map((text) => ({ type: "reasoning" as const, reasoning: { text } }))] };
  const { body, warnings } = querymt.encodeRequest(chat(QUESTION, late));
  assert.equal(((body["messages"] as Record<string, unknown>[])[1]!)["thinking"], "bc");
  assert.deepEqual(where(warnings), [["reasoning.text_merged", "/messages/1/parts/1"]]);
});

test("querymt: empty or issued thinking warns text_merged, signed reasoning follows the replay rule", () => {
  const cases: [Message["parts"], string | undefined, [string, string][]][] = [
    [[{ type: "reasoning", reasoning: { text: "" } }, { type: "text", text: "t" }], undefined, [["reasoning.text_merged", "/messages/1/parts/0"]]],
    [[{ type: "reasoning", reasoning: { text: "x", issuer: "elsewhere" } }, { type: "text", text: "t" }], "x", [["reasoning.text_merged", "/messages/1/parts/0"]]],
    [[{ type: "reasoning", reasoning: { text: "hidden", signature: "c2ln", issuer: "anthropic" } }, { type: "reasoning", reasoning: { text: "Plain." } }, { type: "text", text: "t" }], "Plain.", [["reasoning.foreign", "/messages/1/parts/0"]]],
  ];
  for (const [parts, thinking, expected] of cases) {
    const { body, warnings } = querymt.encodeRequest(chat(QUESTION, { role: "assistant", parts }));
    assert.equal(((body["messages"] as Record<string, unknown>[])[1]!)["thinking"], thinking, JSON.stringify(parts));
    assert.deepEqual(where(warnings), expected, JSON.stringify(parts));
  }
});
