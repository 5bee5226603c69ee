/**
 * Benchmark (not a test): `decode` (I-JSON parse + ajv validation) against `JSON.parse`, and `encode`
 * against `JSON.stringify`, on a deterministic corpus of ChatRequest conversations (bench/corpus.ts).
 *
 * Every contender runs in this one process on the same documents, in shuffled order within each round;
 * the reported figure is the median over rounds of (contender time / baseline time in that round), the
 * method of the Python benchmark (bench/codec_bench.py). Absolute times are for context only.
 *
 *   npm run bench                      # 1,000 mixed conversations, 7 rounds
 *   npm run bench -- --quick           # 150 conversations, 3 rounds: a smoke run
 *   npm run bench -- --conversations 300 --rounds 9 --seed 7 --json out.json
 */

import { writeFileSync } from "node:fs";

import { canonical, decode, encode, parseJson, type ChatRequest } from "../src/index.js";
import { validators } from "../src/generated/validators.js";
import { makeCorpus } from "./corpus.js";

const TARGET = 3;

interface Figures {
  seconds: number;
  ratio: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function over<T>(fn: (item: T) => unknown, items: readonly T[]): () => void {
  return () => {
    for (const item of items) fn(item);
  };
}

function shuffled<T>(items: T[], seed: { value: number }): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    seed.value = (seed.value * 1103515245 + 12345) >>> 0;
    const j = seed.value % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function measureGroup(contenders: Record<string, () => void>, baseline: string, rounds: number, seed: number): Record<string, Figures> {
  const names = Object.keys(contenders);
  for (const name of names) contenders[name]!(); // warm-up
  const times: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  const state = { value: seed };
  for (let round = 0; round < rounds; round++) {
    for (const name of shuffled(names, state)) {
      const start = performance.now();
      contenders[name]!();
      times[name]!.push((performance.now() - start) / 1000);
    }
  }
  const base = times[baseline]!;
  return Object.fromEntries(
    names.map((name) => [name, { seconds: median(times[name]!), ratio: median(times[name]!.map((t, i) => t / base[i]!)) }]),
  );
}

/** Heap kept alive by a decoded corpus (its input texts dropped), as a multiple of the input size. */
function retainedMemory(make: () => string[], decoders: Record<string, (text: string) => unknown>): Record<string, number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const result: Record<string, number> = {};
  if (gc === undefined) return result;
  for (const [name, run] of Object.entries(decoders)) {
    gc();
    result[name] = retainedBy(make, run, gc);
  }
  return result;
}

// In a function of its own, so that nothing of one measurement is still on the stack in the next.
function retainedBy(make: () => string[], run: (text: string) => unknown, gc: () => void): number {
  const before = process.memoryUsage().heapUsed;
  let texts: string[] | undefined = make();
  const size = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  const kept = texts.map(run);
  texts = undefined;
  gc();
  const retained = process.memoryUsage().heapUsed - before;
  if (kept.length === 0) throw new Error("unreachable");
  return retained / size;
}

function option(args: string[], name: string, fallback: number): number {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
}

