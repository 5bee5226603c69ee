/**
 * The shared retry vectors (`conformance/vectors/retry.json`), which the Python and Go tests run too: for a
 * policy, a canonical error, the response headers, the retry number and the jitter's random draw, the wait
 * before that retry in milliseconds, or none when the call must not be retried.
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { RetryPolicy } from "../src/client/retry.js";
import type { Error as WireErrorValue } from "../src/generated/types.js";
import { repoRoot } from "./support.js";

interface Case {
  description: string;
  policy: { max_retries: number; initial_delay_ms: number; max_delay_ms: number; jitter: number; max_retry_after_ms: number };
  random: number;
  retry: number;
  error: WireErrorValue;
  headers: Record<string, string>;
  delay_ms: number | null;
}

const CASES = (JSON.parse(readFileSync(join(repoRoot(), "conformance", "vectors", "retry.json"), "utf8")) as { cases: Case[] }).cases;

for (const c of CASES) {
  test(`retry: ${c.description}`, () => {
    const policy = new RetryPolicy({
      maxRetries: c.policy.max_retries,
      initialDelayMs: c.policy.initial_delay_ms,
      maxDelayMs: c.policy.max_delay_ms,
      jitter: c.policy.jitter,
      maxRetryAfterMs: c.policy.max_retry_after_ms,
      random: () => c.random,
    });
    const delay = policy.delay(c.error, c.headers, c.retry, 0);
    if (c.delay_ms === null) assert.equal(delay, undefined);
    else assert.ok(delay !== undefined && Math.abs(delay - c.delay_ms) < 1e-6, `${delay} != ${c.delay_ms}`);
  });
}

test("retry: the vectors are there", () => {
  assert.ok(CASES.length >= 30);
});
