/**
 * Gemini errors, as Python's `gemini/errors.py`: a google.rpc `Status` body `{"error": {"code", "message",
 * "status", "details"}}` with an HTTP status, or as a `data:` chunk of a 200 stream, to a canonical `Error`.
 *
 * The kind comes from `status` (the generated table: `RESOURCE_EXHAUSTED` is `rate_limited`, `UNAVAILABLE`
 * `overloaded`...). Gemini sends its wait in the body: `details[]` `RetryInfo.retryDelay` (`"34.4s"`) is
 * `retry_after_ms`. A quota per day (a `QuotaFailure` violation whose `quotaId` names `PerDay`) is not
 * retryable: waiting seconds does not help.
 */

import type { Error as WireErrorValue } from "../../generated/types.js";
import { classify, header, kindForStatus, shouldRetry, type HeaderSource } from "../../exchange.js";
import { ERRORS } from "../../tables/gemini.js";
import { isObject } from "../shared/conversion.js";
import { lookup, parseBody } from "../shared/errors.js";

const DELAY = /^(\d+(?:\.\d+)?)s$/;
const TOO_LONG = /input token count.*exceeds|exceeds the maximum number of tokens/i;

function details(detail: Record<string, unknown>): Record<string, unknown>[] {
  const items = detail["details"];
  return Array.isArray(items) ? items.filter(isObject) : [];
}

function retryDelayMs(items: Record<string, unknown>[]): number | undefined {
  for (const item of items) {
    if (String(item["@type"] ?? "").endsWith("google.rpc.RetryInfo")) {
      const found = DELAY.exec(String(item["retryDelay"] ?? ""));
      if (found !== null) return Math.ceil(Number(found[1]) * 1000);
    }
  }
  return undefined;
}

function dailyQuota(items: Record<string, unknown>[]): boolean {
  for (const item of items) {
    if (!String(item["@type"] ?? "").endsWith("google.rpc.QuotaFailure")) continue;
    const violations = item["violations"];
    for (const violation of Array.isArray(violations) ? violations : []) {
      if (isObject(violation) && String(violation["quotaId"] ?? "").includes("PerDay")) return true;
    }
  }
  return false;
}

export function decodeError(status: number | undefined, headers: HeaderSource, body: Uint8Array | string | object | undefined): WireErrorValue {
  const parsed = parseBody(body);
  const raw = parsed?.["error"];
  const detail = isObject(raw) ? raw : {};
  const statusName = typeof detail["status"] === "string" ? detail["status"] : undefined;
  const message = typeof detail["message"] === "string" ? detail["message"] : "";
  const code = typeof detail["code"] === "number" && Number.isInteger(detail["code"]) ? detail["code"] : undefined;
  let kind = lookup(ERRORS.kindOf["status"], statusName ?? "");
  if (kind === undefined) {
    const known = status ?? code;
    kind = parsed !== undefined || known !== undefined ? kindForStatus(known) : "invalid_response";
  }
  if (kind === "invalid_request" && TOO_LONG.test(message)) kind = "context_length_exceeded";
  const items = details(detail);
  const decided = classify(status, headers, kind);
  let retryable = decided.retryable;
  if (dailyQuota(items) && shouldRetry(headers) === undefined) retryable = false;
  const error: WireErrorValue = {
    kind: decided.kind,
    message: message || (parsed !== undefined ? `HTTP ${status ?? "None"}` : "the error body is not a google.rpc Status"),
    retryable,
  };
  if (status !== undefined && status >= 100 && status <= 599) error.status = status;
  if (statusName) error.provider_code = statusName;
  const wait = decided.retryAfterMs ?? retryDelayMs(items);
  if (wait !== undefined) error.retry_after_ms = wait;
  const requestId = header(headers, ERRORS.requestIdHeader!);
  if (requestId) error.request_id = requestId;
  if (items.length > 0) error.provider_metadata = { gemini: { details: items.map((item) => ({ ...item })) } };
  return error;
}

/** The HTTP status, headers and body Gemini would send for `error`. */
export function encodeError(error: WireErrorValue): [number, Record<string, string>, Record<string, unknown>] {
  const code = error.provider_code;
  const statusName = code !== undefined && Object.hasOwn(ERRORS.statusOfType, code) ? code : (ERRORS.typeOfKind[error.kind] ?? ERRORS.defaultType!);
  const status = error.status ?? ERRORS.statusOfType[statusName]!;
  const detail: Record<string, unknown> = { code: status, message: error.message, status: statusName };
  if (error.retry_after_ms !== undefined) {
    const delay = (error.retry_after_ms / 1000).toFixed(3).replace(/0+$/, "").replace(/\.$/, "");
    detail["details"] = [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: `${delay}s` }];
  }
  const headers: Record<string, string> = {};
  if (error.request_id !== undefined) headers[ERRORS.requestIdHeader!] = error.request_id;
  return [status, headers, { error: detail }];
}
