/**
 * The tool loop as one generator (Python's `wirechat.tools._machine`), driven by `run`, `stream` and
 * `resume` alike. It yields what it needs, `{need: "chat", request}` (answer with the `ChatResponse`),
 * `{need: "execute", calls}` (answer with their `ToolResult`s, in order) or, when the caller keeps a
 * checkpoint, `{need: "save", state}` (answer once it is stored), and returns a `ToolLoopResult`. It also
 * yields `{need: "emit", event}` (answer nothing) with the loop's own wire `LoopEvent`s (spec section 14.4):
 * `tool_results` once a round's results are recorded (and saved), `step_finished` when every call of a
 * turn has its result, last `paused` or `loop_finished`; `stream` passes them on, `run` ignores them.
 *
 * **At most once, never lost** (decision 033). Before a round of calls runs, each gets a provisional
 * `failed` result saying its outcome is unknown, and that state is saved; the real results replace them
 * when the round ends, and that state is saved too. A driver that catches an exception throws it into the
 * machine, which throws `ToolLoopError` carrying the state at that moment: resuming it runs no tool twice.
 */

import { WirechatError } from "../errors.js";
import type { ChatRequest, ChatResponse, LoopEvent, Message, PendingToolCall, StepFinishedEvent, TokenUsage, ToolCall, ToolLoopPause, ToolLoopState, ToolResult } from "../generated/types.js";
import { toolCalls } from "../messages.js";
import { checkToolLoopState, instantKey } from "../tool-loop.js";
import { addUsage } from "../usage.js";
import { failed, rejected, unknownTool } from "./execute.js";
import { reapplyPolicies } from "./integrity.js";
import { actionFor, parseTimestamp, timestamp, type Decision, type Policy } from "./policy.js";
import type { AnyTool } from "./tool.js";

export type Need =
  | { need: "chat"; request: ChatRequest }
  | { need: "execute"; calls: ToolCall[] }
  | { need: "save"; state: ToolLoopState }
  | { need: "emit"; event: LoopEvent };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Machine = Generator<Need, ToolLoopResult, any>;

/** How a loop ended: `response` when the model answered, else `state` (a paused `ToolLoopState` to save and resume). */
export interface ToolLoopResult {
  messages: Message[];
  /** Model turns made. */
  steps: number;
  /** The sum of every model turn's usage; undefined when no turn reported any. */
  usage: TokenUsage | undefined;
  response?: ChatResponse;
  state?: ToolLoopState;
  readonly paused: boolean;
}

/**
 * The loop stopped on an exception (a model turn that failed, a checkpoint that could not be written, a
 * policy that threw; the exception is `cause`). `state` is the loop as it stood, with the result of every
 * call it started: `resume(client, error.state, [], tools)` goes on without running any tool twice.
 */
export class ToolLoopError extends WirechatError {
  constructor(message: string, readonly state: ToolLoopState, readonly usage: TokenUsage | undefined, options?: { cause: unknown }) {
    super(message);
    if (options !== undefined) (this as { cause?: unknown }).cause = options.cause;
  }
}

/** The loop made `maxSteps` model turns and the model still calls tools; `state` resumes with a larger `maxSteps`. */
export class MaxStepsExceeded extends ToolLoopError {
  constructor(maxSteps: number, state: ToolLoopState, usage: TokenUsage | undefined) {
    super(`the tool loop made ${maxSteps} model turns (maxSteps) and the model still calls tools`, state, usage);
  }
}

/** A decision names a call that is not pending (unknown id, or already decided); `state` is the state given to resume. */
export class DecisionError extends ToolLoopError {}

/** The provisional result of a call about to run. */
export function interrupted(call: ToolCall): ToolResult {
  return failed(
    call,
    `the tool loop stopped while tool ${call.name} was due to run or running (call id ${call.id}): whether it did its work is not known, and the loop does not run it again`,
  );
}

export interface Settings {
  tools: ReadonlyMap<string, AnyTool>;
  policies: ReadonlyMap<string, Policy>;
  fallback: Policy;
  maxSteps: number;
  saving: boolean;
}

function result(run: Run, response?: ChatResponse, state?: ToolLoopState): ToolLoopResult {
  const out: ToolLoopResult = { messages: run.messages, steps: run.steps, usage: run.usage, paused: state !== undefined };
  if (response !== undefined) out.response = response;
  if (state !== undefined) out.state = state;
  return out;
}

