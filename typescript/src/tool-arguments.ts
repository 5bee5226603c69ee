/**
 * Tool-call arguments: `ToolCall.arguments` is a JSON text (the exact bytes the model produced), so
 * callers build it from a value and parse it back into one with these two helpers.
 *
 * Both hold the arguments to the wire format's JSON profile: an I-JSON object. Parsing a text that is
 * not one (bad JSON, a duplicate key, an array...) throws a `WireError` whose pointers are into the
 * arguments text, with `typeName` "tool arguments".
 */

import { WireError } from "./errors.js";
import type { JsonObject } from "./generated/types.js";
import { parseJson } from "./ijson.js";
import { writeJson } from "./json-writer.js";
import { isPlainObject } from "./values.js";

export { ArgumentsNormaliser } from "./arguments-text.js";

const WHAT = "tool arguments";

function kind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

/**
 * The arguments text of an object, in the one form every language writes (spec section 6, "Arguments built
 * from an object"): compact, members in the object's order, RFC 8785 strings and numbers, which is what
 * `JSON.stringify` writes (`{"x":1.0}` gives `{"x":1}`). Every adapter that gets arguments as an object
 * calls this. Throws `WireError` unless `value` is an I-JSON object.
 */
export function buildArguments(value: JsonObject): string {
  if (!isPlainObject(value)) {
    throw new WireError([{ pointer: "", message: `tool arguments must be a JSON object (got ${kind(value)})`, rule: "type" }], WHAT);
  }
  return writeJson(value, WHAT);
}

/** The value of an arguments text. Throws `WireError` unless it is an I-JSON object. */
export function parseArguments(text: string): JsonObject {
  if (/^[ \t\n\r]*$/.test(text)) return {}; // blank (JSON whitespace only, spec section 6) means none; not trim()
  let value: unknown;
  try {
    value = parseJson(text);
  } catch (error) {
    if (error instanceof WireError) throw new WireError(error.problems, WHAT);
    throw error;
  }
  if (!isPlainObject(value)) {
    throw new WireError([{ pointer: "", message: `tool arguments must be a JSON object (got ${kind(value)})`, rule: "type" }], WHAT);
  }
  return value;
}
