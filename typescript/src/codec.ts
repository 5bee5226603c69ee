/**
 * `decode`, `validate` and `encode`: the wire format's normative read and write, for any wire type.
 *
 * `decode` reads UTF-8 bytes or a string with the I-JSON parser, then checks the value with the
 * generated ajv validator for the type and the integer-literal rule ajv cannot see. A text fault stops
 * it with that one problem; otherwise every number and schema problem is listed in one `WireError`
 * (section 5: ordered, one per pointer and rule, at most 100 and a count of the rest). An optional
 * `maxBytes` refuses a longer document before it is read. `validate` checks a value built in memory
 * the same way; `encode` writes compact JSON with only the members that are set.
 */

import { WireError, type Problem } from "./errors.js";
import type { WireTypes } from "./generated/types.js";
import { validators, type AjvValidator } from "./generated/validators.js";
import type { TypeName } from "./generated/schema.js";
import { parseWithProblems, pointerAtEnd } from "./ijson.js";
import { selectProblems, tooManyProblems } from "./problem-order.js";
import { ajvDrafts, ajvProblem, integerLiteralProblems, problemsFromAjv, type AjvDraft } from "./schema-problems.js";
import { decodeUtf8 } from "./utf8.js";
import { writeInspected, writeJson } from "./json-writer.js";
import { inspect, type Inspection } from "./values.js";

/** Options of `decode`. */
export interface DecodeOptions {
  /** Refuse a document longer than this many bytes (of UTF-8) before parsing it: rule `too-large`. */
  readonly maxBytes?: number;
}

/** What was passed, for a message: `a number (42)`, `an object of class Map`, `undefined`. */
function described(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (typeof value === "object") return `an object of class ${(value as object).constructor?.name ?? "unknown"}`;
  if (typeof value === "function") return "a function";
  const text = typeof value === "string" ? JSON.stringify(value.slice(0, 40)) : String(value);
  return `a ${typeof value} (${text})`;
}

/** A `WireError` for an argument of the wrong kind: plain JavaScript callers can pass anything. */
function badArgument(message: string, typeName?: string): WireError {
  return new WireError([{ pointer: "", message, rule: "type" }], typeName);
}

function validatorFor(typeName: unknown): AjvValidator {
  const validator =
    typeof typeName === "string" && Object.prototype.hasOwnProperty.call(validators, typeName)
      ? validators[typeName as TypeName]
      : undefined;
  if (validator === undefined) throw badArgument(`the type name must be a wirechat type name such as "Message", not ${described(typeName)}`);
  return validator;
}

/** The schema's problems of a value in memory (no I-JSON check): for `decodeTolerant`, not the package's API. */
export function schemaProblems(typeName: TypeName, value: unknown): Problem[] {
  const validator = validatorFor(typeName);
  return validator(value) ? [] : problemsFromAjv(typeName, validator.errors ?? [], value);
}

/** The length of `text` in UTF-8 bytes (a lone surrogate counts 3, as its replacement would). */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2; // a pair: 4 bytes for 2 code units
      i++;
    } else bytes += 2;
  }
  return bytes;
}

/** Refuse a document over `maxBytes` before reading it (spec section 5.3); `decode` and `decodeTolerant` share it. */
export function checkSize(input: string | Uint8Array, maxBytes: number | undefined, typeName: string): void {
  if (maxBytes === undefined) return;
  if (typeof maxBytes !== "number" || !(maxBytes >= 0)) {
    throw badArgument(`maxBytes must be a number of bytes, 0 or more, not ${described(maxBytes)}`, typeName);
  }
  // Each UTF-16 code unit is at least one byte, so a string longer than the limit needs no count.
  const size = typeof input === "string" ? (input.length > maxBytes ? input.length : utf8Length(input)) : input.length;
  if (size > maxBytes) {
    const exact = typeof input === "string" && input.length > maxBytes ? "at least " : "";
    const message = `the document is ${exact}${size} bytes, more than the limit of ${maxBytes} bytes`;
    throw new WireError([{ pointer: "", message, rule: "too-large" }], typeName);
  }
}

/**
 * Read a document of type `typeName` from UTF-8 bytes or a string.
 * Throws `WireError` when the text is not I-JSON, the value does not match the schema, the document is
 * longer than `options.maxBytes`, or the arguments are not a document and a type name.
 */
export function decode<K extends TypeName>(input: string | Uint8Array, typeName: K, options: DecodeOptions = {}): WireTypes[K] {
  const validator = validatorFor(typeName);
  // Object.prototype.toString also knows a Uint8Array made in another realm (a vm context, an iframe).
  if (typeof input !== "string" && !(input instanceof Uint8Array) && Object.prototype.toString.call(input) !== "[object Uint8Array]") {
    throw badArgument(`decode reads a string or a Uint8Array of UTF-8 bytes, not ${described(input)}`, typeName);
  }
  checkSize(input, options?.maxBytes, typeName);
  let outcome: ReturnType<typeof parseWithProblems>;
  try {
    // Text decoded from bytes is well-formed UTF-8: it needs no second look for lone surrogates.
    outcome = typeof input === "string" ? parseWithProblems(input) : parseWithProblems(decodeUtf8(input, pointerAtEnd), true);
  } catch (error) {
    if (error instanceof WireError && error.typeName === undefined) throw new WireError(error.problems, typeName);
    throw error;
  }
  const value = outcome.value;
  const valid = validator(value);
  if (valid && outcome.problems.length === 0 && outcome.integralFloats.length === 0) return value as WireTypes[K];
  // A number that breaks a number rule (1e400, 2^53) or is written as a float for an integer (1.0) has
  // that one problem: ajv's checks of the value it was read as (type, bounds) are not reported, as the
  // Python and Go decoders, which check such a number no further, do not report them.
  const numberProblems: Problem[] = outcome.problems.concat(
    outcome.integralFloats.length > 0 ? integerLiteralProblems(typeName, value, outcome.integralFloats) : [],
  );
  let drafts = valid ? [] : ajvDrafts(validator.errors ?? []);
  if (numberProblems.length > 0 && drafts.length > 0) {
    const numbers = new Set(numberProblems.map((p) => p.pointer));
    // additionalProperties judges the member, not its value: it stays beside the number's problem.
    drafts = drafts.filter((draft) => !numbers.has(draft.pointer) || draft.rule === "additionalProperties");
  }
  // concat, not push(...): a hostile document can have a million problems, too many for a spread.
  const found: (Problem | AjvDraft)[] = (numberProblems as (Problem | AjvDraft)[]).concat(drafts);
  if (found.length === 0) return value as WireTypes[K];
  const { first, more } = selectProblems(found, true); // distinct: see selectProblems
  const problems = first.map((p) => ("error" in p ? ajvProblem(typeName, p, value) : p));
  if (more > 0) problems.push(tooManyProblems(more));
  throw new WireError(problems, typeName);
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
  validatorFor(typeName);
  const inspection = inspect(value);
  const problems = inspection.problems.length > 0 ? inspection.problems : schemaProblems(typeName, value);
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