class Run {
  pending: PendingToolCall[] = [];
  constructor(readonly request: ChatRequest, readonly messages: Message[], public steps = 0, public usage: TokenUsage | undefined = undefined) {}

  nextRequest(): ChatRequest {
    return { ...this.request, messages: [...this.messages] };
  }

  snapshot(): ToolLoopState {
    const state: ToolLoopState = { request: this.nextRequest(), pending: [...this.pending], steps: this.steps };
    const pause = pauseOf(this.pending);
    if (pause !== undefined) state.pause = pause;
    if (this.usage !== undefined) state.usage = this.usage;
    return state;
  }

  usageFields(): { usage?: TokenUsage } {
    return this.usage === undefined ? {} : { usage: this.usage };
  }

  stepFinished(): { need: "emit"; event: StepFinishedEvent } {
    return { need: "emit", event: { type: "step_finished", step: this.steps, ...this.usageFields() } };
  }

  /** Append results to the turn's `tool` message (made when the turn has none yet). */
  addResults(results: readonly ToolResult[]): void {
    if (results.length === 0) return;
    const parts = results.map((tool_result) => ({ type: "tool_result" as const, tool_result }));
    const last = this.messages[this.messages.length - 1];
    if (last?.role === "tool") this.messages[this.messages.length - 1] = { ...last, parts: [...last.parts, ...parts] };
    else this.messages.push({ role: "tool", parts });
  }

  /** Put `results` in place of the trailing `tool` message's results with the same call ids. */
  replaceResults(results: readonly ToolResult[]): void {
    const byId = new Map(results.map((r) => [r.tool_call_id, r]));
    const i = this.messages.length - 1;
    const last = this.messages[i]!;
    const parts = last.parts.map((part) => {
      if (part.type !== "tool_result") return part;
      const replacement = byId.get(part.tool_result.tool_call_id);
      return replacement === undefined ? part : { type: "tool_result" as const, tool_result: replacement };
    });
    this.messages[i] = { ...last, parts };
  }
}

function pauseOf(pending: readonly PendingToolCall[]): ToolLoopPause | undefined {
  const waiting: string[] = [];
  const timed: [string, string][] = [];
  for (const p of pending) {
    if (p.status.type === "pending") waiting.push(p.tool_call.id);
    else if (p.status.type === "scheduled") timed.push([p.tool_call.id, p.status.at]);
  }
  if (waiting.length === 0 && timed.length === 0) return undefined;
  if (timed.length === 0) return { type: "awaiting_approval", tool_call_ids: waiting };
  const at = timed.map(([, at]) => at).reduce((a, b) => (instantKey(b) < instantKey(a) ? b : a));
  const ids = timed.map(([id]) => id);
  if (waiting.length === 0) return { type: "scheduled", tool_call_ids: ids, at };
  return { type: "mixed", awaiting_approval: waiting, scheduled: ids, at };
}

function* guarded(run: Run, body: Machine): Machine {
  try {
    return yield* body;
  } catch (error) {
    if (error instanceof ToolLoopError) throw error;
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new ToolLoopError(`the tool loop stopped after ${run.steps} model turns: ${text}`, run.snapshot(), run.usage, { cause: error });
  }
}

/** Record a round's results: known ones as they are, a provisional one for each call to run. True when the state now standing was saved. */
function* runRound(run: Run, ordered: readonly (ToolCall | ToolResult)[], saving: boolean): Generator<Need, boolean, ToolResult[]> {
  const toRun = ordered.filter((item): item is ToolCall => "name" in item);
  run.addResults(ordered.map((item) => ("name" in item ? interrupted(item) : item)));
  if (toRun.length === 0) {
    if (ordered.length > 0) yield { need: "emit", event: { type: "tool_results", step: run.steps, results: ordered as ToolResult[] } };
    return false;
  }
  if (saving) yield { need: "save", state: run.snapshot() };
  const results = yield { need: "execute", calls: toRun };
  run.replaceResults(results);
  if (saving) yield { need: "save", state: run.snapshot() };
  let next = 0;
  const inOrder = ordered.map((item) => ("name" in item ? results[next++]! : item));
  yield { need: "emit", event: { type: "tool_results", step: run.steps, results: inOrder } };
  return saving;
}

