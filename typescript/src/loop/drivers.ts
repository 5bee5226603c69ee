/**
 * The ways to run the loop machine (`machine.ts`): `run` and `resume` return a `ToolLoopResult`; `stream`
 * and `streamResume` are async iterators of wire `LoopEvent`s (spec section 14.4, decision 043): the
 * canonical `StreamEvent`s of every model turn, `tool_results` after each round of tool calls,
 * `step_finished` when a turn's calls all have results, and last `paused` (with the state to save) or
 * `loop_finished`, as Python's `wirechat.tools.stream` and Go's `loop.Stream`. Every event is a wire
 * document (`encode("LoopEvent", event)`); the iterator's return value is the `ToolLoopResult`.
 *
 * Each driver performs what the machine needs; an exception doing it is thrown into the machine, which
 * throws it as a `ToolLoopError` carrying the state. `checkpoint` (a function of the state, awaited)
 * receives the state before and after every round of tool calls and at every pause.
 */

import type { CallOptions, Client } from "../client/client.js";
import type { AbortSignalLike } from "../client/fetch-types.js";
import type { ChatRequest, LoopEvent, ToolLoopState } from "../generated/types.js";
import { executeCalls } from "./execute.js";
import { resumeMachine, runMachine, type Machine, type Settings, type ToolLoopResult } from "./machine.js";
import { Execute, type Decision, type Policy } from "./policy.js";
import { toolsByName, type AnyTool } from "./tool.js";

/** Receives each state to keep (awaited before the loop goes on). */
export type Checkpoint = (state: ToolLoopState) => void | Promise<void>;

export interface LoopOptions {
  /** Tool name -> an action or a function of the call returning one; `default` applies to the others. */
  policies?: Record<string, Policy>;
  default?: Policy;
  /** Model turns allowed (default 10): `MaxStepsExceeded` past them. */
  maxSteps?: number;
  /** Milliseconds each tool call has before its signal is aborted (default 60000; `null`: none). */
  toolTimeoutMs?: number | null;
  checkpoint?: Checkpoint;
  /** Aborts the model call under way and the running tools' signals; the loop then throws `ToolLoopError`. */
  signal?: AbortSignalLike;
}

interface Prepared {
  settings: Settings;
  save: Checkpoint | undefined;
  timeoutMs: number | undefined;
  call: CallOptions;
  signal: AbortSignalLike | undefined;
}

function prepare(tools: readonly AnyTool[], options: LoopOptions): Prepared {
  const maxSteps = options.maxSteps ?? 10;
  if (!(Number.isInteger(maxSteps) && maxSteps >= 1)) throw new RangeError(`maxSteps must be an integer of at least 1 (got ${maxSteps})`);
  const indexed = toolsByName(tools);
  const policies = new Map(Object.entries(options.policies ?? {}));
  const unknown = [...policies.keys()].filter((name) => !indexed.has(name)).sort();
  if (unknown.length > 0) throw new TypeError(`policies name tools that are not given: ${unknown.join(", ")}`);
  const timeout = options.toolTimeoutMs === undefined ? 60_000 : options.toolTimeoutMs;
  const call: CallOptions = options.signal === undefined ? {} : { signal: options.signal };
  return {
    settings: { tools: indexed, policies, fallback: options.default ?? new Execute(), maxSteps, saving: options.checkpoint !== undefined },
    save: options.checkpoint,
    timeoutMs: timeout ?? undefined,
    call,
    signal: options.signal,
  };
}

/** Load and compile each tool's validator before anything is sent: a missing ajv or a bad schema stops the loop here. */
async function ready(tools: readonly AnyTool[]): Promise<void> {
  await Promise.all(tools.map((tool) => tool.prepare?.()));
}

async function drive(client: Client, machine: Machine, p: Prepared): Promise<ToolLoopResult> {
  let step = machine.next();
  while (!step.done) {
    const need = step.value;
    let answer: unknown;
    try {
      if (need.need === "chat") answer = await client.chat(need.request, p.call);
      else if (need.need === "execute") answer = await executeCalls(need.calls, p.settings.tools, p.timeoutMs, p.signal);
      else if (need.need === "save") await p.save?.(need.state);
      // an "emit" need is a loop event: only the streaming forms pass them on
    } catch (error) {
      step = machine.throw(error); // throws a ToolLoopError that carries the state
      continue;
    }
    step = machine.next(answer);
  }
  return step.value;
}

async function* streamDrive(client: Client, machine: Machine, p: Prepared): AsyncGenerator<LoopEvent, ToolLoopResult, undefined> {
  let step = machine.next();
  while (!step.done) {
    const need = step.value;
    let answer: unknown;
    try {
      if (need.need === "chat") {
        const events = client.stream(need.request, p.call);
        for await (const event of events) yield event;
        answer = await events.response();
      } else if (need.need === "execute") {
        answer = await executeCalls(need.calls, p.settings.tools, p.timeoutMs, p.signal);
      } else if (need.need === "save") {
        await p.save?.(need.state);
      } else {
        yield need.event;
      }
    } catch (error) {
      step = machine.throw(error);
      continue;
    }
    step = machine.next(answer);
  }
  return step.value;
}

/** Run the tool loop until the model answers, a call needs a person or a clock, or `maxSteps`. */
export async function run(client: Client, request: ChatRequest, tools: readonly AnyTool[], options: LoopOptions = {}): Promise<ToolLoopResult> {
  const p = prepare(tools, options);
  await ready(tools);
  return await drive(client, runMachine(request, p.settings), p);
}

/** `run`, yielding every turn's stream events, `tool_results`, `step_finished`, then `paused` or `loop_finished`; returns the result. */
export async function* stream(client: Client, request: ChatRequest, tools: readonly AnyTool[], options: LoopOptions = {}): AsyncGenerator<LoopEvent, ToolLoopResult, undefined> {
  const p = prepare(tools, options);
  await ready(tools);
  return yield* streamDrive(client, runMachine(request, p.settings), p);
}

/**
 * Continue a saved state after `approve(id)` / `reject(id, reason)` decisions. Pass the same `policies`:
 * they are re-applied to what the state claims was decided (a hand-edited approval never runs a tool).
 */
export async function resume(client: Client, state: ToolLoopState, decisions: readonly Decision[], tools: readonly AnyTool[], options: LoopOptions = {}): Promise<ToolLoopResult> {
  const p = prepare(tools, options);
  await ready(tools);
  return await drive(client, resumeMachine(state, decisions, p.settings), p);
}

/** `resume` as a stream of loop events. */
export async function* streamResume(client: Client, state: ToolLoopState, decisions: readonly Decision[], tools: readonly AnyTool[], options: LoopOptions = {}): AsyncGenerator<LoopEvent, ToolLoopResult, undefined> {
  const p = prepare(tools, options);
  await ready(tools);
  return yield* streamDrive(client, resumeMachine(state, decisions, p.settings), p);
}
