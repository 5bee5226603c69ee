/**
 * Canonical stream events -> OpenAI-compatible `chat.completion.chunk` SSE events (Python's `stream.py`
 * `StreamEncoder`): openai-chat's encoder, with the profile's finish reason; plain reasoning goes out as the
 * profile's first reasoning member (a thinking chunk in `content` where the profile writes `reasoningChunks`),
 * the server's own reasoning details whole at their end, the tools it ran as `delta.executed_tools`; signed
 * reasoning of anyone else is not sent.
 */

import type { FinishEvent, ReasoningEndEvent, ReasoningPart, StreamEvent } from "../../generated/types.js";
import type { SseEvent } from "../../exchange.js";
import { MANIFEST as OPENAI } from "../../tables/openai-chat.js";
import { MANIFESTS } from "../../tables/openai-compatible.js";
import { Conversion } from "../shared/conversion.js";
import type { Profile } from "../shared/profile.js";
import { StreamEncoder as OpenAIEncoder } from "../openai-chat/stream-encode.js";
import * as chunks from "./chunks.js";
import * as executedTools from "./executed-tools.js";
import * as finish from "./finish.js";
import * as reasoning from "./reasoning.js";
import { dialect } from "./response.js";

interface Buffered {
  issuer: string;
  redacted_data?: string;
  text: string[];
  signature: string[];
}

export class StreamEncoder {
  private readonly inner: OpenAIEncoder;
  private readonly conv: Conversion;
  private readonly parts = new Map<number, Buffered | null>(); // reasoning index -> buffered detail (null: plain)

  constructor(private readonly profile: Profile) {
    this.inner = new OpenAIEncoder(dialect(profile));
    this.conv = new Conversion(MANIFESTS[profile.name]!);
  }

  feed(event: StreamEvent): SseEvent[] {
    const profile = this.profile;
    switch (event.type) {
      case "reasoning_start":
        if (event.issuer !== undefined && event.issuer === profile.issuer && profile.reasoningDetails) {
          const start: Buffered = { issuer: event.issuer, text: [], signature: [] };
          if (event.redacted_data !== undefined) start.redacted_data = event.redacted_data;
          this.parts.set(event.index, start);
        } else if (event.issuer === undefined && event.redacted_data === undefined) {
          this.parts.set(event.index, null);
        }
        return [];
      case "reasoning_delta": {
        if (!this.parts.has(event.index)) return []; // the reasoning of a part this encoder does not send
        const buffered = this.parts.get(event.index);
        if (buffered) {
          if (event.text !== undefined) buffered.text.push(event.text);
          if (event.signature !== undefined) buffered.signature.push(event.signature);
          return [];
        }
        const text = event.text ?? "";
        if (text && profile.reasoningChunks) return [this.inner.delta({ content: chunks.write(text, undefined, {}) })];
        return text ? [this.inner.delta({ [profile.reasoningFields[0]!]: text })] : [];
      }
      case "reasoning_end":
        if (this.parts.get(event.index)) return [this.inner.delta({ [reasoning.DETAILS]: [this.detail(event)] })];
        return [];
      case "part":
        if (event.part.type === "provider_tool_call" || event.part.type === "provider_tool_result") {
          const value = event.part.type === "provider_tool_call" ? event.part.provider_tool_call : event.part.provider_tool_result;
          if (profile.executedTools && value.issuer === profile.issuer) {
            return value.block ? [this.inner.delta({ [executedTools.EXECUTED]: [{ ...(value.block as Record<string, unknown>) }] })] : [];
          }
          return this.inner.feed({ type: "part", index: 0, part: event.part }); // refused: no place for it
        }
        return this.inner.feed(event);
      case "finish":
        return this.finish(event);
      default:
        return this.inner.feed(event);
    }
  }

  private detail(end: ReasoningEndEvent): Record<string, unknown> {
    const buffered = this.parts.get(end.index)!;
    this.parts.delete(end.index);
    const part: ReasoningPart = { type: "reasoning", reasoning: { issuer: buffered.issuer } };
    if (buffered.redacted_data !== undefined) part.reasoning.redacted_data = buffered.redacted_data;
    if (buffered.text.length > 0) part.reasoning.text = buffered.text.join("");
    if (buffered.signature.length > 0) part.reasoning.signature = buffered.signature.join("");
    if (end.provider_metadata !== undefined) part.provider_metadata = end.provider_metadata;
    return reasoning.detail(part, this.profile.issuer);
  }

  private finish(event: FinishEvent): SseEvent[] {
    const sent = finish.encode(event.finish_reason, this.conv);
    // a value outside OpenAI's table goes out as it is when its stand-in kind has no OpenAI default
    const kind = Object.hasOwn(OPENAI.finishReasons, sent) ? OPENAI.finishReasons[sent]! : "other";
    return this.inner.feed({ ...event, finish_reason: { kind, raw: sent } });
  }

  close(): SseEvent[] {
    return this.inner.close();
  }
}
