/**
 * Spec section 5 in the TypeScript package: where a text fault is (offset, pointer, line and column),
 * the order, deduplication and cap of problem lists, the size limit, `(root)` in messages, wrong
 * arguments from plain JavaScript, and decoding time that stays linear in the number of bad items.
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { runInNewContext } from "node:vm";

import fc from "fast-check";

import { comparePointers, decode, MAX_PROBLEMS, schema, WireError, type TypeName } from "../src/index.js";
import { packageRoot } from "./support.js";

/** [pointer, rule, line, column] of every problem decode reports. */
function problems(input: unknown, type: TypeName = "JsonValue", options?: { maxBytes?: number }): unknown[][] {
  try {
    decode(input as string, type, options);
  } catch (error) {
    assert.ok(error instanceof WireError, String(error));
    return error.problems.map((p) => [p.pointer, p.rule, p.line, p.column]);
  }
  assert.fail("decode accepted the document");
}

const bytes = (...parts: (string | number)[]): Uint8Array =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? Array.from(new TextEncoder().encode(part)) : [part])));

describe("text faults: offset, pointer, line and column (section 5.1)", () => {
  const cases: [string, string | Uint8Array, string, string, number, number][] = [
    ["a member with no value: the value has not begun", '{"a":}', "", "syntax", 1, 6],
    ["a broken literal: the value has begun", '{"a":tru}', "/a", "syntax", 1, 9],
    ["a trailing comma", "[1,]", "", "syntax", 1, 4],
    ["a number followed by junk has ended", "[1.5x]", "", "syntax", 1, 5],
    ["a number cut after its point has not ended", "[1.]", "/0", "syntax", 1, 4],
    ["trailing data: the root has ended", "{} x", "", "syntax", 1, 4],
    ["the end of the text inside a string", '{"a":"x', "/a", "syntax", 1, 8],
    ["the end of an empty text", "", "", "syntax", 1, 1],
    ["the end of a text of whitespace", "  \n ", "", "syntax", 2, 2],
    ["a bad escape: the character after the backslash", '["\\x"]', "/0", "syntax", 1, 4],
    ["a bad \\u escape: the first digit that is not hexadecimal", '["\\u12G4"]', "/0", "syntax", 1, 7],
    ["columns count code points, not UTF-16 units", '["\u{1F600}\u{1F600}" x]', "", "syntax", 1, 7],
    ["lines count line feeds only", '{\r\n"a":\n [1,\r\n \r 2,]}', "/a", "syntax", 4, 6],
    ["a byte-order mark", "\ufeff{}", "", "bom", 1, 1],
    ["an escaped lone surrogate: its backslash", '{"t":"ab\\ud800\\u0041"}', "/t", "lone-surrogate", 1, 9],
    ["a lone surrogate in a member name: its object", '{"x":{"\\udc00":1}}', "/x", "lone-surrogate", 1, 8],
    ["a raw lone surrogate in a string input wins over an earlier syntax error", '[x, "\ud800"]', "", "lone-surrogate", 1, 6],
    ["a duplicate: the opening quote of the second name", '{"u":{"n":1,\n "n":2}}', "/u/n", "duplicate-key", 2, 2],
    ["a duplicate stops decoding before a later schema problem", '{"role":"x","role":"user","parts":1}', "/role", "duplicate-key", 1, 13],
    ["bad UTF-8: the first bad byte, inside a string", bytes('["\u00e9', 0xff, '"]'), "/0", "utf8", 1, 4],
    ["bad UTF-8 wins over an earlier syntax error", bytes("[x,\n ", 0xc3, 0x28), "", "utf8", 2, 2],
    ["a surrogate written as UTF-8", bytes('{"t":"', 0xed, 0xa0, 0x80, '"}'), "/t", "lone-surrogate", 1, 7],
    ["a byte-order mark comes before bad UTF-8", bytes(0xef, 0xbb, 0xbf, "[", 0xff), "", "bom", 1, 1],
  ];
  for (const [what, input, pointer, rule, line, column] of cases) {
    test(what, () => assert.deepEqual(problems(input), [[pointer, rule, line, column]]));
  }
  test("depth: the bracket that opens level 201, at the innermost value begun (level 200)", () => {
    const level200 = "/0".repeat(199);
    assert.deepEqual(problems("[".repeat(201) + "]".repeat(201)), [[level200, "depth", 1, 201]]);
    assert.deepEqual(problems("[".repeat(200) + "{}" + "]".repeat(200)), [[level200, "depth", 1, 201]]);
    assert.deepEqual(problems('{"a":'.repeat(200) + "[]" + "}".repeat(200)), [["/a".repeat(199), "depth", 1, 1001]]);
  });
  test("a text fault is the only problem, and the message gives its place", () => {
    assert.throws(
      () => decode('{"role":1,"parts":[],\n"parts":[]}', "Message"),
      /invalid Message \(1 problem\):\n {2}\/parts: duplicate member name "parts" \(line 2, column 1\)/,
    );
  });
});

