/**
 * Canonical stream events -> OpenAI `chat.completion.chunk` SSE events (the decoder is `stream.ts`), as Python's
 * `openai_chat/stream_encode.py`.
 *
 * Text and tool-call fragments become deltas as they come; reasoning is not sent (Chat Completions streams
 * none). A text part's own citations (`text_end`) go out as a `delta.annotations` chunk, an audio part read
 * from OpenAI (a `part` event) as one `delta.audio` chunk; any other whole part has no place in a Chat
 * Completions stream (refused). The finish chunk carries what the finish event kept (`created`, the body and
 * choice members OpenAI's replies keep), then the `usage` chunk and `[DONE]`.
 */

import type { FinishEvent, StreamEvent, TokenUsage } from "../../generated/types.js";
import type { SseEvent } from "../../exchange.js";
import { compactJson, Conversion } from "../shared/conversion.js";
import { encodeAudio } from "./audio.js";
import { encodeAnnotations } from "./citations.js";
import { encodeError } from "./errors.js";
import * as finish from "./finish.js";
import { MANIFEST } from "../../tables/openai-chat.js";
import { type Dialect, OPENAI, PROVIDER } from "./shapes.js";
import * as usage from "./usage.js";

export class StreamEncoder {
  private id = "";
  private model = "";
  private readonly calls = new Map<number, number>();
  private usage: TokenUsage | undefined;
  private readonly conv = new Conversion(MANIFEST);

  /** `dialect`: the server's issuer and kept members (an OpenAI-compatible server's, `shapes.ts`). */
  constructor(private readonly dialect: Dialect = OPENAI) {}

  /** A chunk of choice 0 holding `delta` (a wrapping encoder writes its server's own members so). */
  delta(delta: Record<string, unknown>): SseEvent {
    return this.chunk(delta);
  }

  private chunk(delta: Record<string, unknown> | undefined, finishReason: string | null = null, extra: Record<string, unknown> = {}, choiceExtra: Record<string, unknown> = {}): SseEvent {
    const { created, ...rest } = extra;
    const choices = delta === undefined ? [] : [{ index: 0, delta, finish_reason: finishReason, ...choiceExtra }];
    return { event: undefined, data: compactJson({ id: this.id, object: "chat.completion.chunk", created: created ?? 0, model: this.model, choices, ...rest }) };
  }

  feed(item: StreamEvent): SseEvent[] {
    switch (item.type) {
      case "start":
        this.id = item.id ?? "";
        this.model = item.model ?? "";
        return [this.chunk({ role: "assistant" })];
      case "text_delta":
        return [this.chunk({ content: item.text })];
      case "tool_call_start": {
        this.calls.set(item.index, this.calls.size);
        const opening = { index: this.calls.get(item.index), id: item.id, type: "function", function: { name: item.name, arguments: "" } };
        return [this.chunk({ tool_calls: [opening] })];
      }
      case "tool_call_delta":
        return [this.chunk({ tool_calls: [{ index: this.calls.get(item.index), function: { arguments: item.arguments } }] })];
      case "text_end": {
        const found = encodeAnnotations(item.citations, `/parts/${item.index}`, this.conv, this.dialect.issuer);
        return found.length > 0 ? [this.chunk({ annotations: found })] : [];
      }
      case "text_start":
      case "tool_call_end":
      case "reasoning_start":
      case "reasoning_delta":
      case "reasoning_end":
        return [];
      case "part":
        if (item.part.type !== "audio") throw this.conv.refuse("response.part_unsupported", `/parts/${item.index}`);
        return [this.chunk({ audio: encodeAudio(item.part, `/parts/${item.index}`, this.conv) })];
      case "usage":
        this.usage = item.usage;
        return [];
      case "finish":
        return this.finish(item);
      case "error":
        return [{ event: undefined, data: compactJson(encodeError(item.error)[2]) }];
    }
  }

  private finish(item: FinishEvent): SseEvent[] {
    const own: Record<string, unknown> = { ...(item.provider_metadata?.[PROVIDER] ?? {}) };
    const extra: Record<string, unknown> = {};
    for (const key of this.dialect.keptBody) if (key in own) extra[key] = own[key];
    if ("created" in own) extra["created"] = own["created"];
    const choiceExtra: Record<string, unknown> = {};
    for (const key of this.dialect.keptChoice) if (key in own && key !== "logprobs") choiceExtra[key] = own[key];
    const out = [this.chunk({}, finish.encode(item.finish_reason, this.conv), extra, choiceExtra)];
    if (this.usage !== undefined) out.push(this.chunk(undefined, null, { usage: usage.encode(this.usage, this.conv, own["usage"] as Record<string, unknown> | undefined), ...extra }));
    out.push({ event: undefined, data: "[DONE]" });
    return out;
  }

  close(): SseEvent[] {
    return [];
  }
}
