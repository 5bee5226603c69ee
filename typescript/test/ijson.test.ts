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
  test("each I-JSON fault names the rule the Python and Go packages name", () => {
    const rules = (bytes: Uint8Array): [string, string][] => {
      try {
        decode(bytes, "JsonValue");
      } catch (error) {
        assert.ok(error instanceof WireError);
        return error.problems.map((p) => [p.pointer, p.rule]);
      }
      assert.fail("accepted");
    };
    // ASCII text then raw bytes
    const utf8 = (text: string, ...raw: number[]): Uint8Array => new Uint8Array([...Array.from(text, (c) => c.charCodeAt(0)), ...raw]);
    assert.deepEqual(rules(utf8('["a', 0xed, 0xa0, 0x80, 0x22, 0x5d)), [["/0", "lone-surrogate"]]);
    assert.deepEqual(rules(utf8('["a', 0xff, 0x22, 0x5d)), [["/0", "utf8"]]);
    assert.deepEqual(rules(utf8("[1" + "0".repeat(400) + "]")), [["/0", "unsafe-integer"]]);
    assert.deepEqual(rules(utf8("[1e400]")), [["/0", "number-overflow"]]);
  });
  test("a syntax error says where, by line and column", () => {
    assert.throws(() => parseJson('{\n  "a": [1,\n  2,]\n}'), /line 3 column 5/);
  });
});

describe("differential against JSON.parse (seeded random documents)", () => {
  let state = 20261121;
  const next = (): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
  const pieces = ["a", "Z", " ", "é", "東", "😀", '"', "\\", "/", "\n", "\t", "\u0001", "\u2028", "~"];
  const randomString = (): string => Array.from({ length: Math.floor(next() * 8) }, () => pieces[Math.floor(next() * pieces.length)]).join("");
  const numbers = [0, -0, 1, -1, 0.5, 1e-7, 123456.789, 9007199254740991, -9007199254740991, 1e300, 5e-324];
  const randomValue = (depth: number): unknown => {
    const roll = next();
    if (depth > 4 || roll < 0.3) return randomString();
    if (roll < 0.45) return numbers[Math.floor(next() * numbers.length)];
    if (roll < 0.5) return [true, false, null][Math.floor(next() * 3)];
    if (roll < 0.75) return Array.from({ length: Math.floor(next() * 4) }, () => randomValue(depth + 1));
    const object: Record<string, unknown> = {};
    for (let i = Math.floor(next() * 4); i > 0; i--) object[randomString()] = randomValue(depth + 1);
    return object;
  };
  const I_JSON_RULES = new Set(["duplicate-key", "lone-surrogate", "number-overflow", "unsafe-integer"]);
  const outcome = (run: () => unknown): unknown => {
    try {
      return { value: run() };
    } catch (error) {
      if (error instanceof WireError && error.problems.every((p) => I_JSON_RULES.has(p.rule))) return "not I-JSON";
      if (error instanceof SyntaxError || error instanceof WireError) return "error";
      throw error;
    }
  };

  test("the same value for 500 documents, pretty-printed and compact", () => {
    for (let i = 0; i < 500; i++) {
      const value = randomValue(0);
      for (const text of [JSON.stringify(value), JSON.stringify(value, null, i % 3)]) {
        assert.deepEqual(parseJson(text), JSON.parse(text), text);
        assert.equal(canonical(parseJson(text)), canonical(JSON.parse(text)));
      }
    }
  });
  test("the same verdict on every prefix and on single-character corruptions", () => {
    const junk = ['"', "\\", ",", ":", "]", "}", "{", "[", "-", "0", "e", ".", " ", "x", "\u0000"];
    for (let i = 0; i < 200; i++) {
      const text = JSON.stringify(randomValue(0));
      for (let cut = 0; cut < text.length; cut++) {
        const variants = [text.slice(0, cut), text.slice(0, cut) + junk[Math.floor(next() * junk.length)] + text.slice(cut + 1)];
        for (const variant of variants) {
          const ours = outcome(() => parseJson(variant));
          const theirs = outcome(() => JSON.parse(variant));
          // JSON.parse accepts what the I-JSON rules refuse (it reads 1e400 as Infinity, say).
          if (ours === "not I-JSON" && theirs !== "error") continue;
          assert.deepEqual(ours, theirs, JSON.stringify(variant));
        }
      }
    }
  });
});
