/**
 * Anthropic Messages streams -> canonical stream events.
 *
 * `message_start` gives `start` (and the input-side usage); each `content_block_start` opens the part at
 * the block's index (thinking with issuer `anthropic`; redacted thinking arrives whole, its data byte for
 * byte); `text_delta`, `thinking_delta`, `signature_delta` and `input_json_delta` are fragments of that
 * index only; `content_block_stop` ends it; `message_delta` carries the stop reason and cumulative usage
 * (cache reads and writes added back into `input_tokens`); `message_stop` gives `finish`; `ping` and newer
 * event types are ignored; `error` (even after a 200) gives `error`. Tool input fragments lose insignificant
 * whitespace so the folded arguments equal the compact JSON the unstreamed response decodes to; a tool with
 * no input fragments gets `{}`. A `tool_use` block without id or name ends the stream in `invalid_response`
 * (Python writes `"None"`; this decoder invents nothing).
 *
 * `StreamEncoder` goes the other way: reasoning from other issuers is not sent (the replay rule), block
 * indices are renumbered so the provider stream has no gaps, usage waits for the finish.
 */

import type { FinishEvent, StreamEvent, TokenUsage } from "../../generated/types.js";
import type { SseEvent, StreamDecoder as Decoder } from "../../exchange.js";
import { ConversionRefused, type ConversionWarning } from "../shared/contract.js";
import { compactJson, Conversion, isObject } from "../shared/conversion.js";
import { cutError } from "../shared/errors.js";
import { decodeError, encodeError } from "./errors.js";
import * as finish from "./finish.js";
import { MANIFEST } from "./manifest.js";
import { decodeBlock, PROVIDER } from "./shapes.js";
import * as usage from "./usage.js";

/** Removes insignificant whitespace from JSON text that arrives in arbitrary fragments. */
export class JsonCompactor {
  private inString = false;
  private escape = false;

