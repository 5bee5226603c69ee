/** Anthropic stop reasons (`end_turn`, `tool_use`, `max_tokens`, `pause_turn`, `refusal`, ...) to canonical finish reasons; the table is the manifest's. */

import type { FinishReason } from "../../generated/types.js";
import type { Conversion } from "../shared/conversion.js";
import { decodeFinish, encodeFinish } from "../shared/finish.js";
import { MANIFEST } from "../../tables/anthropic.js";

export function decode(raw: string | undefined, hasToolCalls: boolean): FinishReason {
  return decodeFinish(raw, MANIFEST, hasToolCalls);
}

export function encode(reason: FinishReason, conv: Conversion, where = "/finish_reason"): string {
  return encodeFinish(reason, MANIFEST, conv, where);
}
