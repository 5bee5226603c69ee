/**
 * The tool loop's history helpers and the consistency checks of spec section 14: merge consecutive
 * same-role messages (explicitly, never as a side effect), find a tool call or its result by id, and
 * `checkToolResult` / `checkToolLoopState`, which throw a `WireError` with the rules `tool-status` and
 * `tool-loop-state`, the same pointers as Python (`wirechat.tool_state`) and Go. Vectors:
 * `conformance/vectors/tool-loop.json`.
 */

import { WireError, type Problem } from "./errors.js";
import type { Message, ToolCall, ToolCallStatus, ToolLoopState, ToolResult } from "./generated/types.js";

/** Where a tool call or result is: `messages[message].parts[part]`, and the value itself. */
export interface Found<T> {
  message: number;
  part: number;
  value: T;
}

/**
 * A new array in which each run of consecutive messages with the same role and the same `name` is one
 * message holding their parts in order. The first of a run keeps its `id` and `provider_metadata`; a
 * later message with an `id` or `provider_metadata` of its own starts a new run (merging would drop them).
 * The input is not changed.
 */
export function mergeConsecutive(messages: readonly Message[]): Message[] {
  const merged: Message[] = [];
  for (const message of messages) {
    const last = merged[merged.length - 1];
    if (
      last !== undefined &&
      last.role === message.role &&
      last.name === message.name &&
      message.id === undefined &&
      message.provider_metadata === undefined
    ) {
      merged[merged.length - 1] = { ...last, parts: [...last.parts, ...message.parts] };
    } else {
      merged.push({ ...message, parts: [...message.parts] });
    }
  }
  return merged;
}

/** The first tool call with this id anywhere in `messages`, or undefined. */
export function findToolCall(messages: readonly Message[], id: string): Found<ToolCall> | undefined {
  for (const [m, message] of messages.entries()) {
    for (const [p, part] of message.parts.entries()) {
      if (part.type === "tool_call" && part.tool_call.id === id) return { message: m, part: p, value: part.tool_call };
    }
  }
  return undefined;
}

/** The first tool result answering this call id anywhere in `messages`, or undefined. */
export function findToolResult(messages: readonly Message[], id: string): Found<ToolResult> | undefined {
  for (const [m, message] of messages.entries()) {
    for (const [p, part] of message.parts.entries()) {
      if (part.type === "tool_result" && part.tool_result.tool_call_id === id) {
        return { message: m, part: p, value: part.tool_result };
      }
    }
  }
  return undefined;
}

const STATUS = "tool-status";
const STATE = "tool-loop-state";

/** A key that orders `Timestamp` strings by instant (the fraction has 0 to 9 digits). */
export function instantKey(timestamp: string): string {
  return timestamp.slice(0, 19) + timestamp.slice(20, -1).padEnd(9, "0");
}

function toolResultProblems(result: ToolResult, at: string): Problem[] {
  const problems: Problem[] = [];
  const { status } = result;
  const isError = result.is_error === true;
  if (status === "completed" && isError) {
    problems.push({ pointer: `${at}/is_error`, message: "a completed result is not an error: is_error must be absent or false", rule: STATUS });
  }
  if ((status === "failed" || status === "rejected") && !isError) {
    problems.push({ pointer: `${at}/is_error`, message: `a ${status} result must have is_error: true`, rule: STATUS });
  }
  if (result.reason !== undefined && status !== "rejected") {
    problems.push({ pointer: `${at}/reason`, message: `reason belongs to a rejected result only (status is ${status ?? "absent"})`, rule: STATUS });
  }
  if (status === "rejected" && result.reason === undefined) {
    problems.push({ pointer: `${at}/reason`, message: "a rejected result must say why (reason)", rule: STATUS });
  }
  return problems;
}

/** Throw a `WireError` when `result` breaks section 14.1 (`status` against `is_error` and `reason`). */
export function checkToolResult(result: ToolResult): void {
  const problems = toolResultProblems(result, "");
  if (problems.length > 0) throw new WireError(problems, "ToolResult");
}

/** Throw a `WireError` listing every section 14.3 problem of `state`; return when it is consistent. */
export function checkToolLoopState(state: ToolLoopState): void {
  const problems: Problem[] = [];
  const messages = state.request.messages;
  let lastAssistant: Message | undefined;
  const answered = new Set<string>();
  for (const [m, message] of messages.entries()) {
    if (message.role === "assistant") lastAssistant = message;
    for (const [p, part] of message.parts.entries()) {
      if (part.type !== "tool_result") continue;
      answered.add(part.tool_result.tool_call_id);
      problems.push(...toolResultProblems(part.tool_result, `/request/messages/${m}/parts/${p}/tool_result`));
    }
  }
  const calls = new Map<string, ToolCall>();
  for (const part of lastAssistant?.parts ?? []) if (part.type === "tool_call") calls.set(part.tool_call.id, part.tool_call);
  const statuses = new Map<string, ToolCallStatus>();
  for (const [i, pending] of state.pending.entries()) {
    const call = pending.tool_call;
    const quoted = JSON.stringify(call.id);
    if (statuses.has(call.id)) {
      problems.push({ pointer: `/pending/${i}/tool_call/id`, message: `tool call ${quoted} is pending twice`, rule: STATE });
      continue;
    }
    statuses.set(call.id, pending.status);
    const made = calls.get(call.id);
    if (made === undefined) {
      problems.push({ pointer: `/pending/${i}/tool_call`, message: `tool call ${quoted} is not a call of the last assistant message`, rule: STATE });
    } else if (made.name !== call.name || made.arguments !== call.arguments) {
      problems.push({ pointer: `/pending/${i}/tool_call`, message: `tool call ${quoted} differs from the call the model made (name or arguments)`, rule: STATE });
    }
    if (answered.has(call.id)) {
      problems.push({ pointer: `/pending/${i}`, message: `tool call ${quoted} already has a result in the messages`, rule: STATE });
    }
  }
  problems.push(...pauseProblems(state, statuses));
  if (problems.length > 0) throw new WireError(problems, "ToolLoopState");
}

function pauseProblems(state: ToolLoopState, statuses: Map<string, ToolCallStatus>): Problem[] {
  const pause = state.pause;
  if (pause === undefined) return [];
  const lists: [string, readonly string[], "pending" | "scheduled"][] =
    pause.type === "awaiting_approval"
      ? [["/pause/tool_call_ids", pause.tool_call_ids, "pending"]]
      : pause.type === "scheduled"
        ? [["/pause/tool_call_ids", pause.tool_call_ids, "scheduled"]]
        : [
            ["/pause/awaiting_approval", pause.awaiting_approval, "pending"],
            ["/pause/scheduled", pause.scheduled, "scheduled"],
          ];
  const problems: Problem[] = [];
  const times: string[] = [];
  for (const [where, ids, wanted] of lists) {
    for (const [j, id] of ids.entries()) {
      const status = statuses.get(id);
      if (status?.type !== wanted) {
        problems.push({ pointer: `${where}/${j}`, message: `tool call ${JSON.stringify(id)} is not a ${wanted} call of pending`, rule: STATE });
      } else if (status.type === "scheduled") {
        times.push(status.at);
      }
    }
  }
  if (pause.type !== "awaiting_approval" && times.length > 0) {
    const earliest = times.reduce((a, b) => (instantKey(b) < instantKey(a) ? b : a));
    if (instantKey(pause.at) !== instantKey(earliest)) {
      problems.push({ pointer: "/pause/at", message: `pause.at is ${pause.at}, but the earliest scheduled call is due at ${earliest}`, rule: STATE });
    }
  }
  return problems;
}
