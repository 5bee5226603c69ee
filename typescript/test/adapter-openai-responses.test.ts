/**
 * The TypeScript `openai-responses` adapter's own duties, beside the shared vectors (which hold it to Python
 * line for line): encrypted reasoning replayed only to its issuer, parallel calls kept apart by
 * `output_index`, hosted-tool items as provider-run parts, incomplete reasons as finish reasons both ways,
 * bad streams ending as `invalid_response`, and a stream encoded then decoded folding to the same reply.
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import { getAdapter } from "../src/adapters/index.js";
import type { SseEvent } from "../src/exchange.js";
import type { ChatRequest, ChatResponse, StreamEvent } from "../src/generated/types.js";
import { fold } from "../src/stream.js";

const adapter = getAdapter("openai-responses");
const ev = (type: string, body: Record<string, unknown> = {}): SseEvent => ({ event: type, data: JSON.stringify({ type, ...body }) });
function run(events: SseEvent[]): StreamEvent[] {
  const decoder = adapter.streamDecoder();
  return [...events.flatMap((event) => decoder.feed(event)), ...decoder.close()];
}
const created = ev("response.created", { response: { id: "resp_1", model: "gpt-5", status: "in_progress" } });
const completed = (usage: Record<string, unknown> = { input_tokens: 5, output_tokens: 7 }) => ev("response.completed", { response: { id: "resp_1", status: "completed", usage } });

test("encrypted reasoning is replayed to OpenAI with its id, and to no other issuer's API", () => {
  const request = (issuer: string): ChatRequest => ({
    model: "gpt-5",
    messages: [
      { role: "user", parts: [{ type: "text", text: "hi" }] },
      { role: "assistant", parts: [{ type: "reasoning", reasoning: { issuer, signature: "rs_1", redacted_data: "ENC" } }, { type: "text", text: "hello" }] },
    ],
  });
  const own = adapter.encodeRequest(request("openai"));
  assert.deepEqual((own.body["input"] as unknown[])[1], { type: "reasoning", id: "rs_1", summary: [], encrypted_content: "ENC" });
  const foreign = adapter.encodeRequest(request("anthropic"));
  assert.equal((foreign.body["input"] as { type: string }[]).filter((item) => item.type === "reasoning").length, 0);
  assert.deepEqual(foreign.warnings.map((w) => [w.feature, w.where]), [["reasoning.foreign", "/messages/1/parts/0"]]);
});

test("a reasoning item streams whole from its done event: the final encrypted content, the summary, the id", () => {
  const item = { type: "reasoning", id: "rs_9", summary: [{ type: "summary_text", text: "a" }, { type: "summary_text", text: "b" }], encrypted_content: "FINAL" };
  const events = run([created, ev("response.output_item.added", { output_index: 0, item: { ...item, summary: [], encrypted_content: "EARLY" } }), ev("response.output_item.done", { output_index: 0, item }), completed()]);
  const part = fold(events).message.parts[0]!;
  assert.deepEqual(part, { type: "reasoning", reasoning: { issuer: "openai", redacted_data: "FINAL", text: "a\n\nb", signature: "rs_9" }, provider_metadata: { openai: { summary: ["a", "b"] } } });
});

test("parallel function calls stay apart, keyed by output_index, and finish as tool_calls", () => {
  const call = (i: number, id: string, name: string) => ev("response.output_item.added", { output_index: i, item: { type: "function_call", id: `fc_${i}`, call_id: id, name, arguments: "", status: "in_progress" } });
  const delta = (i: number, text: string) => ev("response.function_call_arguments.delta", { output_index: i, item_id: `fc_${i}`, delta: text });
  const done = (i: number, id: string, name: string, args: string) => ev("response.output_item.done", { output_index: i, item: { type: "function_call", id: `fc_${i}`, call_id: id, name, arguments: args, status: "completed" } });
  const reply = fold(run([created, call(0, "c1", "get_weather"), call(1, "c2", "get_time"), delta(0, '{"city":'), delta(1, '{"tz":"CET"}'), delta(0, '"Paris"}'), done(0, "c1", "get_weather", '{"city":"Paris"}'), done(1, "c2", "get_time", '{"tz":"CET"}'), completed()]));
  assert.deepEqual(reply.message.parts.map((p) => (p.type === "tool_call" ? p.tool_call : p)), [
    { id: "c1", name: "get_weather", arguments: '{"city":"Paris"}' },
    { id: "c2", name: "get_time", arguments: '{"tz":"CET"}' },
  ]);
  assert.deepEqual(reply.finish_reason, { kind: "tool_calls", raw: "completed" });
});

test("a web_search_call is a provider-run call, its sources the result; sources: null gives no result (was: a result with output null)", () => {
  const item = { type: "web_search_call", id: "ws_1", status: "completed", action: { type: "search", query: "q", sources: null } };
  const parts = adapter.decodeResponse({ id: "r", status: "completed", output: [item] }).message.parts;
  assert.deepEqual(parts, [{ type: "provider_tool_call", provider_tool_call: { id: "ws_1", name: "web_search", issuer: "openai", block: item, input: { type: "search", query: "q" } } }]);
  const sources = [{ type: "url", url: "https://example.com" }];
  const found = adapter.decodeResponse({ id: "r", status: "completed", output: [{ ...item, action: { ...item.action, sources } }] }).message.parts;
  assert.deepEqual(found[1], { type: "provider_tool_result", provider_tool_result: { tool_call_id: "ws_1", issuer: "openai", name: "web_search", output: sources } });
  const streamed = fold(run([created, ev("response.web_search_call.searching", { output_index: 0, item_id: "ws_1" }), ev("response.output_item.done", { output_index: 0, item }), completed()]));
  assert.deepEqual(streamed.message.parts, parts);
});

test("an incomplete reply's reason is its finish reason, written back as incomplete_details", () => {
  const reply = adapter.decodeResponse({ id: "r", status: "incomplete", incomplete_details: { reason: "max_output_tokens" }, output: [] });
  assert.deepEqual(reply.finish_reason, { kind: "length", raw: "max_output_tokens" });
  const body = adapter.encodeResponse(reply);
  assert.equal(body["status"], "incomplete");
  assert.deepEqual(body["incomplete_details"], { reason: "max_output_tokens" });
});

test("bad streams end as invalid_response: not JSON, no type, cut before the terminal event", () => {
  for (const [events, pattern] of [
    [[created, { event: undefined, data: '{"type": "response.output_text.delta", ' }], /not JSON/],
    [[created, { event: undefined, data: '{"delta": "x"}' }], /not a Responses event/],
    [[created, ev("response.output_item.added", { output_index: 0, item: { type: "message", role: "assistant", content: [] } }), ev("response.output_text.delta", { output_index: 0, content_index: 0, delta: "hi" })], /ended before response\.completed/],
    [[created, ev("response.output_item.added", { output_index: 0, item: { type: "function_call", name: "f", arguments: "" } })], /call_id/],
  ] as [SseEvent[], RegExp][]) {
    const end = run(events).at(-1)!;
    assert.ok(end.type === "error" && end.error.kind === "invalid_response", JSON.stringify(end));
    assert.match(end.error.message, pattern);
  }
});

test("a reply streamed by the encoder folds back to the same reply", () => {
  const reply: ChatResponse = {
    id: "resp_2",
    model: "gpt-5",
    message: { role: "assistant", parts: [{ type: "text", text: "Hello", provider_metadata: { openai: { item_id: "msg_1" } } }, { type: "tool_call", tool_call: { id: "c1", name: "f", arguments: '{"a":1}' }, provider_metadata: { openai: { item_id: "fc_1" } } }] },
    finish_reason: { kind: "tool_calls", raw: "completed" },
    usage: { input_tokens: 3, output_tokens: 4, total_tokens: 7 },
  };
  const events: StreamEvent[] = [
    { type: "start", id: "resp_2", model: "gpt-5" },
    { type: "text_start", index: 0 },
    { type: "text_delta", index: 0, text: "Hel" },
    { type: "text_delta", index: 0, text: "lo" },
    { type: "text_end", index: 0, provider_metadata: { openai: { item_id: "msg_1" } } },
    { type: "tool_call_start", index: 1, id: "c1", name: "f" },
    { type: "tool_call_delta", index: 1, arguments: '{"a":1}' },
    { type: "tool_call_end", index: 1, provider_metadata: { openai: { item_id: "fc_1" } } },
    { type: "usage", usage: reply.usage! },
    { type: "finish", finish_reason: reply.finish_reason },
  ];
  const encoder = adapter.streamEncoder();
  const sse = [...events.flatMap((event) => encoder.feed(event)), ...encoder.close()];
  assert.deepEqual(sse.map((e) => JSON.parse(e.data).sequence_number), sse.map((_, i) => i));
  assert.deepEqual(fold(run(sse)), reply);
});
