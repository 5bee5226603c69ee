/**
 * Gemini `finishReason` values to canonical ones and back (the table is the generated manifest's). Gemini has
 * no tool-call reason: a function call ends with `STOP`, kind `stop`. A reason sent as an enum number reads
 * as its name (`rawName`); the number itself stays in the candidate's `provider_metadata`.
 */

import type { FinishReason } from "../../generated/types.js";
import { MANIFEST } from "../../tables/gemini.js";
import type { Conversion } from "../shared/conversion.js";
import { decodeFinish, encodeFinish } from "../shared/finish.js";

/** The enum numbers where the Gemini API's and Vertex AI's enums agree (they part after 5). */
const NUMBERS: readonly string[] = ["FINISH_REASON_UNSPECIFIED", "STOP", "MAX_TOKENS", "SAFETY", "RECITATION", "OTHER"];

/** A candidate's `finishReason` as Gemini names it: the name itself, or the name of an enum number. */
export function rawName(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isInteger(value) && value >= 0) return NUMBERS[value];
  return undefined;
}

export function decode(raw: string | undefined, hasToolCalls: boolean): FinishReason {
  return decodeFinish(raw, MANIFEST, hasToolCalls);
}

export function encode(reason: FinishReason, conv: Conversion, where = "/finish_reason"): string {
  return encodeFinish(reason, MANIFEST, conv, where);
}
