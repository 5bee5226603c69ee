/**
 * Tolerant reading (spec section 12): decode a document of a newer v1.x, keep what this reader does not know,
 * and write it back out unchanged. The same algorithm as Python's `wirechat.tolerant` and Go's
 * `wirechat.DecodeTolerant`, over the bundled schema this package was generated from.
 *
 * `decodeTolerant(input, "Message")` parses with the I-JSON checks of `decode`, then sets aside, in document
 * order: an unknown member of an object (`member`); an array element whose union tag this reader does not
 * know (`variant`, e.g. a new part type), kept whole; a value of an open enum (one that lists `other`) that
 * this reader does not know (`enum`), read as `other`. The rest is validated strictly. `encodeTolerant` and
 * `canonicalTolerant` put every item back at the JSON pointer it came from (an enum value only where the
 * value still reads `other`); a place that is gone is a `TolerantRestoreError`, never a silent drop.
 */

import { WireError, escapePointerToken, WirechatError } from "./errors.js";
import type { WireTypes } from "./generated/types.js";
import { schema, type SchemaNode, type TypeName } from "./generated/schema.js";
import { parseWithProblems, pointerAtEnd } from "./ijson.js";
import { integerLiteralProblems } from "./schema-problems.js";
import { orderProblems } from "./problem-order.js";
import { decodeUtf8 } from "./utf8.js";
import { checkSize, encode, schemaProblems, validate, type DecodeOptions } from "./codec.js";
import { canonical } from "./canonical.js";
import { writeJson } from "./json-writer.js";

/** An enum that lists this value is open: a tolerant reader reads an unknown value of it as this one. */
export const OPEN_ENUM_FALLBACK = "other";

/** One item the reader did not know: where it was (for a member: its object's pointer) and what it was. */
export interface Unknown {
  readonly kind: "member" | "variant" | "enum";
  readonly pointer: string;
  readonly value: unknown;
  readonly name?: string;
}

/** A tolerantly decoded value and what was set aside from it, in document order. */
export interface Tolerant<K extends TypeName> {
  readonly value: WireTypes[K];
  readonly unknown: readonly Unknown[];
  readonly typeName: K;
}

/** A set-aside item's place (its JSON pointer) is gone from the value being written. */
export class TolerantRestoreError extends WirechatError {
  override name = "TolerantRestoreError";
}

type Json = unknown;
const defs = schema.$defs as { readonly [name: string]: SchemaNode };

function resolve(node: SchemaNode): SchemaNode {
  let current = node;
  while (current.$ref !== undefined) current = defs[current.$ref.slice(current.$ref.lastIndexOf("/") + 1)]!;
  return current;
}

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function variantOf(union: SchemaNode, tagValue: Json): SchemaNode | undefined {
  if (typeof tagValue !== "string") return undefined;
  const tag = union.discriminator!.propertyName;
  for (const branch of union.oneOf!) {
    const variant = resolve(branch);
    if (variant.properties?.[tag]?.const === tagValue) return variant;
  }
  return undefined;
}

function unknownVariant(union: SchemaNode, value: Json): boolean {
  if (union.oneOf === undefined || !isObject(value)) return false;
  const tagValue = value[union.discriminator!.propertyName];
  return typeof tagValue === "string" && variantOf(union, tagValue) === undefined;
}

function walk(value: Json, schemaNode: SchemaNode, pointer: string, out: Unknown[]): Json {
  const node = resolve(schemaNode);
  if (node.oneOf !== undefined) {
    if (!isObject(value)) return value;
    const variant = variantOf(node, value[node.discriminator!.propertyName]);
    return variant === undefined ? value : walk(value, variant, pointer, out);
  }
  if (isObject(value) && node.properties !== undefined) {
    const kept: Record<string, Json> = {};
    for (const [name, member] of Object.entries(value)) {
      const memberSchema = Object.prototype.hasOwnProperty.call(node.properties, name) ? node.properties[name] : undefined;
      if (memberSchema !== undefined) kept[name] = walk(member, memberSchema, `${pointer}/${escapePointerToken(name)}`, out);
      else if (node.additionalProperties === false) out.push({ kind: "member", pointer, value: member, name });
      else kept[name] = member;
    }
    return kept;
  }
  if (isObject(value) && typeof node.additionalProperties === "object") {
    const values = node.additionalProperties;
    const kept: Record<string, Json> = {};
    for (const [name, member] of Object.entries(value)) kept[name] = walk(member, values, `${pointer}/${escapePointerToken(name)}`, out);
    return kept;
  }
  if (Array.isArray(value) && node.items !== undefined) {
    const union = resolve(node.items);
    const kept: Json[] = [];
    value.forEach((item, index) => {
      if (unknownVariant(union, item)) out.push({ kind: "variant", pointer: `${pointer}/${index}`, value: item });
      else kept.push(walk(item, node.items!, `${pointer}/${index}`, out));
    });
    return kept;
  }
  if (typeof value === "string" && node.enum !== undefined && !node.enum.includes(value) && node.enum.includes(OPEN_ENUM_FALLBACK)) {
    out.push({ kind: "enum", pointer, value });
    return OPEN_ENUM_FALLBACK;
  }
  return value;
}

