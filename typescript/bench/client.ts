/**
 * Benchmark (not a test) of the client layer, in one process, ratios per round against a baseline run in
 * the same round, median over rounds:
 *
 * - stream: per streamed event, `Client.stream` (SSE framing, the adapter's decoder, the fold) against a
 *   bare `fetch` that reads the same bytes off the same loopback server and does nothing with them;
 *   also against a bare read that `JSON.parse`s each event's data (the least any client must do);
 * - encode: `adapter.encodeRequest` + `JSON.stringify` of the body, against `JSON.stringify` of the same
 *   body alone, on a deterministic corpus of ChatRequests (bench/corpus.ts);
 * - decode (Anthropic, Gemini): per event, an adapter's stream decoder fed the SSE events of a text stream (no network, no
 *   fold), against `JSON.parse` of the same events' data.
 * - decode (Chat Completions family): per event, the adapter's `streamDecoder().feed` against `JSON.parse` of
 *   the same event's data, on a chunk stream of reasoning then text deltas (no I/O).
 * - decode (go-model): per event, the same on a stream of content chunks; (querymt) per reply, a fresh decoder
 *   fed the one `response` event a plugin's whole reply is, against `JSON.parse` of it.
 *
 *   npm run bench:client                  # 20,000 events, 300 requests, 7 rounds
 *   npm run bench:client -- --quick       # 3,000 events, 60 requests, 3 rounds
 */

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { getAdapter } from "../src/adapters/index.js";
import { Client } from "../src/client/client.js";
import type { ChatRequest } from "../src/generated/types.js";
import { makeCorpus } from "./corpus.js";

const quick = process.argv.includes("--quick");
const EVENTS = quick ? 3000 : 20_000;
const REQUESTS = quick ? 60 : 300;
const ROUNDS = quick ? 3 : 7;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** An Anthropic event stream of `n` text deltas (plus its framing events), as the API sends it. */
function anthropicStream(n: number): string {
  const event = (type: string, body: Record<string, unknown>) => `event: ${type}\ndata: ${JSON.stringify({ type, ...body })}\n\n`;
  let out = event("message_start", { message: { id: "msg_1", type: "message", role: "assistant", model: "claude", content: [], usage: { input_tokens: 10, output_tokens: 1 } } });
  out += event("content_block_start", { index: 0, content_block: { type: "text", text: "" } });
  for (let i = 0; i < n; i++) out += event("content_block_delta", { index: 0, delta: { type: "text_delta", text: `word${i % 97} ` } });
  out += event("content_block_stop", { index: 0 });
  out += event("message_delta", { delta: { stop_reason: "end_turn" }, usage: { output_tokens: n } });
  return out + event("message_stop", {});
}

/** A Gemini stream of `n` text chunks and the last chunk (finish reason and usage), as the API sends it. */
function geminiEvents(n: number): { event: string | undefined; data: string }[] {
  const envelope = { modelVersion: "gemini-2.5-flash", responseId: "r1" };
  const events = Array.from({ length: n }, (_, i) => ({ event: undefined, data: JSON.stringify({ candidates: [{ content: { role: "model", parts: [{ text: `word${i % 97} ` }] }, index: 0 }], ...envelope }) }));
  events.push({ event: undefined, data: JSON.stringify({ candidates: [{ finishReason: "STOP", index: 0 }], usageMetadata: { promptTokenCount: 10, candidatesTokenCount: n, totalTokenCount: n + 10 }, ...envelope }) });
  return events;
}

/** The SSE events of an SSE text (blank-line separated `event:` / `data:` lines). */
function sseEvents(text: string): { event: string | undefined; data: string }[] {
  return text.split("\n\n").filter(Boolean).map((block) => {
    const lines = block.split("\n");
    const name = lines.find((line) => line.startsWith("event: "));
    return { event: name?.slice(7), data: lines.filter((line) => line.startsWith("data: ")).map((line) => line.slice(6)).join("\n") };
  });
}

/** Median over rounds of (decoder.feed per event) / (JSON.parse per event), on the same events. */
function decodeRatio(name: string, events: { event: string | undefined; data: string }[]): number {
  const adapter = getAdapter(name);
  const ratios: number[] = [];
  const time = (run: () => void) => { const t = process.hrtime.bigint(); run(); return Number(process.hrtime.bigint() - t); };
  for (let round = 0; round <= ROUNDS; round++) {
    const parsed = time(() => { for (const event of events) JSON.parse(event.data); });
    const decoded = time(() => { const decoder = adapter.streamDecoder(); for (const event of events) decoder.feed(event); decoder.close(); });
    if (round > 0) ratios.push(decoded / parsed); // round 0 warms up
  }
  return median(ratios);
}

