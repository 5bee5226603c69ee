/**
 * go-model streams decoded: go-model stream events -> canonical `StreamEvent`s (Python's `go_model/stream.py`).
 *
 * The SDK streams `StreamChunk`s (`role`, `content`, `tool_calls` with whole calls, and `finish_reason`, all
 * `omitempty`) and reports usage as a `TokenUsage` beside them. As server-sent events (or NDJSON lines
 * `{"event", "data"}` for `wirechat convert`) a chunk is an event with no name (or `chunk`) and the chunk as
 * data, usage is the event `usage` with a TokenUsage, and a failure is the event `error` with
 * `{"error": message}`.
 *
 * A run of content is one text part; each tool call is one part (start, its whole arguments, end); the finish
 * waits for the end of the stream, so that usage that arrives after it still comes first. What is not a
 * go-model stream throws `ProviderShapeError` naming the event.
 */

import { validate } from "../../codec.js";
import type { StreamEvent } from "../../generated/types.js";
import type { ConversionWarning, SseEvent, StreamDecoder as Decoder } from "../../exchange.js";
import { ProviderShapeError } from "../shared/contract.js";
import { firstLoneSurrogate } from "../../text-faults.js";
import * as finish from "./finish.js";
import { toolCallToWirechat } from "./parts.js";
import { expectMembers, readObject, readString } from "./shapes.js";
import { usageToWirechat } from "./usage.js";

type Json = Record<string, unknown>;

/** An event checked against the schema, as Python's decoder checks each (a tool call's id and name bounds, usage, ...). */
const event = (document: Json): StreamEvent => validate(document, "StreamEvent");

export class StreamDecoder implements Decoder {
  readonly warnings: ConversionWarning[] = [];
  #nextIndex = 0;
  #openText: number | undefined;
  #hasCalls = false;
  #finish: string | undefined;
  #count = 0;
  #done = false;

  feed(sse: SseEvent): StreamEvent[] {
    this.#count += 1;
    const where = `event ${this.#count}`;
    if (this.#done) throw new ProviderShapeError(where, "an event after the stream's error");
    let data: unknown;
    try {
      data = JSON.parse(sse.data);
    } catch (error) {
      throw new ProviderShapeError(where, `data is not JSON (${(error as Error).message})`);
    }
    if (sse.event === "usage") return [event({ type: "usage", usage: usageToWirechat(data, where) })];
    if (sse.event === "error") {
      this.#done = true;
      const found = typeof data === "object" && data !== null && !Array.isArray(data) ? (data as Json)["error"] : undefined;
      const message = typeof found === "string" && found ? found : "stream failed";
      return [...this.#textEnd(), { type: "error", error: { kind: "provider", message, retryable: true } }].map(event);
    }
    if (sse.event !== undefined && sse.event !== null && sse.event !== "chunk") throw new ProviderShapeError(where, `unknown event ${JSON.stringify(sse.event)} (chunk, usage or error)`);
    return this.#chunk(readObject(data, where), where);
  }

  #chunk(chunk: Json, where: string): StreamEvent[] {
    expectMembers(chunk, ["role", "content", "tool_calls", "finish_reason"], where, "StreamChunk");
    const role = readString(chunk, "role", where);
    if (role !== undefined && role !== "" && role !== "assistant") throw new ProviderShapeError(`${where}/role`, `a streamed reply is the assistant's, got ${JSON.stringify(role)}`);
    // text events are built valid (an index and a string): only the text's own I-JSON is checked, as the
    // schema check of every event (Python's) costs dozens of times the chunk's JSON.parse
    const text: StreamEvent[] = [];
    const out: Json[] = [];
    const content = readString(chunk, "content", where);
    if (content) {
      if (firstLoneSurrogate(content) >= 0) throw new ProviderShapeError(`${where}/content`, "the text holds a lone surrogate (not I-JSON)");
      if (this.#openText === undefined) {
        this.#openText = this.#nextIndex++;
        text.push({ type: "text_start", index: this.#openText });
      }
      text.push({ type: "text_delta", index: this.#openText, text: content });
    }
    const calls = chunk["tool_calls"] ?? [];
    if (!Array.isArray(calls)) throw new ProviderShapeError(`${where}/tool_calls`, "expected an array");
    if (calls.length > 0) out.push(...this.#textEnd());
    calls.forEach((value, number) => {
      const at = `${where}/tool_calls/${number}`;
      const call = toolCallToWirechat(readObject(value, at), at);
      const index = this.#nextIndex++;
      this.#hasCalls = true;
      out.push({ type: "tool_call_start", index, id: call.id, name: call.name });
      if (call.arguments) out.push({ type: "tool_call_delta", index, arguments: call.arguments });
      out.push({ type: "tool_call_end", index });
    });
    const reason = readString(chunk, "finish_reason", where);
    if (reason !== undefined) this.#finish = reason;
    return out.length === 0 ? text : [...text, ...out.map(event)];
  }

  #textEnd(): Json[] {
    if (this.#openText === undefined) return [];
    const index = this.#openText;
    this.#openText = undefined;
    return [{ type: "text_end", index }];
  }

  close(): StreamEvent[] {
    if (this.#done) return [];
    this.#done = true;
    const out = this.#textEnd();
    if (this.#finish === undefined) {
      out.push({ type: "error", error: { kind: "invalid_response", message: "the stream ended without a finish_reason", retryable: false } });
    } else {
      out.push({ type: "finish", finish_reason: finish.decode(this.#finish, this.#hasCalls) });
    }
    return out.map(event);
  }
}
