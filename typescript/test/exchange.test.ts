/** The shared status table and header rules (`exchange.ts`), the retry policy, SSE framing under any split, and `Secret`. */

import assert from "node:assert/strict";
import { inspect } from "node:util";
import { test } from "node:test";
import fc from "fast-check";

import { classify, retryAfterMs, shouldRetry } from "../src/exchange.js";
import { RetryPolicy } from "../src/client/retry.js";
import { Secret } from "../src/client/secret.js";
import { SseDecoder } from "../src/client/sse.js";

test("classify: the status table, the body's kind, and x-should-retry overriding the verdict only", () => {
  assert.deepEqual(classify(429, {}), { kind: "rate_limited", retryable: true, retryAfterMs: undefined });
  assert.deepEqual(classify(503, { "X-Should-Retry": " False " }), { kind: "overloaded", retryable: false, retryAfterMs: undefined });
  assert.deepEqual(classify(400, { "x-should-retry": "true" }), { kind: "invalid_request", retryable: true, retryAfterMs: undefined });
  assert.equal(classify(418, {}).kind, "invalid_request");
  assert.equal(classify(599, {}).kind, "provider");
  assert.equal(classify(undefined, {}).kind, "provider");
  assert.equal(classify(500, {}, "context_length_exceeded").retryable, false);
  assert.equal(shouldRetry({ "x-should-retry": "maybe" }), undefined);
});

test("retry-after: ms first, then seconds, then an HTTP date against the response's date", () => {
  assert.equal(retryAfterMs({ "retry-after-ms": "1500", "retry-after": "9" }), 1500);
  assert.equal(retryAfterMs({ "retry-after-ms": "soon", "retry-after": "2" }), 2000);
  assert.equal(retryAfterMs({ "retry-after": "0.0025" }), 2, "half to even, as Python's round");
  assert.equal(retryAfterMs({ "retry-after": "-1" }), undefined);
  assert.equal(retryAfterMs({ "retry-after": "Wed, 21 Oct 2026 07:28:30 GMT", date: "Wed, 21 Oct 2026 07:28:00 GMT" }), 30_000);
  assert.equal(retryAfterMs({ "retry-after": "Wed, 21 Oct 2026 07:28:00 GMT", date: "Wed, 21 Oct 2026 07:29:00 GMT" }), 0);
  assert.equal(retryAfterMs({ "retry-after": "Wed, 21 Oct 2026 07:28:30 GMT" }), undefined, "no date and no now: no clock is read");
  assert.equal(retryAfterMs({ "retry-after": "Wed, 21 Oct 2026 07:28:30 GMT" }, Date.UTC(2026, 9, 21, 7, 28, 20) / 1000), 10_000);
  assert.equal(retryAfterMs({ "retry-after": "tomorrow" }), undefined);
});

test("RetryPolicy: Python's defaults, caps and verdicts", () => {
  const policy = new RetryPolicy({ random: () => 1 });
  const error = { kind: "overloaded" as const, message: "m", retryable: true };
  assert.equal(policy.delay(error, {}, 0), 375, "500 ms less the whole 25% jitter");
  assert.equal(new RetryPolicy({ random: () => 0 }).delay(error, {}, 1), 1000);
  assert.equal(new RetryPolicy({ random: () => 0, maxRetries: 10 }).delay(error, {}, 6), 8000, "capped at 8 s");
  assert.equal(policy.delay(error, {}, 2), undefined, "two retries by default");
  assert.equal(policy.delay(error, { "x-should-retry": "false" }, 0), undefined);
  assert.equal(policy.delay({ ...error, retryable: false }, { "x-should-retry": "true" }, 0), 375);
  assert.equal(policy.delay(error, { "retry-after": "3" }, 0), 3000);
  assert.equal(policy.delay(error, { "retry-after": "61" }, 0), undefined, "beyond 60 s: raised at once");
  assert.equal(policy.delay({ ...error, retry_after_ms: 700 }, {}, 0), 700);
  assert.throws(() => new RetryPolicy({ jitter: 2 }), /jitter must be a fraction between 0 and 1, got 2/);
  assert.throws(() => new RetryPolicy({ maxRetries: -1 }), /maxRetries must be an integer >= 0, got -1/);
});

const encoder = new TextEncoder();

function frame(stream: Uint8Array, cuts: number[]): Array<[string | undefined, string]> {
  const decoder = new SseDecoder();
  const out: Array<[string | undefined, string]> = [];
  let at = 0;
  for (const cut of [...cuts.filter((c) => c > 0 && c < stream.length)].sort((a, b) => a - b).concat(stream.length)) {
    for (const event of decoder.feed(stream.subarray(at, cut))) out.push([event.event, event.data]);
    at = cut;
  }
  for (const event of decoder.flush()) out.push([event.event, event.data]);
  return out;
}

test("SSE framing gives the same events whatever the split (property), any line ending", () => {
  const text = fc.stringMatching(/^[^\r\n]*$/).filter((s) => !s.startsWith(" ") && !s.startsWith("\ufeff"));
  const eventArb = fc.record({ event: fc.option(fc.constantFrom("message_start", "ping", "é✓")), data: fc.array(fc.oneof(text, fc.constant("é🙂 [DONE]")), { minLength: 1, maxLength: 3 }) });
  fc.assert(
    fc.property(fc.array(eventArb, { maxLength: 6 }), fc.constantFrom("\n", "\r\n", "\r"), fc.array(fc.nat(400)), (events, eol, cuts) => {
      const lines = events.map((e) => `${e.event ? `event: ${e.event}${eol}` : ""}: comment${eol}${e.data.map((d) => `data: ${d}`).join(eol)}${eol}${eol}`);
      const bytes = encoder.encode("\ufeff" + lines.join(""));
      const expected = events.map((e): [string | undefined, string] => [e.event ?? undefined, e.data.join("\n")]);
      assert.deepEqual(frame(bytes, cuts), expected);
      assert.deepEqual(frame(bytes, Array.from({ length: bytes.length }, (_, i) => i)), expected, "byte by byte");
    }),
    { numRuns: 300, seed: 16 },
  );
  assert.deepEqual(frame(encoder.encode("data: tail without blank line"), []), [[undefined, "tail without blank line"]]);
});

test("Secret never shows the key", () => {
  const secret = new Secret("sk-live-123");
  for (const shown of [String(secret), `${secret}`, JSON.stringify({ secret }), inspect(secret), inspect({ secret })]) assert.ok(!shown.includes("sk-live-123"), shown);
  assert.equal(secret.reveal(), "sk-live-123");
  assert.equal(secret.redact("a sk-live-123 b sk-live-123"), "a **** b ****");
});
