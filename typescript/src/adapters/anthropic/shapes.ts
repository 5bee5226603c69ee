/**
 * Anthropic Messages' own JSON shapes, written once: the names, the image types it takes, and the blocks the
 * adapter writes from canonical parts (`tool_use`, `thinking` / `redacted_thinking`); the blocks it reads are
 * in `blocks.ts`. Thinking signatures and redacted data pass byte for byte.
 */

import type { ReasoningPart, ToolCall } from "../../generated/types.js";
import { buildArguments, parseArguments } from "../../tool-arguments.js";
import { type Conversion, reasoningFeature } from "../shared/conversion.js";
import { MEDIA_TYPES, NAME, PROVIDER } from "../../tables/anthropic.js";

export { NAME, PROVIDER };
/** The image media types the API takes inline (the manifest's). */
export const IMAGE_TYPES: ReadonlySet<string> = new Set(MEDIA_TYPES["image"] ?? []);
/** The name structured output's schema travels under (Anthropic has no name of its own for it). */
export const SCHEMA_NAME = "response";

/** A `tool_use` block: the arguments must be a JSON object, sent as `input`. */
export function encodeToolCall(call: ToolCall, where: string, conv: Conversion): Record<string, unknown> {
  let value: Record<string, unknown>;
  try {
    value = parseArguments(call.arguments) as Record<string, unknown>;
  } catch {
    throw conv.refuse("tool_call.arguments_not_object", `${where}/arguments`);
  }
  if (buildArguments(value) !== call.arguments) conv.degrade("tool_call.arguments_not_compact", `${where}/arguments`);
  return { type: "tool_use", id: call.id, name: call.name, input: value };
}

/** A `thinking` or `redacted_thinking` block for reasoning Anthropic issued; undefined when the replay rule drops it. */
export function encodeReasoning(part: ReasoningPart, where: string, conv: Conversion): Record<string, unknown> | undefined {
  const feature = reasoningFeature(part, PROVIDER);
  if (!conv.handle(feature, where) && feature !== "reasoning.own_empty_text") return undefined;
  const reasoning = part.reasoning;
  if (reasoning.redacted_data !== undefined) return { type: "redacted_thinking", data: reasoning.redacted_data };
  return { type: "thinking", thinking: reasoning.text ?? "", signature: reasoning.signature ?? "" };
}

/** The members of a `tool_use` block the canonical tool call holds; every other member (`caller`, `cache_control`, and whatever Anthropic adds) is kept in the part's `provider_metadata.anthropic`. */
export const TOOL_USE_MEMBERS: ReadonlySet<string> = new Set(["type", "id", "name", "input"]);

/**
 * The members a `tool_use` block gets back from its part's `provider_metadata.anthropic` (`caller`,
 * `cache_control`, ...): all of them but the ones the tool call itself writes, which are degraded.
 */
export function toolUseExtras(own: Record<string, unknown>, where: string, conv: Conversion): Record<string, unknown> {
  const extras: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(own)) if (!TOOL_USE_MEMBERS.has(key)) extras[key] = value;
  if (Object.keys(extras).length !== Object.keys(own).length) conv.degrade("part.provider_metadata", `${where}/provider_metadata`);
  return extras;
}