/** `value` without what the schema of `typeName` does not know, and the items set aside. */
export function split(value: Json, typeName: TypeName): { cleaned: Json; unknown: Unknown[] } {
  const unknown: Unknown[] = [];
  const cleaned = walk(value, { $ref: `#/$defs/${typeName}` }, "", unknown);
  return { cleaned, unknown };
}

function tokens(pointer: string): string[] {
  return pointer === "" ? [] : pointer.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function at(tree: Json, path: readonly string[], item: Unknown): Json {
  let node = tree;
  for (const token of path) {
    if (isObject(node) && Object.prototype.hasOwnProperty.call(node, token)) node = node[token];
    else if (Array.isArray(node) && /^\d+$/.test(token) && Number(token) < node.length) node = node[Number(token)];
    else {
      const what = item.name !== undefined ? ` (${JSON.stringify(item.name)})` : "";
      throw new TolerantRestoreError(
        `${item.pointer || "/"}: the ${item.kind} set aside here${what} has no place to go back to: the value no longer has this member or array element`,
      );
    }
  }
  return node;
}

/** Put every set-aside item back into `tree` (plain JSON), in document order; return the tree. */
export function restore(tree: Json, unknown: readonly Unknown[]): Json {
  let root = tree;
  for (const item of unknown) {
    const path = tokens(item.pointer);
    if (item.kind === "member") {
      const target = at(root, path, item);
      if (!isObject(target) || Object.prototype.hasOwnProperty.call(target, item.name!)) {
        throw new TolerantRestoreError(`${item.pointer || "/"}: cannot put member ${JSON.stringify(item.name)} back`);
      }
      target[item.name!] = item.value;
    } else if (item.kind === "variant") {
      const parent = at(root, path.slice(0, -1), item);
      const index = Number(path[path.length - 1]);
      if (!Array.isArray(parent) || index > parent.length) {
        throw new TolerantRestoreError(`${item.pointer}: the array is shorter than when it was read`);
      }
      parent.splice(index, 0, item.value);
    } else if (path.length > 0) {
      const parent = at(root, path.slice(0, -1), item) as Record<string, Json> | Json[];
      const key = path[path.length - 1]!;
      if (at(root, path, item) === OPEN_ENUM_FALLBACK) (parent as Record<string, Json>)[Array.isArray(parent) ? Number(key) : key] = item.value;
    } else if (root === OPEN_ENUM_FALLBACK) root = item.value;
  }
  return root;
}

/** Read a document of type `typeName` tolerantly (see the module comment); `WireError` for what stays wrong.
 * `options.maxBytes` refuses a longer document before it is read, as `decode` does. */
export function decodeTolerant<K extends TypeName>(input: string | Uint8Array, typeName: K, options: DecodeOptions = {}): Tolerant<K> {
  checkSize(input, options.maxBytes, typeName);
  let outcome: ReturnType<typeof parseWithProblems>;
  try {
    outcome = typeof input === "string" ? parseWithProblems(input) : parseWithProblems(decodeUtf8(input, pointerAtEnd), true);
  } catch (error) {
    if (error instanceof WireError && error.typeName === undefined) throw new WireError(error.problems, typeName);
    throw error;
  }
  // Number faults hold anywhere, set-aside items included; integer literals only where the schema says integer.
  const numberProblems = outcome.problems.concat(integerLiteralProblems(typeName, outcome.value, outcome.integralFloats));
  const { cleaned, unknown } = split(outcome.value, typeName);
  if (numberProblems.length > 0) {
    // Every schema problem is listed with the number problems, as Python and Go list them (a number's own
    // pointer keeps its one problem, spec section 5). Not through validate: it stops at the value's I-JSON
    // faults (an unsafe integer read as a double), and the schema's problems were lost (issue 26 item 10).
    const numbers = new Set(numberProblems.map((p) => p.pointer));
    const others = schemaProblems(typeName, cleaned).filter((p) => !numbers.has(p.pointer) && p.rule !== "too-many-problems");
    throw new WireError(orderProblems(numberProblems.concat(others)), typeName);
  }
  const value: WireTypes[K] = validate(cleaned, typeName);
  return { value, unknown, typeName };
}

/** The value as plain JSON with every set-aside item back in place. */
export function toJsonTolerant<K extends TypeName>(read: Tolerant<K>): unknown {
  return restore(JSON.parse(encode(read.value, read.typeName)), read.unknown);
}

/** Compact JSON of the value with every set-aside item back in place. */
export function encodeTolerant<K extends TypeName>(read: Tolerant<K>): string {
  return writeJson(toJsonTolerant(read));
}

/** RFC 8785 text of the value with every set-aside item back in place. */
export function canonicalTolerant<K extends TypeName>(read: Tolerant<K>): string {
  return canonical(toJsonTolerant(read));
}
