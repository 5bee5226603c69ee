/**
 * Turn ajv's errors into the spec's problems: the pointer of the offending member and a plain message.
 *
 * ajv reports a missing member at its object (`params.missingProperty`), an unknown one at its object
 * too (`params.additionalProperty`), and a bad or missing union tag at the union (`params.tag`); the
 * spec wants each at the member itself (`/parts/0/text`, `/parts/0/extra`, `/parts/0/type`). This
 * module also adds the check ajv cannot make: an `integer` field written as `1.0` or `1e2`.
 */

import type { AjvError } from "./generated/validators.js";
import type { TypeName } from "./generated/schema.js";
import { escapePointerToken, pointerFromPath, type Problem } from "./errors.js";
import { pathFromPointer, schemaAt, unionTags } from "./schema-walk.js";

const SHORT = 60;

function show(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) return String(value);
  return text.length <= SHORT ? text : `${text.slice(0, SHORT)}...`;
}

/** The value at an RFC 6901 pointer, or undefined. */
function valueAt(document: unknown, pointer: string): unknown {
  let value = document;
  for (const token of pathFromPointer(pointer)) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[token];
  }
  return value;
}

function got(document: unknown, pointer: string): string {
  const value = valueAt(document, pointer);
  if (value !== null && typeof value === "object") return Array.isArray(value) ? " (got an array)" : " (got an object)";
  return ` (got ${show(value)})`;
}

/** One problem per ajv error, with the document's own pointer. */
export function problemsFromAjv(typeName: TypeName, errors: readonly AjvError[], document: unknown): Problem[] {
  const problems: Problem[] = [];
  for (const error of errors) {
    const at = error.instancePath;
    const params = error.params;
    switch (error.keyword) {
      case "required":
        problems.push({
          pointer: `${at}/${escapePointerToken(String(params["missingProperty"]))}`,
          message: "required member is missing",
          rule: "required",
        });
        break;
      case "additionalProperties":
        problems.push({
          pointer: `${at}/${escapePointerToken(String(params["additionalProperty"]))}`,
          message: "unknown member (this type is closed; check the spelling or the schema version)",
          rule: "additionalProperties",
        });
        break;
      case "discriminator": {
        const tag = String(params["tag"]);
        const pointer = `${at}/${escapePointerToken(tag)}`;
        const union = schemaAt(typeName, document, pathFromPointer(at), true);
        const expected = union === undefined ? "" : ` (expected one of ${unionTags(union).map(show).join(", ")})`;
        const value = valueAt(document, pointer);
        const message =
          value === undefined ? `required tag "${tag}" is missing${expected}` : `unknown tag ${show(value)}${expected}`;
        problems.push({ pointer, message, rule: "discriminator" });
        break;
      }
      case "enum": {
        const allowed = (params["allowedValues"] as unknown[] | undefined) ?? [];
        problems.push({ pointer: at, message: `must be one of ${allowed.map(show).join(", ")}${got(document, at)}`, rule: "enum" });
        break;
      }
      case "const":
        problems.push({ pointer: at, message: `must be ${show(params["allowedValue"])}${got(document, at)}`, rule: "const" });
        break;
      case "minLength":
      case "maxLength":
        problems.push({
          pointer: at,
          message: `${error.message ?? error.keyword} (counted in Unicode code points)${got(document, at)}`,
          rule: error.keyword,
        });
        break;
      default:
        problems.push({ pointer: at, message: `${error.message ?? error.keyword}${got(document, at)}`, rule: error.keyword });
    }
  }
  return problems;
}

/** Problems for integral numbers written with a fraction or exponent where the schema wants an integer. */
export function integerLiteralProblems(
  typeName: TypeName,
  document: unknown,
  integralFloats: readonly (string | number)[][],
): Problem[] {
  const problems: Problem[] = [];
  for (const path of integralFloats) {
    if (schemaAt(typeName, document, path)?.type === "integer") {
      problems.push({
        pointer: pointerFromPath(path),
        message: "must be written as an integer literal, with no fraction or exponent",
        rule: "integer-literal",
      });
    }
  }
  return problems;
}
