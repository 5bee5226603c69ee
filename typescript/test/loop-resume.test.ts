/**
 * Resume and the exactly-once rule (decision 033), with a scripted client: a loop stopped at every point
 * (each checkpoint, before and after it is written, and each model turn) and resumed from what was kept
 * runs no tool twice and loses no call; a saved state cannot approve its own calls (the policies are
 * re-applied); decisions that name no pending call; scheduled calls; a tool past its timeout.
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import type { Message, ToolLoopState, ToolResult } from "../src/generated/types.js";
import { toolCallMessage, toolCall, toolResults } from "../src/messages.js";
import { DecisionError, Execute, Reject, RequireApproval, Schedule, ToolLoopError, approve, defineTool, loadState, resume, run, saveState, type LoopOptions } from "../src/loop/index.js";
import { REQUEST, Runs, bookTool, scriptedClient, weatherTool } from "./loop-support.js";

const TURNS: Message[] = [
  toolCallMessage([toolCall("c1", "get_weather", { city: "Paris" }), toolCall("c2", "book_train", { time: "9:00" })]),
  toolCallMessage([toolCall("c3", "get_weather", { city: "Rome" })]),
  { role: "assistant", parts: [{ type: "text", text: "Done." }] },
];
const ALL_CALLS = ["c1", "c2", "c3"];

const resultsOf = (messages: readonly Message[]): ToolResult[] => messages.filter((m) => m.role === "tool").flatMap((m) => toolResults(m));

class Crash extends Error {}

/** One process: the loop with a checkpoint that dies at save `crashAt` (before or after writing) or at model turn `chatCrash`. */
async function firstProcess(runs: Runs, kept: { text?: string }, crashAt: number, written: boolean, chatCrash: number): Promise<unknown> {
  let saves = 0;
  const checkpoint = (state: ToolLoopState) => {
    saves += 1;
    if (saves === crashAt && !written) throw new Crash(`died before writing save ${saves}`);
    kept.text = saveState(state);
    if (saves === crashAt) throw new Crash(`died after writing save ${saves}`);
  };
  const base = scriptedClient(TURNS);
  let chats = 0;
  const client = {
    chat: (request: never) => {
      chats += 1;
      if (chats === chatCrash) throw new Crash(`died in model turn ${chats}`);
      return base.chat(request);
    },
  } as unknown as typeof base;
  return run(client, REQUEST, [weatherTool(runs), bookTool(runs)], { checkpoint }).then(
    () => "finished",
    (error: unknown) => error,
  );
}

function checkExactlyOnce(runs: Runs, messages: readonly Message[], where: string): void {
  for (const [id, count] of runs.byId) assert.ok(count <= 1, `${where}: ${id} ran ${count} times`);
  const results = resultsOf(messages);
  assert.deepEqual(results.map((r) => r.tool_call_id).sort(), ALL_CALLS, `${where}: each call has exactly one result`);
  for (const r of results) if (r.status === "completed") assert.equal(runs.byId.get(r.tool_call_id), 1, `${where}: ${r.tool_call_id} completed without running`);
  assert.equal(messages.at(-1)?.parts[0]?.type, "text", `${where}: the loop finished`);
}

test("exactly once: stopped at every checkpoint and model turn, resumed from what was kept, no tool runs twice and no call is lost", async () => {
  const points: [number, boolean, number][] = [];
  for (let save = 1; save <= 4; save++) for (const written of [false, true]) points.push([save, written, 0]);
  for (let chat = 1; chat <= 3; chat++) points.push([0, false, chat]);
  for (const [crashAt, written, chatCrash] of points) {
    const where = chatCrash ? `model turn ${chatCrash}` : `save ${crashAt} (${written ? "after" : "before"} writing)`;
    for (const from of ["checkpoint", "error.state"] as const) {
      const runs = new Runs();
      const kept: { text?: string } = {};
      const outcome = await firstProcess(runs, kept, crashAt, written, chatCrash);
      assert.ok(outcome instanceof ToolLoopError, `${where}: expected a ToolLoopError, got ${String(outcome)}`);
      assert.ok(outcome.cause instanceof Crash, `${where}: the cause is kept`);
      const tools = [weatherTool(runs), bookTool(runs)]; // the next process
      const text = from === "checkpoint" ? kept.text : saveState(outcome.state);
      const done = text === undefined ? await run(scriptedClient(TURNS), REQUEST, tools) : await resume(scriptedClient(TURNS), loadState(text), [], tools);
      checkExactlyOnce(runs, done.messages, `${where}, resumed from ${from}`);
    }
  }
});

