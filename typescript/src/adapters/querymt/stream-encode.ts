/**
 * Canonical stream events -> one whole QueryMT reply (Python's `querymt/stream.py` `StreamEncoder`): the events
 * are folded and the reply sent as one SSE event `response` at `close`; an error event is sent at once as the
 * `PluginError` JSON (event `error`) and what came before it is dropped.
 */

import type { StreamEvent } from "../../generated/types.js";
import type { SseEvent } from "../../exchange.js";
import { fold } from "../../stream.js";
import { encodeError } from "./errors.js";
import { encodeResponse } from "./response.js";

export class StreamEncoder {
  #events: StreamEvent[] = [];

  feed(event: StreamEvent): SseEvent[] {
    if (event.type === "error") {
      const [, , body] = encodeError(event.error);
      this.#events = [];
      return [{ event: "error", data: JSON.stringify(body) }];
    }
    this.#events.push(event);
    return [];
  }

  close(): SseEvent[] {
    if (this.#events.length === 0) return [];
    const body = encodeResponse(fold(this.#events));
    this.#events = [];
    return [{ event: "response", data: JSON.stringify(body) }];
  }
}
