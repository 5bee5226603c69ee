/**
 * The helpers that carry behaviour: `addUsage`, tool arguments, message accessors, and `encode`.
 */

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  addUsage,
  buildArguments,
  decode,
  encode,
  messageText,
  parseArguments,
  toolCalls,
  toolResults,
  validate,
  WireError,
  type Message,
  type TokenUsage,
} from "../src/index.js";

function problemsOf(run: () => unknown): [string, string][] {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof WireError, String(error));
    return error.problems.map((p) => [p.pointer, p.rule]);
  }
  assert.fail("expected a WireError");
}

describe("addUsage", () => {
  const base: TokenUsage = { input_tokens: 10, output_tokens: 5, total_tokens: 15 };
  test("sums the required counts", () => {
    assert.deepEqual(addUsage(base, { input_tokens: 1, output_tokens: 2, total_tokens: 3 }), {
      input_tokens: 11,
      output_tokens: 7,
      total_tokens: 18,
    });
  });
  test("optional counts absent on both sides stay absent", () => {
    const sum = addUsage(base, base);
    for (const field of ["cache_read_input_tokens", "cache_write_input_tokens", "reasoning_output_tokens", "latency_ms", "cost_micros", "model"]) {
      assert.equal(field in sum, false, field);
    }
  });
  test("an optional count set on one side is kept; set on both, it sums", () => {
    const a: TokenUsage = { ...base, cache_read_input_tokens: 4, latency_ms: 100, cost_micros: 7 };
    const b: TokenUsage = { ...base, cache_read_input_tokens: 1, reasoning_output_tokens: 3, cache_write_input_tokens: 2 };
    assert.deepEqual(addUsage(a, b), {
      input_tokens: 20,
      output_tokens: 10,
      total_tokens: 30,
      cache_read_input_tokens: 5,
      cache_write_input_tokens: 2,
      reasoning_output_tokens: 3,
      latency_ms: 100,
      cost_micros: 7,
    });
    assert.deepEqual(addUsage(b, a), addUsage(a, b));
  });
  test("model: the first argument's wins when both differ; an unset side takes the other's", () => {
    assert.equal(addUsage({ ...base, model: "a" }, { ...base, model: "b" }).model, "a");
    assert.equal(addUsage(base, { ...base, model: "b" }).model, "b");
    assert.equal(addUsage({ ...base, model: "a" }, base).model, "a");
  });
  test("the arguments are not changed, and the sum is a valid TokenUsage", () => {
    const a: TokenUsage = { ...base, latency_ms: 1 };
    const before = structuredClone(a);
    validate(addUsage(a, a), "TokenUsage");
    assert.deepEqual(a, before);
  });
  test("a sum past 2^53-1 is an error, not a rounded number", () => {
    const big: TokenUsage = { input_tokens: Number.MAX_SAFE_INTEGER, output_tokens: 0, total_tokens: 0 };
    assert.throws(() => addUsage(big, { ...base }), RangeError);
  });
});

describe("tool arguments", () => {
  test("build then parse gives the value back", () => {
    const value = { city: "Zürich", days: 3, tags: ["a"], nested: { ok: true, none: null } };
    const text = buildArguments(value);
    assert.equal(text, '{"city":"Zürich","days":3,"tags":["a"],"nested":{"ok":true,"none":null}}');
    assert.deepEqual(parseArguments(text), value);
  });
  test("parse refuses text that is not JSON, with the place", () => {
    assert.throws(() => parseArguments('{"city": "Par'), (error: unknown) => {
      assert.ok(error instanceof WireError);
      assert.equal(error.typeName, "tool arguments");
      assert.deepEqual(
        error.problems.map((p) => [p.pointer, p.rule, p.line, p.column]),
        [["/city", "syntax", 1, 14]],
      );
      return true;
    });
  });
  test("parse refuses what is not an object, and I-JSON faults", () => {
    assert.deepEqual(problemsOf(() => parseArguments("[1,2]")), [["", "type"]]);
    assert.deepEqual(problemsOf(() => parseArguments('"x"')), [["", "type"]]);
    assert.deepEqual(parseArguments(""), {});
    assert.deepEqual(parseArguments(" \n"), {});
    assert.deepEqual(problemsOf(() => parseArguments("{")), [["", "syntax"]]);
    assert.deepEqual(problemsOf(() => parseArguments('{"a":1,"a":2}')), [["/a", "duplicate-key"]]);
    assert.deepEqual(problemsOf(() => parseArguments('{"n":12345678901234567890}')), [["/n", "unsafe-integer"]]);
  });
  test("build refuses what would not parse back", () => {
    assert.deepEqual(problemsOf(() => buildArguments({ a: Number.NaN })), [["/a", "number-overflow"]]);
    assert.deepEqual(problemsOf(() => buildArguments({ a: "\ud800" })), [["/a", "lone-surrogate"]]);
    assert.deepEqual(problemsOf(() => buildArguments([] as never)), [["", "type"]]);
  });
  test("a whole number past 2^53 is refused: no language could read it back exactly", () => {
    assert.deepEqual(problemsOf(() => buildArguments({ n: 2 ** 60 })), [["/n", "unsafe-integer"]]);
    assert.equal(buildArguments({ n: 1e21 }), '{"n":1e+21}');
  });
});

