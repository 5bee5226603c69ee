/**
 * The tool loop against the real fake provider (`wirechat serve-fake openai-chat`): a round of tools then
 * an answer (usage summed, the call id given to the tool), the stream form, a pause for approval saved as
 * JSON and resumed by a new loop, a rejection, a tool that throws and arguments the schema refuses (both
 * results the model reads), and max steps (the error carries the state, which resumes).
 */

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import { Client } from "../src/client/client.js";
import type { FetchLike } from "../src/client/fetch-types.js";
import { decode, encode } from "../src/codec.js";
import type { LoopEvent, TokenUsage, ToolResult } from "../src/generated/types.js";
import { toolResults } from "../src/messages.js";
import { MaxStepsExceeded, RequireApproval, approve, loadState, reject, resume, run, saveState, stream, streamResume } from "../src/loop/index.js";
import { fakeServerMissing, startFake, type FakeServer } from "./fake-server.js";
import { REQUEST, Runs, bookTool, call, callsTurn, textTurn, weatherTool } from "./loop-support.js";

const skip = fakeServerMissing();
const turns: unknown[] = [];
let server: FakeServer | undefined;

/** Register a test's turns at collection time: one server plays every test's turns in order. */
function play(...more: unknown[]): void {
  turns.push(...more);
}

/** A client on the fake server that records the request bodies it sends. */
function client(sent: unknown[] = []): Client {
  const recording: FetchLike = (url, init) => {
    sent.push(JSON.parse(init.body));
    return (globalThis as unknown as { fetch: FetchLike }).fetch(url, init);
  };
  return new Client("openai-chat", { apiKey: "sk-test", baseUrl: server!.url, retry: { maxRetries: 0 }, timeoutMs: 5000, fetch: recording });
}

const results = (messages: { role: string; parts: unknown[] }[]): ToolResult[] => messages.filter((m) => m.role === "tool").flatMap((m) => toolResults(m as never));
const counts = (u: TokenUsage | undefined) => u && { input_tokens: u.input_tokens, output_tokens: u.output_tokens, total_tokens: u.total_tokens };
const APPROVAL = { book_train: new RequireApproval() };

