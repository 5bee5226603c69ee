/**
 * RFC 8785 (JSON Canonicalization Scheme): the one serialisation two documents are compared by.
 *
 * JCS writes strings and numbers exactly as ECMAScript's `JSON.stringify` does (shortest round-trip
 * numbers, `-0` as `0`, minimal string escapes), sorts object members by the UTF-16 code units of their
 * names, and has no whitespace. It also requires I-JSON, so a value that breaks it (a lone surrogate,
 * a non-finite number, something that is not JSON) is refused with a `WireError` rather than written.
 * An integral double outside +/-(2^53-1), such as `1.5e20`, is written as JCS says
 * (`150000000000000000000`), as Python's `rfc8785` writes the same float.
 * Tested against the official vectors (test/fixtures/jcs).
 */

import { WireError, pointerFromPath } from "./errors.js";
import { valueProblems } from "./values.js";

/** The RFC 8785 canonical form of a JSON value; throws `WireError` if it is not I-JSON. */
export function canonical(value: unknown): string {
  try {
    return write(value);
  } catch (error) {
    if (error instanceof Invalid) {
      const problems = valueProblems(value);
      throw new WireError(
        problems.length > 0 ? problems : [{ pointer: pointerFromPath([]), message: "not a JSON value", rule: "json-value" }],
      );
    }
    throw error;
  }
}

/** Thrown inside `write` to fall back to the full check, which names every problem. */
class Invalid extends Error {}

function write(value: unknown): string {
  switch (typeof value) {
    case "string":
      if (!value.isWellFormed()) throw new Invalid();
      return JSON.stringify(value);
    case "number":
      if (!Number.isFinite(value)) throw new Invalid();
      return JSON.stringify(value);
    case "boolean":
      return value ? "true" : "false";
    case "object": {
      if (value === null) return "null";
      if (Array.isArray(value)) {
        let out = "[";
        for (let i = 0; i < value.length; i++) out += (i === 0 ? "" : ",") + write(value[i]);
        return out + "]";
      }
      const prototype = Object.getPrototypeOf(value) as unknown;
      if (prototype !== Object.prototype && prototype !== null) throw new Invalid();
      const record = value as Record<string, unknown>;
      // Array.prototype.sort without a comparator orders strings by UTF-16 code units, as JCS requires.
      const keys = Object.keys(record).sort();
      let out = "{";
      let first = true;
      for (const key of keys) {
        const member = record[key];
        if (member === undefined) continue; // absent, as for JSON.stringify
        if (!key.isWellFormed()) throw new Invalid();
        out += (first ? "" : ",") + JSON.stringify(key) + ":" + write(member);
        first = false;
      }
      return out + "}";
    }
    default:
      throw new Invalid();
  }
}
