/**
 * OpenAI errors: `{"error": {"message", "type", "param", "code"}}` with an HTTP status (or inside a 200
 * stream) to a canonical `Error`, through the shared status table. A 429 `insufficient_quota` is out of
 * credit: `rate_limited` but not retryable.
 */

import type { Error as WireErrorValue, ErrorKind } from "../../generated/types.js";
import { header, kindForStatus, type HeaderSource } from "../../exchange.js";
import { buildError, parseBody } from "../shared/errors.js";
import { isObject } from "../shared/conversion.js";
import { PROVIDER } from "./shapes.js";

const NOT_RETRYABLE_CODES = new Set(["insufficient_quota", "credit_balance_exhausted", "project_spend_limit_exceeded"]);
const KIND_BY_CODE: Record<string, ErrorKind> = {
  context_length_exceeded: "context_length_exceeded",
  content_filter: "content_filter",
  content_policy_violation: "content_filter",
  rate_limit_exceeded: "rate_limited",
  slow_down: "rate_limited",
  insufficient_quota: "rate_limited",
  server_is_overloaded: "overloaded",
  server_error: "provider",
  invalid_api_key: "authentication",
  model_not_found: "not_found",
};
const KIND_BY_TYPE: Record<string, ErrorKind> = {
  invalid_request_error: "invalid_request",
  authentication_error: "authentication",
  permission_error: "permission_denied",
  not_found_error: "not_found",
  rate_limit_error: "rate_limited",
  insufficient_quota: "rate_limited",
  server_error: "provider",
  api_error: "provider",
};

const lookup = (table: Record<string, ErrorKind>, key: string | undefined) => (key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined);

export function decodeError(status: number | undefined, headers: HeaderSource, body: Uint8Array | string | object | undefined): WireErrorValue {
  const parsed = parseBody(body);
  const raw = parsed?.["error"];
  const detail = isObject(raw) ? raw : {};
  const code = typeof detail["code"] === "string" ? detail["code"] : undefined;
  const type = typeof detail["type"] === "string" ? detail["type"] : undefined;
  let kind = lookup(KIND_BY_CODE, code || undefined) ?? lookup(KIND_BY_TYPE, type || undefined);
  if (kind === undefined) kind = parsed !== undefined || status !== undefined ? kindForStatus(status) : "invalid_response";
  if (status !== undefined && status >= 500 && kind === "invalid_request") kind = kindForStatus(status);
  const retryable = (code !== undefined && NOT_RETRYABLE_CODES.has(code)) || (type !== undefined && NOT_RETRYABLE_CODES.has(type)) ? false : undefined;
  const message = typeof detail["message"] === "string" ? detail["message"] : "";
  const param = detail["param"];
  return buildError({
    kind,
    message: message || (parsed !== undefined ? "" : "the error body is not JSON"),
    status,
    headers,
    providerCode: code || type,
    requestId: header(headers, "x-request-id"),
    retryable,
    metadata: param !== undefined && param !== null ? { param } : undefined,
    provider: PROVIDER,
  });
}

const STATUS_BY_KIND: Partial<Record<ErrorKind, number>> = {
  invalid_request: 400,
  context_length_exceeded: 400,
  content_filter: 400,
  authentication: 401,
  permission_denied: 403,
  not_found: 404,
  timeout: 408,
  rate_limited: 429,
  overloaded: 503,
};

/** The HTTP status, headers and body OpenAI would send for `error`. */
export function encodeError(error: WireErrorValue): [number, Record<string, string>, Record<string, unknown>] {
  const status = error.status ?? STATUS_BY_KIND[error.kind] ?? 500;
  const types: Record<number, string> = { 400: "invalid_request_error", 401: "authentication_error", 403: "permission_error", 404: "not_found_error", 429: error.retryable ? "rate_limit_error" : "insufficient_quota" };
  const type = types[status] ?? "server_error";
  const headers: Record<string, string> = {};
  if (error.retry_after_ms !== undefined) headers["retry-after-ms"] = String(error.retry_after_ms);
  if (error.request_id !== undefined) headers["x-request-id"] = error.request_id;
  headers["x-should-retry"] = error.retryable ? "true" : "false";
  const param = error.provider_metadata?.[PROVIDER]?.["param"] ?? null;
  return [status, headers, { error: { message: error.message, type, param, code: error.provider_code ?? null } }];
}