/** The corpus as QueryMT can carry it: no system messages, options or tools, each user and assistant message one text. */
function querymtCorpus(corpus: ChatRequest[]): ChatRequest[] {
  const texts = (parts: readonly { type: string; text?: string }[]) => parts.map((part) => part.text ?? "").join("") || "...";
  return corpus
    .map((request) => ({
      model: request.model,
      messages: request.messages.filter((message) => message.role === "user" || message.role === "assistant").map((message) => ({ role: message.role, parts: [{ type: "text", text: texts(message.parts) }] })),
    }) as ChatRequest)
    .filter((request) => request.messages.length > 0);
}

/** A go-model stream of `n` content chunks, usage and the finish chunk (the convert command's records as SSE events). */
function goModelEvents(n: number): { event: string | undefined; data: string }[] {
  const events: { event: string | undefined; data: string }[] = Array.from({ length: n }, (_, i) => ({ event: undefined, data: JSON.stringify({ content: `word${i % 97} ` }) }));
  events.push({ event: "usage", data: JSON.stringify({ input_tokens: 10, output_tokens: n, total_tokens: n + 10 }) });
  events.push({ event: undefined, data: JSON.stringify({ finish_reason: "stop" }) });
  return events;
}

/** Median over rounds of (a fresh querymt decoder fed one whole reply) / (JSON.parse of it), over `n` replies of a few sentences with usage. */
function querymtRatio(n: number): number {
  const adapter = getAdapter("querymt");
  const replies = Array.from({ length: n }, (_, i) => ({ event: "response", data: JSON.stringify({ text: `reply ${i}: ${"word ".repeat(40)}`, tool_calls: null, thinking: i % 5 === 0 ? "thinking it over" : null, usage: { input_tokens: 10, output_tokens: 40, reasoning_tokens: 0, cache_read: 0, cache_write: 0 }, finish_reason: "Stop" }) }));
  const ratios: number[] = [];
  const time = (run: () => void) => { const t = process.hrtime.bigint(); run(); return Number(process.hrtime.bigint() - t); };
  for (let round = 0; round <= ROUNDS; round++) {
    const parsed = time(() => { for (const reply of replies) JSON.parse(reply.data); });
    const decoded = time(() => { for (const reply of replies) { const decoder = adapter.streamDecoder(); decoder.feed(reply); decoder.close(); } });
    if (round > 0) ratios.push(decoded / parsed); // round 0 warms up
  }
  return median(ratios);
}

/** Chat Completions chunks of `n` deltas: a fifth reasoning text (`reasoning_content`), the rest content. */
function chatChunks(n: number): string[] {
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => JSON.stringify({ id: "r1", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta, finish_reason: finish }] });
  const out = [chunk({ role: "assistant", content: "" })];
  for (let i = 0; i < n; i++) out.push(chunk(i < n / 5 ? { reasoning_content: `step${i % 97} ` } : { content: `word${i % 97} ` }));
  out.push(chunk({}, "stop"), JSON.stringify({ id: "r1", object: "chat.completion.chunk", created: 1, model: "m", choices: [], usage: { prompt_tokens: 5, completion_tokens: n, total_tokens: n + 5 } }), "[DONE]");
  return out;
}

