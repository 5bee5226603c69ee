/**
 * Errors for the go-model format (Python's `go_model/errors.py`). The SDK defines no error type of its own and
 * speaks no HTTP; a failure stored beside its messages is `{"error": message}`. Decoding takes the kind from
 * the HTTP status when there is one (`provider` otherwise); encoding writes the message and the status.
 */

import type { Error as WireErrorValue, ErrorKind } from "../../generated/types.js";
import { RETRYABLE_KINDS, type HeaderSource } from "../../exchange.js";
import { ERRORS } from "../../tables/go-model.js";
import { isObject } from "../shared/conversion.js";
import { parseBody } from "../shared/errors.js";

function message(body: Uint8Array | string | object | undefined): string | undefined {
  const parsed = parseBody(body);
  let value = parsed?.["error"];
  if (isObject(value)) value = value["message"];
  return typeof value === "string" && value ? value : undefined;
}

/** The canonical error; never throws. Headers carry nothing the SDK sets. */
export function decodeError(status: number | undefined | null, _headers: HeaderSource, body: Uint8Array | string | object | undefined): WireErrorValue {
  const code = status ?? undefined;
  const kind: ErrorKind = code === undefined ? "provider" : (ERRORS.kindOfStatus[code] ?? (code >= 500 ? "provider" : "invalid_request"));
  const error: WireErrorValue = {
    kind,
    message: message(body) ?? (code !== undefined ? `HTTP ${code}` : "the error body has no message"),
    retryable: RETRYABLE_KINDS.has(kind),
  };
  if (code !== undefined && code >= 100 && code <= 599) error.status = code;
  return error;
}

export function encodeError(error: WireErrorValue): [number, Record<string, string>, Record<string, unknown>] {
  const status = error.status ?? ERRORS.statusOfKind[error.kind] ?? ERRORS.defaultStatus!;
  return [status, {}, { error: error.message }];
}
