/**
 * What every adapter's converters share (Python's `_conversion` and `_parts`): warning and refusal
 * bookkeeping tied to the manifest, data URLs, compact JSON, `provider_metadata` helpers, checked reads of
 * provider JSON (each failure names its pointer), the reasoning replay rule and `provider_options` merging.
 */

import type { JsonObject, ProviderOptions, ReasoningPart, Reasoning, ToolDefinition } from "../../generated/types.js";
import { ConversionRefused, ProviderShapeError, type ConversionWarning, type Manifest } from "./contract.js";
import type { AjvValidator } from "../../generated/validators.js";
import { checkOptions } from "./options.js";

/** One conversion's warnings; `degrade` and `refuse` use the manifest's declared texts. */
export class Conversion {
  readonly warnings: ConversionWarning[];
  /** Warnings go to `warnings` when given (a caller's list, appended to in order), else to a new list. */
  constructor(readonly manifest: Manifest, warnings?: ConversionWarning[]) {
    this.warnings = warnings ?? [];
  }

  private support(feature: string, expected: string) {
    const support = this.manifest.features[feature];
    if (support === undefined || support.level !== expected) {
      throw new Error(`adapter ${expected} ${feature}, which its manifest declares ${support?.level ?? "nothing for"}`);
    }
    return support;
  }

  degrade(feature: string, where: string): void {
    const support = this.support(feature, "degraded");
    this.warnings.push({ feature, message: `${where || "/"}: ${support.message}`, where });
  }

  refuse(feature: string, where: string): ConversionRefused {
    const support = this.support(feature, "refused");
    return new ConversionRefused(feature, support.message, where || "/");
  }

  level(feature: string): string {
    const support = this.manifest.features[feature];
    if (support === undefined) throw new Error(`the manifest does not mention ${feature}`);
    return support.level;
  }

  /** Apply the declared level: true to carry, false after a degradation; throws for a refusal. */
  handle(feature: string, where: string): boolean {
    const level = this.level(feature);
    if (level === "lossless") return true;
    if (level === "degraded") {
      this.degrade(feature, where);
      return false;
    }
    throw this.refuse(feature, where);
  }
}

/** Compact JSON text (what Python's `json.dumps(..., separators=(",", ":"), ensure_ascii=False)` writes). */
export function compactJson(value: unknown): string {
  return JSON.stringify(value);
}

const DATA_URL = /^data:([A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/[A-Za-z0-9*][A-Za-z0-9!#$&^_.+*-]*);base64,([A-Za-z0-9+/]*={0,2})$/;

export function parseDataUrl(url: string): [string, string] | undefined {
  const found = DATA_URL.exec(url);
  return found === null ? undefined : [found[1]!, found[2]!];
}

export function buildDataUrl(mediaType: string, base64: string): string {
  return `data:${mediaType};base64,${base64}`;
}

/** The `provider` entry of a provider_metadata value (a copy, `{}` when absent) and whether other keys exist. */
export function metadataFor(metadata: Readonly<Record<string, JsonObject>> | undefined, provider: string): [Record<string, unknown>, boolean] {
  if (metadata === undefined || metadata === null) return [{}, false];
  const own = { ...(metadata[provider] ?? {}) };
  return [own, Object.keys(metadata).some((key) => key !== provider)];
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Python's truth of a JSON value (what `if body.get(key)` tests): false for null, false, 0, "", [] and {}. */
export function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (isObject(value)) return Object.keys(value).length > 0;
  return Boolean(value);
}

/** A JSON integer >= 0 (Python's `isinstance(v, int) and not isinstance(v, bool) and v >= 0`). */
export function isIndex(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

function typeName(value: unknown): string {
  if (Array.isArray(value)) return "list";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "string") return "str";
  return isObject(value) ? "dict" : "NoneType";
}

/** `obj[key]` checked to be an object (absent or null: undefined, or an error when required). */
export function getMap(obj: Record<string, unknown>, key: string, path: string, required = true): Record<string, unknown> | undefined {
  const value = obj[key];
  if (value === undefined || value === null) {
    if (required) throw new ProviderShapeError(`${path}/${key}`, "required object is missing");
    return undefined;
  }
  if (!isObject(value)) throw new ProviderShapeError(`${path}/${key}`, `expected an object, got ${typeName(value)}`);
  return value;
}

export function getList(obj: Record<string, unknown>, key: string, path: string, required = true): unknown[] | undefined {
  const value = obj[key];
  if (value === undefined || value === null) {
    if (required) throw new ProviderShapeError(`${path}/${key}`, "required array is missing");
    return undefined;
  }
  if (!Array.isArray(value)) throw new ProviderShapeError(`${path}/${key}`, `expected an array, got ${typeName(value)}`);
  return value;
}

export function getStr(obj: Record<string, unknown>, key: string, path: string, required = true): string | undefined {
  const value = obj[key];
  if (value === undefined || value === null) {
    if (required) throw new ProviderShapeError(`${path}/${key}`, "required string is missing");
    return undefined;
  }
  if (typeof value !== "string") throw new ProviderShapeError(`${path}/${key}`, `expected a string, got ${typeName(value)}`);
  return value;
}

/** A non-negative integer token count, or a `ProviderShapeError` naming `where`. */
export function tokenCount(value: unknown, where: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    throw new ProviderShapeError(where, `expected a token count (an integer >= 0), got ${JSON.stringify(value) ?? String(value)}`);
  }
  return value;
}

/** `text` (plain), `own` (signed or redacted by `provider`) or `foreign` (by someone else). */
export function reasoningDisposition(reasoning: Reasoning, provider: string): "text" | "own" | "foreign" {
  const signed = reasoning.signature !== undefined || reasoning.redacted_data !== undefined;
  if (!signed) return "text";
  return reasoning.issuer === provider ? "own" : "foreign";
}

/** The manifest feature a reasoning part falls under for `provider`. */
export function reasoningFeature(part: ReasoningPart, provider: string): string {
  const disposition = reasoningDisposition(part.reasoning, provider);
  if (disposition !== "own") return `reasoning.${disposition}`;
  const reasoning = part.reasoning;
  if (reasoning.redacted_data !== undefined && (reasoning.signature !== undefined || reasoning.text !== undefined)) return "reasoning.own_mixed";
  if (reasoning.text === "") return "reasoning.own_empty_text";
  return "reasoning.own";
}

/** The text a data part becomes where a provider has no data part. */
export function dataText(value: unknown): string {
  return compactJson(value);
}

/** Degrade or refuse the definition members the manifest does not carry losslessly. */
export function toolDefinitionExtras(tool: ToolDefinition, where: string, conv: Conversion): void {
  if (tool.output_schema !== undefined && conv.level("tools.output_schema") !== "lossless") conv.handle("tools.output_schema", `${where}/output_schema`);
  if (tool.annotations !== undefined && conv.level("tools.annotations") !== "lossless") conv.handle("tools.annotations", `${where}/annotations`);
}

/**
 * Copy `provider_options[name]` into `body`, after checking it with the adapter's generated options
 * validator when one is given (`WireError` with the pointers); a key the adapter already set is refused.
 */
export function mergeProviderOptions(options: ProviderOptions | undefined, name: string, body: Record<string, unknown>, validate?: AjvValidator): void {
  const own = options?.[name];
  if (own === undefined || own === null) return;
  if (validate !== undefined) checkOptions(own, name, validate);
  for (const [key, value] of Object.entries(own)) {
    if (key in body) {
      throw new ConversionRefused("provider_options", `'${key}' is set by the adapter from the canonical request; set it there instead`, `/provider_options/${name}/${key}`);
    }
    body[key] = value;
  }
}
