/**
 * The decoding rules that JSON.parse does not enforce: every decode case of the shared conformance
 * corpus (conformance/cases), plus the cases that are easier to build in code: nesting depth and the
 * parser's agreement with JSON.parse.
 */

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { canonical, decode, MAX_DEPTH, parseJson, WireError } from "../src/index.js";
import { decodeCases, limitOf } from "./corpus.js";

const TEXT_FAULTS = new Set(["bom", "utf8", "syntax", "duplicate-key", "lone-surrogate", "depth"]);

function rejects(run: () => unknown, rule: string | undefined, pointer?: string): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof WireError, String(error));
    const match = error.problems.some((p) => (rule === undefined || p.rule === rule) && (pointer === undefined || p.pointer === pointer));
    assert.ok(match, `expected ${rule ?? "a problem"} at ${pointer ?? "(any)"}, got ${JSON.stringify(error.problems)}`);
    // A text fault is the only problem and says where it is; no other problem does (spec section 5.1).
    const fault = error.problems.find((p) => TEXT_FAULTS.has(p.rule));
    if (fault !== undefined) {
      assert.equal(error.problems.length, 1, JSON.stringify(error.problems));
      assert.ok(Number.isInteger(fault.line) && fault.line! >= 1 && Number.isInteger(fault.column) && fault.column! >= 1);
    } else {
      assert.ok(error.problems.every((p) => p.line === undefined && p.column === undefined), JSON.stringify(error.problems));
    }
    return true;
  });
}

describe("the conformance corpus (decode cases)", () => {
  const cases = decodeCases();
  test("the corpus is found and holds decode cases", () => assert.ok(cases.length > 100, String(cases.length)));
  for (const c of cases) {
    test(`${c.valid ? "valid" : "invalid"}: ${c.id}`, () => {
      if (c.valid) {
        const value = decode(c.input, c.type, limitOf(c));
        const expected = c.result !== undefined ? c.result : typeof c.input === "string" ? parseJson(c.input) : undefined;
        if (expected !== undefined) assert.equal(canonical(value), canonical(expected));
        if (typeof c.input === "string") assert.equal(canonical(decode(new TextEncoder().encode(c.input), c.type, limitOf(c))), canonical(value));
      } else {
        rejects(() => decode(c.input, c.type, limitOf(c)), c.rule, c.pointer);
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
  test("number problems are all listed, in the order of their pointers, without line and column", () => {
    assert.throws(
      () => parseJson('{"b":1e400,"a":9007199254740992,"c":[1e400,2e400],"d":"\\ud800"}'),
      (error: unknown) => {
        assert.ok(error instanceof WireError);
        // The lone surrogate is a text fault: it stops the parse, so it alone is reported.
        assert.deepEqual(error.problems.map((p) => [p.pointer, p.rule, p.line, p.column]), [["/d", "lone-surrogate", 1, 56]]);
        return true;
      },
    );
    assert.throws(
      () => parseJson('{"b":1e400,"a":9007199254740992,"c":[1e400,2e400]}'),
      (error: unknown) => {
        assert.ok(error instanceof WireError);
        assert.deepEqual(
          error.problems.map((p) => [p.pointer, p.rule, p.line, p.column]),
          [
            ["/a", "unsafe-integer", undefined, undefined],
            ["/b", "number-overflow", undefined, undefined],
            ["/c/0", "number-overflow", undefined, undefined],
            ["/c/1", "number-overflow", undefined, undefined],
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
    assert.throws(() => parseJson('{\n  "a": [1,\n  2,]\n}'), (error: unknown) => {
      assert.ok(error instanceof WireError);
      assert.deepEqual(error.problems.map((p) => [p.pointer, p.rule, p.line, p.column]), [["/a", "syntax", 3, 5]]);
      assert.match(error.message, /\/a: .* \(line 3, column 5\)/);
      return true;
    });
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
          // JSON.parse accepts what the I-JSON rules refuse (it reads 1e400 as Infinity, say), and a
          // lone surrogate or duplicate name before a syntax error is the fault that stops the parse.
          if (ours === "not I-JSON") continue;
          assert.deepEqual(ours, theirs, JSON.stringify(variant));
        }
      }
    }
  });
});
