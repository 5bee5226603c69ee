/**
 * Gemini's provider-run parts (spec section 15), as Python's `gemini/provider_parts.py`: code execution and
 * server-side tool invocations, which the model calls and Gemini runs in the same turn.
 *
 * `executableCode` is a `provider_tool_call` named `code_execution`, `codeExecutionResult` its result
 * (`is_error` when an `outcome` is there and is not `OUTCOME_OK`); `toolCall` (`{id, toolType, args}`) is a
 * call named by its `toolType`, `toolResponse` its result. Issuer `gemini`; `block` is the Gemini part without
 * its `thoughtSignature`; `input` / `output` the inner object without its `id` (a tool invocation's `args` /
 * `response`). A call without an `id` gets `gemini_code_<k>` (`gemini_tool_<k>`), k counting the document's
 * parts of that kind from 0; a result without one answers the last call of its kind before it.
 */

import type { ProviderToolCallPart, ProviderToolResultPart } from "../../generated/types.js";
import { ProviderShapeError } from "../shared/contract.js";
import { isObject } from "../shared/conversion.js";

const CALLS: Readonly<Record<string, string>> = { executableCode: "gemini_code_", toolCall: "gemini_tool_" };
const RESULTS: Readonly<Record<string, string>> = { codeExecutionResult: "executableCode", toolResponse: "toolCall" };
/** The part members this module reads. */
export const KINDS: readonly string[] = [...Object.keys(CALLS), ...Object.keys(RESULTS)];

function givenId(value: Record<string, unknown>, where: string): string | undefined {
  const given = value["id"];
  if (given !== undefined && given !== null && (typeof given !== "string" || !given)) {
    throw new ProviderShapeError(`${where}/id`, `expected a non-empty string, got ${JSON.stringify(given)}`);
  }
  return (given as string | null | undefined) ?? undefined;
}

/** The ids of one document's provider-run parts: counts the calls of each kind, remembers the last one. */
export class CodeIds {
  readonly count: Record<string, number> = { executableCode: 0, toolCall: 0 };
  readonly last: Record<string, string> = {};

  call(kind: string, value: Record<string, unknown>, where: string): string {
    const id = givenId(value, where) || `${CALLS[kind]}${this.count[kind]}`;
    this.last[kind] = id;
    this.count[kind]! += 1;
    return id;
  }

  result(kind: string, value: Record<string, unknown>, where: string): string {
    const given = givenId(value, where);
    if (given) return given;
    const call = RESULTS[kind]!;
    const last = this.last[call];
    if (last === undefined) throw new ProviderShapeError(`${where}/id`, `a ${kind} without an id answers no ${call} before it`);
    return last;
  }
}

function nameOf(kind: string, value: Record<string, unknown>): string {
  if (kind === "executableCode" || kind === "codeExecutionResult") return "code_execution";
  const toolType = value["toolType"];
  return typeof toolType === "string" && toolType ? toolType : "server_tool";
}

/** The canonical part for a Gemini part holding one of `KINDS`. */
export function decodeProviderPart(raw: Record<string, unknown>, where: string, ids: CodeIds, provider: string): ProviderToolCallPart | ProviderToolResultPart {
  const kind = KINDS.find((key) => key in raw)!;
  const value = raw[kind];
  const at = `${where}/${kind}`;
  if (!isObject(value)) throw new ProviderShapeError(at, "expected an object");
  const block: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(raw)) if (key !== "thoughtSignature") block[key] = item;
  let reading: unknown = Object.fromEntries(Object.entries(value).filter(([key]) => key !== "id"));
  if (kind === "toolCall") reading = value["args"];
  else if (kind === "toolResponse") reading = value["response"];
  if (kind in CALLS) {
    const call: Record<string, unknown> = { id: ids.call(kind, value, at), name: nameOf(kind, value), issuer: provider };
    if (reading !== undefined && reading !== null) call["input"] = reading;
    call["block"] = block;
    return { type: "provider_tool_call", provider_tool_call: call } as unknown as ProviderToolCallPart;
  }
  const result: Record<string, unknown> = { tool_call_id: ids.result(kind, value, at), issuer: provider, name: nameOf(kind, value) };
  if (reading !== undefined && reading !== null) result["output"] = reading;
  const outcome = kind === "codeExecutionResult" ? value["outcome"] : undefined;
  if (outcome !== undefined && outcome !== null && outcome !== "OUTCOME_OK") result["is_error"] = true;
  result["block"] = block;
  return { type: "provider_tool_result", provider_tool_result: result } as unknown as ProviderToolResultPart;
}
