/**
 * Canonical events -> go-model stream events (Python's `go_model/stream.py` `StreamEncoder`): text deltas are
 * `{"content"}` chunks, each tool call one `{"tool_calls": [call]}` chunk at its end, usage an event `usage`,
 * the finish a `{"finish_reason"}` chunk and an error an event `error` with `{"error": message}`. Reasoning,
 * the start event's id and model, and provider data have no StreamChunk member and are dropped with a warning
 * (`warnings`); a whole `part` event (image, file ...) is refused.
 */

import type { StreamEvent } from "../../generated/types.js";
import type { ConversionWarning, SseEvent } from "../../exchange.js";
import { MANIFEST } from "../../tables/go-model.js";
import { Conversion, reasoningFeature, truthy } from "../shared/conversion.js";
import * as finish from "./finish.js";
import { assertNever, PROVIDER } from "./shapes.js";
import { usageFromWirechat } from "./usage.js";

interface Reasoning {
  issuer?: string;
  redacted_data?: string;
  text?: string;
  signature?: string;
}

export class StreamEncoder {
  readonly warnings: ConversionWarning[] = [];
  readonly #conv = new Conversion(MANIFEST, this.warnings);
  readonly #calls = new Map<number, { id: string; name: string; arguments: string }>();
  readonly #reasoning = new Map<number, Reasoning>();

  feed(event: StreamEvent): SseEvent[] {
    const where = "index" in event ? `/${event.type}/${event.index}` : `/${event.type}`;
    const chunk = (value: Record<string, unknown>): SseEvent[] => [{ event: undefined, data: JSON.stringify(value) }];
    switch (event.type) {
      case "start":
        for (const member of ["id", "model"] as const) if (event[member] !== undefined) this.#conv.degrade(`response.${member}`, `${where}/${member}`);
        return [];
      case "text_start":
        return [];
      case "text_delta":
        return event.text ? chunk({ content: event.text }) : [];
      case "text_end":
        this.#endMetadata(event.provider_metadata, where);
        return [];
      case "tool_call_start":
        this.#calls.set(event.index, { id: event.id, name: event.name, arguments: "" });
        return [];
      case "tool_call_delta":
        this.#calls.get(event.index)!.arguments += event.arguments;
        return [];
      case "tool_call_end": {
        this.#endMetadata(event.provider_metadata, where);
        const call = this.#calls.get(event.index)!;
        this.#calls.delete(event.index);
        return chunk({ tool_calls: [call] });
      }
      case "reasoning_start": {
        const state: Reasoning = {};
        if (event.issuer !== undefined) state.issuer = event.issuer;
        if (event.redacted_data !== undefined) state.redacted_data = event.redacted_data;
        this.#reasoning.set(event.index, state);
        return [];
      }
      case "reasoning_delta": {
        const state = this.#reasoning.get(event.index)!;
        if (event.text !== undefined) state.text = (state.text ?? "") + event.text;
        if (event.signature !== undefined) state.signature = (state.signature ?? "") + event.signature;
        return [];
      }
      case "reasoning_end": {
        this.#endMetadata(event.provider_metadata, where);
        const reasoning = this.#reasoning.get(event.index)!;
        this.#reasoning.delete(event.index);
        this.#conv.degrade(reasoningFeature({ type: "reasoning", reasoning }, PROVIDER), where);
        return [];
      }
      case "part":
        throw this.#conv.refuse("response.part_unsupported", `/index/${event.index}`);
      case "usage":
        return [{ event: "usage", data: JSON.stringify(usageFromWirechat(event.usage, "/usage", this.#conv)) }];
      case "finish":
        if (truthy(event.provider_metadata)) this.#conv.degrade("response.provider_metadata.foreign", `${where}/provider_metadata`);
        return chunk({ finish_reason: finish.encode(event.finish_reason, this.#conv, "/finish_reason") });
      case "error":
        return [{ event: "error", data: JSON.stringify({ error: event.error.message }) }];
      default:
        return assertNever(event);
    }
  }

  /** An `*_end` event's provider data has no StreamChunk member: dropped with a warning. */
  #endMetadata(metadata: unknown, where: string): void {
    if (truthy(metadata)) this.#conv.degrade("part.provider_metadata", `${where}/provider_metadata`);
  }

  close(): SseEvent[] {
    return [];
  }
}
