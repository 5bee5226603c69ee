/**
 * Anthropic errors: `{"type": "error", "error": {"type", "message"}, "request_id"}` with an HTTP status, or
 * as an `event: error` inside a 200 stream, to a canonical `Error` through the shared status table. 529
 * `overloaded_error` is `overloaded` and retryable; 402 `billing_error` is `rate_limited`, not retryable.
 */

import type { Error as WireErrorValue, ErrorKind } from "../../generated/types.js";
import { header, kindForStatus, type HeaderSource } from "../../exchange.js";
import { isObject } from "../shared/conversion.js";
import { buildError, parseBody } from "../shared/errors.js";
import { MANIFEST } from "./manifest.js";

const KIND_BY_TYPE: Record<string, ErrorKind> = {
  invalid_request_error: "invalid_request",
  authentication_error: "authentication",
  billing_error: "rate_limited",
  permission_error: "permission_denied",
  not_found_error: "not_found",
  conflict_error: "provider",
  request_too_large: "invalid_request",
  rate_limit_error: "rate_limited",
  api_error: "provider",
  timeout_error: "timeout",
  overloaded_error: "overloaded",
};

export function decodeError(status: number | undefined, headers: HeaderSource, body: Uint8Array | string | object | undefined): WireErrorValue {
  const parsed = parseBody(body);
  const raw = parsed?.["error"];
  const detail = isObject(raw) ? raw : {};
  const type = typeof detail["type"] === "string" ? detail["type"] : undefined;
  let message = typeof detail["message"] === "string" ? detail["message"] : "";
  if (!message && typeof parsed?.["message"] === "string") message = parsed["message"]; // Amazon Bedrock's and Vertex AI's own errors: {"message": ...}
  let kind = type !== undefined && Object.hasOwn(KIND_BY_TYPE, type) ? KIND_BY_TYPE[type] : undefined;
  if (kind === undefined) kind = parsed !== undefined || status !== undefined ? kindForStatus(status) : "invalid_response";
  if (kind === "invalid_request" && message.toLowerCase().includes("prompt is too long")) kind = "context_length_exceeded";
  const retryable = type === "billing_error" ? false : MANIFEST.statusRetryable[status ?? 0];
  let requestId = header(headers, "request-id");
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

const STATUS_BY_TYPE: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  conflict_error: 409,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};
const TYPE_BY_KIND: Partial<Record<ErrorKind, string>> = {
  invalid_request: "invalid_request_error",
  context_length_exceeded: "invalid_request_error",
  content_filter: "invalid_request_error",
  authentication: "authentication_error",
  permission_denied: "permission_error",
  not_found: "not_found_error",
  rate_limited: "rate_limit_error",
  timeout: "timeout_error",
  overloaded: "overloaded_error",
};

/** The HTTP status, headers and body Anthropic would send for `error`. */
export function encodeError(error: WireErrorValue): [number, Record<string, string>, Record<string, unknown>] {
  const code = error.provider_code;
  const type = code !== undefined && Object.hasOwn(STATUS_BY_TYPE, code) ? code : (TYPE_BY_KIND[error.kind] ?? "api_error");
  const status = error.status ?? STATUS_BY_TYPE[type]!;
  const headers: Record<string, string> = { "x-should-retry": error.retryable ? "true" : "false" };
  if (error.retry_after_ms !== undefined) headers["retry-after-ms"] = String(error.retry_after_ms);
  const body: Record<string, unknown> = { type: "error", error: { type, message: error.message } };
  if (error.request_id !== undefined) {
    headers["request-id"] = error.request_id;
    body["request_id"] = error.request_id;
  }
  return [status, headers, body];
}
