/**
 * The TypeScript adapters on bodies real provider APIs sent (`conformance/recorded/`, the corpus of issue 23),
 * one test per failure class the issue lists, each named after it: what broke before, and holds now. The
 * shared vectors (`recorded-<adapter>.ndjson`) hold every recorded body to Python's canonical reading; these
 * tests hold what the vectors do not say: the decode warnings and their pointers, and the replay of a
 * provider's own blocks.
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { anthropic, openaiChat } from "../src/adapters/index.js";
import type { Adapter, ConversionWarning } from "../src/adapters/shared/contract.js";
import { canonical } from "../src/canonical.js";
import { SseDecoder } from "../src/client/sse.js";
import type { SseEvent } from "../src/exchange.js";
import type { ChatResponse, Part, StreamEvent } from "../src/generated/types.js";
import { fold } from "../src/stream.js";
import { repoRoot } from "./support.js";

declare const TextEncoder: new () => { encode(text: string): Uint8Array };

const recorded = (file: string): string => readFileSync(join(repoRoot(), "conformance", "recorded", file), "utf8");
const body = (file: string): Record<string, unknown> => JSON.parse(recorded(file)) as Record<string, unknown>;

function events(file: string): SseEvent[] {
  const framer = new SseDecoder();
  return [...framer.feed(new TextEncoder().encode(recorded(file))), ...framer.flush()];
}

function stream(adapter: Adapter, file: string): { response: ChatResponse; warnings: ConversionWarning[] } {
  const decoder = adapter.streamDecoder();
  const out: StreamEvent[] = [];
  for (const event of events(file)) out.push(...decoder.feed(event));
  out.push(...decoder.close());
  return { response: fold(out), warnings: decoder.warnings };
}

const at = (warnings: ConversionWarning[]): string[][] => warnings.map((warning) => [warning.feature, warning.where]);
const ofType = <T extends Part["type"]>(parts: Part[], type: T): Extract<Part, { type: T }>[] => parts.filter((part): part is Extract<Part, { type: T }> => part.type === type);

test("anthropic: a stream using a server tool folds to its provider-run call and result (issue 23: server-tool streams broke on input_json_delta)", () => {
  const { response, warnings } = stream(anthropic, "anthropic/vercel-anthropic-code-execution-20250825-1.stream.sse");
  assert.deepEqual(warnings, []);
  const [call] = ofType(response.message.parts, "provider_tool_call");
  assert.ok(call !== undefined, "a provider_tool_call part");
  const value = call.provider_tool_call;
  assert.equal(value.issuer, "anthropic");
  assert.deepEqual(value.input, (value.block as Record<string, unknown>)["input"]);
  assert.ok(typeof value.input === "object" && value.input !== null && Object.keys(value.input).length > 0, "the streamed input, collected and parsed");
  const [result] = ofType(response.message.parts, "provider_tool_result");
  assert.equal(result?.provider_tool_result.tool_call_id, value.id);
  assert.equal(result?.provider_tool_result.name, value.name);
  // the folded reply goes back to Anthropic and reads back the same
  assert.equal(canonical(anthropic.decodeResponse(anthropic.encodeResponse(response))), canonical(response));
});

test("anthropic: a provider-run call, its result and their citations go back to Anthropic byte for byte (issue 23: a provider-run call could not be sent back)", () => {
  const reply = body("anthropic/mirascope-web-search-tool-anthropic-performs-web-search-and-returns-results-2.response.json");
  const warnings: ConversionWarning[] = [];
  const response = anthropic.decodeResponse(reply, warnings);
  assert.deepEqual(warnings, []);
  assert.deepEqual(response.message.parts.slice(0, 2).map((part) => part.type), ["provider_tool_call", "provider_tool_result"]);
  const cited = ofType(response.message.parts, "text").filter((part) => part.citations !== undefined);
  assert.ok(cited.length > 0 && cited.every((part) => part.citations!.every((citation) => citation.kind === "url" && citation.url !== undefined)));
  const { body: sent } = anthropic.encodeRequest({ model: "m", messages: [{ role: "user", parts: [{ type: "text", text: "q" }] }, response.message] });
  const turn = (sent["messages"] as Record<string, unknown>[])[1]!;
  assert.equal(canonical(turn["content"]), canonical(reply["content"]));
});

test("anthropic: programmatic tool calling keeps its tool calls and their caller (issue 23: the tool call disappeared without an error)", () => {
  const reply = body("anthropic/vercel-anthropic-programmatic-tool-calling-1.response.json");
  const response = anthropic.decodeResponse(reply);
  const calls = ofType(response.message.parts, "tool_call");
  assert.equal(calls.length, 4);
  for (const call of calls) assert.equal((call.provider_metadata?.["anthropic"]?.["caller"] as Record<string, unknown>)["type"], "code_execution_20250825");
  const written = anthropic.encodeResponse(response)["content"] as Record<string, unknown>[];
  assert.equal(canonical(written), canonical(reply["content"]));
  // streamed: the turn arrives in message_start; the events after message_stop are reported, not dropped
  const { response: folded, warnings } = stream(anthropic, "anthropic/vercel-anthropic-programmatic-tool-calling-1.stream.sse");
  assert.ok(ofType(folded.message.parts, "tool_call").length > 0);
  assert.ok(warnings.length > 0 && warnings.every((warning) => warning.feature === "provider.unmapped" && /^\/\d+$/.test(warning.where)));
});

test("anthropic: provider-defined tools in a request read as provider tools and go back unchanged (issue 23: decode_request refused web_search tools)", () => {
  const request = body("anthropic/ruby-llm-chat-web-search-with-anthropic-claude-haiku-4-5-streams-search-turns-and-reconst-2.request.json");
  const { request: decoded, warnings } = anthropic.decodeRequest(request);
  assert.deepEqual(warnings, []);
  assert.ok((decoded.provider_tools ?? []).length > 0 && decoded.provider_tools!.every((tool) => tool.issuer === "anthropic" && tool.type.startsWith("web_search")));
  const { body: again } = anthropic.encodeRequest(decoded);
  assert.equal(canonical(again["tools"]), canonical(request["tools"]));
  // the assistant turn's server_tool_use and web_search_tool_result blocks go back as they came
  const turns = (messages: unknown) => (messages as Record<string, unknown>[]).filter((message) => message["role"] === "assistant");
  assert.equal(canonical(turns(again["messages"])), canonical(turns(request["messages"])));
});

test("anthropic: a member no decoder maps is reported with its pointer (issue 23: response data dropped without a word)", () => {
  const { warnings } = anthropic.decodeRequest(body("anthropic/dd-trace-py-anthropic-anthropic-completion-tools-server-tool-use.request.json"));
  assert.deepEqual(at(warnings), [["provider.unmapped", "/tools/1/defer_loading"]]);
});

test("anthropic: Claude on Amazon Bedrock's own error body keeps its message (issue 23: errors read as invalid_response)", () => {
  const error = anthropic.decodeError(403, {}, recorded("anthropic/langchaingo-bedrock-testbedrockanthropictoolcalling-1.error.json"));
  assert.equal(error.kind, "permission_denied");
  assert.equal(error.message, "You don't have access to the model with the specified model ID.");
});

test("openai-chat: url annotations read as citations of the text and go back as annotations (issue 23: annotations dropped without a word)", () => {
  const reply = body("openai-chat/ruby-llm-chat-citations-with-openai-gpt-4o-mini-search-preview-returns-url-citations-when.response.json");
  const warnings: ConversionWarning[] = [];
  const response = openaiChat.decodeResponse(reply, warnings);
  assert.deepEqual(warnings, []);
  const [text] = ofType(response.message.parts, "text");
  const citations = text?.citations ?? [];
  assert.ok(citations.length > 0);
  for (const citation of citations) {
    assert.equal(citation.kind, "url");
    assert.equal(citation.issuer, "openai");
    assert.ok(citation.start_index !== undefined && citation.end_index !== undefined && citation.start_index <= citation.end_index);
  }
  const message = ((reply["choices"] as Record<string, unknown>[])[0]!["message"] as Record<string, unknown>);
  const written = ((openaiChat.encodeResponse(response)["choices"] as Record<string, unknown>[])[0]!["message"] as Record<string, unknown>);
  assert.equal(canonical(written["annotations"]), canonical(message["annotations"]));
});

test("openai-chat: choices after the first are reported at their pointers, in replies and streams (issue 23: n > 1 choices dropped without a word)", () => {
  const warnings: ConversionWarning[] = [];
  openaiChat.decodeResponse(body("openai-chat/dd-trace-py-tests-llmobs-test-llmobs-ragas-evaluators-answer-relevancy-inference.response.json"), warnings);
  assert.deepEqual(at(warnings), [["provider.unmapped", "/choices/1"], ["provider.unmapped", "/choices/2"]]);
  const { warnings: streamed } = stream(openaiChat, "openai-chat/dd-trace-py-litellm-completion-stream-multiple-choices-with-tools.stream.sse");
  assert.deepEqual(at(streamed), [["provider.unmapped", "/2/choices/0"]]);
});

test("openai-chat: a server's own message and tool-call members are reported at their pointers (issue 23: unknown members dropped without a word)", () => {
  const warnings: ConversionWarning[] = [];
  openaiChat.decodeResponse(body("openai-chat/fantasy-azure-grok-3-mini-tool-1.response.json"), warnings);
  assert.deepEqual(at(warnings), [["provider.unmapped", "/choices/0/message/reasoning_content"], ["provider.unmapped", "/choices/0/message/tool_calls/0/function/call_id"]]);
});

// Hand-written (the corpus holds no Chat Completions reply with audio): the shape of gpt-4o-audio-preview's
// documented reply, a WAV header in its first bytes.
const AUDIO_REPLY = {
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 1,
  model: "gpt-4o-audio-preview",
  choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: null, refusal: null, audio: { id: "audio_1", data: "UklGRiQAAABXQVZFZm10IA==", expires_at: 1729018505, transcript: "Hi." } } }],
};

test("openai-chat: message.audio reads as an audio part and goes back by id (issue 23: OpenAI audio output dropped)", () => {
  const warnings: ConversionWarning[] = [];
  const response = openaiChat.decodeResponse(AUDIO_REPLY, warnings);
  assert.deepEqual(warnings, []);
  assert.deepEqual(response.message.parts, [
    { type: "audio", audio: { source: "base64", base64: "UklGRiQAAABXQVZFZm10IA==", media_type: "audio/wav" }, provider_metadata: { openai: { id: "audio_1", expires_at: 1729018505, transcript: "Hi." } } },
  ]);
  const written = (openaiChat.encodeResponse(response)["choices"] as Record<string, unknown>[])[0]!["message"] as Record<string, unknown>;
  assert.deepEqual(written["audio"], AUDIO_REPLY.choices[0]!.message.audio);
  const { body: sent, warnings: degraded } = openaiChat.encodeRequest({ model: "m", messages: [{ role: "user", parts: [{ type: "text", text: "hi" }] }, response.message] });
  assert.deepEqual((sent["messages"] as Record<string, unknown>[])[1], { role: "assistant", audio: { id: "audio_1" }, content: null });
  assert.deepEqual(at(degraded), [["audio.reply_by_id", "/messages/1/parts/0"]]);
});
