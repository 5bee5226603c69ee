/**
 * The I-JSON rules for values built in memory, which no schema keyword reaches.
 *
 * `validate`, `encode`, `canonical` and `buildArguments` run this check so that nothing is written that
 * `decode` would reject: numbers must be finite, integers that would be written as integer literals
 * must lie within +/-(2^53-1), strings (member names too) must not hold lone surrogates, and only JSON
 * values may appear (plain objects, arrays, strings, numbers, booleans, `null`). A member whose value is
 * `undefined` counts as absent, as it does for `JSON.stringify`.
 */

import { pointerFromPath, type Problem } from "./errors.js";

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** Whether `text` holds a lone surrogate. */
export function hasLoneSurrogate(text: string): boolean {
  return !text.isWellFormed();
}

/** What is wrong with the number `value` as JSON would write it, or undefined. */
export function numberFault(value: number): Problem["rule"] | undefined {
  if (!Number.isFinite(value)) return "number-overflow";
  // Integral values below 1e21 are written as integer literals, which must be safe integers.
  if (Number.isInteger(value) && (value > MAX_SAFE || value < -MAX_SAFE) && Math.abs(value) < 1e21) {
    return "unsafe-integer";
  }
  return undefined;
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

/** Every I-JSON problem in `value`, each at its JSON pointer. */
export function valueProblems(value: unknown): Problem[] {
  const problems: Problem[] = [];
  walk(value, [], problems);
  return problems;
}

function walk(value: unknown, path: (string | number)[], problems: Problem[]): void {
  switch (typeof value) {
    case "string":
      if (hasLoneSurrogate(value)) {
        problems.push({ pointer: pointerFromPath(path), message: "string holds a lone surrogate", rule: "lone-surrogate" });
      }
      return;
    case "number": {
      const rule = numberFault(value);
      if (rule === "number-overflow") {
        problems.push({ pointer: pointerFromPath(path), message: `number ${value} is not a finite double`, rule });
      } else if (rule !== undefined) {
        problems.push({
          pointer: pointerFromPath(path),
          message: `integer ${value} is outside +/-(2^53-1), which not every language reads exactly`,
          rule,
        });
      }
      return;
    }
    case "boolean":
      return;
    case "object":
      if (value === null) return;
      if (Array.isArray(value)) {
        const slot = path.length;
        for (let index = 0; index < value.length; index++) {
          path[slot] = index;
          walk(value[index], path, problems);
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
          walk(member, path, problems);
        }
        path.length = slot;
        return;
      }
      break;
  }
  problems.push({ pointer: pointerFromPath(path), message: `${describe(value)} is not a JSON value`, rule: "json-value" });
}
