/**
 * The one text of arguments built from an object (spec section 6; decision 036): `buildArguments` writes
 * it, `ArgumentsNormaliser` rewrites a provider's streamed spelling into it token by token, and an Anthropic
 * stream folds to the text its unstreamed reading gives (section 9's law), whatever the `partial_json`
 * spelling (issue 26 item 2: `1E2`, `"\u00e9"`, `"\/"`, `1e21` folded to other texts).
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import fc from "fast-check";

import { anthropic } from "../src/adapters/index.js";
import { canonical } from "../src/canonical.js";
import { WireError } from "../src/errors.js";
import type { SseEvent } from "../src/exchange.js";
import type { JsonObject, JsonValue, StreamEvent } from "../src/generated/types.js";
import { fold } from "../src/stream.js";
import { ArgumentsNormaliser, buildArguments } from "../src/tool-arguments.js";

/** What a provider sent, and the arguments text: the same rows as Python's `tests/wirechat/test_arguments_text.py`. */
const SPELLINGS: [string, string][] = [
  ['{"x": 1.0}', '{"x":1}'],
  ['{"x":1E2}', '{"x":100}'],
  ['{"x":0.00001}', '{"x":0.00001}'],
  ['{"x":1e-05}', '{"x":0.00001}'],
  ['{"x":1e-7}', '{"x":1e-7}'],
  ['{"x":1e21}', '{"x":1e+21}'],
  ['{"x":-0.0}', '{"x":0}'],
  ['{"x":"\\u00e9"}', '{"x":"é"}'],
  ['{"x":"\\u00E9\\/"}', '{"x":"é/"}'],
  ['{"x":"\\ud83d\\ude00"}', '{"x":"😀"}'],
  ['{"x":"\\u2028\\u001F"}', '{"x":"\u2028\\u001f"}'],
  ['{"b":1,"a":[true,null]}', '{"b":1,"a":[true,null]}'],
];

function normalise(fragments: string[]): string {
  const normaliser = new ArgumentsNormaliser();
  return fragments.map((fragment) => normaliser.feed(fragment)).join("") + normaliser.finish();
}

const USAGE = { input_tokens: 1, output_tokens: 1 };

function streamed(fragments: string[]): StreamEvent[] {
  const events: Record<string, unknown>[] = [
    { type: "message_start", message: { id: "m", model: "c", content: [], usage: USAGE } },
    { type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "toolu_1", name: "f", input: {} } },
    ...fragments.map((piece) => ({ type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: piece } })),
    { type: "content_block_stop", index: 0 },
    { type: "message_delta", delta: { stop_reason: "tool_use" }, usage: USAGE },
    { type: "message_stop" },
  ];
  const decoder = anthropic.streamDecoder();
  const out: StreamEvent[] = [];
  for (const event of events) out.push(...decoder.feed({ event: String(event["type"]), data: JSON.stringify(event) } as SseEvent));
  return [...out, ...decoder.close()];
}

function unstreamed(input: unknown): unknown {
  const block = { type: "tool_use", id: "toolu_1", name: "f", input };
  return anthropic.decodeResponse({ id: "m", type: "message", role: "assistant", model: "c", content: [block], stop_reason: "tool_use", usage: USAGE });
}

for (const [sent, text] of SPELLINGS) {
  test(`${sent} gives ${text} whole, char by char, and through the Anthropic stream`, () => {
    assert.equal(buildArguments(JSON.parse(sent) as JsonObject), text);
    assert.equal(normalise([sent]), text);
    assert.equal(normalise([...sent]), text);
    assert.equal(canonical(fold(streamed([...sent]))), canonical(unstreamed(JSON.parse(sent))));
  });
}

