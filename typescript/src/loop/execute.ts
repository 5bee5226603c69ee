/**
 * Resolving tool calls (Python's `wirechat.tools._execute`): find the tool, parse and check the arguments,
 * run the approved calls concurrently, each within a timeout, and turn every outcome into a `ToolResult`
 * with its `status` (spec section 14.1). Nothing here throws for a tool's failure: the model reads it.
 *
 * A promise cannot be cancelled: at the timeout the call's `signal` is aborted and the loop waits for the
 * tool to settle. A tool that gives up (rejects) is reported failed for the timeout; one that finishes its
 * work anyway has its result kept. Reporting a call failed while its work may still go on would let the
 * model call it again, and the work would be done twice (decision 033).
 */

import { parseArguments } from "../tool-arguments.js";
import type { ToolCall, ToolResult } from "../generated/types.js";
import { newController, type AbortSignalLike } from "../client/fetch-types.js";
import type { AnyTool } from "./tool.js";

declare function setTimeout(callback: () => void, ms: number): unknown;
declare function clearTimeout(handle: unknown): void;

export function failed(call: ToolCall, content: string): ToolResult {
  return { tool_call_id: call.id, content, is_error: true, status: "failed" };
}

export function rejected(call: ToolCall, reason: string): ToolResult {
  return { tool_call_id: call.id, content: `rejected: ${reason}`, is_error: true, status: "rejected", reason };
}

/** The model reads this text, and a state saved in one language resumes in another: it is Python's and Go's, byte for byte (the resume vectors). */
export function unknownTool(call: ToolCall, tools: ReadonlyMap<string, AnyTool>): ToolResult {
  const known = [...tools.keys()].sort().join(", ") || "none";
  return failed(call, `unknown tool '${call.name}' (the tools are: ${known})`);
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function isToolResult(value: unknown): value is ToolResult {
  return typeof value === "object" && value !== null && typeof (value as ToolResult).tool_call_id === "string" && typeof (value as ToolResult).content === "string";
}

/** The text form of a tool's return value: a string as it is, anything else as compact JSON. */
export function outputText(value: unknown): string {
  if (typeof value === "string") return value;
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError(`${typeof value} is not JSON`);
  return text;
}

async function executeOne(call: ToolCall, tools: ReadonlyMap<string, AnyTool>, timeoutMs: number | undefined, outer: AbortSignalLike | undefined): Promise<ToolResult> {
  const tool = tools.get(call.name);
  if (tool === undefined) return unknownTool(call, tools);
  let args: unknown;
  try {
    args = await tool.validate(parseArguments(call.arguments));
  } catch (error) {
    return failed(call, `invalid arguments for ${call.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const controller = newController();
  let overdue = false;
  const timer = timeoutMs === undefined ? undefined : setTimeout(() => ((overdue = true), controller.abort(new Error(`timeout of ${timeoutMs} ms`))), timeoutMs);
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onAbort();
  else outer?.addEventListener("abort", onAbort, { once: true });
  let value: unknown;
  try {
    value = await tool.execute(args, { callId: call.id, name: call.name, signal: controller.signal });
  } catch (error) {
    if (overdue) return failed(call, `tool ${call.name} did not finish within ${timeoutMs! / 1000} s`); // Python's and Go's text
    return failed(call, `tool ${call.name} raised ${describe(error)}`);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    outer?.removeEventListener("abort", onAbort);
  }
  if (isToolResult(value)) return { ...value, tool_call_id: call.id, status: value.is_error === true ? "failed" : "completed" };
  try {
    return { tool_call_id: call.id, content: outputText(value), status: "completed" };
  } catch (error) {
    return failed(call, `tool ${call.name} returned a value that is not JSON: ${describe(error)}`);
  }
}

/** Run `calls` concurrently; the results come back in the calls' order. */
export function executeCalls(calls: readonly ToolCall[], tools: ReadonlyMap<string, AnyTool>, timeoutMs: number | undefined, signal?: AbortSignalLike): Promise<ToolResult[]> {
  return Promise.all(calls.map((call) => executeOne(call, tools, timeoutMs, signal)));
}
