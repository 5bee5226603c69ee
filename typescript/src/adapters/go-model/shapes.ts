/**
 * The go-model JSON (the JSON a Go LLM SDK's `model` package writes, seed 003, decision 013) written once: the
 * names, the members each of the seed's structs has, and checked reads of go-model JSON that name the JSON
 * pointer of whatever is wrong (Python's `go_model/shapes.py` and `go_model/conversion.py`).
 *
 * The SDK has no request, response or stream-envelope type, so three documents are wirechat's, built only of
 * seed types: a request `{"model"?, "messages": [Message], "tools"?: [ToolDefinition]}`, a response
 * `{"message": Message, "finish_reason"?: string, "usage"?: TokenUsage}` and a stream of records (`stream.ts`).
 * Go's `omitempty` writes a member only when it is not empty, so going to wirechat a present member is taken
 * as given and an absent one as unset.
 */

import { NAME, PROVIDER } from "../../tables/go-model.js";
import { ProviderShapeError } from "../shared/contract.js";
import { isObject } from "../shared/conversion.js";

export { NAME, PROVIDER };

export const ROLES: readonly string[] = ["system", "user", "assistant", "tool"];
/** A Part's members: its `type` and one payload member per part type. */
export const PART_MEMBERS: readonly string[] = ["type", "text", "image", "audio", "file", "data", "tool_call", "tool_result"];
export const PART_TYPES: readonly string[] = PART_MEMBERS.slice(1);

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "boolean") return "a boolean";
  if (typeof value === "string") return "a string";
  if (typeof value === "number") return "a number";
  return "an object";
}

/** `value` checked to be a JSON object; `ProviderShapeError` at `where` otherwise. */
export function readObject(value: unknown, where: string): Record<string, unknown> {
  if (!isObject(value)) throw new ProviderShapeError(where, `expected an object, got ${kindOf(value)}`);
  return value;
}

/** `obj[key]` checked to be a string (undefined when absent and not required). */
export function readString(obj: Record<string, unknown>, key: string, where: string, required = false): string | undefined {
  if (!Object.hasOwn(obj, key)) {
    if (required) throw new ProviderShapeError(`${where}/${key}`, "required member is missing");
    return undefined;
  }
  const value = obj[key];
  if (typeof value !== "string") throw new ProviderShapeError(`${where}/${key}`, `expected a string, got ${kindOf(value)}`);
  return value;
}

/** Refuse members the seed's type does not have (the SDK would drop them silently). */
export function expectMembers(obj: Record<string, unknown>, allowed: readonly string[], where: string, typeName: string): void {
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key)) throw new ProviderShapeError(`${where}/${key}`, `${typeName} has no member ${JSON.stringify(key)} (it has ${allowed.join(", ")})`);
  }
}

/** For the `default` of a `switch` over a union every member of which has its `case`. */
export function assertNever(value: never): never {
  throw new TypeError(`unexpected ${JSON.stringify(value)}`);
}
