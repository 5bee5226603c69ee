/**
 * `provider_options` checked against the adapter's published options schema before anything is encoded
 * (Python's `adapters/_options.py`), so `{"reasoning_effort": "bogus"}` is a `WireError` at
 * `/provider_options/openai-chat/reasoning_effort` rather than a 400 from the provider later. The schemas
 * use a small subset of JSON Schema (type, enum, const, minimum, maximum, maxLength, properties, required,
 * additionalProperties, oneOf), which is what this checks; for a `oneOf` that fails as a whole, the
 * problems of the one variant whose `const` tag matched are reported, as Python does.
 */

import { escapePointerToken, WireError, type Problem } from "../../errors.js";
import { isObject } from "./conversion.js";

export type OptionsSchema = { readonly [keyword: string]: unknown };

const show = (value: unknown) => JSON.stringify(value) ?? String(value);

function typeOk(value: unknown, type: string): boolean {
  switch (type) {
    case "object":
      return isObject(value);
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "number":
      return typeof value === "number";
    case "string":
      return typeof value === "string";
    case "boolean":
      return typeof value === "boolean";
    case "array":
      return Array.isArray(value);
    default:
      return true;
  }
}

function check(value: unknown, schema: OptionsSchema, at: string, out: Problem[]): void {
  const problem = (rule: string, message: string) => out.push({ pointer: at, rule, message });
  if (typeof schema["type"] === "string" && !typeOk(value, schema["type"])) {
    problem("type", `${show(value)} is not of type ${schema["type"]}`);
    return;
  }
  if (Array.isArray(schema["enum"]) && !schema["enum"].some((option) => option === value)) problem("enum", `${show(value)} is not one of ${show(schema["enum"])}`);
  if ("const" in schema && schema["const"] !== value) problem("const", `${show(schema["const"])} was expected`);
  if (typeof value === "number") {
    if (typeof schema["minimum"] === "number" && value < schema["minimum"]) problem("minimum", `${value} is less than the minimum of ${schema["minimum"]}`);
    if (typeof schema["maximum"] === "number" && value > schema["maximum"]) problem("maximum", `${value} is greater than the maximum of ${schema["maximum"]}`);
  }
  if (typeof value === "string" && typeof schema["maxLength"] === "number" && [...value].length > schema["maxLength"]) problem("maxLength", `${show(value)} is longer than ${schema["maxLength"]} characters`);
  if (Array.isArray(schema["oneOf"])) {
    const variants = schema["oneOf"].map((variant) => {
      const found: Problem[] = [];
      check(value, variant as OptionsSchema, at, found);
      return found;
    });
    const passing = variants.filter((found) => found.length === 0).length;
    if (passing !== 1) {
      const tagged = variants.filter((found) => found.length > 0 && found.every((p) => p.rule !== "const"));
      if (passing === 0 && tagged.length === 1) out.push(...tagged[0]!);
      else problem("oneOf", passing === 0 ? `${show(value)} is not valid under any of the given schemas` : `${show(value)} is valid under more than one of the given schemas`);
    }
  }
  if (!isObject(value)) return;
  const properties = isObject(schema["properties"]) ? schema["properties"] : {};
  if (Array.isArray(schema["required"])) for (const name of schema["required"]) if (!(name in value)) problem("required", `${show(name)} is a required property`);
  for (const [key, item] of Object.entries(value)) {
    const inner = properties[key];
    if (isObject(inner)) check(item, inner, `${at}/${escapePointerToken(key)}`, out);
    else if (schema["additionalProperties"] === false) problem("additionalProperties", `additional properties are not allowed (${show(key)} was unexpected)`);
  }
}

/** Throws `WireError` listing every way `options` (`provider_options[name]`) breaks `schema`, each at its pointer. */
export function checkOptions(options: unknown, name: string, schema: OptionsSchema, typeName = "ChatRequest"): void {
  const problems: Problem[] = [];
  check(options, schema, `/provider_options/${escapePointerToken(name)}`, problems);
  if (problems.length === 0) return;
  problems.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0));
  throw new WireError(problems, typeName);
}
