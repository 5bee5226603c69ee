/**
 * Finish reasons for any adapter, driven by the manifest's tables (spec section 8): the raw value is
 * always kept, an unknown value is `other` (never `stop`), and `tool_calls` needs a tool call.
 */

import type { FinishReason } from "../../generated/types.js";
import type { Manifest } from "./contract.js";

export function decodeFinish(raw: string | undefined, manifest: Manifest, hasToolCalls: boolean): FinishReason {
  if (raw === undefined) return { kind: "other" };
  let kind = Object.hasOwn(manifest.finishReasons, raw) ? manifest.finishReasons[raw]! : "other";
  if (kind === "tool_calls" && !hasToolCalls) kind = "other";
  return { kind, raw };
}
