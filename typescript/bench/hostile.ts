/**
 * Benchmark (not a test): `decode` on hostile documents with very many invalid items, the attack of
 * issue 10. Each document is built here (never stored); each round times `JSON.parse` of it, then
 * `decode`, in the same process; the figure is the median over rounds of their ratio (the seconds are
 * medians too, for context). Linear decoding keeps the ratio flat as the count grows.
 *
 *   npm run bench:hostile                          # 100k bad parts, 30k bad messages, 1M bad parts
 *   npm run bench:hostile -- parts=10000 messages=3000 rounds=5   # chosen shapes, counts, rounds
 */

import { decode, WireError, type TypeName } from "../src/index.js";

interface Shape {
  readonly typeName: TypeName;
  /** The document with `count` invalid items. */
  build(count: number): string;
}

const SHAPES: { readonly [name: string]: Shape } = {
  // A Message whose parts are text parts with a number for text: one `type` problem per part.
  parts: {
    typeName: "Message",
    build: (count) => `{"role":"user","parts":[${Array(count).fill('{"type":"text","text":1}').join(",")}]}`,
  },
  // A ChatRequest whose messages have a number for parts: one `type` problem per message.
  messages: {
    typeName: "ChatRequest",
    build: (count) => `{"model":"m","messages":[${Array(count).fill('{"role":"user","parts":1}').join(",")}]}`,
  },
};

const DEFAULT_RUNS: readonly [string, number][] = [
  ["parts", 100_000],
  ["messages", 30_000],
  ["parts", 1_000_000],
];

function seconds(run: () => void): number {
  const start = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

function measure(name: string, count: number, rounds: number): void {
  const shape = SHAPES[name];
  if (shape === undefined) throw new Error(`unknown shape ${name} (known: ${Object.keys(SHAPES).join(", ")})`);
  const text = shape.build(count);
  const baselines: number[] = [];
  const decodes: number[] = [];
  const ratios: number[] = [];
  let problems = 0;
  for (let round = 0; round < rounds; round++) {
    const baseline = seconds(() => JSON.parse(text));
    const decoding = seconds(() => {
      try {
        decode(text, shape.typeName);
      } catch (error) {
        if (!(error instanceof WireError)) throw error;
        problems = error.problems.length;
      }
    });
    baselines.push(baseline);
    decodes.push(decoding);
    ratios.push(decoding / baseline);
  }
  const size = (text.length / 1e6).toFixed(2);
  console.log(
    `${name}=${count} (${size} MB): decode ${median(decodes).toFixed(3)} s, JSON.parse ${median(baselines).toFixed(3)} s, ` +
      `ratio ${median(ratios).toFixed(1)} (median of ${rounds}), ${problems} problems reported`,
  );
}

let rounds = 3;
const runs: [string, number][] = [];
for (const arg of process.argv.slice(2)) {
  const [name, value] = arg.split("=");
  if (name === "rounds") rounds = Number(value);
  else runs.push([name ?? "", Number(value)]);
}
for (const [name, count] of runs.length === 0 ? DEFAULT_RUNS : runs) measure(name, count, rounds);
