/**
 * Anthropic errors: `{"type": "error", "error": {"type", "message"}, "request_id"}` with an HTTP status, or
 * as an `event: error` inside a 200 stream, to a canonical `Error` through the shared status table. 529
 * `overloaded_error` is `overloaded` and retryable; 402 `billing_error` is `rate_limited`, not retryable.
 */

import type { Error as WireErrorValue } from "../../generated/types.js";
import { header, kindForStatus, type HeaderSource } from "../../exchange.js";
import { isObject } from "../shared/conversion.js";
import { buildError, lookup, parseBody } from "../shared/errors.js";
import { ERRORS, MANIFEST } from "../../tables/anthropic.js";


export function decodeError(status: number | undefined, headers: HeaderSource, body: Uint8Array | string | object | undefined): WireErrorValue {
  const parsed = parseBody(body);
  const raw = parsed?.["error"];
  const detail = isObject(raw) ? raw : {};
  const type = typeof detail["type"] === "string" ? detail["type"] : undefined;
  let message = typeof detail["message"] === "string" ? detail["message"] : "";
  if (!message && typeof parsed?.["message"] === "string") message = parsed["message"]; // Amazon Bedrock's and Vertex AI's own errors: {"message": ...}
  let kind = lookup(ERRORS.kindOf["type"], type);
  if (kind === undefined) kind = parsed !== undefined || status !== undefined ? kindForStatus(status) : "invalid_response";
  if (kind === "invalid_request" && message.toLowerCase().includes("prompt is too long")) kind = "context_length_exceeded";
  const retryable = type !== undefined && ERRORS.notRetryable["type"]?.includes(type) ? false : MANIFEST.statusRetryable[status ?? 0];
  let requestId = header(headers, ERRORS.requestIdHeader ?? "request-id");
  if (requestId === undefined && typeof parsed?.["request_id"] === "string") requestId = parsed["request_id"];
  return buildError({
    kind,
    message: message || (parsed !== undefined ? "" : "the error body is not JSON"),
    status,
    headers,
    providerCode: type,
    requestId,
    retryable,
  });
}

/** The HTTP status, headers and body Anthropic would send for `error`. */
export function encodeError(error: WireErrorValue): [number, Record<string, string>, Record<string, unknown>] {
  const code = error.provider_code;
  const type = code !== undefined && Object.hasOwn(ERRORS.statusOfType, code) ? code : (ERRORS.typeOfKind[error.kind] ?? ERRORS.defaultType!);
  const status = error.status ?? ERRORS.statusOfType[type]!;
  const headers: Record<string, string> = { "x-should-retry": error.retryable ? "true" : "false" };
  if (error.retry_after_ms !== undefined) headers["retry-after-ms"] = String(error.retry_after_ms);
  const body: Record<string, unknown> = { type: "error", error: { type, message: error.message } };
  if (error.request_id !== undefined) {
    headers["request-id"] = error.request_id;
    body["request_id"] = error.request_id;
  }
  return [status, headers, body];
}
