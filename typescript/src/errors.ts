/**
 * `WireError`: the one error for a document that is not valid wirechat.
 *
 * It lists every problem found, each as an RFC 6901 JSON pointer into the document, a plain message and
 * the name of the rule it broke, so a caller can show all of them at once or act on one.
 */

/** One thing wrong with a document: where (a JSON pointer, `""` for the root), what, and which rule. */
export interface Problem {
  /** RFC 6901 pointer to the offending member or element; `""` is the whole document. */
  readonly pointer: string;
  /** A plain description of what is wrong. */
  readonly message: string;
  /**
   * The rule broken: a JSON Schema keyword (`required`, `additionalProperties`, `discriminator`, `type`,
   * `pattern`, ...) or one of the decoding rules (`syntax`, `utf8`, `bom`, `duplicate-key`,
   * `lone-surrogate`, `number-overflow`, `unsafe-integer`, `integer-literal`, `depth`, `json-value`).
   */
  readonly rule: string;
}

/** A document (or value) is not valid wirechat: `problems` says where and why, one entry per problem. */
export class WireError extends Error {
  readonly problems: readonly Problem[];
  /** The wire type the document was checked against, when there was one. */
  readonly typeName: string | undefined;

  constructor(problems: readonly Problem[], typeName?: string) {
    if (problems.length === 0) throw new RangeError("a WireError needs at least one problem");
    const what = typeName === undefined ? "invalid document" : `invalid ${typeName}`;
    const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
    const lines = problems.map((p) => `  ${p.pointer === "" ? "/" : p.pointer}: ${p.message}`);
    super(`${what} (${count}):\n${lines.join("\n")}`);
    this.name = "WireError";
    this.problems = problems;
    this.typeName = typeName;
  }
}

/** Escape one reference token for a JSON pointer: `~` -> `~0`, `/` -> `~1`. */
export function escapePointerToken(token: string | number): string {
  const text = String(token);
  return text.includes("~") || text.includes("/") ? text.replace(/~/g, "~0").replace(/\//g, "~1") : text;
}

/** `["parts", 0, "text"]` -> `"/parts/0/text"`. */
export function pointerFromPath(path: readonly (string | number)[]): string {
  let pointer = "";
  for (const token of path) pointer += "/" + escapePointerToken(token);
  return pointer;
}
