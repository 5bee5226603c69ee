/**
 * Streams through a QueryMT plugin, decoded: the whole reply as one event (Python's `querymt/stream.py`).
 *
 * QueryMT's `chat_stream` export pushes chunks through QueryMT's own host function (`qmt_yield_chunk`), which
 * no other host provides, so a host calls `chat` and streams the whole reply (decision 014). The "provider
 * stream" is therefore one SSE event `response` holding the `ExtismChatResponse` JSON (or `error` holding the
 * `PluginError` JSON); the decoder turns it into the canonical events of that reply (`eventsFromResponse`).
 */

import type { Error as WireErrorValue, StreamEvent } from "../../generated/types.js";
import type { ConversionWarning, SseEvent, StreamDecoder as Decoder } from "../../exchange.js";
import { eventsFromResponse } from "../../stream-replay.js";
import { decodeError } from "./errors.js";
import { decodeResponse } from "./response.js";

function invalid(message: string): StreamEvent {
  const error: WireErrorValue = { kind: "invalid_response", message, retryable: false };
  return { type: "error", error };
}

/** One whole reply (or one plugin error) -> canonical stream events. */
export class StreamDecoder implements Decoder {
  readonly warnings: ConversionWarning[] = [];
  #done = false;

  feed(event: SseEvent): StreamEvent[] {
    if (this.#done) return [];
    this.#done = true;
    if (event.event === "error") return [{ type: "error", error: decodeError(undefined, {}, event.data) }];
    let body: unknown;
    try {
      body = JSON.parse(event.data);
    } catch (error) {
      return [invalid(`the plugin's reply is not JSON (${(error as Error).message})`)];
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) return [invalid("the plugin's reply is not a JSON object")];
    try {
      return eventsFromResponse(decodeResponse(body));
    } catch (error) {
      return [invalid(`the plugin's reply could not be read: ${(error as Error).message}`)];
    }
  }

  close(): StreamEvent[] {
    if (this.#done) return [];
    this.#done = true;
    return [invalid("the plugin returned no reply")];
  }
}
