/**
 * What the `anthropic` decoders map or keep, member by member, as data (`Shape`), as Python's
 * `anthropic/members.py`: anything else in a request, a response or a stream event is reported with its
 * pointer (feature `provider.unmapped`), never dropped silently (decision 011).
 *
 * Members a decoder keeps whole are listed with `null`: a `tool_use` block's extra members, a provider-run
 * block (kept byte for byte), `usage` (what has no canonical field goes to `provider_metadata`), the
 * response-level members of `RESPONSE_KEPT` (`provider_metadata.anthropic`, written back by the encoder). A
 * block of a type the adapter does not know is reported whole by the caller, not here.
 *
 * @see https://docs.anthropic.com/en/api/messages
 * @see https://docs.anthropic.com/en/docs/build-with-claude/streaming
 */

import { isObject } from "../shared/conversion.js";
import { unmappedMembers, type Shape } from "../shared/unmapped.js";
import { isCall, isResult } from "./provider-run.js";

/** Response members with no canonical field, kept in `provider_metadata.anthropic` and written back. */
export const RESPONSE_KEPT = ["stop_sequence", "stop_details", "container", "diagnostics", "context_management"] as const;

const kept = (): Record<string, null> => Object.fromEntries(RESPONSE_KEPT.map((key) => [key, null]));

const SOURCE: Shape = { type: null, url: null, data: null, media_type: null, file_id: null };

/** The blocks whose members are mapped one by one; `tool_use` and provider-run blocks are kept whole. */
export const BLOCKS: Readonly<Record<string, Shape>> = {
  text: { type: null, text: null, cache_control: null, citations: null },
  image: { type: null, source: SOURCE, cache_control: null },
  document: { type: null, source: SOURCE, title: null, cache_control: null, citations: null },
  tool_result: { type: null, tool_use_id: null, content: null, is_error: null, cache_control: null },
  thinking: { type: null, thinking: null, signature: null },
  redacted_thinking: { type: null, data: null },
};

/** A `message` body (and `message_start`'s message). */
export const RESPONSE: Shape = { id: null, type: null, role: null, model: null, content: null, usage: null, stop_reason: null, ...kept() };

/** The stream events, each with what the decoder reads of it (blocks and deltas are checked on their own). */
export const EVENTS: Readonly<Record<string, Shape>> = {
  message_start: { type: null, message: RESPONSE },
  content_block_start: { type: null, index: null, content_block: null },
  content_block_delta: { type: null, index: null, delta: null },
  content_block_stop: { type: null, index: null },
  message_delta: { type: null, delta: { stop_reason: null, ...kept() }, usage: null, context_management: null },
  message_stop: { type: null },
  ping: { type: null },
  error: { type: null, error: null, request_id: null },
};

/** The deltas of `content_block_delta`; another delta type is reported whole. */
export const DELTAS: Readonly<Record<string, Shape>> = {
  text_delta: { type: null, text: null },
  input_json_delta: { type: null, partial_json: null },
  thinking_delta: { type: null, thinking: null },
  signature_delta: { type: null, signature: null },
  citations_delta: { type: null, citation: null },
};

/**
 * The pointers of the members of one block that no decoder maps or keeps (not those of the blocks a
 * `tool_result` holds, which the caller walks).
 */
export function unmappedBlock(block: unknown, where: string): string[] {
  if (!isObject(block)) return [];
  const type = String(block["type"]);
  // tool_use and provider-run blocks are kept whole; unknown block types are the caller's to report
  return Object.hasOwn(BLOCKS, type) ? unmappedMembers(block, BLOCKS[type]!, where) : [];
}

/** A block type `blocks.decodeBlock` reads. */
export function isKnown(kind: unknown): boolean {
  return (typeof kind === "string" && Object.hasOwn(BLOCKS, kind)) || kind === "tool_use" || isCall(kind) || isResult(kind);
}
