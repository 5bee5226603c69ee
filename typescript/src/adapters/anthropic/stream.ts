/**
 * Anthropic Messages streams -> canonical stream events, as Python's `anthropic/stream.py` (the encoder is in
 * `stream-encode.ts`).
 *
 * `message_start` gives `start`, the input-side usage, and the blocks its message already holds (programmatic
 * tool calling sends a whole turn there, stop reason included, then `message_stop`): each is read as if it had
 * been opened and closed at its position. Each `content_block_start` opens the part at the block's index
 * (thinking with issuer `anthropic`; redacted thinking arrives whole, its data byte for byte); `text_delta`,
 * `thinking_delta`, `signature_delta` and `input_json_delta` are fragments of that index only;
 * `citations_delta` citations are collected and the text's `text_end` carries them all; `content_block_stop`
 * ends it. A `tool_use` block's members other than its id, name and input (`caller`) go to its
 * `tool_call_end`'s `provider_metadata`. A call or a result Anthropic ran (`server_tool_use`, `mcp_tool_use`,
 * `*_tool_result`: `provider-run.ts`) is collected, its `input_json_delta` fragments joined and parsed into the
 * block's `input`, and sent as one `part` event at its `content_block_stop`, so that the fold equals the
 * non-streamed reading (spec section 15). `message_delta` carries the stop reason and cumulative usage (cache
 * reads and writes added back into `input_tokens`); `message_stop` gives `finish`; `error` (even after a 200)
 * gives `error`; a second `message_start` before `message_stop` (two generations spliced into one body) ends
 * the stream as `invalid_response`. Tool input fragments are rewritten token by token into the arguments form
 * (`ArgumentsNormaliser`: `1E2` is `100`, `"\u00e9"` is `"é"`, no insignificant whitespace) so the folded
 * arguments equal the text the unstreamed response decodes to (`buildArguments` of the input); a tool with no
 * input fragments gets `{}`, and input the form cannot hold (an integer beyond 2^53-1) ends the stream as
 * `invalid_response`, as the unstreamed reading refuses it.
 *
 * Nothing is dropped silently (`warnings`, pointers `/<n>/...` into the n-th event from 0): a member the
 * decoder neither maps nor keeps (`members.ts`), a delta or an event type it does not know, an event after
 * `message_stop` (`ping` aside) are reported as `provider.unmapped`; so is a block of an unknown type, which is
 * kept whole in the finish's `provider_metadata` (as the response decoder keeps it) and is not a part: the
 * parts after it move down one index.
 *
 * Where Python writes `"None"` for a `tool_use` block without id or name, this decoder ends the stream in
 * `invalid_response` (it invents nothing); where Python raises on a block it cannot read, this decoder ends
 * the stream the same way.
 */

import type { StreamEvent, TokenUsage } from "../../generated/types.js";
import type { SseEvent, StreamDecoder as Decoder } from "../../exchange.js";
import { ProviderShapeError, type ConversionWarning } from "../shared/contract.js";
import { Conversion, isObject, truthy } from "../shared/conversion.js";
import { WireError } from "../../errors.js";
import type { JsonObject } from "../../generated/types.js";
import { ArgumentsNormaliser, buildArguments } from "../../tool-arguments.js";
import { cutError } from "../shared/errors.js";
import { unmappedMembers } from "../shared/unmapped.js";
import { toolUseExtrasOf } from "./blocks.js";
import { decodeCitations } from "./citations.js";
import { decodeError } from "./errors.js";
import * as finish from "./finish.js";
import { MANIFEST } from "../../tables/anthropic.js";
import { DELTAS, EVENTS, RESPONSE_KEPT, unmappedBlock } from "./members.js";
import { decodeCall, decodeResult, isCall, isResult } from "./provider-run.js";
import { UNKNOWN_BLOCKS } from "./response.js";
import { PROVIDER } from "./shapes.js";
import * as usage from "./usage.js";

export { StreamEncoder } from "./stream-encode.js";

