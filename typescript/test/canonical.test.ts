/**
 * `canonical` is RFC 8785: the official vectors, the number and string forms, and the refusals.
 */

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";

import { canonical, parseJson, WireError } from "../src/index.js";
import { packageRoot } from "./support.js";

const VECTORS = join(packageRoot(), "test", "fixtures", "jcs");

describe("official RFC 8785 vectors", () => {
  const names = readdirSync(join(VECTORS, "input")).filter((f) => f.endsWith(".json"));
  test("all six are present", () => assert.equal(names.length, 6));
  for (const name of names.sort()) {
    test(name, () => {
      const input = readFileSync(join(VECTORS, "input", name), "utf8");
      const expected = readFileSync(join(VECTORS, "output", name), "utf8");
      assert.equal(canonical(parseJson(input)), expected);
    });
  }
});

describe("numbers and strings", () => {
  const cases: [unknown, string][] = [
    [-0, "0"],
    [1e21, "1e+21"],
    [1e-7, "1e-7"],
    [0.000001, "0.000001"],
    [9007199254740991, "9007199254740991"],
    [1.5e20, "150000000000000000000"],
    [5e-324, "5e-324"],
    ["\u2028\u2029", '"\u2028\u2029"'],
    ["\u007f", '"\u007f"'],
    [{ b: 1, a: 2, A: 3, "": 4 }, '{"":4,"A":3,"a":2,"b":1}'],
    // Sorted by UTF-16 code units: U+FB33 sorts before U+1F600 (a surrogate pair starting 0xD83D).
    [{ "\u{1F600}": 1, "\uFB33": 2, "\u00e9": 3 }, '{"\u00e9":3,"\u{1F600}":1,"\uFB33":2}'],
    [{ a: undefined, b: [1, { c: undefined }] }, '{"b":[1,{}]}'],
  ];
  for (const [value, expected] of cases) {
    test(expected, () => assert.equal(canonical(value), expected));
  }
});

describe("refusals", () => {
  const bad: [string, unknown, string, string][] = [
    ["NaN", { a: Number.NaN }, "/a", "number-overflow"],
    ["Infinity", [1, Number.POSITIVE_INFINITY], "/1", "number-overflow"],
    ["a lone surrogate", { a: ["\ud800"] }, "/a/0", "lone-surrogate"],
    ["a lone surrogate in a name", { "\udc00": 1 }, "/\udc00", "lone-surrogate"],
    ["a bigint", { a: 1n }, "/a", "json-value"],
    ["a Date", { a: new Date(0) }, "/a", "json-value"],
    ["undefined in an array", [undefined], "/0", "json-value"],
    ["a function", () => 1, "", "json-value"],
  ];
  for (const [name, value, pointer, rule] of bad) {
    test(name, () =>
      assert.throws(
        () => canonical(value),
        (error: unknown) =>
          error instanceof WireError && error.problems.some((p) => p.pointer === pointer && p.rule === rule),
      ),
    );
  }
});