test("what the form cannot hold is refused by the normaliser with the I-JSON rule", () => {
  const cases: [string, string][] = [
    ['{"id":9007199254740993}', "unsafe-integer"],
    ['{"x":1.5e20}', "unsafe-integer"],
    ['{"x":1e400}', "number-overflow"],
    ['{"x":"\\ud800"}', "lone-surrogate"],
    ['{"x":"\\udc00"}', "lone-surrogate"],
    ['{"x":"\\ud800x"}', "lone-surrogate"],
  ];
  for (const [sent, rule] of cases) {
    assert.throws(() => normalise([...sent]), (error: unknown) => error instanceof WireError && error.problems[0]?.rule === rule, sent);
  }
  const events = streamed(['{"id":90071992547409', "93}"]);
  const last = events[events.length - 1]!;
  assert.ok(last.type === "error" && last.error.message.includes("outside +/-(2^53-1)"), JSON.stringify(last));
});

test("text that is not JSON passes without its whitespace", () => {
  assert.equal(normalise(['{"a": tru', "e , 01x }"]), '{"a":true,01x}');
});

// ---------------------------------------------------------------- any spelling, cut anywhere

const INDEX_LIKE = /^(0|[1-9][0-9]*)$/; // JavaScript objects put these members first (decision 036)
const key = fc.string({ maxLength: 4 }).filter((k) => !INDEX_LIKE.test(k) && k !== "__proto__");
const scalar = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.maxSafeInteger(),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((v) => !(Number.isInteger(v) && Math.abs(v) >= 2 ** 53 && Math.abs(v) < 1e21)),
  fc.string({ maxLength: 8, unit: "grapheme" }),
);
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" }, scalar, fc.array(tie("value"), { maxLength: 3 }), fc.dictionary(key, tie("value"), { maxKeys: 3 })),
}));
const object = fc.dictionary(key, value as fc.Arbitrary<JsonValue>, { maxKeys: 4 });

function spell(v: unknown, pick: () => number): string {
  const space = (): string => ["", "", "", " ", "\n", "\t ", "\r\n  "][pick() % 7]!;
  if (v === null || typeof v === "boolean") return String(v);
  if (typeof v === "number") {
    const whole = Number.isInteger(v) && Math.abs(v) < 2 ** 53;
    const options = whole ? [String(v), `${v}.0`, `${v}e0`, `${v}E+0`] : [String(v), v.toPrecision(17), v.toExponential().toUpperCase(), v.toExponential(16)];
    return options.filter((text) => Number(text) === v)[pick() % 2] ?? String(v);
  }
  if (typeof v === "string") {
    let out = '"';
    for (const char of v) {
      const must = char === '"' || char === "\\" || char.charCodeAt(0) < 0x20;
      const how = pick() % 4;
      if (char === "/" && how === 3) out += "\\/";
      else if (!must && how < 2) out += char;
      else for (const unit of char.split("")) out += "\\u" + (how % 2 ? unit.charCodeAt(0).toString(16).toUpperCase() : unit.charCodeAt(0).toString(16)).padStart(4, "0");
    }
    return out + '"';
  }
  if (Array.isArray(v)) return "[" + v.map((item) => space() + spell(item, pick) + space()).join(",") + "]";
  const record = v as Record<string, unknown>;
  return "{" + Object.keys(record).map((k) => space() + spell(k, pick) + space() + ":" + space() + spell(record[k], pick) + space()).join(",") + "}";
}

function cut(text: string, cuts: number[]): string[] {
  const bounds = [0, ...[...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b), text.length];
  return bounds.slice(1).map((end, i) => text.slice(bounds[i], end));
}

test("any spelling cut anywhere normalises to buildArguments, and an Anthropic stream folds to the unstreamed reading", () => {
  fc.assert(
    fc.property(object, fc.array(fc.nat(), { minLength: 1, maxLength: 40 }), fc.array(fc.nat(1000), { maxLength: 8 }), (v, choices, cuts) => {
      let n = 0;
      const text = spell(v, () => choices[n++ % choices.length]! + n);
      const pieces = cut(text, cuts);
      assert.equal(normalise(pieces), buildArguments(v as JsonObject));
      assert.equal(canonical(fold(streamed(pieces))), canonical(unstreamed(v)));
    }),
    { numRuns: 300 },
  );
});
