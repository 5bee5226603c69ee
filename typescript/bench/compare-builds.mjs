/**
 * Same-process A/B of two builds of the package (not a test): each round times JSON.parse, then
 * `decode(string, "ChatRequest")` of build A, then of build B, on the benchmark corpus, and the
 * median ratio to JSON.parse is printed per build. To compare a branch with its base:
 *
 *   git stash; npx tsc -p tsconfig.test.json; cp -r build /tmp/build-base; git stash pop
 *   npx tsc -p tsconfig.test.json; node bench/compare-builds.mjs /tmp/build-base build
 */

import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [a, b, rounds = "15"] = process.argv.slice(2);
if (a === undefined || b === undefined) throw new Error("usage: node bench/compare-builds.mjs BUILD_A BUILD_B [ROUNDS]");
const load = (dir, file) => import(pathToFileURL(resolve(dir, file)).href);
const [first, second] = [await load(a, "src/index.js"), await load(b, "src/index.js")];
const { makeCorpus } = await load(b, "bench/corpus.js");
const texts = makeCorpus(300, 1).map((request) => JSON.stringify(request));
const time = (fn) => {
  const start = performance.now();
  for (const text of texts) fn(text);
  return performance.now() - start;
};
const ratios = [[], []];
for (let round = 0; round < Number(rounds); round++) {
  const base = time((text) => JSON.parse(text));
  ratios[0].push(time((text) => first.decode(text, "ChatRequest")) / base);
  ratios[1].push(time((text) => second.decode(text, "ChatRequest")) / base);
}
const median = (values) => values.sort((x, y) => x - y)[values.length >> 1];
console.log(`decode(string, ChatRequest) / JSON.parse, median of ${rounds} rounds, 300 conversations:`);
console.log(`  ${a}: ${median(ratios[0]).toFixed(2)}\n  ${b}: ${median(ratios[1]).toFixed(2)}`);
