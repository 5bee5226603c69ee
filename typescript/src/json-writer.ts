/**
 * Compact JSON for wire values: `JSON.stringify` after the I-JSON check (`values.ts`), which refuses what
 * `JSON.stringify` would write wrongly (non-finite numbers, which it turns into `null`) or what another
 * language could not read back (whole numbers outside +/-(2^53-1), lone surrogates). Member order is kept;
 * `undefined` members are left out.
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
export function writeInspected(value: unknown, _inspection: Inspection): string {
  return JSON.stringify(value);
}
