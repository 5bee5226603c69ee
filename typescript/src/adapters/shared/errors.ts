/**
 * Error decoding every adapter shares (Python's `adapters/_errors.py`): body parsing, and building the
 * canonical `Error` from the one status table (`classify` in `../../exchange.ts`).
 */

import type { Error as WireErrorValue, ErrorKind } from "../../generated/types.js";
import { classify, shouldRetry, type HeaderSource } from "../../exchange.js";
import { isObject } from "./conversion.js";

declare const TextDecoder: new (label?: string) => { decode(bytes: Uint8Array): string };

/** The body as a JSON object, or undefined when it is absent or not a JSON object. */
export function parseBody(body: Uint8Array | string | object | undefined): Record<string, unknown> | undefined {
  if (body === undefined || body === null) return undefined;
  let value: unknown = body;
  if (typeof body === "string" || body instanceof Uint8Array) {
    try {
      value = JSON.parse(typeof body === "string" ? body : new TextDecoder("utf-8").decode(body));
    } catch {
      return undefined;
    }
  }
  return isObject(value) ? value : undefined;
}

export interface BuildError {
  kind: ErrorKind;
  message: string;
  status: number | undefined;
  headers: HeaderSource;
  providerCode: string | undefined;
  requestId: string | undefined;
  /** A provider's documented exception to the kind's default; `x-should-retry` overrides it. */
  retryable?: boolean | undefined;
  metadata?: Record<string, unknown> | undefined;
  provider?: string;
}

export function buildError(spec: BuildError): WireErrorValue {
  const decided = classify(spec.status, spec.headers, spec.kind);
  const retryable = spec.retryable === undefined || shouldRetry(spec.headers) !== undefined ? decided.retryable : spec.retryable;
  const error: WireErrorValue = { kind: decided.kind, message: spec.message || `HTTP ${spec.status === undefined ? "None" : spec.status}`, retryable };
  if (spec.status !== undefined && spec.status >= 100 && spec.status <= 599) error.status = spec.status;
  if (spec.providerCode) error.provider_code = spec.providerCode;
  if (decided.retryAfterMs !== undefined) error.retry_after_ms = decided.retryAfterMs;
  if (spec.requestId) error.request_id = spec.requestId;
  if (spec.metadata !== undefined && Object.keys(spec.metadata).length > 0) error.provider_metadata = { [spec.provider ?? ""]: spec.metadata };
  return error;
}

/** The error event a cut or malformed stream ends in: `invalid_response`, retryable, with the usage so far. */
export function cutError(message: string, usage: import("../../generated/types.js").TokenUsage | undefined): { type: "error"; error: WireErrorValue } {
  const error: WireErrorValue = { kind: "invalid_response", message, retryable: true };
  if (usage !== undefined) error.usage = usage;
  return { type: "error", error };
}

/** `table[key]` when `key` is one of the table's own members (never an inherited one), else undefined. */
export function lookup<T>(table: Readonly<Record<string, T>> | undefined, key: string | undefined): T | undefined {
  return table !== undefined && key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}
