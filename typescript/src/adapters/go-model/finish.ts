/**
 * go-model finish reasons (the string a StreamChunk carries: `stop`, `length`, `tool_calls`, `content_filter`)
 * to canonical finish reasons and back; the table is the manifest's. Any other value is `other` with the raw
 * value kept; none is `other` with no raw value (Python's `go_model/response.py`).
 */

import type { FinishReason } from "../../generated/types.js";
import { MANIFEST } from "../../tables/go-model.js";
import type { Conversion } from "../shared/conversion.js";
import { decodeFinish, encodeFinish } from "../shared/finish.js";

export function decode(raw: string | undefined, hasToolCalls: boolean): FinishReason {
  return decodeFinish(raw, MANIFEST, hasToolCalls);
}

/** The SDK's string: the raw value when it is the SDK's own for the kind, else the SDK's value for the kind, else the raw value (or the kind's name) as is. */
export function encode(reason: FinishReason, conv: Conversion, where = "/finish_reason"): string {
  return encodeFinish(reason, MANIFEST, conv, where);
}
