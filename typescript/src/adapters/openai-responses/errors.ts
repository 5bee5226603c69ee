/**
 * Responses errors to a canonical `Error` and back, as Python's `openai_responses/errors.py`. HTTP failures
 * have the OpenAI shape (`{"error": {"message", "type", "param", "code"}}`) and the same status table, so they
 * are read by the `openai-chat` decoder; a stream carries its own shapes: an `error` event with the members at
 * the top level (`{"type": "error", "code", "message", "param", "sequence_number"}`), and `response.failed`
 * whose `response.error` is `{"code", "message"}`. Both give an `Error` with no status.
 */

import type { Error as WireErrorValue } from "../../generated/types.js";
import type { HeaderSource } from "../../exchange.js";
import { isObject } from "../shared/conversion.js";
import { parseBody } from "../shared/errors.js";
import { decodeError as decodeChatError, encodeError as encodeChatError } from "../openai-chat/errors.js";

export function decodeError(status: number | undefined, headers: HeaderSource, body: Uint8Array | string | object | undefined): WireErrorValue {
  let parsed = parseBody(body);
  if (parsed !== undefined && parsed["type"] === "error" && !isObject(parsed["error"])) {
    const detail: Record<string, unknown> = {};
    for (const key of ["message", "code", "param"]) if (parsed[key] !== undefined && parsed[key] !== null) detail[key] = parsed[key];
    if (detail["code"] === undefined) detail["type"] = "server_error";
    parsed = { error: detail };
  }
  return decodeChatError(status, headers, parsed ?? body);
}

export function encodeError(error: WireErrorValue): [number, Record<string, string>, Record<string, unknown>] {
  return encodeChatError(error);
}

/** The `error` event body for a mid-stream error (`type` first, as the event writes it). */
export function streamError(error: WireErrorValue): Record<string, unknown> {
  const own = error.provider_metadata?.["openai"];
  return { type: "error", code: error.provider_code ?? null, message: error.message, param: (isObject(own) ? own["param"] : undefined) ?? null };
}
