/**
 * QueryMT plugin errors to canonical `Error` and back, as Python's `querymt/errors.py`.
 *
 * A failing export sets the Extism error to a `PluginError` JSON, adjacently tagged (`interface.rs`):
 * `{"kind": "Auth", "data": "message"}`, `{"kind": "RateLimited", "data": {"message", "retry_after_secs"}}`,
 * `{"kind": "Cancelled"}`. A plain string (a plugin that does not use QueryMT's helpers) is kept whole as the
 * message of a `provider` error. There is no HTTP status on this path; the status `encodeError` gives is
 * nominal, for a server that fronts a plugin.
 */

import type { Error as WireErrorValue } from "../../generated/types.js";
import { header, kindForStatus, type HeaderSource } from "../../exchange.js";
import { ERRORS } from "../../tables/querymt.js";
import { isObject } from "../shared/conversion.js";
import { buildError, lookup } from "../shared/errors.js";
import { PROVIDER } from "./shapes.js";

declare const TextDecoder: new (label?: string) => { decode(bytes: Uint8Array): string };

/** The body parsed (undefined when it is not JSON) and its text ("" for a body given as a value). */
function read(body: Uint8Array | string | object | undefined): [unknown, string] {
  if (body === undefined || body === null) return [undefined, ""];
  if (typeof body !== "string" && !(body instanceof Uint8Array)) return [body, ""];
  const text = typeof body === "string" ? body : new TextDecoder("utf-8").decode(body);
  try {
    return [JSON.parse(text), text];
  } catch {
    return [undefined, text];
  }
}

/** `headers` with `retry-after` set to `seconds` (the wait a `RateLimited` error names). */
function withRetryAfter(headers: HeaderSource, seconds: number): HeaderSource {
  const value = String(seconds);
  return { get: (name: string) => (name.toLowerCase() === "retry-after" ? value : (header(headers, name) ?? null)) };
}

export function decodeError(status: number | undefined | null, headers: HeaderSource, body: Uint8Array | string | object | undefined): WireErrorValue {
  const code = status ?? undefined;
  const [parsed, text] = read(body);
  const variant = isObject(parsed) && typeof parsed["kind"] === "string" ? parsed["kind"] : undefined;
  const kind = lookup(ERRORS.kindOf["type"], variant);
  if (kind === undefined || variant === undefined || !isObject(parsed)) {
    return buildError({
      kind: code !== undefined ? kindForStatus(code) : "provider",
      message: text || "the plugin failed without a message",
      status: code,
      headers,
      providerCode: undefined,
      requestId: undefined,
      provider: PROVIDER,
    });
  }
  const data = parsed["data"];
  let message = "";
  let waitS: number | undefined;
  if (typeof data === "string") message = data;
  else if (isObject(data)) {
    message = typeof data["message"] === "string" ? data["message"] : "";
    const seconds = data["retry_after_secs"];
    if (typeof seconds === "number" && Number.isInteger(seconds) && seconds >= 0) waitS = seconds;
  }
  return buildError({
    kind,
    message: message || variant,
    status: code,
    headers: waitS === undefined ? headers : withRetryAfter(headers, waitS),
    providerCode: variant,
    requestId: undefined,
    provider: PROVIDER,
  });
}

/** A nominal status, no headers, and the `PluginError` JSON a QueryMT plugin would return. */
export function encodeError(error: WireErrorValue): [number, Record<string, string>, Record<string, unknown>] {
  const variant = ERRORS.typeOfKind[error.kind] ?? ERRORS.defaultType!;
  let body: Record<string, unknown>;
  if (variant === "Cancelled") body = { kind: "Cancelled" };
  else if (variant === "RateLimited") {
    const wait = error.retry_after_ms === undefined ? null : Math.ceil(error.retry_after_ms / 1000);
    body = { kind: variant, data: { message: error.message, retry_after_secs: wait } };
  } else body = { kind: variant, data: error.message };
  const status = error.status ?? lookup(ERRORS.statusOfType, variant) ?? ERRORS.defaultStatus!;
  return [status, {}, body];
}
