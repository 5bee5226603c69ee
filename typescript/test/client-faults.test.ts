/**
 * The client fault table (`conformance/faults/client-faults.json`) against the TypeScript client over the
 * Python fake provider (`wirechat serve-fake`, its hostile turns): every row ends in its typed error within
 * the profile's time bound, the process's RSS growing less than its memory bound. `WIRECHAT_FAULTS=long` runs
 * the long profile (before this suite, a 2 GB body aborted Node with an uncatchable V8 check).
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { inspect } from "node:util";
import { after, before, describe, test } from "node:test";

import { Client } from "../src/client/client.js";
import { APIError, ApiTimeoutError } from "../src/client/errors.js";
import { RedirectRefusedError, ResponseTooLargeError } from "../src/client/limits.js";
import type { ChatRequest } from "../src/generated/types.js";
import { fakeServerMissing, startFake, type FakeServer } from "./fake-server.js";
import { repoRoot } from "./support.js";

interface Profile {
  limits: { max_body_bytes: number; max_error_body_bytes: number; max_event_bytes: number };
  timeouts: { read_s: number; total_s: number };
  seconds: number;
  rss_growth_mib: number;
}
interface Row {
  name: string;
  call: "chat" | "stream";
  hostile: Record<string, unknown>;
  bytes: Record<string, number>;
  interval_ms?: Record<string, number>;
  expect: { error: string; kind: string; status?: number };
}

const table = JSON.parse(readFileSync(join(repoRoot(), "conformance", "faults", "client-faults.json"), "utf8")) as { profiles: Record<string, Profile>; faults: Row[] };
const profileName = process.env["WIRECHAT_FAULTS"] ?? "short";
const profile = table.profiles[profileName]!;
const KEY = "sk-test-SECRET-0123456789";
const REQUEST: ChatRequest = { model: "m", messages: [{ role: "user", parts: [{ type: "text", text: "hello" }] }] };
const ERRORS: Record<string, new (...args: never[]) => APIError> = {
  "too-large": ResponseTooLargeError,
  "redirect-refused": RedirectRefusedError,
  timeout: ApiTimeoutError,
  status: APIError,
};

/**
 * One server plays every row's turn in order (a Python server per row cost seconds each): a client that
 * retried or followed a redirect would take the next row's turn, and that row would fail.
 */
describe("the client fault table", { skip: fakeServerMissing() }, () => {
  let server: FakeServer;
  before(async () => {
    const turns = table.faults.map((row) => ({ hostile: { ...row.hostile, bytes: row.bytes[profileName], ...(row.interval_ms ? { interval_ms: row.interval_ms[profileName] } : {}) } }));
    server = await startFake("openai-chat", turns);
  });
  after(() => server.stop());
  for (const row of table.faults) {
    test(row.name, { timeout: profile.seconds * 4000 + 60_000 }, async () => {
      const client = new Client("openai-chat", {
        apiKey: KEY,
        baseUrl: server.url,
        retry: { maxRetries: 0 },
        timeoutMs: profile.timeouts.read_s * 1000,
        totalTimeoutMs: profile.timeouts.total_s * 1000,
        limits: { maxBodyBytes: profile.limits.max_body_bytes, maxErrorBodyBytes: profile.limits.max_error_body_bytes, maxEventBytes: profile.limits.max_event_bytes },
      });
      const rssBefore = process.memoryUsage().rss;
      const start = performance.now();
      let failure: unknown;
      try {
        if (row.call === "chat") await client.chat(REQUEST);
        else await client.stream(REQUEST).response();
      } catch (error) {
        failure = error;
      }
      const seconds = (performance.now() - start) / 1000;
      const growth = (process.memoryUsage().rss - rssBefore) / (1 << 20);
      const Class = ERRORS[row.expect.error]!;
      assert.ok(failure instanceof Class, `${row.name}: expected ${Class.name}, got ${inspect(failure)}`);
      assert.equal(failure.kind, row.expect.kind);
      if (row.expect.status !== undefined) assert.equal(failure.status, row.expect.status);
      assert.ok(!failure.message.includes(KEY), "the key leaked into the error text");
      assert.ok(seconds < profile.seconds, `${row.name} took ${seconds.toFixed(2)} s`);
      assert.ok(growth < profile.rss_growth_mib, `${row.name}: RSS grew ${growth.toFixed(0)} MiB`);
      console.log(`${row.name}: ${failure.constructor.name} in ${seconds.toFixed(2)} s, RSS +${growth.toFixed(0)} MiB`);
    });
  }
});