describe("the tool loop on serve-fake openai-chat", () => {
  before(async () => {
    if (!skip) server = await startFake("openai-chat", turns);
  });
  after(async () => {
    await server?.stop();
  });

  play(callsTurn(call("call_1", "get_weather", { city: "Paris" })), textTurn("18 C in Paris."));
  test("run: a round of tools, then the answer; usage summed, the call id is the tool's idempotency key", { skip }, async () => {
    const runs = new Runs();
    const sent: unknown[] = [];
    const result = await run(client(sent), REQUEST, [weatherTool(runs)]);
    assert.equal(result.paused, false);
    assert.equal(result.steps, 2);
    assert.deepEqual(counts(result.usage), { input_tokens: 30, output_tokens: 12, total_tokens: 42 });
    assert.equal(result.response?.message.parts[0]?.type, "text");
    assert.deepEqual(results(result.messages), [{ tool_call_id: "call_1", content: '{"city":"Paris","temperature":18,"unit":"C"}', status: "completed" }]);
    assert.deepEqual(runs.contexts.map((c) => c.callId), ["call_1"]);
    const second = sent[1] as { messages: { role: string; tool_call_id?: string }[]; tools: { function: { name: string } }[] };
    assert.equal(second.messages.at(-1)?.tool_call_id, "call_1");
    assert.equal(second.tools[0]?.function.name, "get_weather");
  });

  play(callsTurn(call("call_s", "get_weather", { city: "Oslo" })), textTurn("Cold."));
  test("stream: every turn's events, tool_results and step_finished after the round, loop_finished last", { skip }, async () => {
    const events: LoopEvent[] = [];
    const iterator = stream(client(), REQUEST, [weatherTool(new Runs())]);
    let next = await iterator.next();
    for (; !next.done; next = await iterator.next()) events.push(next.value);
    const types = events.map((e) => e.type);
    assert.ok(types.includes("tool_call_end") || types.includes("tool_call_start"), types.join(","));
    assert.equal(types.filter((t) => t === "tool_results").length, 1);
    assert.ok(types.indexOf("tool_results") < types.lastIndexOf("text_delta"));
    assert.deepEqual(types.filter((t) => t === "step_finished").length, 2);
    assert.deepEqual(types.slice(-2), ["step_finished", "loop_finished"]);
    const last = events.at(-1);
    assert.equal(last?.type === "loop_finished" && last.steps, 2);
    assert.equal(next.value.steps, 2); // the iterator's return value is the result
    for (const event of events) assert.deepEqual(decode(encode(event, "LoopEvent"), "LoopEvent"), event); // each a wire document
  });

  play(callsTurn(call("call_w", "get_weather", { city: "Paris" }), call("call_b", "book_train", { time: "9:00" })), textTurn("Booked."));
  test("approval: the loop pauses, the state is saved as JSON, a new loop resumes it and runs the call once", { skip }, async () => {
    const runs = new Runs();
    const first = await run(client(), REQUEST, [weatherTool(runs), bookTool(runs)], { policies: APPROVAL });
    assert.equal(first.paused, true);
    assert.deepEqual(first.state?.pause, { type: "awaiting_approval", tool_call_ids: ["call_b"] });
    assert.deepEqual([...runs.byId], [["call_w", 1]]);
    const text = saveState(first.state!);

    const again = new Runs(); // a new process: new tools, the state from its JSON
    const sent: unknown[] = [];
    const done = await resume(client(sent), loadState(text), [approve("call_b")], [weatherTool(again), bookTool(again)], { policies: APPROVAL });
    assert.equal(done.paused, false);
    assert.deepEqual([...again.byId], [["call_b", 1]]);
    assert.equal(done.steps, 2);
    assert.deepEqual(counts(done.usage), { input_tokens: 30, output_tokens: 12, total_tokens: 42 });
    assert.deepEqual(results(done.messages).map((r) => [r.tool_call_id, r.status, r.content]), [
      ["call_w", "completed", '{"city":"Paris","temperature":18,"unit":"C"}'],
      ["call_b", "completed", "booked the 9:00 train"],
    ]);
    assert.equal(sent.length, 1);
  });

  play(callsTurn(call("call_r", "book_train", { time: "6:00" })), textTurn("Not booked."));
  test("reject: the model reads a rejected result with the reason; the tool never runs", { skip }, async () => {
    const runs = new Runs();
    const first = await run(client(), REQUEST, [bookTool(runs)], { policies: APPROVAL });
    const done = await resume(client(), loadState(saveState(first.state!)), [reject("call_r", "too early")], [bookTool(runs)], { policies: APPROVAL });
    assert.equal(runs.byId.size, 0);
    assert.deepEqual(results(done.messages), [{ tool_call_id: "call_r", content: "rejected: too early", is_error: true, status: "rejected", reason: "too early" }]);
  });

  play(callsTurn(call("call_x", "get_weather", { city: "Atlantis" }), call("call_y", "get_weather", { town: "Paris" })), textTurn("Sorry."));
  test("a tool that throws and arguments the schema refuses are failed results the model reads", { skip }, async () => {
    const runs = new Runs();
    const done = await run(client(), REQUEST, [weatherTool(runs)]);
    const [thrown, invalid] = results(done.messages);
    assert.deepEqual(thrown, { tool_call_id: "call_x", content: "tool get_weather raised RangeError: no such city: Atlantis", is_error: true, status: "failed" });
    assert.equal(invalid?.status, "failed");
    assert.match(invalid!.content, /^invalid arguments for get_weather: /);
    assert.match(invalid!.content, /\/town: must NOT have additional properties/);
    assert.match(invalid!.content, /\/city: must have required property/);
    assert.deepEqual([...runs.byId], [["call_x", 1]]);
  });

  play(callsTurn(call("call_m1", "get_weather", { city: "Rome" })), callsTurn(call("call_m2", "get_weather", { city: "Nice" })), textTurn("Done."));
  test("max steps: MaxStepsExceeded carries the state and usage; resuming with more steps finishes", { skip }, async () => {
    const runs = new Runs();
    const tools = [weatherTool(runs)];
    const error = await run(client(), REQUEST, tools, { maxSteps: 1 }).then(
      () => assert.fail("expected MaxStepsExceeded"),
      (e: unknown) => e,
    );
    assert.ok(error instanceof MaxStepsExceeded, String(error));
    assert.equal(error.state.steps, 1);
    assert.deepEqual(counts(error.usage), { input_tokens: 10, output_tokens: 5, total_tokens: 15 });
    assert.equal(results(error.state.request.messages as never)[0]?.status, "completed");
    const done = await resume(client(), loadState(saveState(error.state)), [], tools, { maxSteps: 5 });
    assert.equal(done.steps, 3);
    assert.deepEqual([...runs.byId], [["call_m1", 1], ["call_m2", 1]]);
  });

  play(callsTurn(call("call_q", "book_train", { time: "7:00" })), textTurn("Booked at 7."));
  test("streamResume: the approved call's tool_results, the answer's events, finished", { skip }, async () => {
    const runs = new Runs();
    const first = await run(client(), REQUEST, [bookTool(runs)], { policies: APPROVAL });
    const events: LoopEvent[] = [];
    for await (const event of streamResume(client(), loadState(saveState(first.state!)), [approve("call_q")], [bookTool(runs)], { policies: APPROVAL })) events.push(event);
    const types = events.map((e) => e.type);
    assert.deepEqual(types.slice(0, 2), ["tool_results", "step_finished"]);
    assert.ok(types.includes("text_delta"));
    assert.deepEqual(types.slice(-2), ["step_finished", "loop_finished"]);
    assert.deepEqual([...runs.byId], [["call_q", 1]]);
  });
});