export class StreamDecoder implements Decoder {
  /** What the decoder set aside or changed, each with its pointer `/<n>/...` (the n-th event, then into its data). */
  readonly warnings: ConversionWarning[] = [];
  private readonly conv = new Conversion(MANIFEST, this.warnings);
  private count = 0; // events fed so far: the number of the current one is count - 1
  private readonly kinds = new Map<number, string>();
  private readonly normalisers = new Map<number, ArgumentsNormaliser>();
  private readonly sentArguments = new Set<number>();
  private readonly extras = new Map<number, Record<string, unknown>>();
  private readonly citations = new Map<number, unknown[]>();
  private readonly run = new Map<number, [Record<string, unknown>, string[]]>(); // provider-run blocks and input fragments
  private readonly names = new Map<string, string>();
  private readonly skipped: number[] = []; // the indices of blocks of unknown types, which are not parts
  private readonly unknown: Record<string, unknown>[] = [];
  private readonly usageRaw: Record<string, unknown> = {};
  private usage: TokenUsage | undefined;
  private readonly metadata: Record<string, unknown> = {};
  private stopReason: string | undefined;
  private hasCalls = false;
  private started = false;
  private done = false;

  feed(event: SseEvent): StreamEvent[] {
    this.count += 1;
    if (this.done) {
      if (event.event !== "ping" && !event.data.includes('"ping"')) this.warn("provider.unmapped", ""); // an event after the end of the message
      return [];
    }
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch (error) {
      return this.fail(`a stream event is not JSON: ${(error as Error).message}`);
    }
    if (!isObject(data)) return this.fail("a stream event is not a JSON object");
    const kind = String(data["type"] || event.event);
    const shape = Object.hasOwn(EVENTS, kind) ? EVENTS[kind] : undefined;
    if (shape === undefined) {
      this.warn("provider.unmapped", ""); // an event type newer than this adapter
      return [];
    }
    for (const pointer of unmappedMembers(data, shape, "")) this.warn("provider.unmapped", pointer);
    try {
      switch (kind) {
        case "content_block_delta":
          return this.delta(data);
        case "content_block_start":
          return this.open(typeof data["index"] === "number" ? data["index"] : this.kinds.size, truthy(data["content_block"]) ? data["content_block"] : {}, "/content_block");
        case "content_block_stop":
          return this.closeBlock(typeof data["index"] === "number" ? data["index"] : 0);
        case "message_start":
          return this.messageStart(data);
        case "message_delta":
          return this.messageDelta(data);
        case "message_stop":
          return this.messageStop();
        case "error": {
          this.done = true;
          const error = decodeError(undefined, {}, data);
          if (this.usage !== undefined) error.usage = this.usage;
          return [{ type: "error", error }];
        }
        default:
          return []; // ping
      }
    } catch (error) {
      return this.fail((error as Error).message);
    }
  }

  private warn(feature: string, pointer: string): void {
    this.conv.degrade(feature, `/${this.count - 1}${pointer}`);
  }

  private fail(message: string): StreamEvent[] {
    this.done = true;
    return [cutError(message, this.usage)];
  }

  /** The part index of the block at `index`: blocks of unknown types before it are not parts. */
  private part(index: number): number {
    return index - this.skipped.filter((skipped) => skipped < index).length;
  }

  private messageStart(data: Record<string, unknown>): StreamEvent[] {
    if (this.started) return this.fail("a second message_start before message_stop (two generations in one body)");
    this.started = true;
    const message = isObject(data["message"]) ? data["message"] : {};
    const start: StreamEvent = { type: "start" };
    if (typeof message["id"] === "string" && message["id"]) start.id = message["id"];
    if (typeof message["model"] === "string" && message["model"]) start.model = message["model"];
    const out: StreamEvent[] = [start];
    if (isObject(message["usage"])) out.push(...this.mergeUsage(message["usage"]));
    for (const key of RESPONSE_KEPT) if (message[key] !== undefined && message[key] !== null) this.metadata[key] = message[key];
    if (typeof message["stop_reason"] === "string") this.stopReason = message["stop_reason"];
    const content = message["content"];
    (Array.isArray(content) ? content : []).forEach((block, i) => out.push(...this.open(i, block, `/message/content/${i}`), ...this.closeBlock(i)));
    return out;
  }

  private mergeUsage(raw: Record<string, unknown>): StreamEvent[] {
    for (const [key, value] of Object.entries(raw)) if (value !== null && value !== undefined) this.usageRaw[key] = value;
    const [decoded, extra] = usage.decode(this.usageRaw);
    this.usage = decoded;
    if (Object.keys(extra).length > 0) this.metadata["usage"] = extra;
    else delete this.metadata["usage"];
    return [{ type: "usage", usage: decoded }];
  }