describe("message accessors", () => {
  const message: Message = {
    role: "assistant",
    parts: [
      { type: "reasoning", reasoning: { text: "thinking" } },
      { type: "text", text: "Hello, " },
      { type: "tool_call", tool_call: { id: "c1", name: "f", arguments: "{}" } },
      { type: "text", text: "world" },
      { type: "tool_call", tool_call: { id: "c2", name: "g", arguments: '{"x":1}' } },
      { type: "tool_result", tool_result: { tool_call_id: "c0", content: "done" } },
    ],
  };
  test("messageText concatenates the text parts only", () => assert.equal(messageText(message), "Hello, world"));
  test("messageText of a message without text is empty", () => assert.equal(messageText({ role: "user", parts: [] }), ""));
  test("toolCalls in order", () => assert.deepEqual(toolCalls(message).map((c) => c.id), ["c1", "c2"]));
  test("toolResults in order", () => assert.deepEqual(toolResults(message).map((r) => r.tool_call_id), ["c0"]));
});

describe("encode", () => {
  test("compact, in member order, without unset members", () => {
    const message: Message = { role: "user", parts: [{ type: "text", text: "hi" }] };
    const withUndefined = { ...message, name: undefined } as unknown as Message;
    assert.equal(encode(withUndefined, "Message"), '{"role":"user","parts":[{"type":"text","text":"hi"}]}');
  });
  test("with a type name, checks the schema first", () => {
    const bad = { role: "robot", parts: [] } as unknown as Message;
    assert.deepEqual(problemsOf(() => encode(bad, "Message")), [["/role", "enum"]]);
  });
  test("never writes what decode refuses", () => {
    assert.deepEqual(problemsOf(() => encode({ a: "\udfff" })), [["/a", "lone-surrogate"]]);
    assert.deepEqual(problemsOf(() => encode([Number.POSITIVE_INFINITY])), [["/0", "number-overflow"]]);
    assert.deepEqual(problemsOf(() => encode({ value: [2 ** 53, 1e21] })), [["/value/0", "unsafe-integer"]]);
    assert.equal(encode({ value: [2 ** 53 - 1, 1e21] }), '{"value":[9007199254740991,1e+21]}');
  });
  test("validate returns the value, typed", () => {
    const value: unknown = JSON.parse('{"kind":"stop","raw":"end_turn"}');
    assert.equal(validate(value, "FinishReason").kind, "stop");
  });
  test("an unknown type name is a WireError that says what was passed", () => {
    assert.throws(() => decode("{}", "Nope" as never), (error: unknown) => {
      assert.ok(error instanceof WireError);
      assert.deepEqual(error.problems.map((p) => [p.pointer, p.rule]), [["", "type"]]);
      assert.match(error.message, /not a string \("Nope"\)/);
      return true;
    });
  });
  test("decode errors carry the type name and every problem", () => {
    assert.throws(
      () => decode('{"role":"user"}', "Message"),
      (error: unknown) => error instanceof WireError && error.typeName === "Message" && /invalid Message \(1 problem\)/.test(error.message),
    );
  });
});
