/**
 * OpenAI errors: `{"error": {"message", "type", "param", "code"}}` with an HTTP status (or inside a 200
 * stream) to a canonical `Error`, through the shared status table. A 429 `insufficient_quota` is out of
 * credit: `rate_limited` but not retryable.
 */

import type { Error as WireErrorValue } from "../../generated/types.js";
import { header, kindForStatus, type HeaderSource } from "../../exchange.js";
import { buildError, lookup, parseBody } from "../shared/errors.js";
import { isObject } from "../shared/conversion.js";
import { ERRORS } from "../../tables/openai-chat.js";
import { PROVIDER } from "./shapes.js";

export function decodeError(status: number | undefined, headers: HeaderSource, body: Uint8Array | string | object | undefined): WireErrorValue {
  const parsed = parseBody(body);
  const raw = parsed?.["error"];
  const detail = isObject(raw) ? raw : {};
  const code = typeof detail["code"] === "string" ? detail["code"] : undefined;
  const type = typeof detail["type"] === "string" ? detail["type"] : undefined;
  let kind = lookup(ERRORS.kindOf["code"], code || undefined) ?? lookup(ERRORS.kindOf["type"], type || undefined);
  if (kind === undefined) kind = parsed !== undefined || status !== undefined ? kindForStatus(status) : "invalid_response";
  if (status !== undefined && status >= 500 && kind === "invalid_request") kind = kindForStatus(status);
  const retryable = (code !== undefined && ERRORS.notRetryable["code"]?.includes(code)) || (type !== undefined && ERRORS.notRetryable["type"]?.includes(type)) ? false : undefined;
  const message = typeof detail["message"] === "string" ? detail["message"] : "";
  const param = detail["param"];
  return buildError({
    kind,
    message: message || (parsed !== undefined ? "" : "the error body is not JSON"),
    status,
    headers,
    providerCode: code || type,
    requestId: header(headers, ERRORS.requestIdHeader ?? "x-request-id"),
    retryable,
    metadata: param !== undefined && param !== null ? { param } : undefined,
    provider: PROVIDER,
  });
}

/** The HTTP status, headers and body OpenAI would send for `error`. */
export function encodeError(error: WireErrorValue): [number, Record<string, string>, Record<string, unknown>] {
  const status = error.status ?? ERRORS.statusOfKind[error.kind] ?? ERRORS.defaultStatus!;
  // a 429 that is not worth retrying is out of credit, not busy (code, not a table)
  const type = status === 429 && !error.retryable ? "insufficient_quota" : (ERRORS.typeOfStatus[status] ?? ERRORS.defaultType!);
  const headers: Record<string, string> = {};
  if (error.retry_after_ms !== undefined) headers["retry-after-ms"] = String(error.retry_after_ms);
  if (error.request_id !== undefined) headers["x-request-id"] = error.request_id;
  headers["x-should-retry"] = error.retryable ? "true" : "false";
  const param = error.provider_metadata?.[PROVIDER]?.["param"] ?? null;
  return [status, headers, { error: { message: error.message, type, param, code: error.provider_code ?? null } }];
}