  private open(index: number, raw: unknown, where: string): StreamEvent[] {
    if (!isObject(raw)) throw new ProviderShapeError(where, `expected a content block object (block ${index})`);
    const block = raw;
    const kind = String(block["type"]);
    this.kinds.set(index, kind);
    for (const pointer of unmappedBlock(block, where)) this.warn("provider.unmapped", pointer);
    const part = this.part(index);
    switch (kind) {
      case "text": {
        const out: StreamEvent[] = [{ type: "text_start", index: part }];
        if (typeof block["text"] === "string" && block["text"]) out.push({ type: "text_delta", index: part, text: block["text"] });
        if (Array.isArray(block["citations"]) && block["citations"].length > 0) this.citations.set(index, [...block["citations"]]);
        return out;
      }
      case "thinking": {
        const out: StreamEvent[] = [{ type: "reasoning_start", index: part, issuer: PROVIDER }];
        const thinking = typeof block["thinking"] === "string" ? block["thinking"] : "";
        const signature = typeof block["signature"] === "string" ? block["signature"] : "";
        if (thinking || signature) {
          const delta: StreamEvent = { type: "reasoning_delta", index: part };
          if (signature) delta.signature = signature;
          if (thinking) delta.text = thinking;
          out.push(delta);
        }
        return out;
      }
      case "redacted_thinking":
        return [{ type: "reasoning_start", index: part, issuer: PROVIDER, redacted_data: String(block["data"]) }];
      case "tool_use":
        return this.openToolUse(index, part, block);
    }
    if (isCall(kind) || isResult(kind)) {
      this.run.set(index, [{ ...block }, []]);
      return [];
    }
    this.warn("provider.unmapped", where);
    this.kinds.set(index, "unknown");
    this.skipped.push(index);
    this.unknown.push({ index, block: { ...block } });
    return [];
  }

  private openToolUse(index: number, part: number, block: Record<string, unknown>): StreamEvent[] {
    this.hasCalls = true;
    this.normalisers.set(index, new ArgumentsNormaliser());
    const id = block["id"];
    const name = block["name"];
    if (typeof id !== "string" || !id) throw new ProviderShapeError("/content_block/id", `a tool_use block (${index}) has no id`);
    if (typeof name !== "string" || !name) throw new ProviderShapeError("/content_block/name", `a tool_use block (${index}) has no name`);
    const extras = toolUseExtrasOf(block);
    if (Object.keys(extras).length > 0) this.extras.set(index, extras);
    const out: StreamEvent[] = [{ type: "tool_call_start", index: part, id, name }];
    if (truthy(block["input"])) {
      this.sentArguments.add(index);
      let text: string;
      try {
        text = buildArguments(block["input"] as JsonObject);
      } catch (error) {
        return this.badInput(index, error);
      }
      out.push({ type: "tool_call_delta", index: part, arguments: text });
    }
    return out;
  }

  private delta(data: Record<string, unknown>): StreamEvent[] {
    const index = typeof data["index"] === "number" ? data["index"] : 0;
    const delta = isObject(data["delta"]) ? data["delta"] : {};
    const kind = String(delta["type"]);
    const shape = Object.hasOwn(DELTAS, kind) ? DELTAS[kind] : undefined;
    if (shape === undefined || this.kinds.get(index) === "unknown") {
      this.warn("provider.unmapped", "/delta"); // a delta this adapter does not know
      return [];
    }
    for (const pointer of unmappedMembers(delta, shape, "/delta")) this.warn("provider.unmapped", pointer);
    const part = this.part(index);
    switch (kind) {
      case "text_delta":
        return [{ type: "text_delta", index: part, text: typeof delta["text"] === "string" ? delta["text"] : "" }];
      case "input_json_delta":
        return this.inputDelta(index, part, typeof delta["partial_json"] === "string" ? delta["partial_json"] : "");
      case "thinking_delta": {
        const text = typeof delta["thinking"] === "string" ? delta["thinking"] : "";
        return text ? [{ type: "reasoning_delta", index: part, text }] : [];
      }
      case "signature_delta": {
        const signature = typeof delta["signature"] === "string" ? delta["signature"] : "";
        return signature ? [{ type: "reasoning_delta", index: part, signature }] : [];
      }
      default: {
        const list = this.citations.get(index) ?? []; // citations_delta
        list.push(delta["citation"] ?? null);
        this.citations.set(index, list);
        return [];
      }
    }
  }