function classify(calls: readonly ToolCall[], s: Settings): [(ToolCall | ToolResult)[], PendingToolCall[]] {
  const now = Date.now();
  const ordered: (ToolCall | ToolResult)[] = [];
  const waiting: PendingToolCall[] = [];
  for (const call of calls) {
    if (!s.tools.has(call.name)) {
      ordered.push(unknownTool(call, s.tools));
      continue;
    }
    const action = actionFor(call, s.policies, s.fallback);
    if (action.type === "execute" || (action.type === "schedule" && action.at.getTime() <= now)) ordered.push(call);
    else if (action.type === "reject") ordered.push(rejected(call, action.reason));
    else if (action.type === "require_approval") waiting.push({ tool_call: call, status: { type: "pending" } });
    else waiting.push({ tool_call: call, status: { type: "scheduled", at: timestamp(action.at) } });
  }
  return [ordered, waiting];
}

function* paused(run: Run, saving: boolean): Machine {
  const state = run.snapshot();
  if (saving) yield { need: "save", state };
  yield { need: "emit", event: { type: "paused", state: run.snapshot() } }; // its own copy: the result keeps `state`
  return result(run, undefined, state);
}

function* loop(run: Run, s: Settings): Machine {
  for (;;) {
    if (run.steps >= s.maxSteps) throw new MaxStepsExceeded(s.maxSteps, run.snapshot(), run.usage);
    const response: ChatResponse = yield { need: "chat", request: run.nextRequest() };
    const calls = toolCalls(response.message);
    const [ordered, waiting] = classify(calls, s); // before the turn is recorded: may throw
    run.steps += 1;
    if (response.usage !== undefined) run.usage = run.usage === undefined ? response.usage : addUsage(run.usage, response.usage);
    run.messages.push(response.message);
    if (calls.length === 0) {
      yield run.stepFinished();
      yield { need: "emit", event: { type: "loop_finished", steps: run.steps, ...run.usageFields() } };
      return result(run, response);
    }
    run.pending.push(...waiting);
    const saved = yield* runRound(run, ordered, s.saving);
    if (run.pending.length > 0) return yield* paused(run, s.saving && !saved);
    yield run.stepFinished();
  }
}

/** The loop from a request: the tools are offered to the model unless the request lists its own. */
export function runMachine(request: ChatRequest, s: Settings): Machine {
  const offered = request.tools === undefined && s.tools.size > 0 ? { ...request, tools: [...s.tools.values()].map((t) => t.definition) } : request;
  const run = new Run(offered, [...offered.messages]);
  return guarded(run, loop(run, s));
}

function decide(run: Run, decisions: readonly Decision[], state: ToolLoopState): void {
  const index = new Map(run.pending.map((p, i) => [p.tool_call.id, i]));
  for (const decision of decisions) {
    const id = "toolCallId" in decision ? decision.toolCallId : decision.tool_call_id;
    const i = index.get(id);
    const quoted = JSON.stringify(id);
    if (i === undefined) {
      const known = [...index.keys()].map((k) => JSON.stringify(k)).join(", ") || "none";
      throw new DecisionError(`no pending tool call has the id ${quoted} (pending: ${known})`, state, run.usage);
    }
    const current = run.pending[i]!;
    if (current.status.type !== "pending") throw new DecisionError(`tool call ${quoted} is not waiting for a decision: it is ${current.status.type}`, state, run.usage);
    run.pending[i] = { ...current, status: decision.type === "approve" ? { type: "approved" } : { type: "rejected", reason: decision.reason } };
  }
}

/** Continue a saved loop: check the state, re-apply the policies, apply the decisions, pause again or run on. */
export function resumeMachine(state: ToolLoopState, decisions: readonly Decision[], s: Settings): Machine {
  checkToolLoopState(state);
  const run = new Run(state.request, [...state.request.messages], state.steps, state.usage);
  run.pending = [...state.pending];
  return guarded(run, resumed(run, state, decisions, s));
}

function* resumed(run: Run, state: ToolLoopState, decisions: readonly Decision[], s: Settings): Machine {
  const now = Date.now();
  run.pending = reapplyPolicies(state.pending, s.policies, s.fallback, now);
  decide(run, decisions, state);
  if (run.pending.some((p) => p.status.type === "pending" || (p.status.type === "scheduled" && parseTimestamp(p.status.at) > now))) {
    return yield* paused(run, s.saving);
  }
  const ordered = run.pending.map((p) => (p.status.type === "rejected" ? rejected(p.tool_call, p.status.reason) : p.tool_call));
  run.pending = [];
  yield* runRound(run, ordered, s.saving);
  if (ordered.length > 0) yield run.stepFinished(); // the paused step now has every result
  return yield* loop(run, s);
}
