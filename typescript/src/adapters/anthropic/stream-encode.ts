/**
 * Canonical stream events -> Anthropic Messages events (the decoder is `stream.ts`), as Python's
 * `anthropic/stream_encode.py`.
 *
 * `start` opens the message (a `message_start` is made up if the stream has none); text, thinking and tool
 * calls become `content_block_start` / `_delta` / `_stop` at the next block index (block indices are renumbered
 * so the provider stream has no gaps); a text part's own citations (issuer `anthropic`, with their blocks) go
 * out as `citations_delta` before its `content_block_stop`; a `part` event holding a call or a result Anthropic
 * ran is its block, whole, in `content_block_start`, then `content_block_stop`. Reasoning, provider-run parts
 * and citations another API issued are not sent (the replay rule, spec sections 10 and 15); any other `part`
 * event is refused. `finish` gives `message_delta` (stop reason, the last usage) and `message_stop`; `error`
 * gives an `error` event.
 */

import type { FinishEvent, PartEvent, StreamEvent, TextEndEvent, TokenUsage } from "../../generated/types.js";
import type { SseEvent } from "../../exchange.js";
import { ConversionRefused } from "../shared/contract.js";
import { compactJson, Conversion } from "../shared/conversion.js";
import { encodeError } from "./errors.js";
import * as finish from "./finish.js";
import { MANIFEST } from "../../tables/anthropic.js";
import { PROVIDER } from "./shapes.js";
import * as usage from "./usage.js";

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
        return [...this.citations(item), ...this.stop(item.index)];
      case "reasoning_end":
      case "tool_call_end":
        return this.stop(item.index);
      case "part":
        return this.part(item);
      case "usage":
        this.usage = item.usage;
        return [];
      case "finish":
        return this.finish(item);
      case "error":
        return [{ event: "error", data: compactJson(encodeError(item.error)[2]) }];
    }
  }

  private citations(item: TextEndEvent): SseEvent[] {
    const out: SseEvent[] = [];
    for (const citation of item.citations ?? []) {
      if (citation.issuer === PROVIDER && citation.block !== undefined) out.push(...this.delta(item.index, { type: "citations_delta", citation: { ...citation.block } }));
    }
    return out;
  }

  private part(item: PartEvent): SseEvent[] {
    const part = item.part;
    if (part.type !== "provider_tool_call" && part.type !== "provider_tool_result") {
      throw new ConversionRefused("response.part_unsupported", MANIFEST.features["response.part_unsupported"]!.message);
    }
    const value = part.type === "provider_tool_call" ? part.provider_tool_call : part.provider_tool_result;
    if (value.issuer !== PROVIDER || value.block === undefined) {
      this.skipped.add(item.index); // another API's, or no block to write: not sent (spec section 15)
      return [];
    }
    return [...this.open(item.index, { ...value.block }), ...this.stop(item.index)];
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
