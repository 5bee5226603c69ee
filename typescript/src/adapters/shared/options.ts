/**
 * `provider_options` checked against the adapter's published options schema before anything is encoded
 * (Python's `adapters/_options.py`), so `{"reasoning_effort": "bogus"}` is a `WireError` at
 * `/provider_options/openai-chat/reasoning_effort` rather than a 400 from the provider later. The check is
 * ajv's standalone code generated from each schema (`tables/options-validators.ts`, decision 034); this
 * module turns its errors into problems: for a `oneOf`/`anyOf` that fails as a whole, the problems of the
 * one variant whose `const` tag matched, as Python reports them, else the union's own problem.
 */

import { escapePointerToken, WireError, type Problem } from "../../errors.js";
import type { AjvError, AjvValidator } from "../../generated/validators.js";

const UNIONS = new Set(["oneOf", "anyOf"]);

const show = (value: unknown) => JSON.stringify(value) ?? String(value);

/** `child` is one of the errors a union gathered from its variants (deeper in both the schema and the value). */
function inside(child: AjvError, union: AjvError): boolean {
  return (
    child !== union &&
    child.schemaPath.startsWith(`${union.schemaPath}/`) &&
    (child.instancePath === union.instancePath || child.instancePath.startsWith(`${union.instancePath}/`))
  );
}

/** What is actually wrong in `errors` (Python's `_specific`): unions replaced by their tagged variant's errors. */
function specific(errors: readonly AjvError[]): AjvError[] {
  const unions = errors.filter((error) => UNIONS.has(error.keyword));
  const outer = unions.filter((union) => !unions.some((other) => inside(union, other)));
  // propertyNames: ajv reports the failing keyword on the name (at the object) and then propertyNames
  // itself; Python reports only the former.
  const out = errors.filter((error) => error.keyword !== "propertyNames" && !outer.some((union) => error === union || inside(error, union)));
  for (const union of outer) {
    const variants = new Map<string, AjvError[]>();
    for (const error of errors.filter((candidate) => inside(candidate, union))) {
      const index = error.schemaPath.slice(union.schemaPath.length + 1).split("/")[0]!;
      variants.set(index, [...(variants.get(index) ?? []), error]);
    }
    const tagged = [...variants.values()].filter((found) => {
      const nested = found.filter((error) => UNIONS.has(error.keyword));
      const own = found.filter((error) => !nested.some((other) => inside(error, other)));
      return own.every((error) => error.keyword !== "const");
    });
    const noneMatched = union.keyword === "anyOf" || union.params["passingSchemas"] === null;
    if (noneMatched && tagged.length === 1) out.push(...specific(tagged[0]!));
    else out.push(union);
  }
  return out;
}

function valueAt(root: unknown, pointer: string): unknown {
  let value = root;
  for (const token of pointer.split("/").slice(1)) {
    const key = token.replace(/~1/g, "/").replace(/~0/g, "~");
    value = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

/** Python's wording for the keywords the schemas use most; ajv's own message for the rest. */
function message(error: AjvError, value: unknown): string {
  const params = error.params;
  switch (error.keyword) {
    case "type":
      return `${show(value)} is not of type ${String(params["type"])}`;
    case "enum":
      return `${show(value)} is not one of ${show(params["allowedValues"])}`;
    case "const":
      return `${show(params["allowedValue"])} was expected`;
    case "minimum":
      return `${show(value)} is less than the minimum of ${show(params["limit"])}`;
    case "maximum":
      return `${show(value)} is greater than the maximum of ${show(params["limit"])}`;
    case "maxLength":
      return `${show(value)} is longer than ${show(params["limit"])} characters`;
    case "required":
      return `${show(params["missingProperty"])} is a required property`;
    case "additionalProperties":
      return `additional properties are not allowed (${show(params["additionalProperty"])} was unexpected)`;
    case "oneOf":
      return params["passingSchemas"] === null
        ? `${show(value)} is not valid under any of the given schemas`
        : `${show(value)} is valid under more than one of the given schemas`;
    default:
      return `${show(value)}: ${error.message ?? `fails ${error.keyword}`}`;
  }
}

/** Throws `WireError` listing every way `options` (`provider_options[name]`) breaks the adapter's options schema, each at its pointer. */
export function checkOptions(options: unknown, name: string, validate: AjvValidator, typeName = "ChatRequest"): void {
  if (validate(options)) return;
  const base = `/provider_options/${escapePointerToken(name)}`;
  const problems: Problem[] = specific(validate.errors ?? []).map((error) => ({
    pointer: base + error.instancePath,
    rule: error.keyword,
    message: message(error, valueAt(options, error.instancePath)),
  }));
  problems.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0));
  throw new WireError(problems, typeName);
}