test("every save in order: before a round (provisional results), after it (real ones), and the steps", async () => {
  const saved: ToolLoopState[] = [];
  await run(scriptedClient(TURNS), REQUEST, [weatherTool(new Runs()), bookTool(new Runs())], { checkpoint: (s) => void saved.push(s) });
  assert.deepEqual(saved.map((s) => [s.steps, resultsOf(s.request.messages).map((r) => r.status).join(",")]), [
    [1, "failed,failed"],
    [1, "completed,completed"],
    [2, "completed,completed,failed"],
    [2, "completed,completed,completed"],
  ]);
  assert.match(resultsOf(saved[0]!.request.messages)[0]!.content, /whether it did its work is not known, and the loop does not run it again/);
});

async function pausedOnBooking(): Promise<ToolLoopState> {
  const first = await run(scriptedClient(TURNS), REQUEST, [weatherTool(new Runs()), bookTool(new Runs())], { policies: { book_train: new RequireApproval() } });
  assert.equal(first.paused, true);
  return first.state!;
}

/** The saved JSON with call c2 marked approved by hand and the pause removed. */
function handApproved(state: ToolLoopState): ToolLoopState {
  const edited = JSON.parse(saveState(state)) as ToolLoopState;
  edited.pending[0]!.status = { type: "approved" };
  delete edited.pause;
  return loadState(JSON.stringify(edited));
}

test("a hand-edited approval never runs a tool: resume re-applies RequireApproval and pauses again", async () => {
  const runs = new Runs();
  const state = handApproved(await pausedOnBooking());
  const again = await resume(scriptedClient(TURNS), state, [], [weatherTool(runs), bookTool(runs)], { policies: { book_train: new RequireApproval() } });
  assert.equal(again.paused, true);
  assert.deepEqual(again.state?.pause, { type: "awaiting_approval", tool_call_ids: ["c2"] });
  assert.equal(runs.byId.size, 0);
});

test("the policies given to resume decide what a claimed approval is worth: Execute keeps it, Reject overrides it", async () => {
  const state = handApproved(await pausedOnBooking());
  const runs = new Runs();
  const kept = await resume(scriptedClient(TURNS), state, [], [weatherTool(runs), bookTool(runs)], { policies: { book_train: new Execute() } });
  assert.equal(runs.byId.get("c2"), 1);
  assert.equal(kept.paused, false);
  const refused = await resume(scriptedClient(TURNS), state, [], [weatherTool(runs), bookTool(runs)], { policies: { book_train: new Reject("no trains today") } });
  assert.equal(runs.byId.get("c2"), 1);
  assert.deepEqual(resultsOf(refused.messages).find((r) => r.tool_call_id === "c2")?.reason, "no trains today");
});

test("a decision naming no pending call is a DecisionError carrying the state unchanged", async () => {
  const state = await pausedOnBooking();
  const options: LoopOptions = { policies: { book_train: new RequireApproval() } };
  for (const decisions of [[approve("c9")], [approve("c2"), approve("c2")]]) {
    const error = await resume(scriptedClient(TURNS), state, decisions, [weatherTool(new Runs()), bookTool(new Runs())], options).catch((e: unknown) => e);
    assert.ok(error instanceof DecisionError, String(error));
    assert.deepEqual(error.state, state);
  }
});

