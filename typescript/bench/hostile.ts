/**
 * Benchmark (not a test): `decode` on hostile documents with very many invalid items, the attack of
 * issue 10. Each document is built here (never stored), decoded once, and timed against `JSON.parse`
 * of the same text in the same process; the ratio is the figure to compare between runs, the seconds
 * are for context. Linear decoding keeps the ratio flat as the count grows.
 *
 *   npm run bench:hostile                          # 100k bad parts, 30k bad messages, 1M bad parts
 *   npm run bench:hostile -- parts=10000 messages=3000   # chosen shapes and counts
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

function measure(name: string, count: number): void {
  const shape = SHAPES[name];
  if (shape === undefined) throw new Error(`unknown shape ${name} (known: ${Object.keys(SHAPES).join(", ")})`);
  const text = shape.build(count);
  const baseline = seconds(() => JSON.parse(text));
  let problems = 0;
  const decoding = seconds(() => {
    try {
      decode(text, shape.typeName);
    } catch (error) {
      if (!(error instanceof WireError)) throw error;
      problems = error.problems.length;
    }
  });
  const size = (text.length / 1e6).toFixed(2);
  console.log(
    `${name}=${count} (${size} MB): decode ${decoding.toFixed(3)} s, JSON.parse ${baseline.toFixed(3)} s, ` +
      `ratio ${(decoding / baseline).toFixed(1)}, ${problems} problems reported`,
  );
}

const args = process.argv.slice(2);
const runs: [string, number][] = args.length === 0 ? [...DEFAULT_RUNS] : args.map((arg) => {
  const [name, count] = arg.split("=");
  return [name ?? "", Number(count)];
});
for (const [name, count] of runs) measure(name, count);
