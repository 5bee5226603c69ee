/**
 * The I-JSON rules for values built in memory, which no schema keyword reaches.
 *
 * `validate`, `encode`, `canonical` and `buildArguments` run this check so that nothing is written that
 * `decode` would reject: numbers must be finite, strings (member names too) must not hold lone
 * surrogates, and only JSON values may appear (plain objects, arrays, strings, numbers, booleans,
 * `null`). A member whose value is `undefined` counts as absent, as it does for `JSON.stringify`.
 *
 * Every JavaScript number is a double. A whole double outside +/-(2^53-1) but below 1e21 (`2**53`,
 * `1.5e20`) is refused (spec section 2, rule 5): its canonical form is an integer literal that not every
 * language reads exactly.
 */

import { pointerFromPath, type Problem } from "./errors.js";

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** Whether `text` holds a lone surrogate. */
export function hasLoneSurrogate(text: string): boolean {
  return !text.isWellFormed();
}

/** Whether `JSON.stringify` writes `value` as an integer literal outside +/-(2^53-1). */
export function isWideIntegral(value: number): boolean {
  return Number.isInteger(value) && (value > MAX_SAFE || value < -MAX_SAFE) && value < 1e21 && value > -1e21;
}

/** Whether `value` is a plain object (what JSON reads into), not an array, a class instance or a Date. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function describe(value: unknown): string {
  if (value === undefined) return "undefined";
  if (typeof value === "object" && value !== null) {
    return `an object of class ${(value as object).constructor?.name ?? "unknown"}`;
  }
  return `a ${typeof value}`;
}

/** The I-JSON problems in a value, each at its JSON pointer. */
export interface Inspection {
  readonly problems: Problem[];
}

/** Check `value` against the I-JSON rules. */
export function inspect(value: unknown): Inspection {
  const inspection: Inspection = { problems: [] };
  walk(value, [], inspection);
  return inspection;
}

/** Every I-JSON problem in `value`, each at its JSON pointer. */
export function valueProblems(value: unknown): Problem[] {
  return inspect(value).problems;
}

function walk(value: unknown, path: (string | number)[], inspection: Inspection): void {
  const problems = inspection.problems;
  switch (typeof value) {
    case "string":
      if (hasLoneSurrogate(value)) {
        problems.push({ pointer: pointerFromPath(path), message: "string holds a lone surrogate", rule: "lone-surrogate" });
      }
      return;
    case "number":
      if (!Number.isFinite(value)) {
        problems.push({ pointer: pointerFromPath(path), message: `number ${value} is not a finite double`, rule: "number-overflow" });
      } else if (isWideIntegral(value)) {
        problems.push({
          pointer: pointerFromPath(path),
          message: `number ${value} is a whole number outside +/-(2^53-1): its canonical form is an integer literal not every language reads exactly`,
          rule: "unsafe-integer",
        });
      }
      return;
    case "boolean":
      return;
    case "object":
      if (value === null) return;
      if (Array.isArray(value)) {
        const slot = path.length;
        for (let index = 0; index < value.length; index++) {
          path[slot] = index;
          walk(value[index], path, inspection);
        }
        path.length = slot;
        return;
      }
      if (isPlainObject(value)) {
        const slot = path.length;
        for (const key of Object.keys(value)) {
          const member = value[key];
          if (member === undefined) continue;
          path[slot] = key;
          if (hasLoneSurrogate(key)) {
            problems.push({ pointer: pointerFromPath(path), message: "member name holds a lone surrogate", rule: "lone-surrogate" });
          }
          walk(member, path, inspection);
        }
        path.length = slot;
        return;
      }
      break;
  }
  problems.push({ pointer: pointerFromPath(path), message: `${describe(value)} is not a JSON value`, rule: "json-value" });
}
