/**
 * Turn ajv's errors into the spec's problems: the pointer of the offending member and a plain message.
 * Placing an error is cheap and writing its message is not, so the two are apart: a document with a
 * million bad items has its messages written only for the problems that are reported.
 *
 * ajv reports a missing member at its object (`params.missingProperty`), an unknown one at its object
 * too (`params.additionalProperty`), and a bad or missing union tag at the union (`params.tag`); the
 * spec wants each at the member itself (`/parts/0/text`, `/parts/0/extra`, `/parts/0/type`). This
 * module also adds the check ajv cannot make: an `integer` field written as `1.0` or `1e2`, and keeps a
 * failing `type` alone at its pointer (spec section 5).
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

/** An ajv error placed at the document's own pointer; its message is written only if it is reported. */
export interface AjvDraft {
  readonly pointer: string;
  readonly rule: string;
  readonly error: AjvError;
}

/** Where each ajv error is, by the spec's pointer table, and its rule. */
export function ajvDrafts(errors: readonly AjvError[]): AjvDraft[] {
  const drafts: AjvDraft[] = new Array<AjvDraft>(errors.length);
  for (let i = 0; i < errors.length; i++) {
    const error = errors[i]!;
    const at = error.instancePath;
    const params = error.params;
    let pointer = at;
    if (error.keyword === "required") pointer = `${at}/${escapePointerToken(String(params["missingProperty"]))}`;
    else if (error.keyword === "additionalProperties") pointer = `${at}/${escapePointerToken(String(params["additionalProperty"]))}`;
    else if (error.keyword === "discriminator") pointer = `${at}/${escapePointerToken(String(params["tag"]))}`;
    drafts[i] = { pointer, rule: error.keyword, error };
  }
  return typeAlone(drafts);
}

/**
 * Spec section 5: a failing `type` is the only schema problem at its pointer. ajv checks `enum` and
 * `const` beside `type` (`{"role":1}` gives both); the other keywords apply to a value of the right type.
 */
function typeAlone(drafts: AjvDraft[]): AjvDraft[] {
  let typed: Set<string> | undefined;
  for (const draft of drafts) if (draft.rule === "type") (typed ??= new Set()).add(draft.pointer);
  if (typed === undefined) return drafts;
  const wrong = typed;
  return drafts.filter((draft) => draft.rule === "type" || !wrong.has(draft.pointer));
}

/** The problem of one draft, with its message. */
export function ajvProblem(typeName: TypeName, draft: AjvDraft, document: unknown): Problem {
  const { pointer, rule, error } = draft;
  const at = error.instancePath;
  const params = error.params;
  let message: string;
  switch (rule) {
    case "required":
      message = "required member is missing";
      break;
    case "additionalProperties":
      message = "unknown member (this type is closed; check the spelling or the schema version)";
      break;
    case "discriminator": {
      const tag = String(params["tag"]);
      const union = schemaAt(typeName, document, pathFromPointer(at), true);
      const expected = union === undefined ? "" : ` (expected one of ${unionTags(union).map(show).join(", ")})`;
      const value = valueAt(document, pointer);
      message = value === undefined ? `required tag "${tag}" is missing${expected}` : `unknown tag ${show(value)}${expected}`;
      break;
    }
    case "enum": {
      const allowed = (params["allowedValues"] as unknown[] | undefined) ?? [];
      message = `must be one of ${allowed.map(show).join(", ")}${got(document, at)}`;
      break;
    }
    case "const":
      message = `must be ${show(params["allowedValue"])}${got(document, at)}`;
      break;
    case "minLength":
    case "maxLength":
      message = `${error.message ?? rule} (counted in Unicode code points)${got(document, at)}`;
      break;
    default:
      message = `${error.message ?? rule}${got(document, at)}`;
  }
  return { pointer, message, rule };
}

/** One problem per ajv error, with the document's own pointer. */
export function problemsFromAjv(typeName: TypeName, errors: readonly AjvError[], document: unknown): Problem[] {
  return ajvDrafts(errors).map((draft) => ajvProblem(typeName, draft, document));
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
