/**
 * A measurement for decision 042: a gzip body of N MiB of zeros answering `tools/list`, read by the MCP
 * client under its default cap (64 MiB) or with the cap lifted (`none`, as the bare SDK reads it); the time,
 * the peak RSS growth and how it ended.
 *
 *   tsc -p tsconfig.test.json && node build/bench/mcp-bomb.js 1024 default|none
 */

import { mcp } from "../src/index.js";
import { gzipOfZeros, startHostile } from "../test/mcp-hostile-server.js";

const mib = Number(process.argv[2] ?? "1024");
const cap = process.argv[3] ?? "default";
const bomb = await gzipOfZeros(mib << 20);
const hostile = await startHostile(bomb);
const limits = cap === "none" ? { maxResponseBytes: 2 ** 40 } : {};
const client = await mcp.connect({ transport: "http", name: "bomb", url: hostile.url + "/bomb", call_timeout_ms: 300_000 }, { limits });
const rss = process.memoryUsage().rss;
let peak = rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const started = Date.now();
let outcome = "no error";
try {
  await client.listTools();
} catch (error) {
  outcome = `${(error as Error).name}: ${(error as Error).message.slice(0, 160)}`;
}
clearInterval(sampler);
console.log(`gzip ${(bomb.length / 1e6).toFixed(2)} MB -> ${mib} MiB, cap ${cap}: ${Date.now() - started} ms, peak RSS +${((peak - rss) / 2 ** 20).toFixed(0)} MiB; ${outcome}`);
await client.close();
await hostile.close();
