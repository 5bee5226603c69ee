/**
 * When to send a failed request again, and how long to wait first: Python's `RetryPolicy`, same defaults
 * and caps. Only retryable errors are retried unless the server's `x-should-retry` says otherwise; the wait
 * is the server's (`retry-after-ms`, then `retry-after`, then the adapter's `retry_after_ms`), else
 * exponential backoff with jitter; a server wait longer than `maxRetryAfterMs` is not sat out (the error is
 * raised at once, carrying `retryAfterMs`).
 */

import type { Error as WireErrorValue } from "../generated/types.js";
import { retryAfterMs, shouldRetry, type HeaderSource } from "../exchange.js";

export interface RetryOptions {
  /** Further attempts after the first (default 2). */
  maxRetries?: number;
  /** The first backoff wait (default 500 ms), doubled each retry. */
  initialDelayMs?: number;
  /** The backoff cap (default 8000 ms). */
  maxDelayMs?: number;
  /** Up to this fraction of the wait is taken off at random (default 0.25). */
  jitter?: number;
  /** The longest server-requested wait honoured (default 60000 ms). */
  maxRetryAfterMs?: number;
  /** The random source, in [0, 1) (default Math.random). */
  random?: () => number;
}

export class RetryPolicy {
  readonly maxRetries: number;
  readonly initialDelayMs: number;
  readonly maxDelayMs: number;
  readonly jitter: number;
  readonly maxRetryAfterMs: number;
  readonly random: () => number;

  constructor(options: RetryOptions = {}) {
    this.maxRetries = options.maxRetries ?? 2;
    this.initialDelayMs = options.initialDelayMs ?? 500;
    this.maxDelayMs = options.maxDelayMs ?? 8000;
    this.jitter = options.jitter ?? 0.25;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
    this.random = options.random ?? Math.random;
    if (!Number.isInteger(this.maxRetries) || this.maxRetries < 0) throw new RangeError(`retry.maxRetries must be an integer >= 0, got ${this.maxRetries}`);
    for (const name of ["initialDelayMs", "maxDelayMs", "maxRetryAfterMs"] as const) {
      const value = this[name];
      if (!(value >= 0 && Number.isFinite(value))) throw new RangeError(`retry.${name} must be a finite number of milliseconds >= 0, got ${value}`);
    }
    if (!(this.jitter >= 0 && this.jitter <= 1)) throw new RangeError(`retry.jitter must be a fraction between 0 and 1, got ${this.jitter}`);
  }

  /** The wait before retry number `retry` (0 for the first) when the server named none. */
  backoff(retry: number): number {
    const base = Math.min(this.initialDelayMs * 2 ** retry, this.maxDelayMs);
    return base * (1 - this.jitter * this.random());
  }

  /** Milliseconds to wait before retry number `retry`, or undefined when the request must not be retried. */
  delay(error: WireErrorValue, headers: HeaderSource, retry: number, now: number = Date.now() / 1000): number | undefined {
    if (retry >= this.maxRetries) return undefined;
    const verdict = shouldRetry(headers);
    if (verdict === false || (verdict === undefined && !error.retryable)) return undefined;
    const asked = retryAfterMs(headers, now) ?? error.retry_after_ms;
    if (asked === undefined) return this.backoff(retry);
    return asked > this.maxRetryAfterMs ? undefined : asked;
  }
}
