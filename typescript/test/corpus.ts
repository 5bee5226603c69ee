/**
 * The shared conformance corpus (`conformance/cases/**\/*.json`, format `conformance/cases.schema.json`),
 * read by the TypeScript tests so that every language is held to the same cases. The folder is globbed:
 * case files are found wherever they are, whatever their names.
 */

import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

import type { TypeName } from "../src/index.js";
import { repoRoot } from "./support.js";

/** A decode case of the corpus, with its document as the bytes or text decode is given. */
export interface DecodeCase {
  /** `ijson/edges/duplicate-tag`: the file under cases/ without `.json`, then the case's name. */
  readonly id: string;
  readonly type: TypeName;
  readonly input: string | Uint8Array;
  readonly valid: boolean;
  /** For a valid case: the value whose RFC 8785 form the decoded value must have (default: the document). */
  readonly result?: unknown;
  readonly rule?: string;
  readonly pointer?: string;
  /** The decoder's size limit the case reads with (spec section 5.3). */
  readonly maxBytes?: number;
}

interface RawCase {
  op: string;
  name: string;
  type?: TypeName;
  mode?: "strict" | "tolerant";
  document?: unknown;
  text?: string;
  base64?: string;
  expand?: { pointer: string; unit: string; count: number }[];
  valid: boolean;
  result?: unknown;
  rule?: string;
  pointer?: string;
  max_bytes?: number;
}

/** Folders of the corpus that hold other things than cases (the runner skips them too): the resource
 * suite's rows. */
const NOT_CASES = new Set(["resource"]);

function caseFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? NOT_CASES.has(entry.name) ? [] : caseFiles(join(dir, entry.name))
        : entry.name.endsWith(".json") ? [join(dir, entry.name)] : [],
    )
    .sort();
}

/** Replace the string at `pointer` inside `document` by `unit` repeated `count` times. */
function expand(document: unknown, pointer: string, unit: string, count: number): void {
  const tokens = pointer.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
  let parent = document as Record<string, unknown>;
  for (const token of tokens.slice(0, -1)) parent = parent[token] as Record<string, unknown>;
  parent[tokens[tokens.length - 1]!] = unit.repeat(count);
}

function inputOf(raw: RawCase): string | Uint8Array {
  if (raw.text !== undefined) return raw.text;
  if (raw.base64 !== undefined) return new Uint8Array(Buffer.from(raw.base64, "base64"));
  const document = structuredClone(raw.document);
  for (const step of raw.expand ?? []) expand(document, step.pointer, step.unit, step.count);
  return JSON.stringify(document);
}

/** Every strict decode case of the corpus, in file order (`mode: tolerant` cases: `tolerantCases`). */
export function decodeCases(): DecodeCase[] {
  return corpusCases("strict");
}

/** The corpus's decode cases for the tolerant reader (spec section 12), in file order. */
export function tolerantCases(): DecodeCase[] {
  return corpusCases("tolerant");
}

function corpusCases(mode: "strict" | "tolerant"): DecodeCase[] {
  const root = join(repoRoot(), "conformance", "cases");
  const cases: DecodeCase[] = [];
  for (const file of caseFiles(root)) {
    const prefix = relative(root, file).replace(/\\/g, "/").replace(/\.json$/, "");
    for (const raw of (JSON.parse(readFileSync(file, "utf8")) as { cases: RawCase[] }).cases) {
      if (raw.op !== "decode" || raw.type === undefined || (raw.mode ?? "strict") !== mode) continue;
      cases.push({
        id: `${prefix}/${raw.name}`,
        type: raw.type,
        input: inputOf(raw),
        valid: raw.valid,
        ...(raw.result !== undefined ? { result: raw.result } : {}),
        ...(raw.rule !== undefined ? { rule: raw.rule } : {}),
        ...(raw.pointer !== undefined ? { pointer: raw.pointer } : {}),
        ...(raw.max_bytes !== undefined ? { maxBytes: raw.max_bytes } : {}),
      });
    }
  }
  return cases;
}

/** The options a case's decode takes: its size limit, when it sets one. */
export function limitOf(c: DecodeCase): { maxBytes?: number } {
  return c.maxBytes !== undefined ? { maxBytes: c.maxBytes } : {};
}
