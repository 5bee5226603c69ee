/**
 * Finish reasons for any adapter, driven by the manifest's tables (spec section 8): the raw value is
 * always kept, an unknown value is `other` (never `stop`), and `tool_calls` needs a tool call.
 */

import type { FinishReason } from "../../generated/types.js";
import type { Manifest } from "./contract.js";
import type { Conversion } from "./conversion.js";

export function decodeFinish(raw: string | undefined, manifest: Manifest, hasToolCalls: boolean): FinishReason {
  if (raw === undefined) return { kind: "other" };
  let kind = Object.hasOwn(manifest.finishReasons, raw) ? manifest.finishReasons[raw]! : "other";
  if (kind === "tool_calls" && !hasToolCalls) kind = "other";
  return { kind, raw };
}

/**
 * The provider value for a canonical finish reason: the raw value when it is the provider's own for that
 * kind, else the provider's value for the kind (degrading `finish_reason.raw_foreign`), else the raw value
 * (or the kind's name) as is.
 */
export function encodeFinish(reason: FinishReason, manifest: Manifest, conv: Conversion, where: string): string {
  const raw = reason.raw;
  if (raw !== undefined && Object.hasOwn(manifest.finishReasons, raw) && manifest.finishReasons[raw] === reason.kind) return raw;
  conv.degrade("finish_reason.raw_foreign", where);
  const fallback = manifest.finishDefaults[reason.kind];
  if (fallback !== undefined) return fallback;
  return raw ?? reason.kind;
}
