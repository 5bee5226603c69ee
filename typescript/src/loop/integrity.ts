/**
 * A saved state cannot approve its own calls: `resume` re-applies the caller's policies to every call the
 * state says was decided (decision 033; Python's `wirechat.tools._integrity`, whose table this follows):
 * `approved` stays only under `Execute`, becomes `pending` under `RequireApproval`, `scheduled` at the
 * policy's time under `Schedule` (or `approved` once due); `scheduled` becomes `pending` under
 * `RequireApproval`; either becomes `rejected` under `Reject`; `pending` and `rejected` never change.
 */

import type { PendingToolCall, ToolCallStatus } from "../generated/types.js";
import { actionFor, assertNever, timestamp, type Policy } from "./policy.js";

function checked(pending: PendingToolCall, policies: ReadonlyMap<string, Policy>, fallback: Policy, now: number): ToolCallStatus {
  const status = pending.status;
  if (status.type === "pending" || status.type === "rejected") return status;
  const action = actionFor(pending.tool_call, policies, fallback);
  switch (action.type) {
    case "execute":
      return status;
    case "require_approval":
      return { type: "pending" };
    case "schedule":
      if (status.type === "scheduled") return status;
      return action.at.getTime() > now ? { type: "scheduled", at: timestamp(action.at) } : { type: "approved" };
    case "reject":
      return { type: "rejected", reason: action.reason };
    default:
      return assertNever(action);
  }
}

/** `pending` with each claimed decision checked against the policies. */
export function reapplyPolicies(pending: readonly PendingToolCall[], policies: ReadonlyMap<string, Policy>, fallback: Policy, now: number): PendingToolCall[] {
  return pending.map((item) => {
    const status = checked(item, policies, fallback, now);
    return status === item.status ? item : { ...item, status };
  });
}