  feed(fragment: string): string {
    if (!this.inString && !/["\s]/.test(fragment)) return fragment;
    let out = "";
    let { inString, escape } = this;
    for (const char of fragment) {
      if (inString) {
        out += char;
        if (escape) escape = false;
        else if (char === "\\") escape = true;
        else if (char === '"') inString = false;
      } else if (char === '"') {
        inString = true;
        out += char;
      } else if (char !== " " && char !== "\t" && char !== "\r" && char !== "\n") {
        out += char;
      }
    }
    this.inString = inString;
    this.escape = escape;
    return out;
  }
}

export class StreamDecoder implements Decoder {
  /** What the decoder set aside or changed, each with its pointer `/<n>/...` (the n-th event, then into its data). */
  readonly warnings: ConversionWarning[] = [];
  private readonly kinds = new Map<number, string>();
  private readonly compactors = new Map<number, JsonCompactor>();
  private readonly sentArguments = new Set<number>();
  private readonly citations = new Map<number, unknown[]>();
  private readonly usageRaw: Record<string, unknown> = {};
  private usage: TokenUsage | undefined;
  private readonly metadata: Record<string, unknown> = {};
  private stopReason: string | undefined;
  private hasCalls = false;
  private done = false;

  feed(event: SseEvent): StreamEvent[] {
    if (this.done) return [];
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch (error) {
      return this.fail(`a stream event is not JSON: ${(error as Error).message}`);
    }
    if (!isObject(data)) return this.fail("a stream event is not a JSON object");
    try {
      switch (data["type"] || event.event) {
        case "content_block_delta":
          return this.delta(data);
        case "content_block_start":
          return this.startBlock(data);
        case "content_block_stop":
          return this.stopBlock(data);
        case "message_start":
          return this.messageStart(data);
        case "message_delta":
          return this.messageDelta(data);
        case "message_stop": {
          this.done = true;
          const reason = finish.decode(this.stopReason, this.hasCalls);
          return [Object.keys(this.metadata).length > 0 ? { type: "finish", finish_reason: reason, provider_metadata: { [PROVIDER]: { ...this.metadata } } } : { type: "finish", finish_reason: reason }];
        }
        case "error": {
          this.done = true;
          const error = decodeError(undefined, {}, data);
          if (this.usage !== undefined) error.usage = this.usage;
          return [{ type: "error", error }];
        }
        default:
          return []; // ping, and event types newer than this adapter
      }
    } catch (error) {
      return this.fail((error as Error).message);
    }
  }

  private fail(message: string): StreamEvent[] {
    this.done = true;
    return [cutError(message, this.usage)];
  }

  private messageStart(data: Record<string, unknown>): StreamEvent[] {
    const message = isObject(data["message"]) ? data["message"] : {};
    const start: StreamEvent = { type: "start" };
    if (typeof message["id"] === "string" && message["id"]) start.id = message["id"];
    if (typeof message["model"] === "string" && message["model"]) start.model = message["model"];
    const out: StreamEvent[] = [start];
    if (isObject(message["usage"])) out.push(...this.mergeUsage(message["usage"]));
    for (const key of ["container", "diagnostics"]) if (message[key] !== undefined && message[key] !== null) this.metadata[key] = message[key];
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

  private startBlock(data: Record<string, unknown>): StreamEvent[] {
    const index = typeof data["index"] === "number" ? data["index"] : this.kinds.size;
    const block = isObject(data["content_block"]) ? data["content_block"] : {};
    const kind = String(block["type"]);
    this.kinds.set(index, kind);
    switch (kind) {
      case "text": {
        const out: StreamEvent[] = [{ type: "text_start", index }];
        if (typeof block["text"] === "string" && block["text"]) out.push({ type: "text_delta", index, text: block["text"] });
        if (Array.isArray(block["citations"]) && block["citations"].length > 0) this.citations.set(index, [...block["citations"]]);
        return out;
      }
      case "thinking": {
        const out: StreamEvent[] = [{ type: "reasoning_start", index, issuer: PROVIDER }];
        const thinking = typeof block["thinking"] === "string" ? block["thinking"] : "";
        const signature = typeof block["signature"] === "string" ? block["signature"] : "";
        if (thinking || signature) {
          const delta: StreamEvent = { type: "reasoning_delta", index };
          if (signature) delta.signature = signature;
          if (thinking) delta.text = thinking;
          out.push(delta);
        }
        return out;
      }
      case "redacted_thinking":
        return [{ type: "reasoning_start", index, issuer: PROVIDER, redacted_data: String(block["data"]) }];
      case "tool_use": {
        const id = block["id"];
        const name = block["name"];
        if (typeof id !== "string" || !id) return this.fail(`/content_block (index ${index}): a tool_use block has no id`);
        if (typeof name !== "string" || !name) return this.fail(`/content_block (index ${index}): a tool_use block has no name`);
        this.hasCalls = true;
        this.compactors.set(index, new JsonCompactor());
        const out: StreamEvent[] = [{ type: "tool_call_start", index, id, name }];
        const input = block["input"];
        if (input && !(isObject(input) && Object.keys(input).length === 0) && !(Array.isArray(input) && input.length === 0)) {
          this.sentArguments.add(index);
          out.push({ type: "tool_call_delta", index, arguments: compactJson(input) });
        }
        return out;
      }
      default: {
        const part = decodeBlock(block, `/content/${index}`);
        this.kinds.set(index, "part");
        return [{ type: "part", index, part }];
      }
    }
  }

  private delta(data: Record<string, unknown>): StreamEvent[] {
    const index = typeof data["index"] === "number" ? data["index"] : 0;
    const delta = isObject(data["delta"]) ? data["delta"] : {};
    switch (delta["type"]) {
      case "text_delta":
        return [{ type: "text_delta", index, text: typeof delta["text"] === "string" ? delta["text"] : "" }];
      case "input_json_delta": {
        let fragment = typeof delta["partial_json"] === "string" ? delta["partial_json"] : "";
        const compactor = this.compactors.get(index);
        if (compactor !== undefined) fragment = compactor.feed(fragment);
        if (!fragment) return [];
        this.sentArguments.add(index);
        return [{ type: "tool_call_delta", index, arguments: fragment }];
      }
      case "thinking_delta": {
        const text = typeof delta["thinking"] === "string" ? delta["thinking"] : "";
        return text ? [{ type: "reasoning_delta", index, text }] : [];
      }
      case "signature_delta": {
        const signature = typeof delta["signature"] === "string" ? delta["signature"] : "";
        return signature ? [{ type: "reasoning_delta", index, signature }] : [];
      }
      case "citations_delta": {
        const list = this.citations.get(index) ?? [];
        list.push(delta["citation"] ?? null);
        this.citations.set(index, list);
        return [];
      }
      default:
        return [];
    }
  }

  private stopBlock(data: Record<string, unknown>): StreamEvent[] {
    const index = typeof data["index"] === "number" ? data["index"] : 0;
    const kind = this.kinds.get(index);
    if (kind === "text") {
      const citations = this.citations.get(index);
      return [citations !== undefined ? { type: "text_end", index, provider_metadata: { [PROVIDER]: { citations } } } : { type: "text_end", index }];
    }
    if (kind === "thinking" || kind === "redacted_thinking") return [{ type: "reasoning_end", index }];
    if (kind === "tool_use") {
      const out: StreamEvent[] = [];
      if (!this.sentArguments.has(index)) out.push({ type: "tool_call_delta", index, arguments: "{}" });
      out.push({ type: "tool_call_end", index });
      return out;
    }
    return [];
  }

  private messageDelta(data: Record<string, unknown>): StreamEvent[] {
    const delta = isObject(data["delta"]) ? data["delta"] : {};
    if (typeof delta["stop_reason"] === "string") this.stopReason = delta["stop_reason"];
    for (const key of ["stop_sequence", "stop_details"]) if (delta[key] !== undefined && delta[key] !== null) this.metadata[key] = delta[key];
    return isObject(data["usage"]) ? this.mergeUsage(data["usage"]) : [];
  }

  /** A stream cut before `message_stop` ends in an error carrying the usage so far. */
  close(): StreamEvent[] {
    if (this.done) return [];
    return this.fail("the stream ended before message_stop");
  }
}

const event = (name: string, body: Record<string, unknown>): SseEvent => ({ event: name, data: compactJson({ type: name, ...body }) });

export class StreamEncoder {
  private started = false;
  private readonly blocks = new Map<number, number>();
  private readonly skipped = new Set<number>();
  private usage: TokenUsage | undefined;
  private readonly conv = new Conversion(MANIFEST);

  private start(id = "", model = ""): SseEvent[] {
    this.started = true;
    const message = { id, type: "message", role: "assistant", content: [], model, stop_reason: null, stop_sequence: null, usage: { input_tokens: 0, output_tokens: 0 } };
    return [event("message_start", { message })];
  }

  private open(index: number, block: Record<string, unknown>): SseEvent[] {
    this.blocks.set(index, this.blocks.size);
    return [event("content_block_start", { index: this.blocks.get(index), content_block: block })];
  }

  private delta(index: number, delta: Record<string, unknown>): SseEvent[] {
    return this.skipped.has(index) ? [] : [event("content_block_delta", { index: this.blocks.get(index), delta })];
  }

  private stop(index: number): SseEvent[] {
    return this.skipped.has(index) ? [] : [event("content_block_stop", { index: this.blocks.get(index) })];
  }

  feed(item: StreamEvent): SseEvent[] {
    const prefix = !this.started && item.type !== "start" ? this.start() : [];
    return [...prefix, ...this.encode(item)];
  }

  private encode(item: StreamEvent): SseEvent[] {
    switch (item.type) {
      case "start":
        return this.start(item.id ?? "", item.model ?? "");
      case "text_start":
        return this.open(item.index, { type: "text", text: "" });
      case "text_delta":
        return this.delta(item.index, { type: "text_delta", text: item.text });
      case "reasoning_start":
        if (item.issuer !== PROVIDER) {
          this.skipped.add(item.index);
          return [];
        }
        if (item.redacted_data !== undefined) return this.open(item.index, { type: "redacted_thinking", data: item.redacted_data });
        return this.open(item.index, { type: "thinking", thinking: "", signature: "" });
      case "reasoning_delta": {
        const out: SseEvent[] = [];
        if (item.text) out.push(...this.delta(item.index, { type: "thinking_delta", thinking: item.text }));
        if (item.signature) out.push(...this.delta(item.index, { type: "signature_delta", signature: item.signature }));
        return out;
      }
      case "tool_call_start":
        return this.open(item.index, { type: "tool_use", id: item.id, name: item.name, input: {} });
      case "tool_call_delta":
        return this.delta(item.index, { type: "input_json_delta", partial_json: item.arguments });
      case "text_end":
      case "reasoning_end":
      case "tool_call_end":
        return this.stop(item.index);
      case "part": {
        const part = item.part;
        const own = part.provider_metadata?.[PROVIDER] ?? {};
        if (part.type === "data" && own["block"] === true && isObject(part.data.value)) return [...this.open(item.index, { ...part.data.value }), ...this.stop(item.index)];
        throw new ConversionRefused("response.part_unsupported", MANIFEST.features["response.part_unsupported"]!.message);
      }
      case "usage":
        this.usage = item.usage;
        return [];
      case "finish":
        return this.finish(item);
      case "error":
        return [{ event: "error", data: compactJson(encodeError(item.error)[2]) }];
    }
  }

  private finish(item: FinishEvent): SseEvent[] {
    const own: Record<string, unknown> = { ...(item.provider_metadata?.[PROVIDER] ?? {}) };
    const delta: Record<string, unknown> = { stop_reason: finish.encode(item.finish_reason, this.conv) };
    for (const key of ["stop_sequence", "stop_details"]) if (key in own) delta[key] = own[key];
    const body: Record<string, unknown> = { delta };
    if (this.usage !== undefined) body["usage"] = usage.encode(this.usage, this.conv, own["usage"] as Record<string, unknown> | undefined);
    return [event("message_delta", body), event("message_stop", {})];
  }

  close(): SseEvent[] {
    return [];
  }
}
