/**
 * Find the schema that governs a place in a document, by walking the bundled schema beside the value.
 *
 * Used where ajv cannot help: to tell whether an integral number written as `1.0` or `1e2` sits in a
 * field typed `integer` (ajv sees only the parsed number, which is the same for `1` and `1.0`), and to
 * list the tags a union accepts when a document names an unknown one.
 */

import { schema, type SchemaNode, type TypeName } from "./generated/schema.js";

const DEFS: { readonly [name: string]: SchemaNode | undefined } = schema.$defs;

/** Follow `$ref`s to the schema they name. */
export function resolve(node: SchemaNode): SchemaNode {
  let current = node;
  while (current.$ref !== undefined) {
    const target = DEFS[current.$ref.replace("#/$defs/", "")];
    if (target === undefined) throw new Error(`the bundled schema has no ${current.$ref}`);
    current = target;
  }
  return current;
}

/** The tag values a tagged union accepts, in schema order. */
export function unionTags(union: SchemaNode): string[] {
  const property = union.discriminator?.propertyName;
  if (property === undefined) return [];
  return (union.oneOf ?? []).map((branch) => String(resolve(branch).properties?.[property]?.const));
}

function variant(union: SchemaNode, value: unknown): SchemaNode | undefined {
  const property = union.discriminator?.propertyName;
  if (property === undefined || typeof value !== "object" || value === null) return undefined;
  const tag = (value as Record<string, unknown>)[property];
  for (const branch of union.oneOf ?? []) {
    const resolved = resolve(branch);
    if (resolved.properties?.[property]?.const === tag) return resolved;
  }
  return undefined;
}

/**
 * The schema for the value at `path` inside a document of type `typeName`, or undefined where the
 * schema says nothing (free-form JSON, unknown members, unknown union tags). A union at the end of the
 * path is resolved to the variant its tag selects, unless `keepUnion` is set.
 */
export function schemaAt(
  typeName: TypeName,
  document: unknown,
  path: readonly (string | number)[],
  keepUnion = false,
): SchemaNode | undefined {
  let node: SchemaNode | undefined = resolve(schema.$defs[typeName]);
  let value = document;
  for (const token of path) {
    if (node.oneOf !== undefined) node = variant(node, value);
    if (node === undefined) return undefined;
    let next: SchemaNode | undefined;
    if (Array.isArray(value)) next = node.items;
    else next = node.properties?.[token] ?? (typeof node.additionalProperties === "object" ? node.additionalProperties : undefined);
    if (next === undefined) return undefined;
    node = resolve(next);
    value = (value as Record<string | number, unknown>)[token];
  }
  if (node.oneOf !== undefined && !keepUnion) node = variant(node, value);
  return node;
}

/** `"/parts/0/type"` -> `["parts", "0", "type"]` (RFC 6901 unescaped). */
export function pathFromPointer(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}
