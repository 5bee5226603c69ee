/**
 * Tools the server ran itself (Python's `executed_tools.py`): Groq's `message.executed_tools` <-> provider-run
 * parts (spec section 15). Each entry becomes a `provider_tool_call` (issuer the profile's, `name` the entry's
 * `type`, `input` its `arguments` read as JSON where they are, `block` the entry verbatim) followed by a
 * `provider_tool_result` without a block. The call's id is `<issuer>_executed_<index>`. A reply writes the
 * block back, once; a request cannot (Groq's assistant message has no `executed_tools`): replay drops them
 * with `provider_tool.own`. A stream sends the entries in `delta.executed_tools` (`StreamedTools`).
 */

import type { JsonValue, ProviderToolCallPart, ProviderToolResultPart } from "../../generated/types.js";
import { ProviderShapeError } from "../shared/contract.js";
import { type Conversion, isObject, metadataFor } from "../shared/conversion.js";
import type { Profile } from "../shared/profile.js";
import { PROVIDER, pythonKind } from "./shapes.js";

export const EXECUTED = "executed_tools";
const RESULTS = ["output", "search_results", "code_results", "browser_results"];

const isInt = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value);

/** The call and result parts of one executed tool entry. */
export function entryParts(raw: unknown, where: string, issuer: string): [ProviderToolCallPart, ProviderToolResultPart] {
  if (!isObject(raw)) throw new ProviderShapeError(where, `expected an executed tool object, got ${pythonKind(raw)}`);
  const index = raw["index"];
  const name = raw["type"];
  if (!isInt(index) || typeof name !== "string" || !name) throw new ProviderShapeError(where, "an executed tool needs its index (an integer) and its type");
  const id = `${issuer}_executed_${index}`;
  const call: ProviderToolCallPart["provider_tool_call"] = { id, name, issuer, block: { ...raw } as never };
  const args = raw["arguments"];
  if (typeof args === "string" && args) {
    try {
      call.input = JSON.parse(args) as JsonValue;
    } catch {
      call.input = args;
    }
  }
  const result: ProviderToolResultPart["provider_tool_result"] = { tool_call_id: id, issuer, name };
  const output = Object.fromEntries(RESULTS.filter((key) => raw[key] !== undefined && raw[key] !== null).map((key) => [key, raw[key]]));
  const keys = Object.keys(output);
  if (keys.length > 0) result.output = (keys.length === 1 && keys[0] === "output" ? output["output"] : output) as JsonValue;
  return [
    { type: "provider_tool_call", provider_tool_call: call },
    { type: "provider_tool_result", provider_tool_result: result },
  ];
}

/** The provider-run parts of a reply's message, and the message without `executed_tools`. */
export function readMessage(message: Record<string, unknown>, profile: Profile, where: string): [Array<ProviderToolCallPart | ProviderToolResultPart>, Record<string, unknown>] {
  const raw = profile.executedTools ? message[EXECUTED] : undefined;
  if (raw === undefined || raw === null) return [[], { ...message }];
  if (!Array.isArray(raw)) throw new ProviderShapeError(`${where}/${EXECUTED}`, `expected an array of executed tools, got ${pythonKind(raw)}`);
  const parts = raw.flatMap((entry, i) => entryParts(entry, `${where}/${EXECUTED}/${i}`, profile.issuer));
  return [parts, Object.fromEntries(Object.entries(message).filter(([key]) => key !== EXECUTED))];
}

/** The provider-run parts of one assistant message: a reply writes the profile's own back; a request drops them. */
export class ToolsWriter {
  private entries: Record<string, unknown>[] = [];

  constructor(
    private readonly profile: Profile,
    private readonly conv: Conversion,
    private readonly reply: boolean,
  ) {}

  take(part: ProviderToolCallPart | ProviderToolResultPart, where: string): boolean {
    if (metadataFor(part.provider_metadata, PROVIDER)[1]) this.conv.degrade("part.provider_metadata", `${where}/provider_metadata`);
    const value = part.type === "provider_tool_call" ? part.provider_tool_call : part.provider_tool_result;
    const at = `${where}/${part.type}`;
    if (value.issuer !== this.profile.issuer) this.conv.degrade("provider_tool.foreign", at);
    else if (!this.reply) this.conv.degrade("provider_tool.own", at);
    else if (value.block !== undefined) this.entries.push({ ...(value.block as Record<string, unknown>) });
    else if (part.type === "provider_tool_call") throw this.conv.refuse("provider_tool.unblocked", at);
    return true; // a result without a block: its call's block holds it
  }

  members(): Record<string, unknown> {
    const entries = this.entries;
    this.entries = [];
    return entries.length > 0 ? { [EXECUTED]: entries } : {};
  }
}

/** `delta.executed_tools` entries of a stream, merged by their `index`, read whole when the stream's parts close. */
export class StreamedTools {
  entries = new Map<number, Record<string, unknown>>();

  add(raw: unknown, where: string): void {
    if (!Array.isArray(raw)) throw new ProviderShapeError(where, `expected an array of executed tools, got ${pythonKind(raw)}`);
    raw.forEach((entry, i) => {
      if (!isObject(entry) || !isInt(entry["index"])) throw new ProviderShapeError(`${where}/${i}`, "an executed tool needs its index (an integer)");
      const held = this.entries.get(entry["index"]) ?? {};
      for (const [key, value] of Object.entries(entry)) if (value !== null && value !== undefined) held[key] = value;
      this.entries.set(entry["index"], held);
    });
  }
}
