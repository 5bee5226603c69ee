/**
 * The replay rule of spec section 15 in each TypeScript adapter, per place (Python's
 * `tests/adapters/test_provider_run.py`): each foreign citation, provider-run part and provider tool is
 * dropped with its own warning at its own pointer (the shared vectors compare warning features as a list, so a
 * drop without a warning in one place could hide behind a warning in another), and what Anthropic issued goes
 * back to Anthropic byte for byte, after the function tools.
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import { anthropic, openaiChat } from "../src/adapters/index.js";
import { ConversionRefused, type ConversionWarning } from "../src/adapters/shared/contract.js";
import type { ChatRequest, ChatResponse, Part, TextPart } from "../src/generated/types.js";

const CITED = { kind: "url", url: "https://example.com/a", issuer: "elsewhere", block: { type: "x" } } as const;
const UNBLOCKED_OWN = { kind: "url", url: "https://example.com/b" } as const; // no issuer, no block: never replayable

const text = (value: string): TextPart => ({ type: "text", text: value, citations: [{ ...CITED }, { ...UNBLOCKED_OWN }] });

const CALL: Part = { type: "provider_tool_call", provider_tool_call: { id: "s1", name: "web_search", issuer: "elsewhere", block: { type: "server_tool_use" } } };
const RESULT: Part = { type: "provider_tool_result", provider_tool_result: { tool_call_id: "s1", issuer: "elsewhere" } };
const REQUEST: ChatRequest = {
  model: "m",
  messages: [
    { role: "system", parts: [text("be brief")] },
    { role: "user", parts: [text("weather?")] },
    { role: "assistant", parts: [CALL, RESULT, text("sunny")] },
    { role: "tool", parts: [{ type: "tool_result", tool_result: { tool_call_id: "c1", content: "", parts: [text("rich")] } }] },
    { role: "user", parts: [{ type: "text", text: "and tomorrow?" }] },
  ],
  provider_tools: [{ issuer: "elsewhere", type: "web_search", definition: { type: "web_search" } }],
};

const at = (warnings: ConversionWarning[], feature: string): string[] => warnings.filter((w) => w.feature === feature).map((w) => w.where).sort();

for (const adapter of [anthropic, openaiChat]) {
  test(`${adapter.name}: every foreign item of a request is dropped with a warning at its pointer`, () => {
    const { body, warnings } = adapter.encodeRequest(REQUEST);
    const cited = ["/messages/0/parts/0", "/messages/1/parts/0", "/messages/2/parts/2"].flatMap((where) => [0, 1].map((k) => `${where}/citations/${k}`));
    // Chat Completions sends a tool result's parts nowhere (tool_result.parts), so only Anthropic reads its texts' citations.
    if (adapter === anthropic) cited.push("/messages/3/parts/0/tool_result/parts/0/citations/0", "/messages/3/parts/0/tool_result/parts/0/citations/1");
    assert.deepEqual(at(warnings, "citations.foreign"), cited.sort());
    assert.deepEqual(at(warnings, "provider_tool.foreign"), ["/messages/2/parts/0/provider_tool_call", "/messages/2/parts/1/provider_tool_result"]);
    assert.deepEqual(at(warnings, "provider_tools.foreign"), ["/provider_tools/0"]);
    const sent = JSON.stringify(body);
    assert.ok(!sent.includes("server_tool_use") && !sent.includes("example.com") && !sent.includes("web_search"), sent);
  });

  test(`${adapter.name}: every foreign item of a response is dropped with a warning at its pointer`, () => {
    const response: ChatResponse = { message: { role: "assistant", parts: [CALL, RESULT, text("sunny")] }, finish_reason: { kind: "stop" } };
    const warnings: ConversionWarning[] = [];
    const body = adapter.encodeResponse(response, warnings);
    assert.deepEqual(at(warnings, "citations.foreign"), ["/message/parts/2/citations/0", "/message/parts/2/citations/1"]);
    assert.deepEqual(at(warnings, "provider_tool.foreign"), ["/message/parts/0/provider_tool_call", "/message/parts/1/provider_tool_result"]);
    assert.ok(!JSON.stringify(body).includes("server_tool_use") && !JSON.stringify(body).includes("example.com"));
  });

  test(`${adapter.name}: a provider-run part in a user message is refused as misplaced`, () => {
    const request: ChatRequest = { model: "m", messages: [{ role: "user", parts: [CALL] }] };
    assert.throws(() => adapter.encodeRequest(request), (e: unknown) => e instanceof ConversionRefused && e.feature === "part.misplaced" && e.where === "/messages/0/parts/0");
  });
}

const OWN_CITATION = { type: "web_search_result_location", url: "https://example.com/own", title: "t", encrypted_index: "Eo8B", cited_text: "c" };
const OWN_CALL = { type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: { query: "q" } };
const OWN_RESULT = { type: "web_search_tool_result", tool_use_id: "srvtoolu_1", content: [{ type: "web_search_result", url: "https://example.com/own", title: "t", encrypted_content: "EqgfC" }] };
const OWN_TOOL = { type: "web_search_20250305", name: "web_search", max_uses: 3 };
const OWN_PARTS: Part[] = [
  { type: "provider_tool_call", provider_tool_call: { id: "srvtoolu_1", name: "web_search", issuer: "anthropic", input: { query: "q" }, block: OWN_CALL } },
  { type: "provider_tool_result", provider_tool_result: { tool_call_id: "srvtoolu_1", issuer: "anthropic", block: OWN_RESULT } },
  { type: "text", text: "sunny", citations: [{ kind: "url", url: "https://example.com/own", issuer: "anthropic", block: OWN_CITATION }] },
];

test("anthropic: its own calls, results, citations and tools go back byte for byte, tools after the function tools", () => {
  const request: ChatRequest = {
    model: "m",
    messages: [{ role: "user", parts: [{ type: "text", text: "weather?" }] }, { role: "assistant", parts: OWN_PARTS }],
    tools: [{ name: "f", input_schema: { type: "object" } }],
    provider_tools: [{ issuer: "anthropic", type: "web_search_20250305", name: "web_search", definition: OWN_TOOL }],
  };
  const { body, warnings } = anthropic.encodeRequest(request);
  assert.deepEqual(warnings.map((w) => w.feature), ["options.max_tokens.absent"]);
  assert.deepEqual((body["messages"] as Record<string, unknown>[])[1], {
    role: "assistant",
    content: [OWN_CALL, OWN_RESULT, { type: "text", text: "sunny", citations: [OWN_CITATION] }],
  });
  assert.deepEqual(body["tools"], [{ name: "f", input_schema: { type: "object" } }, OWN_TOOL]);
  const reply = anthropic.encodeResponse({ message: { role: "assistant", parts: OWN_PARTS }, finish_reason: { kind: "stop" }, usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } });
  assert.deepEqual(reply["content"], [OWN_CALL, OWN_RESULT, { type: "text", text: "sunny", citations: [OWN_CITATION] }]);
});

test("anthropic: provider tools alone make a tools list; its own call without a block is refused, a result without one is written by its call", () => {
  const tools = anthropic.encodeRequest({ model: "m", messages: [{ role: "user", parts: [{ type: "text", text: "q" }] }], provider_tools: [{ issuer: "anthropic", type: "web_search_20250305", definition: OWN_TOOL }] });
  assert.deepEqual(tools.body["tools"], [OWN_TOOL]);
  const unblockedCall: Part = { type: "provider_tool_call", provider_tool_call: { id: "s", name: "web_search", issuer: "anthropic" } };
  assert.throws(
    () => anthropic.encodeRequest({ model: "m", messages: [{ role: "assistant", parts: [unblockedCall] }] }),
    (e: unknown) => e instanceof ConversionRefused && e.feature === "provider_tool.unblocked" && e.where === "/messages/0/parts/0/provider_tool_call",
  );
  const unblockedResult: Part = { type: "provider_tool_result", provider_tool_result: { tool_call_id: "s", issuer: "anthropic" } };
  const { body, warnings } = anthropic.encodeRequest({ model: "m", messages: [{ role: "assistant", parts: [OWN_PARTS[0]!, unblockedResult] }] });
  assert.deepEqual((body["messages"] as Record<string, unknown>[])[0], { role: "assistant", content: [OWN_CALL] });
  assert.deepEqual(warnings.map((w) => w.feature), ["options.max_tokens.absent"]);
});

test("openai-chat: even calls, citations and tools another adapter calls openai's are dropped with a warning (Chat Completions has no place for them)", () => {
  const own = (issuer: string): ChatRequest => ({
    model: "m",
    messages: [{ role: "assistant", parts: [{ type: "provider_tool_call", provider_tool_call: { id: "ws_1", name: "web_search", issuer, block: { type: "web_search_call" } } }, { type: "text", text: "t", citations: [{ kind: "url", url: "https://example.com/c", issuer, block: { type: "url_citation" } }] }] }],
    provider_tools: [{ issuer, type: "web_search", definition: { type: "web_search" } }],
  });
  const { body, warnings } = openaiChat.encodeRequest(own("openai"));
  assert.deepEqual(warnings.map((w) => [w.feature, w.where]), [
    ["provider_tool.own", "/messages/0/parts/0/provider_tool_call"],
    ["citations.own", "/messages/0/parts/1/citations/0"],
    ["provider_tools.own", "/provider_tools/0"],
  ]);
  assert.deepEqual(body["messages"], [{ role: "assistant", content: "t" }]);
  assert.equal(body["tools"], undefined);
});

test("openai-chat: citations on a refusal are warned about (a refusal has no annotations), in requests and replies", () => {
  const refusal: Part = { type: "text", text: "I can't.", citations: [{ ...CITED }], provider_metadata: { openai: { refusal: true } } };
  const warnings: ConversionWarning[] = [];
  openaiChat.encodeResponse({ message: { role: "assistant", parts: [refusal] }, finish_reason: { kind: "refusal" } }, warnings);
  assert.deepEqual(at(warnings, "citations.foreign"), ["/message/parts/0/citations/0"]);
  const request: ChatRequest = { model: "m", messages: [{ role: "user", parts: [{ type: "text", text: "x" }] }, { role: "assistant", parts: [refusal] }] };
  assert.deepEqual(at(openaiChat.encodeRequest(request).warnings, "citations.foreign"), ["/messages/1/parts/0/citations/0"]);
});
