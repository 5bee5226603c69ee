/**
 * The decoding rules that JSON.parse does not enforce, as data (test/cases/ijson.json) plus the cases
 * that are easier to build in code: nesting depth and the parser's agreement with JSON.parse.
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";

import { canonical, decode, MAX_DEPTH, parseJson, WireError, type TypeName } from "../src/index.js";
import { packageRoot } from "./support.js";

interface Case {
  description: string;
  type: TypeName;
  text?: string;
  hex?: string;
  valid: boolean;
  canonical?: string;
  rule?: string;
  pointer?: string;
}

const CASES = (JSON.parse(readFileSync(join(packageRoot(), "test", "cases", "ijson.json"), "utf8")) as { cases: Case[] }).cases;

function input(c: Case): string | Uint8Array {
  return c.hex !== undefined ? new Uint8Array(Buffer.from(c.hex, "hex")) : c.text!;
}

function rejects(run: () => unknown, rule: string, pointer?: string): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof WireError, String(error));
    const match = error.problems.some((p) => p.rule === rule && (pointer === undefined || p.pointer === pointer));
    assert.ok(match, `expected ${rule} at ${pointer ?? "(any)"}, got ${JSON.stringify(error.problems)}`);
    return true;
  });
}

describe("I-JSON and decode-rule cases", () => {
  for (const c of CASES) {
    test(`${c.valid ? "valid" : "invalid"}: ${c.description}`, () => {
      if (c.valid) {
        const value = decode(input(c), c.type);
        if (c.canonical !== undefined) assert.equal(canonical(value), c.canonical);
        if (c.text !== undefined) assert.equal(canonical(decode(new TextEncoder().encode(c.text), c.type)), canonical(value));
      } else {
        rejects(() => decode(input(c), c.type), c.rule!, c.pointer);
      }
    });
  }
});

describe("nesting depth", () => {
  test(`${MAX_DEPTH} nested arrays are accepted`, () => {
    const text = "[".repeat(MAX_DEPTH) + "]".repeat(MAX_DEPTH);
    assert.equal(canonical(decode(text, "JsonValue")), text);
  });
  test(`${MAX_DEPTH + 1} nested arrays are refused, not a stack overflow`, () => {
    rejects(() => decode("[".repeat(MAX_DEPTH + 1) + "]".repeat(MAX_DEPTH + 1), "JsonValue"), "depth");
  });
  test("a very deep document is refused without reading it all", () => {
    rejects(() => parseJson("[".repeat(1_000_000)), "depth");
  });
  test(`${MAX_DEPTH} nested objects are accepted`, () => {
    const text = '{"a":'.repeat(MAX_DEPTH - 1) + "{}" + "}".repeat(MAX_DEPTH - 1);
    assert.equal(canonical(decode(text, "JsonObject")), text);
  });
});

describe("the parser builds what JSON.parse builds", () => {
  const samples = [
    '{"a":[1,2.5,-3e-2,true,false,null,"x\\n\\"y\\u00e9\\ud83d\\ude00"],"b":{},"c":[],"":0}',
    '  [ { "k" : "v" } , [ [ ] ] , "\\\\\\/" ]  ',
    '"just a string"',
    "0",
    "-12.5E+3",
    "null",
  ];
  for (const text of samples) {
    test(text.trim().slice(0, 40), () => assert.deepEqual(parseJson(text), JSON.parse(text)));
  }
  test("member order is kept", () => {
    assert.deepEqual(Object.keys(parseJson('{"b":1,"a":2,"c":3}') as object), ["b", "a", "c"]);
  });
  test("__proto__ becomes an own member, not the prototype", () => {
    const value = parseJson('{"__proto__":{"polluted":true}}') as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(value), Object.prototype);
    assert.deepEqual(Object.keys(value), ["__proto__"]);
    assert.equal(({} as Record<string, unknown>)["polluted"], undefined);
  });
  test("every problem in a document is listed, in document order", () => {
    assert.throws(
      () => parseJson('{"a":"\\ud800","b":1e400,"b":9007199254740992}'),
      (error: unknown) => {
        assert.ok(error instanceof WireError);
        assert.deepEqual(
          error.problems.map((p) => [p.pointer, p.rule]),
          [
            ["/a", "lone-surrogate"],
            ["/b", "number-overflow"],
            ["/b", "unsafe-integer"],
            ["/b", "duplicate-key"],
          ],
        );
        return true;
      },
    );
  });
  test("a syntax error says where, by line and column", () => {
    assert.throws(() => parseJson('{\n  "a": [1,\n  2,]\n}'), /line 3 column 5/);
  });
});
