/**
 * The shared examples (schema/v1/examples/<Type>/{valid,invalid}/*.json) get the verdicts the spec
 * gives them: every valid one decodes, from a string and from bytes, and round-trips to the same
 * RFC 8785 bytes; every invalid one is rejected with a problem at the example's `pointer`.
 */

import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";

import { canonical, decode, encode, parseJson, TYPE_NAMES, WireError, type TypeName } from "../src/index.js";
import { rawMember, repoRoot } from "./support.js";

const EXAMPLES = join(repoRoot(), "schema", "v1", "examples");

function cases(verdict: "valid" | "invalid"): [TypeName, string, string][] {
  const found: [TypeName, string, string][] = [];
  for (const typeName of readdirSync(EXAMPLES).sort()) {
    const dir = join(EXAMPLES, typeName, verdict);
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).sort()) {
      if (file.endsWith(".json")) found.push([typeName as TypeName, file, join(dir, file)]);
    }
  }
  return found;
}

test("every examples folder is named after a wire type", () => {
  for (const typeName of readdirSync(EXAMPLES)) assert.ok((TYPE_NAMES as readonly string[]).includes(typeName), typeName);
});

describe("valid examples decode and round-trip", () => {
  const valid = cases("valid");
  test("there are valid examples", () => assert.ok(valid.length > 0));
  for (const [typeName, file, path] of valid) {
    test(`${typeName}/valid/${file}`, () => {
      const bytes = readFileSync(path);
      const text = bytes.toString("utf8");
      const decoded = decode(text, typeName);
      assert.deepEqual(decode(new Uint8Array(bytes), typeName), decoded);
      const expected = canonical(parseJson(text));
      assert.equal(canonical(parseJson(encode(decoded, typeName))), expected);
      assert.equal(canonical(decoded), expected);
    });
  }
});

describe("invalid examples are rejected at their pointer", () => {
  const invalid = cases("invalid");
  test("there are invalid examples", () => assert.ok(invalid.length > 0));
  for (const [typeName, file, path] of invalid) {
    test(`${typeName}/invalid/${file}`, () => {
      const text = readFileSync(path, "utf8");
      const wrapper = JSON.parse(text) as { reason: string; pointer: string; document: unknown };
      assert.deepEqual(Object.keys(wrapper).sort(), ["document", "pointer", "reason"]);
      const document = rawMember(text, "document");
      assert.deepEqual(JSON.parse(document), wrapper.document, "the raw document text was cut wrongly");
      assert.throws(
        () => decode(document, typeName),
        (error: unknown) => {
          assert.ok(error instanceof WireError, String(error));
          const pointers = error.problems.map((p) => p.pointer);
          assert.ok(pointers.includes(wrapper.pointer), `expected a problem at ${wrapper.pointer}, got:\n${error.message}`);
          return true;
        },
      );
    });
  }
});