  private inputDelta(index: number, part: number, fragment: string): StreamEvent[] {
    const collected = this.run.get(index);
    if (collected !== undefined) {
      if (!isCall(collected[0]["type"])) this.warn("provider.unmapped", "/delta"); // input for a result block
      else collected[1].push(fragment);
      return [];
    }
    const normaliser = this.normalisers.get(index);
    if (normaliser !== undefined) {
      try {
        fragment = normaliser.feed(fragment);
      } catch (error) {
        return this.badInput(index, error);
      }
    }
    if (!fragment) return [];
    this.sentArguments.add(index);
    return [{ type: "tool_call_delta", index: part, arguments: fragment }];
  }

  private closeBlock(index: number): StreamEvent[] {
    const kind = this.kinds.get(index);
    const part = this.part(index);
    if (kind === "text") {
      const raw = this.citations.get(index);
      if (raw === undefined || raw.length === 0) return [{ type: "text_end", index: part }];
      return [{ type: "text_end", index: part, citations: decodeCitations(raw, `/content/${index}/citations`) }];
    }
    if (kind === "thinking" || kind === "redacted_thinking") return [{ type: "reasoning_end", index: part }];
    if (kind === "tool_use") {
      const out: StreamEvent[] = [];
      const normaliser = this.normalisers.get(index);
      this.normalisers.delete(index);
      let rest = "";
      try {
        rest = normaliser?.finish() ?? "";
      } catch (error) {
        return this.badInput(index, error);
      }
      if (rest) {
        this.sentArguments.add(index);
        out.push({ type: "tool_call_delta", index: part, arguments: rest });
      }
      if (!this.sentArguments.has(index)) out.push({ type: "tool_call_delta", index: part, arguments: "{}" });
      const extras = this.extras.get(index);
      out.push(extras !== undefined ? { type: "tool_call_end", index: part, provider_metadata: { [PROVIDER]: extras } } : { type: "tool_call_end", index: part });
      return out;
    }
    if (this.run.has(index)) return this.closeRun(index, part);
    return [];
  }

  /** A tool input the arguments form cannot hold ends the stream (the unstreamed reading refuses it). */
  private badInput(index: number, error: unknown): StreamEvent[] {
    if (!(error instanceof WireError)) throw error;
    return this.fail(`the input of tool call ${index} cannot be tool arguments: ${error.problems.map((p) => p.message).join("; ")}`);
  }

  private closeRun(index: number, part: number): StreamEvent[] {
    const [block, fragments] = this.run.get(index)!;
    this.run.delete(index);
    const where = `/content/${index}`;
    if (!isCall(block["type"])) return [{ type: "part", index: part, part: decodeResult(block, where, this.names) }];
    const collected = fragments.join("");
    if (collected.trim()) {
      try {
        block["input"] = JSON.parse(collected);
      } catch (error) {
        return this.fail(`the input of provider-run call ${index} is not JSON: ${(error as Error).message}`);
      }
    }
    const value = decodeCall(block, where);
    this.names.set(value.provider_tool_call.id, value.provider_tool_call.name);
    return [{ type: "part", index: part, part: value }];
  }

  private messageDelta(data: Record<string, unknown>): StreamEvent[] {
    const delta = isObject(data["delta"]) ? data["delta"] : {};
    if (typeof delta["stop_reason"] === "string") this.stopReason = delta["stop_reason"];
    for (const key of RESPONSE_KEPT) if (delta[key] !== undefined && delta[key] !== null) this.metadata[key] = delta[key];
    if (data["context_management"] !== undefined && data["context_management"] !== null) this.metadata["context_management"] = data["context_management"];
    return isObject(data["usage"]) ? this.mergeUsage(data["usage"]) : [];
  }

  private messageStop(): StreamEvent[] {
    this.done = true;
    const reason = finish.decode(this.stopReason, this.hasCalls);
    if (this.unknown.length > 0) this.metadata[UNKNOWN_BLOCKS] = this.unknown;
    return [Object.keys(this.metadata).length > 0 ? { type: "finish", finish_reason: reason, provider_metadata: { [PROVIDER]: { ...this.metadata } } } : { type: "finish", finish_reason: reason }];
  }

  /** A stream cut before `message_stop` ends in an error carrying the usage so far. */
  close(): StreamEvent[] {
    if (this.done) return [];
    return this.fail("the stream ended before message_stop");
  }
}
