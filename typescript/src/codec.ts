/**
 * `decode`, `validate` and `encode`: the wire format's normative read and write, for any wire type.
 *
 * `decode` reads UTF-8 bytes or a string with the I-JSON parser, then checks the value with the
 * generated ajv validator for the type and the integer-literal rule ajv cannot see. Any problem throws
 * one `WireError` that lists them all with their JSON pointers. `validate` checks a value built in
 * memory the same way; `encode` writes compact JSON with only the members that are set.
 */

import { WireError, type Problem } from "./errors.js";
import type { WireTypes } from "./generated/types.js";
import { validators } from "./generated/validators.js";
import type { TypeName } from "./generated/schema.js";
import { parseWithProblems, pointerAtEnd } from "./ijson.js";
import { integerLiteralProblems, problemsFromAjv } from "./schema-problems.js";
import { decodeUtf8 } from "./utf8.js";
import { writeInspected, writeJson } from "./json-writer.js";
import { inspect, type Inspection } from "./values.js";

function validatorFor(typeName: TypeName) {
  const validator = Object.prototype.hasOwnProperty.call(validators, typeName) ? validators[typeName] : undefined;
  if (validator === undefined) throw new TypeError(`${JSON.stringify(typeName)} is not a wirechat type name`);
  return validator;
}

function schemaProblems(typeName: TypeName, value: unknown): Problem[] {
  const validator = validatorFor(typeName);
  return validator(value) ? [] : problemsFromAjv(typeName, validator.errors ?? [], value);
}

/**
 * Read a document of type `typeName` from UTF-8 bytes or a string.
 * Throws `WireError` when the text is not I-JSON or the value does not match the schema.
 */
export function decode<K extends TypeName>(input: string | Uint8Array, typeName: K): WireTypes[K] {
  const validator = validatorFor(typeName);
  let text: string;
  try {
    text = typeof input === "string" ? input : decodeUtf8(input, pointerAtEnd);
    const outcome = parseWithProblems(text);
    if (outcome.problems.length > 0) throw new WireError(outcome.problems, typeName);
    const value = outcome.value;
    const problems = validator(value) ? [] : problemsFromAjv(typeName, validator.errors ?? [], value);
    if (outcome.integralFloats.length > 0) problems.push(...integerLiteralProblems(typeName, value, outcome.integralFloats));
    if (problems.length > 0) throw new WireError(problems, typeName);
    return value as WireTypes[K];
  } catch (error) {
    if (error instanceof WireError && error.typeName === undefined) throw new WireError(error.problems, typeName);
    throw error;
  }
}

/**
 * Check a value built in memory against the type `typeName` and the I-JSON rules; return it, typed.
 * Throws `WireError` listing every problem.
 */
export function validate<K extends TypeName>(value: unknown, typeName: K): WireTypes[K] {
  check(value, typeName);
  return value as WireTypes[K];
}

function check(value: unknown, typeName: TypeName): Inspection {
  const inspection = inspect(value);
  const problems = inspection.problems;
  if (problems.length === 0) problems.push(...schemaProblems(typeName, value));
  if (problems.length > 0) throw new WireError(problems, typeName);
  return inspection;
}

/**
 * Compact JSON with only the members that are set (an `undefined` member is absent).
 * Always refuses what `decode` would reject as I-JSON; with `typeName`, also checks the schema first.
 */
export function encode<K extends TypeName>(value: WireTypes[K], typeName: K): string;
export function encode(value: unknown): string;
export function encode(value: unknown, typeName?: TypeName): string {
  if (typeName === undefined) return writeJson(value);
  return writeInspected(value, check(value, typeName));
}