function main(): void {
  const args = process.argv.slice(2);
  const quick = args.includes("--quick");
  const count = quick ? 150 : option(args, "--conversations", 1000);
  const rounds = quick ? 3 : option(args, "--rounds", 7);
  const seed = option(args, "--seed", 7);
  const jsonAt = args.indexOf("--json");

  process.stderr.write(`building ${count} conversations (seed ${seed}) ...\n`);
  const documents = makeCorpus(count, seed);
  const texts = documents.map((document) => JSON.stringify(document));
  const bytes = texts.map((text) => new TextEncoder().encode(text));
  const size = bytes.reduce((sum, b) => sum + b.length, 0);
  for (let i = 0; i < Math.min(50, count); i++) {
    if (canonical(decode(texts[i]!, "ChatRequest")) !== canonical(documents[i])) throw new Error(`document ${i} does not round-trip`);
  }
  process.stderr.write(`corpus: ${count} ChatRequest documents, ${(size / 1e6).toFixed(1)} MB, ${(size / count / 1e3).toFixed(1)} KB mean\n`);

  const parsed = texts.map((text) => JSON.parse(text) as unknown);
  const validateChatRequest = validators.ChatRequest;
  const utf8 = new TextDecoder();
  const decodeGroup = {
    "JSON.parse (baseline, no checks)": over((text: string) => JSON.parse(text), texts),
    "wirechat parseJson (I-JSON, no schema)": over(parseJson, texts),
    "ajv validate only (already parsed)": over(validateChatRequest, parsed),
    "JSON.parse + ajv (no I-JSON)": over((text: string) => validateChatRequest(JSON.parse(text)), texts),
    "wirechat.decode(string, ChatRequest)": over((text: string) => decode(text, "ChatRequest"), texts),
    "JSON.parse(TextDecoder(bytes))": over((b: Uint8Array) => JSON.parse(utf8.decode(b)), bytes),
    "wirechat.decode(bytes, ChatRequest)": over((b: Uint8Array) => decode(b, "ChatRequest"), bytes),
  };
  process.stderr.write(`timing decode (${rounds} rounds) ...\n`);
  const decodeFigures = measureGroup(decodeGroup, "JSON.parse (baseline, no checks)", rounds, seed);

  const values = texts.map((text) => decode(text, "ChatRequest"));
  const encodeGroup = {
    "JSON.stringify (baseline)": over((value: ChatRequest) => JSON.stringify(value), values),
    "wirechat.encode(value)": over((value: ChatRequest) => encode(value), values),
    "wirechat.encode(value, ChatRequest)": over((value: ChatRequest) => encode(value, "ChatRequest"), values),
  };
  process.stderr.write(`timing encode (${rounds} rounds) ...\n`);
  const encodeFigures = measureGroup(encodeGroup, "JSON.stringify (baseline)", rounds, seed);

  process.stderr.write("measuring retained memory ...\n");
  const memory = retainedMemory(() => documents.map((document) => JSON.stringify(document)), {
    "JSON.parse": (text) => JSON.parse(text),
    "wirechat.decode": (text) => decode(text, "ChatRequest"),
  });

  const table = (title: string, unit: string, figures: Record<string, Figures>): void => {
    console.log(`\n${title.padEnd(44)} ${"us/conv".padStart(9)} ${unit.padStart(14)}`);
    for (const [name, f] of Object.entries(figures)) {
      console.log(`${name.padEnd(44)} ${((f.seconds / count) * 1e6).toFixed(1).padStart(9)} ${f.ratio.toFixed(2).padStart(14)}`);
    }
  };
  console.log(`node ${process.version}; ${count} conversations, ${(size / 1e6).toFixed(1)} MB, ${rounds} rounds`);
  table("decode", "x JSON.parse", decodeFigures);
  table("encode", "x stringify", encodeFigures);
  if (Object.keys(memory).length > 0) {
    console.log(`\n${"retained memory".padEnd(44)} ${"x input".padStart(24)}`);
    for (const [name, ratio] of Object.entries(memory)) console.log(`${name.padEnd(44)} ${ratio.toFixed(2).padStart(24)}`);
  } else {
    console.log("\n(retained memory: run node with --expose-gc to measure it)");
  }
  const ratio = decodeFigures["wirechat.decode(string, ChatRequest)"]!.ratio;
  console.log(`\ntarget: decode + validate within ${TARGET}x of JSON.parse: ${ratio.toFixed(2)}x, ${ratio <= TARGET ? "met" : "NOT met"}`);
  if (jsonAt >= 0) {
    const report = { node: process.version, conversations: count, bytes: size, rounds, decode: decodeFigures, encode: encodeFigures, memory };
    writeFileSync(args[jsonAt + 1]!, JSON.stringify(report, null, 2) + "\n");
  }
}

main();