async function serve(bytes: Buffer): Promise<[Server, string]> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    for (let at = 0; at < bytes.length; at += 16_384) res.write(bytes.subarray(at, at + 16_384));
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return [server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`];
}

async function bareRead(url: string, parse: boolean): Promise<number> {
  const response = await fetch(`${url}/v1/messages`, { method: "POST", body: "{}" });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let total = 0;
  let pending = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (parse) {
      const lines = (pending + decoder.decode(value, { stream: true })).split("\n");
      pending = lines.pop()!;
      for (const line of lines) if (line.startsWith("data: ")) JSON.parse(line.slice(6));
    }
  }
  return total;
}

async function clientRead(client: Client, request: ChatRequest): Promise<number> {
  const stream = client.stream(request);
  let count = 0;
  for await (const _ of stream) count++;
  await stream.response();
  return count;
}

async function timed(run: () => Promise<unknown> | unknown): Promise<number> {
  const started = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function main(): Promise<void> {
  const bytes = Buffer.from(anthropicStream(EVENTS));
  const [server, url] = await serve(bytes);
  const client = new Client("anthropic", { apiKey: "bench", baseUrl: url });
  const request: ChatRequest = { model: "m", messages: [{ role: "user", parts: [{ type: "text", text: "go" }] }], options: { max_tokens: 10 } };
  const streamRatios: number[] = [];
  const parseRatios: number[] = [];
  let clientSeconds = 0;
  await clientRead(client, request); // warm up
  await bareRead(url, true);
  for (let round = 0; round < ROUNDS; round++) {
    const bare = await timed(() => bareRead(url, false));
    const parsed = await timed(() => bareRead(url, true));
    clientSeconds = await timed(() => clientRead(client, request));
    streamRatios.push(clientSeconds / bare);
    parseRatios.push(clientSeconds / parsed);
  }
  server.close();

  const adapters = ["openai-chat", "anthropic", "gemini", "openai-responses", "openai-compatible", "openai-compatible:ollama", "openai-compatible:mistral", "querymt", "go-model"].map(getAdapter);
  const corpus = makeCorpus(REQUESTS, 16).map((doc) => ({ ...doc, model: doc.model ?? "m" }) as ChatRequest);
  const inputs = adapters.map((adapter) => (adapter.name === "querymt" ? querymtCorpus(corpus) : corpus));
  const usable = adapters.map((adapter, a) => inputs[a]!.filter((req) => { try { adapter.encodeRequest(req); return true; } catch { return false; } }));
  const encodeRatios: number[][] = adapters.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    adapters.forEach((adapter, a) => {
      const requests = usable[a]!;
      const bodies = requests.map((req) => adapter.encodeRequest(req).body);
      const plain = bodies.length === 0 ? 1 : 0;
      const baseline = Number((() => { const t = process.hrtime.bigint(); for (let k = 0; k < 5; k++) for (const body of bodies) JSON.stringify(body); return process.hrtime.bigint() - t; })());
      const encoded = Number((() => { const t = process.hrtime.bigint(); for (let k = 0; k < 5; k++) for (const req of requests) JSON.stringify(adapter.encodeRequest(req).body); return process.hrtime.bigint() - t; })());
      encodeRatios[a]!.push(encoded / (baseline + plain));
    });
  }
  const chunks = chatChunks(EVENTS);
  const decoders = ["openai-chat", "openai-compatible", "openai-compatible:deepseek", "openai-compatible:openrouter"].map(getAdapter);
  const decodeRatios: number[][] = decoders.map(() => []);
  for (const adapter of decoders) for (const data of chunks) adapter.streamDecoder().feed({ data } as never); // warm up
  for (let round = 0; round < ROUNDS; round++) {
    decoders.forEach((adapter, a) => {
      const baseline = Number((() => { const t = process.hrtime.bigint(); for (const data of chunks) if (data !== "[DONE]") JSON.parse(data); return process.hrtime.bigint() - t; })());
      const decoded = Number((() => { const t = process.hrtime.bigint(); const decoder = adapter.streamDecoder(); for (const data of chunks) decoder.feed({ data } as never); decoder.close(); return process.hrtime.bigint() - t; })());
      decodeRatios[a]!.push(decoded / baseline);
    });
  }
  const mb = (bytes.length / 1e6).toFixed(1);
  console.log(`stream: ${EVENTS} events (${mb} MB) over loopback, ${ROUNDS} rounds; client ${(clientSeconds * 1e6 / EVENTS).toFixed(2)} us/event (last round)`);
  console.log(`  client / bare fetch read            ${median(streamRatios).toFixed(2)}x  (target 1.5x)`);
  console.log(`  client / bare read + JSON.parse     ${median(parseRatios).toFixed(2)}x`);
  adapters.forEach((adapter, a) => {
    console.log(`encode ${adapter.name}: ${usable[a]!.length} of ${corpus.length} corpus requests encodable${adapter.name === "querymt" ? " (reduced to what QueryMT carries)" : ""}; encodeRequest+stringify / stringify ${median(encodeRatios[a]!).toFixed(2)}x  (target 3x)`);
  });
  for (const [name, events] of [["anthropic", sseEvents(anthropicStream(EVENTS))], ["gemini", geminiEvents(EVENTS)], ["go-model", goModelEvents(EVENTS)]] as const) {
    console.log(`decode ${name}: ${events.length} events; decoder.feed / JSON.parse per event ${decodeRatio(name, [...events]).toFixed(2)}x`);
  }
  const replies = Math.max(1, Math.floor(EVENTS / 10));
  console.log(`decode querymt: ${replies} whole replies, one event each; a fresh decoder's feed / JSON.parse per event ${querymtRatio(replies).toFixed(2)}x`);

  decoders.forEach((adapter, a) => {
    console.log(`decode ${adapter.name}: ${chunks.length} chunks (a fifth reasoning); streamDecoder().feed / JSON.parse per event ${median(decodeRatios[a]!).toFixed(2)}x`);
  });
}

await main();
