/**
 * Policies (what to do with a call) and decisions (a person's answer to a paused call), as Python's
 * `wirechat.tools._policy`: `Execute`, `RequireApproval`, `Schedule(at)`, `Reject(reason)`; `approve(id)`
 * and `reject(id, reason)`. A policy is an action for every call of a tool, or a function of the call.
 */

import type { ToolCall, ToolLoopDecision } from "../generated/types.js";

/** Run the call now. */
export class Execute {
  readonly type = "execute" as const;
}

/** Pause the loop until a person approves or rejects the call (`resume`). */
export class RequireApproval {
  readonly type = "require_approval" as const;
}

/** Run the call at `at` or later: the loop pauses until then. */
export class Schedule {
  readonly type = "schedule" as const;
  constructor(readonly at: Date) {
    if (!(at instanceof Date) || Number.isNaN(at.getTime())) throw new TypeError(`Schedule(at) needs a valid Date (got ${String(at)})`);
  }
}

/** Do not run the call; the model receives a `rejected` result with `reason`. */
export class Reject {
  readonly type = "reject" as const;
  constructor(readonly reason: string) {
    if (!reason) throw new TypeError("Reject(reason) needs a reason: the model reads it");
  }
}

export type Action = Execute | RequireApproval | Schedule | Reject;
/** An action for every call of a tool, or a function of the call that returns one. */
export type Policy = Action | ((call: ToolCall) => Action);

/** A decision: run the pending call `toolCallId`. */
export interface Approve {
  readonly type: "approve";
  readonly toolCallId: string;
}

/** A decision: do not run `toolCallId`; the model reads `reason`. */
export interface RejectDecision {
  readonly type: "reject";
  readonly toolCallId: string;
  readonly reason: string;
}

/** `approve(id)` / `reject(id, reason)`, or the same decision as a wire `ToolLoopDecision` (a UI's). */
export type Decision = Approve | RejectDecision | ToolLoopDecision;

export function approve(toolCallId: string): Approve {
  return { type: "approve", toolCallId };
}

export function reject(toolCallId: string, reason: string): RejectDecision {
  if (!reason) throw new TypeError(`rejecting ${JSON.stringify(toolCallId)} needs a reason: the model reads it`);
  return { type: "reject", toolCallId, reason };
}

function isAction(value: unknown): value is Action {
  return value instanceof Execute || value instanceof RequireApproval || value instanceof Schedule || value instanceof Reject;
}

/** The action the policy for `call.name` (else `fallback`) gives. */
export function actionFor(call: ToolCall, policies: ReadonlyMap<string, Policy>, fallback: Policy): Action {
  const policy = policies.get(call.name) ?? fallback;
  const action: unknown = typeof policy === "function" ? policy(call) : policy;
  if (!isAction(action)) throw new TypeError(`the policy for tool ${JSON.stringify(call.name)} returned ${String(action)}, not an Action`);
  return action;
}

/** `at` as a wire `Timestamp` (UTC, `Z`, milliseconds when there are any: Python writes the same instant alike). */
export function timestamp(at: Date): string {
  return at.toISOString().replace(".000Z", "Z");
}

/** A wire `Timestamp` as milliseconds since the epoch (digits past milliseconds are dropped). */
export function parseTimestamp(text: string): number {
  const fraction = text.slice(20, -1);
  return Date.parse(`${text.slice(0, 19)}.${fraction.slice(0, 3).padEnd(3, "0")}Z`);
}

export function assertNever(value: never): never {
  throw new TypeError(`unexpected ${JSON.stringify(value)}`);
}