test("Schedule: a call due later pauses the loop (scheduled, with its time); resuming before then pauses again", async () => {
  const at = new Date(Date.now() + 3_600_000);
  const options: LoopOptions = { policies: { book_train: new Schedule(at) } };
  const runs = new Runs();
  const first = await run(scriptedClient(TURNS), REQUEST, [weatherTool(runs), bookTool(runs)], options);
  assert.deepEqual(first.state?.pause, { type: "scheduled", tool_call_ids: ["c2"], at: at.toISOString().replace(".000Z", "Z") });
  const again = await resume(scriptedClient(TURNS), loadState(saveState(first.state!)), [], [weatherTool(runs), bookTool(runs)], options);
  assert.equal(again.paused, true);
  assert.equal(runs.byId.has("c2"), false);
});

test("a tool past its timeout has its signal aborted; one that gives up is a failed result", async () => {
  const slow = defineTool({
    name: "get_weather",
    inputSchema: { type: "object" },
    validate: (args) => args,
    execute: (_args, context) =>
      new Promise((_resolve, reject) => context.signal.addEventListener("abort", () => reject(new Error("stopped")), { once: true })),
  });
  const turns: Message[] = [toolCallMessage([toolCall("c1", "get_weather", {})]), { role: "assistant", parts: [{ type: "text", text: "ok" }] }];
  const done = await run(scriptedClient(turns), REQUEST, [slow], { toolTimeoutMs: 20 });
  assert.deepEqual(resultsOf(done.messages), [{ tool_call_id: "c1", content: "tool get_weather did not finish within 0.02 s", is_error: true, status: "failed" }]);
});

test("the caller's signal stops the loop with a ToolLoopError whose state holds the round's results", async () => {
  const controller = new AbortController();
  const runs = new Runs();
  const base = scriptedClient(TURNS);
  const client = {
    chat: (request: never, options: { signal?: AbortSignal }) => {
      if (options.signal?.aborted) return Promise.reject(new Error("cancelled by the caller"));
      controller.abort(); // the person leaves during the first model turn; the answer still arrives
      return base.chat(request);
    },
  } as unknown as typeof base;
  const error = await run(client, REQUEST, [weatherTool(runs), bookTool(runs)], { signal: controller.signal }).catch((e: unknown) => e);
  assert.ok(error instanceof ToolLoopError, String(error));
  assert.equal(error.state.steps, 1);
  assert.deepEqual(resultsOf(error.state.request.messages).map((r) => r.tool_call_id), ["c1", "c2"]);
  const done = await resume(scriptedClient(TURNS), loadState(saveState(error.state)), [], [weatherTool(runs), bookTool(runs)]);
  checkExactlyOnce(runs, done.messages, "after the abort");
});

test("options a loop cannot run with are refused before any request: policies for unknown tools, maxSteps < 1, two tools with one name, a schema ajv cannot compile", async () => {
  const sent: unknown[] = [];
  const client = scriptedClient(TURNS, sent as never[]);
  const tools = [weatherTool(new Runs())];
  await assert.rejects(run(client, REQUEST, tools, { policies: { book_train: new RequireApproval() } }), /policies name tools that are not given: book_train/);
  await assert.rejects(run(client, REQUEST, tools, { maxSteps: 0 }), /maxSteps must be an integer of at least 1/);
  await assert.rejects(run(client, REQUEST, [...tools, weatherTool(new Runs())]), /two tools are named "get_weather"/);
  const bad = defineTool({ name: "bad", inputSchema: { type: "objekt" }, execute: () => "never" });
  await assert.rejects(run(client, REQUEST, [bad]), /tool bad: inputSchema is not a JSON Schema ajv can compile: .*type/);
  assert.equal(sent.length, 0);
});

test("a Standard Schema tool's issues are the failed result's text, with their paths", async () => {
  const turns: Message[] = [toolCallMessage([toolCall("c1", "book_train", { time: 9 })]), { role: "assistant", parts: [{ type: "text", text: "ok" }] }];
  const runs = new Runs();
  const done = await run(scriptedClient(turns), REQUEST, [bookTool(runs)]);
  assert.deepEqual(resultsOf(done.messages), [{ tool_call_id: "c1", content: "invalid arguments for book_train: /time: expected a string", is_error: true, status: "failed" }]);
  assert.equal(runs.byId.size, 0);
  assert.equal(done.messages.length, 4);
});
