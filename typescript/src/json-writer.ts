/**
 * Compact JSON for wire values: `JSON.stringify`, except that an integral double outside +/-(2^53-1)
 * is written with a fraction (`9007199254740992.0`) so that it reads back as the double it is rather
 * than as an integer literal the decode rules refuse. Member order is kept; `undefined` members are
 * left out. The value must already have passed the I-JSON check (`values.ts`).
 */

import { inspect, type Inspection } from "./values.js";
import { WireError } from "./errors.js";

/** Compact JSON for an I-JSON value; throws `WireError` if it is not one. */
export function writeJson(value: unknown, typeName?: string): string {
  const inspection = inspect(value);
  if (inspection.problems.length > 0) throw new WireError(inspection.problems, typeName);
  return writeInspected(value, inspection);
}

/** Compact JSON for a value `inspect` found no problem in. */
export function writeInspected(value: unknown, inspection: Inspection): string {
  return inspection.wideIntegrals ? write(value) : JSON.stringify(value);
}

function write(value: unknown): string {
  if (typeof value === "number") {
    const text = JSON.stringify(value);
    return Number.isInteger(value) && !Number.isSafeInteger(value) && !text.includes("e") ? `${text}.0` : text;
  }
  if (typeof value !== "object" || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(write).join(",")}]`;
  const parts: string[] = [];
  for (const [key, member] of Object.entries(value)) {
    if (member !== undefined) parts.push(`${JSON.stringify(key)}:${write(member)}`);
  }
  return `{${parts.join(",")}}`;
}
