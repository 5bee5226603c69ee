/**
 * Bad provider input gives `invalid_response` (or a `ProviderShapeError` naming the member), never an
 * invented value: malformed JSON, a stream cut mid-event, unknown event types, a tool call without id or
 * name; and the stream decoders' other duties (parallel calls by index, thinking byte for byte, usage).
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import { anthropic, openaiChat } from "../src/adapters/index.js";
import { ProviderShapeError } from "../src/adapters/shared/contract.js";
import type { SseEvent } from "../src/exchange.js";
import type { StreamEvent } from "../src/generated/types.js";
import { fold } from "../src/stream.js";

function run(adapter: typeof anthropic, events: SseEvent[]): StreamEvent[] {
  const decoder = adapter.streamDecoder();
  const out = events.flatMap((event) => decoder.feed(event));
  return [...out, ...decoder.close()];
}
const oa = (chunk: unknown): SseEvent => ({ event: undefined, data: typeof chunk === "string" ? chunk : JSON.stringify(chunk) });
const an = (type: string, body: Record<string, unknown> = {}): SseEvent => ({ event: type, data: JSON.stringify({ type, ...body }) });
const last = (events: StreamEvent[]) => events[events.length - 1]!;

function assertInvalid(events: StreamEvent[], pattern: RegExp): void {
  const end = last(events);
  assert.equal(end.type, "error", JSON.stringify(events));
  if (end.type !== "error") return;
  assert.equal(end.error.kind, "invalid_response");
  assert.match(end.error.message, pattern);
}

test("openai-chat: malformed chunk JSON, a cut stream, a call without id or name", () => {
  assertInvalid(run(openaiChat, [oa({ id: "x", choices: [] }), oa('{"choices": [')]), /not JSON/);
  assertInvalid(run(openaiChat, [oa({ id: "x", choices: [{ index: 0, delta: { content: "hi" } }] })]), /without a finish reason/);
  const noId = oa({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { name: "f", arguments: "" } }] } }] });
  assertInvalid(run(openaiChat, [noId]), /no id/);
  const noName = oa({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: "c", function: { arguments: "{}" } }] } }] });
  assertInvalid(run(openaiChat, [noName]), /no function\.name/);
  assert.throws(() => openaiChat.decodeResponse({ choices: [{ message: { tool_calls: [{ type: "function", function: { name: "f", arguments: "{}" } }] } }] }), (e: unknown) => e instanceof ProviderShapeError && e.pointer === "/choices/0/message/tool_calls/0/id");
  assert.throws(() => openaiChat.decodeResponse({ choices: [{ message: { tool_calls: [{ id: "c", function: { arguments: "{}" } }] } }] }), (e: unknown) => e instanceof ProviderShapeError && e.pointer === "/choices/0/message/tool_calls/0/function/name");
  assert.throws(() => openaiChat.decodeResponse({ choices: "no" }), /\/choices: expected an array/);
});

test("openai-chat: parallel calls keyed by index, cut before [DONE] with a finish reason still finishes", () => {
  const events = run(openaiChat, [
    oa({ id: "r", choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: "a", function: { name: "f", arguments: '{"x"' } }] } }] }),
    oa({ choices: [{ index: 0, delta: { tool_calls: [{ index: 1, id: "b", function: { name: "g", arguments: '{"y"' } }] } }] }),
    oa({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: ":1}" } }, { index: 1, function: { arguments: ":2}" } }] } }] }),
    oa({ choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] }),
  ]);
  const response = fold(events);
  assert.deepEqual(response.message.parts.map((p) => (p.type === "tool_call" ? p.tool_call : null)), [
    { id: "a", name: "f", arguments: '{"x":1}' },
    { id: "b", name: "g", arguments: '{"y":2}' },
  ]);
  assert.equal(response.finish_reason.kind, "tool_calls");
  assert.deepEqual(fold(run(openaiChat, [oa({ choices: [{ index: 0, delta: { content: "x" }, finish_reason: "brand_new" }] }), oa("[DONE]")])).finish_reason, { kind: "other", raw: "brand_new" });
});

test("anthropic: malformed JSON, a cut stream, unknown events ignored, tool_use without id or name", () => {
  const start = an("message_start", { message: { id: "m", model: "c", usage: { input_tokens: 3, cache_read_input_tokens: 100, output_tokens: 1 } } });
  assertInvalid(run(anthropic, [start, { event: "content_block_delta", data: '{"type": "content_block_delta", "index": 0, "delta": {"type": "text_de' }]), /not JSON/);
  const cut = run(anthropic, [start, an("content_block_start", { index: 0, content_block: { type: "text", text: "" } }), an("content_block_delta", { index: 0, delta: { type: "text_delta", text: "half" } })]);
  assertInvalid(cut, /before message_stop/);
  const end = last(cut);
  assert.equal(end.type === "error" && end.error.usage?.input_tokens, 103, "the usage so far, cache reads added back");
  const ok = run(anthropic, [start, an("brand_new_event", { x: 1 }), an("ping"), an("content_block_start", { index: 0, content_block: { type: "text", text: "" } }), an("content_block_delta", { index: 0, delta: { type: "text_delta", text: "hi" } }), an("content_block_stop", { index: 0 }), an("message_delta", { delta: { stop_reason: "end_turn" }, usage: { output_tokens: 5 } }), an("message_stop")]);
  assert.equal(fold(ok).usage?.total_tokens, 108);
  assertInvalid(run(anthropic, [start, an("content_block_start", { index: 0, content_block: { type: "tool_use", name: "f", input: {} } })]), /no id/);
  assertInvalid(run(anthropic, [start, an("content_block_start", { index: 0, content_block: { type: "tool_use", id: "t", input: {} } })]), /no name/);
  assert.throws(() => anthropic.decodeResponse({ content: [{ type: "tool_use", name: "f", input: {} }] }), (e: unknown) => e instanceof ProviderShapeError && e.pointer === "/content/0/id");
});

test("anthropic: signed and redacted thinking pass byte for byte, tool input compacted", () => {
  const signature = "EqQBCkYIBxgCKkB/sig+/==\u00e9";
  const redacted = "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT==";
  const events = run(anthropic, [
    an("message_start", { message: { id: "m", usage: { input_tokens: 1, output_tokens: 0 } } }),
    an("content_block_start", { index: 0, content_block: { type: "thinking", thinking: "" } }),
    an("content_block_delta", { index: 0, delta: { type: "thinking_delta", thinking: "Let me think." } }),
    an("content_block_delta", { index: 0, delta: { type: "signature_delta", signature } }),
    an("content_block_stop", { index: 0 }),
    an("content_block_start", { index: 1, content_block: { type: "redacted_thinking", data: redacted } }),
    an("content_block_stop", { index: 1 }),
    an("content_block_start", { index: 2, content_block: { type: "tool_use", id: "t", name: "f", input: {} } }),
    an("content_block_delta", { index: 2, delta: { type: "input_json_delta", partial_json: '{ "a" :' } }),
    an("content_block_delta", { index: 2, delta: { type: "input_json_delta", partial_json: ' "b c" }' } }),
    an("content_block_stop", { index: 2 }),
    an("message_delta", { delta: { stop_reason: "tool_use" } }),
    an("message_stop"),
  ]);
  const parts = fold(events).message.parts;
  assert.deepEqual(parts[0], { type: "reasoning", reasoning: { text: "Let me think.", signature, issuer: "anthropic" } });
  assert.deepEqual(parts[1], { type: "reasoning", reasoning: { redacted_data: redacted, issuer: "anthropic" } });
  assert.deepEqual(parts[2], { type: "tool_call", tool_call: { id: "t", name: "f", arguments: '{"a":"b c"}' } });
});