describe("order, duplicates and the cap (section 5.2)", () => {
  test("decimal tokens first and by value, other tokens by code points as written; a prefix first", () => {
    const sorted = ["/a/10", "/ab", "", "/a/2", "/a", "/\u{10000}", "/a/", "/\ue000", "/a/2/x", "/a/b", "/B", "/a/09"].sort(comparePointers);
    assert.deepEqual(sorted, ["", "/B", "/a", "/a/2", "/a/2/x", "/a/09", "/a/10", "/a/", "/a/b", "/ab", "/\ue000", "/\u{10000}"]);
    // a total order (issue 26 item 4): decimal tokens first, by value then as written; tokens as written
    assert.deepEqual(["/x", "/1x", "/10", "/02", "/2"].sort(comparePointers), ["/02", "/2", "/10", "/1x", "/x"]);
    assert.deepEqual(["/a~1b", "/a~0b", "/ab"].sort(comparePointers), ["/ab", "/a~0b", "/a~1b"]);
  });
  test("the in-place comparison agrees with a token-by-token reference on random pointers", () => {
    const reference = (a: string, b: string): number => {
      const x = a.split("/").slice(1);
      const y = b.split("/").slice(1);
      for (let i = 0; i < Math.min(x.length, y.length); i++) {
        const [p, q] = [x[i]!, y[i]!];
        const [dp, dq] = [/^[0-9]+$/.test(p), /^[0-9]+$/.test(q)];
        if (dp !== dq) return dp ? -1 : 1;
        if (dp && dq && BigInt(p) !== BigInt(q)) return BigInt(p) < BigInt(q) ? -1 : 1;
        const [cp, cq] = [Array.from(p, (c) => c.codePointAt(0)!), Array.from(q, (c) => c.codePointAt(0)!)];
        for (let k = 0; k < Math.min(cp.length, cq.length); k++) if (cp[k] !== cq[k]) return cp[k]! - cq[k]!;
        if (cp.length !== cq.length) return cp.length - cq.length;
      }
      return x.length - y.length;
    };
    const token = fc.oneof(fc.constantFrom("0", "1", "2", "10", "01", "00", "9", "a", "ab", "", "~1", "\ue000", "\u{10000}"), fc.nat().map(String));
    const pointer = fc.array(token, { maxLength: 4 }).map((tokens) => tokens.map((t) => `/${t}`).join(""));
    fc.assert(
      fc.property(pointer, pointer, (a, b) => Math.sign(comparePointers(a, b)) === Math.sign(reference(a, b))),
      { seed: 1, numRuns: 3000 },
    );
  });
  test("number and schema problems mix, in pointer order; a bad number has its number rule alone", () => {
    const text = '{"model":"m","messages":[],"options":{"max_tokens":1e400,"temperature":"hot"},"zz":1}';
    assert.deepEqual(problems(text, "ChatRequest").map(([pointer, rule]) => `${String(pointer)} ${String(rule)}`), [
      "/messages minItems",
      "/options/max_tokens number-overflow",
      "/options/temperature type",
      "/zz additionalProperties",
    ]);
  });
  test("a number rule or integer-literal replaces the checks of the value the number was read as", () => {
    const options = (text: string): string[] =>
      problems(`{"model":"m","messages":[{"role":"user","parts":[]}],"options":${text}}`, "ChatRequest").map(([p, r]) => `${String(p)} ${String(r)}`);
    assert.deepEqual(options('{"max_tokens":1e400}'), ["/options/max_tokens number-overflow"]); // not also `type`
    assert.deepEqual(options('{"max_tokens":-1.0}'), ["/options/max_tokens integer-literal"]); // not also `minimum`
    assert.deepEqual(options('{"temperature":1e16}'), ["/options/temperature unsafe-integer"]); // not also `maximum`
    assert.deepEqual(options('{"max_tokens":-1}'), ["/options/max_tokens minimum"]);
  });
  test(`more than ${MAX_PROBLEMS} problems: the first ${MAX_PROBLEMS} in order, then a count`, () => {
    const parts = Array(150).fill('{"type":"text","text":1}').join(",");
    try {
      decode(`{"role":"user","parts":[${parts}]}`, "Message");
      assert.fail("accepted");
    } catch (error) {
      assert.ok(error instanceof WireError);
      assert.equal(error.problems.length, MAX_PROBLEMS + 1);
      assert.deepEqual(error.problems.slice(0, 3).map((p) => p.pointer), ["/parts/0/text", "/parts/1/text", "/parts/2/text"]);
      assert.equal(error.problems[MAX_PROBLEMS - 1]!.pointer, "/parts/99/text");
      assert.deepEqual(error.problems[MAX_PROBLEMS], { pointer: "", message: "and 50 more problems", rule: "too-many-problems" });
    }
  });
  test("the bundled schema checks each value against one schema, so ajv never repeats a pointer and rule", () => {
    // decode counts the problems past the cap without a table of every key (selectProblems, distinct):
    // that needs no allOf/anyOf/not/if, a discriminator on every oneOf, and no $ref with assertions beside it.
    const found: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${at}/${i}`));
      if (node === null || typeof node !== "object") return;
      const keys = Object.keys(node);
      for (const key of ["allOf", "anyOf", "not", "if", "dependentSchemas", "prefixItems", "contains", "patternProperties"]) {
        if (keys.includes(key)) found.push(`${at}: ${key}`);
      }
      if (keys.includes("oneOf") && !keys.includes("discriminator")) found.push(`${at}: oneOf without a discriminator`);
      if (keys.includes("$ref") && keys.some((k) => !["$ref", "description", "title", "$comment"].includes(k))) found.push(`${at}: $ref with siblings`);
      for (const [key, value] of Object.entries(node)) if (!["const", "enum", "examples", "default"].includes(key)) walk(value, `${at}/${key}`);
    };
    walk(schema.$defs, "#/$defs");
    assert.deepEqual(found, []);
  });
  test("one problem per pointer and rule, the first given", () => {
    const error = new WireError([
      { pointer: "/b", message: "first", rule: "type" },
      { pointer: "/a", message: "a", rule: "type" },
      { pointer: "/b", message: "second", rule: "type" },
    ]);
    assert.deepEqual(error.problems.map((p) => [p.pointer, p.message]), [["/a", "a"], ["/b", "first"]]);
  });
  test("the root is written (root) in messages", () => {
    assert.throws(() => decode("1", "Message"), /\n {2}\(root\): must be object/);
  });
});

describe("the size limit (section 5.3) and wrong arguments", () => {
  const doc = '{"role":"user","parts":[]}';
  test("a longer document is refused before it is parsed, with both sizes", () => {
    assert.deepEqual(problems(doc + " x", "Message", { maxBytes: doc.length }), [["", "too-large", undefined, undefined]]);
    assert.deepEqual(problems(bytes(doc), "Message", { maxBytes: doc.length - 1 }), [["", "too-large", undefined, undefined]]);
    assert.throws(() => decode(doc, "Message", { maxBytes: 10 }), /26 bytes, more than the limit of 10 bytes/);
    decode(doc, "Message", { maxBytes: doc.length });
  });
  test("a string is measured in UTF-8 bytes", () => {
    const text = '"\u00e9\u00e9"'; // 4 characters, 6 bytes
    assert.deepEqual(problems(text, "JsonValue", { maxBytes: 5 }), [["", "too-large", undefined, undefined]]);
    assert.equal(decode(text, "JsonValue", { maxBytes: 6 }), "\u00e9\u00e9");
  });
  test("what plain JavaScript may pass instead of a document or a type name is a WireError", () => {
    for (const input of [42, null, undefined, {}, [1], new ArrayBuffer(2)]) {
      assert.deepEqual(problems(input, "Message"), [["", "type", undefined, undefined]]);
    }
    assert.throws(() => decode(42 as never, "Message"), /decode reads a string or a Uint8Array of UTF-8 bytes, not a number \(42\)/);
    assert.deepEqual(problems("{}", 42 as never), [["", "type", undefined, undefined]]);
    assert.deepEqual(decode(runInNewContext("new Uint8Array([91, 93])") as Uint8Array, "JsonValue"), []); // another realm's bytes
    assert.deepEqual(problems("{}", "JsonValue", { maxBytes: -1 }), [["", "type", undefined, undefined]]);
  });
});

describe("hostile documents: time linear in the number of invalid items", () => {
  test("the generated validators never copy their error array (the emitter refuses to)", () => {
    const lines = readFileSync(join(packageRoot(), "src", "generated", "validators.ts"), "utf8").split("\n");
    const code = lines.filter((line) => !line.startsWith("//")).join("\n");
    assert.doesNotMatch(code, /\.concat\(|vErrors = vErrors\b/);
    assert.match(code, /vErrors = appendErrors\(vErrors, validate\d+\.errors\);/);
  });
  test("4x the bad items take well under 16x the time (quadratic took 17x for 3x)", () => {
    const time = (count: number): number => {
      const text = `{"role":"user","parts":[${Array(count).fill('{"type":"text","text":1}').join(",")}]}`;
      let best = Infinity;
      for (let round = 0; round < 2; round++) {
        const start = performance.now();
        assert.throws(() => decode(text, "Message"), WireError);
        best = Math.min(best, performance.now() - start);
      }
      return best;
    };
    const small = time(10_000);
    const large = time(40_000);
    assert.ok(large < 10 * small + 200, `10k bad parts: ${small.toFixed(0)} ms, 40k: ${large.toFixed(0)} ms`);
  });
});

describe("which rules one value breaks (section 5)", () => {
  test("a number rule alone, a bad tag discriminator alone, a wrong type alone, else every failing keyword", () => {
    // issue 26 item 3: TypeScript added type beside enum and const
    const cases: [string, TypeName, string[][]][] = [
      ['{"role":1,"parts":[]}', "Message", [["/role", "type"]]],
      ['{"type":1,"text":"a"}', "TextPart", [["/type", "type"]]],
      ['{"type":9007199254740993,"text":"a"}', "Part", [["/type", "unsafe-integer"]]],
      ['{"type":"text","text":9007199254740993}', "Part", [["/text", "unsafe-integer"]]],
      ['{"transport":"stdio","name":"","command":"x"}', "McpServerConfig", [["/name", "minLength"], ["/name", "pattern"]]],
    ];
    for (const [text, type, expected] of cases) {
      assert.deepEqual(problems(text, type).map(([pointer, rule]) => [pointer, rule]), expected, text);
    }
  });
});

test("an unknown member holding an unsafe integer has additionalProperties beside unsafe-integer (section 5)", () => {
  // issue 26 item 3: the number's problem hid additionalProperties, which judges the member, not its value
  assert.deepEqual(
    problems('{"role":"user","parts":[],"x":9007199254740993}', "Message").map(([pointer, rule]) => [pointer, rule]),
    [["/x", "additionalProperties"], ["/x", "unsafe-integer"]],
  );
});
