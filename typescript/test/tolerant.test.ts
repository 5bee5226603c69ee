/**
 * `decodeTolerant` (spec section 12): what is set aside, how it goes back, and what tolerance does not excuse.
 * The cross-language cases are conformance/cases/evolution/; these pin the TypeScript surface.
 */

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { canonical, canonicalTolerant, decode, decodeTolerant, encodeTolerant, parseJson, TolerantRestoreError, WireError } from "../src/index.js";
import { limitOf, tolerantCases } from "./corpus.js";

const V11 = {
  role: "assistant",
  created_at: "now",
  parts: [
    { type: "video", video: { source: "url", url: "https://x.test/v" } },
    { type: "text", text: "hi" },
    { type: "hologram", hologram: {} },
  ],
};

describe("decodeTolerant", () => {
  test("sets unknowns aside in document order and writes them back", () => {
    const read = decodeTolerant(JSON.stringify(V11), "Message");
    assert.deepEqual(read.value.parts.map((p) => p.type), ["text"]);
    assert.deepEqual(read.unknown.map((u) => [u.kind, u.pointer, u.name]), [
      ["member", "", "created_at"],
      ["variant", "/parts/0", undefined],
      ["variant", "/parts/2", undefined],
    ]);
    assert.equal(canonicalTolerant(read), canonical(V11));
    assert.deepEqual(JSON.parse(encodeTolerant(read)), V11);
    assert.throws(() => decode(JSON.stringify(V11), "Message"), WireError);
  });

  test("reads bytes too", () => {
    const read = decodeTolerant(new TextEncoder().encode(JSON.stringify(V11)), "Message");
    assert.equal(read.unknown.length, 3);
  });

  test("an open enum reads as other and goes back only where it still reads other", () => {
    const read = decodeTolerant('{"kind":"guardrail","raw":"G"}', "FinishReason");
    assert.equal(read.value.kind, "other");
    assert.equal(encodeTolerant(read), '{"kind":"guardrail","raw":"G"}');
    assert.equal(encodeTolerant({ ...read, value: { ...read.value, kind: "stop" } }), '{"kind":"stop","raw":"G"}');
  });

  test("closed enums, known faults and number faults are still rejected", () => {
    const problems = (text: string) => {
      try {
        decodeTolerant(text, "Message");
      } catch (error) {
        assert.ok(error instanceof WireError);
        return error.problems.map((p) => [p.pointer, p.rule]);
      }
      assert.fail("accepted");
    };
    assert.deepEqual(problems('{"role":"developer","parts":[],"x":1}'), [["/role", "enum"]]);
    assert.deepEqual(problems('{"role":"user","parts":[{"type":"text"}]}')[0]?.[1], "required");
    assert.deepEqual(problems('{"role":"user","role":"user","parts":[]}')[0]?.[1], "duplicate-key");
    assert.deepEqual(problems('{"role":"user","parts":[],"x":9007199254740993}')[0]?.[1], "unsafe-integer");
  });

  test("a place that is gone is an error, not a drop", () => {
    const read = decodeTolerant('{"messages":[{"role":"user","parts":[]},{"role":"user","parts":[],"created_at":"t"}]}', "ChatRequest");
    const first = read.value.messages.slice(0, 1);
    assert.throws(
      () => encodeTolerant({ ...read, value: { ...read.value, messages: first } }),
      (error) => error instanceof TolerantRestoreError && /^\/messages\/1: the member set aside here \("created_at"\)/.test(error.message),
    );
  });
});

describe("the corpus's tolerant cases (conformance/cases/evolution)", () => {
  const cases = tolerantCases();
  test("there are some", () => assert.ok(cases.length >= 5, String(cases.length)));
  for (const c of cases) {
    test(`${c.valid ? "valid" : "invalid"}: ${c.id}`, () => {
      if (!c.valid) {
        assert.throws(() => decodeTolerant(c.input, c.type, limitOf(c)), WireError);
        return;
      }
      const read = decodeTolerant(c.input, c.type, limitOf(c));
      const expected = canonical(c.result ?? parseJson(c.input as string));
      assert.equal(canonicalTolerant(read), expected);
      assert.equal(canonical(parseJson(encodeTolerant(read))), expected);
    });
  }
});

test("decodeTolerant lists the schema's problems beside a number problem in a typed member", () => {
  // issue 26 item 10: validate stopped at the unsafe integer read as a double, and /role enum was lost
  try {
    decodeTolerant('{"role":"bot","parts":[{"type":"text","text":9007199254740993}],"y":[1e400]}', "Message");
    assert.fail("decodeTolerant accepted the document");
  } catch (error) {
    assert.ok(error instanceof WireError, String(error));
    assert.deepEqual(
      error.problems.map((p) => [p.pointer, p.rule]),
      [["/parts/0/text", "unsafe-integer"], ["/role", "enum"], ["/y/0", "number-overflow"]],
    );
  }
});
