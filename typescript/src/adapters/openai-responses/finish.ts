/**
 * Responses finish reasons, as Python's `openai_responses/finish.py`: the raw value is the response `status`
 * (`completed`, `failed`, `cancelled`...), or for an `incomplete` response its `incomplete_details.reason`
 * (`max_output_tokens`, `content_filter`...). Responses has no tool-call status: a `completed` reply holding
 * function calls is kind `tool_calls` (raw `completed`). The table lives in the manifest.
 */

import type { FinishReason } from "../../generated/types.js";
import { MANIFEST } from "../../tables/openai-responses.js";
import { ProviderShapeError } from "../shared/contract.js";
import { type Conversion, isObject } from "../shared/conversion.js";
import { decodeFinish, encodeFinish } from "../shared/finish.js";

/** `incomplete_details.reason` values: the raw finish reason of an `incomplete` response. */
export const INCOMPLETE_REASONS: readonly string[] = ["max_output_tokens", "max_messages", "content_filter", "steered"];

export function decode(raw: string | undefined, hasToolCalls: boolean): FinishReason {
  if (raw === "completed" && hasToolCalls) return { kind: "tool_calls", raw };
  return decodeFinish(raw, MANIFEST, hasToolCalls);
}

/** The raw finish reason to write; undefined for `other` without a raw value (nothing is written, so it reads back the same). */
export function encode(reason: FinishReason, conv: Conversion, hasToolCalls: boolean, where = "/finish_reason"): string | undefined {
  const raw = reason.raw;
  if (reason.kind === "other" && raw === undefined) return undefined;
  if (reason.kind === "tool_calls" && raw === "completed") return raw;
  const sent = encodeFinish(reason, MANIFEST, conv, where);
  if (sent === "completed" && hasToolCalls && reason.kind !== "tool_calls") conv.degrade("finish_reason.tool_calls_inferred", where);
  return sent;
}

/** The raw finish reason of a response body: its status, or the incomplete reason. */
export function rawOf(body: Record<string, unknown>, where = ""): string | undefined {
  const status = body["status"];
  if (status === undefined || status === null) return undefined;
  if (typeof status !== "string") throw new ProviderShapeError(`${where}/status`, `expected a string, got ${typeof status}`);
  const details = body["incomplete_details"];
  if (status === "incomplete" && isObject(details) && typeof details["reason"] === "string") return details["reason"];
  return status;
}

/** `status` and `incomplete_details` for a raw finish reason (neither for none). */
export function statusFields(raw: string | undefined): Record<string, unknown> {
  if (raw === undefined) return {};
  if (INCOMPLETE_REASONS.includes(raw)) return { status: "incomplete", incomplete_details: { reason: raw } };
  return { status: raw, incomplete_details: null };
}
