/**
 * Fuzzing `decode` with fast-check: byte mutations of the corpus documents (conformance/cases).
 *
 * For any bytes, decode either returns a value or throws `WireError` (never anything else), and the
 * problems it lists keep the spec's section 5 (ordered, one per pointer and rule, capped; a text fault
 * alone and with its line and column); a string and its UTF-8 bytes get the same verdict; a decoded
 * value encodes to a document that decodes to the same value and encodes to the same text.
 *
 * Bounded for `npm test` (a fixed seed, at most WIRECHAT_FUZZ_RUNS runs or WIRECHAT_FUZZ_SECONDS
 * seconds); a longer run: `WIRECHAT_FUZZ_RUNS=200000 WIRECHAT_FUZZ_SECONDS=600 WIRECHAT_FUZZ_SEED=7 npm test`.
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import fc from "fast-check";

import { canonical, comparePointers, decode, encode, MAX_PROBLEMS, WireError, type Problem, type TypeName } from "../src/index.js";
import { decodeCases } from "./corpus.js";

const RUNS = Number(process.env["WIRECHAT_FUZZ_RUNS"] ?? 10000);
const SECONDS = Number(process.env["WIRECHAT_FUZZ_SECONDS"] ?? 12);
const SEED = Number(process.env["WIRECHAT_FUZZ_SEED"] ?? 0);

const TEXT_FAULTS = new Set(["bom", "utf8", "syntax", "duplicate-key", "lone-surrogate", "depth"]);
const encoder = new TextEncoder();

// The seeds: every corpus document up to 64 KB, as bytes.
const SEEDS: { type: TypeName; bytes: Uint8Array }[] = decodeCases()
  .filter((c) => c.maxBytes === undefined) // read with a size limit, they are not the texts to mutate
  .map((c) => ({ type: c.type, bytes: typeof c.input === "string" ? encoder.encode(c.input) : c.input }))
  .filter((s) => s.bytes.length <= 65536);

// Pieces worth splicing in: JSON punctuation, escapes, numbers past the limits, bad UTF-8, a BOM.
const PIECES = ['"', "\\", "\\u", "\\ud800", "\\udc00", "{", "}", "[", "]", ",", ":", "1e400", "9007199254740993", "1.0", "-", "null", " ", "\n", "\u00e9", "\u{1F600}"]
  .map((piece) => encoder.encode(piece))
  .concat([new Uint8Array([0xed, 0xa0, 0x80]), new Uint8Array([0xff]), new Uint8Array([0xc3]), new Uint8Array([0xef, 0xbb, 0xbf])]);

type Mutation = { at: number; kind: "set" | "insert" | "delete" | "splice" | "repeat"; byte: number; piece: number; length: number };

const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom("set", "insert", "delete", "splice", "repeat"),
  byte: fc.integer({ min: 0, max: 255 }),
  piece: fc.nat({ max: PIECES.length - 1 }),
  length: fc.integer({ min: 1, max: 8 }),
});

function mutate(bytes: Uint8Array, steps: readonly Mutation[]): Uint8Array {
  let out = Array.from(bytes);
  for (const step of steps) {
    const at = out.length === 0 ? 0 : step.at % (out.length + 1);
    switch (step.kind) {
      case "set":
        if (at < out.length) out[at] = step.byte;
        break;
      case "insert":
        out.splice(at, 0, step.byte);
        break;
      case "delete":
        out.splice(at, step.length);
        break;
      case "splice":
        out.splice(at, 0, ...PIECES[step.piece]!);
        break;
      case "repeat":
        out = out.slice(0, at).concat(out.slice(at, at + step.length), out.slice(at));
        break;
    }
  }
  return new Uint8Array(out);
}

/** The problems of a decode, or the value it returned. */
function outcome(input: string | Uint8Array, type: TypeName): { value: unknown } | { problems: readonly Problem[] } {
  try {
    return { value: decode(input, type) };
  } catch (error) {
    if (!(error instanceof WireError)) throw new Error(`decode threw ${String(error)}, not a WireError`);
    return { problems: error.problems };
  }
}

function checkProblems(problems: readonly Problem[]): void {
  assert.ok(problems.length >= 1 && problems.length <= MAX_PROBLEMS + 1);
  const fault = problems.find((p) => TEXT_FAULTS.has(p.rule));
  if (fault !== undefined) {
    assert.equal(problems.length, 1);
    assert.ok(fault.line! >= 1 && fault.column! >= 1, JSON.stringify(fault));
    return;
  }
  const listed = problems[problems.length - 1]!.rule === "too-many-problems" ? problems.slice(0, -1) : problems;
  for (let i = 0; i < listed.length; i++) {
    const p = listed[i]!;
    assert.ok(p.line === undefined && p.column === undefined, JSON.stringify(p));
    if (i === 0) continue;
    const q = listed[i - 1]!;
    const order = comparePointers(q.pointer, p.pointer);
    assert.ok(order < 0 || (order === 0 && q.rule < p.rule), `out of order: ${JSON.stringify([q, p])}`);
  }
}

test(`decode of mutated corpus documents returns or throws WireError (seed ${SEED}, ${RUNS} runs, ${SECONDS} s at most)`, () => {
  assert.ok(SEEDS.length > 100);
  const property = fc.property(fc.nat({ max: SEEDS.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 4 }), (index, steps) => {
    const seed = SEEDS[index]!;
    const bytes = mutate(seed.bytes, steps);
    const result = outcome(bytes, seed.type);
    let text: string | undefined;
    try {
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      text = undefined;
    }
    if (text !== undefined) assert.deepEqual(outcome(text, seed.type), result, "a string and its UTF-8 bytes decode alike");
    if ("problems" in result) {
      checkProblems(result.problems);
      return;
    }
    const encoded = encode(result.value as never, seed.type);
    const again = decode(encoded, seed.type);
    assert.equal(canonical(again), canonical(result.value));
    assert.equal(encode(again as never, seed.type), encoded);
  });
  fc.assert(property, { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: SECONDS * 1000, markInterruptAsFailure: false });
});
