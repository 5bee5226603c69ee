/**
 * Finish reasons of OpenAI-compatible servers (Python's `finish.py`): OpenAI's table plus the profile's own
 * spellings (DeepSeek's `insufficient_system_resource`, vLLM's `abort`, OpenRouter's `error`), from the
 * profile's generated manifest; an unknown value is `other`, raw kept.
 */

import type { FinishReason } from "../../generated/types.js";
import type { Manifest } from "../shared/contract.js";
import type { Conversion } from "../shared/conversion.js";
import { decodeFinish, encodeFinish } from "../shared/finish.js";

export function decode(raw: string | undefined, hasToolCalls: boolean, manifest: Manifest): FinishReason {
  return decodeFinish(raw, manifest, hasToolCalls);
}

/** The value sent (the table is `conv.manifest`'s, the profile's). */
export function encode(reason: FinishReason, conv: Conversion, where = "/finish_reason"): string {
  return encodeFinish(reason, conv.manifest, conv, where);
}
