/**
 * QueryMT's `FinishReason` (`"Stop"`, `"Length"`, `"ContentFilter"`, `"ToolCalls"`, `"Error"`, `"Other"`,
 * `"Unknown"`) to canonical finish reasons and back; the table is the manifest's. A reply without one (plugins
 * built before QueryMT added the member) is derived: `tool_calls` when it calls tools, else `other`, with no
 * raw value.
 */

import type { FinishReason } from "../../generated/types.js";
import { MANIFEST } from "../../tables/querymt.js";
import type { Conversion } from "../shared/conversion.js";
import { decodeFinish, encodeFinish } from "../shared/finish.js";

export function decode(raw: string | undefined, hasToolCalls: boolean): FinishReason {
  if (raw === undefined) return { kind: hasToolCalls ? "tool_calls" : "other" };
  return decodeFinish(raw, MANIFEST, hasToolCalls);
}

export function encode(reason: FinishReason, conv: Conversion, where = "/finish_reason"): string {
  return encodeFinish(reason, MANIFEST, conv, where);
}
