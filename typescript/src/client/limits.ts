/**
 * The bounds every call keeps (spec section 5.3; Python's `transport/limits.py`): the response body cap after
 * decompression (`maxBodyBytes`, 64 MiB), the error body cap (`maxErrorBodyBytes`, 1 MiB; a larger error
 * body is judged by its status alone), the SSE line and event cap (`maxEventBytes`, 16 MiB), and the typed
 * errors for an answer over a cap (`ResponseTooLargeError`) or a redirect (`RedirectRefusedError`, never
 * followed: the request carries the key). Bodies are read chunk by chunk and the reading stops at the cap, so
 * a 2 GB answer never becomes one buffer (Node aborts the process past its largest string or buffer).
 */

import { InvalidResponseError } from "./errors.js";
import type { ByteReader, FetchResponse } from "./fetch-types.js";
import type { Secret } from "./secret.js";

const MIB = 1 << 20;

export interface Limits {
  /** A non-streamed answer's body, after decompression (default 64 MiB). */
  maxBodyBytes?: number;
  /** An error answer's body (default 1 MiB); a larger one is judged by its status alone. */
  maxErrorBodyBytes?: number;
  /** One SSE line, and the data of one SSE event (default 16 MiB). */
  maxEventBytes?: number;
}

export const DEFAULT_LIMITS: Required<Limits> = { maxBodyBytes: 64 * MIB, maxErrorBodyBytes: MIB, maxEventBytes: 16 * MIB };

export function resolveLimits(limits: Limits | undefined): Required<Limits> {
  const resolved = { ...DEFAULT_LIMITS, ...limits };
  for (const [name, value] of Object.entries(resolved)) {
    if (!(Number.isInteger(value) && value > 0)) throw new RangeError(`limits.${name} must be a positive whole number of bytes, got ${value}`);
  }
  return resolved;
}

/** The provider's answer was larger than a cap; `limit` names the cap, `limitBytes` is its value. */
export class ResponseTooLargeError extends InvalidResponseError {
  limit = "";
  limitBytes = 0;
}

/** The provider answered with a redirect (3xx), which is never followed; `location` is where it pointed. */
export class RedirectRefusedError extends InvalidResponseError {
  location: string | undefined;
}

export function tooLarge(limit: string, limitBytes: number, what: string): ResponseTooLargeError {
  const error = new ResponseTooLargeError({ kind: "invalid_response", message: `${what} is larger than the ${limit} limit of ${limitBytes} bytes; the rest was not read`, retryable: false });
  error.limit = limit;
  error.limitBytes = limitBytes;
  return error;
}

/** Whether a status is a redirect: 3xx, or 0 for a browser's opaque redirect (`redirect: "manual"`). */
export function isRedirect(status: number): boolean {
  return status === 0 || (status >= 300 && status < 400);
}

export function redirectError(response: FetchResponse, secret: Secret, attempts: number): RedirectRefusedError {
  const raw = response.headers.get("location");
  const location = raw === null ? undefined : secret.redact(raw.slice(0, 500));
  const where = location === undefined ? "without a Location" : `to ${location}`;
  const message = `the provider answered HTTP ${response.status}, a redirect ${where}; wirechat follows no redirects (the request carries the API key): use the final address as baseUrl`;
  const error = new RedirectRefusedError({ kind: "invalid_response", message, retryable: false, status: response.status }, undefined, attempts);
  error.location = location;
  return error;
}

/** The whole body, or `undefined` when it is longer than `limit` (the reading stops there and the body is cancelled). */
export async function readCapped(response: FetchResponse, limit: number): Promise<Uint8Array | undefined> {
  if (response.body === null) {
    const whole = new Uint8Array(await response.arrayBuffer());
    return whole.length > limit ? undefined : whole;
  }
  const reader: ByteReader = response.body.getReader();
  const held: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (value === undefined) continue;
    size += value.length;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    held.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const piece of held) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}
