/**
 * From a response's bytes to canonical stream events, folded as they pass, with typed errors (Python's
 * `transport/events.py`): SSE framing, the adapter's stream decoder and `StreamFold` (which keeps the
 * partial message). An error event after the 200 raises the error's own kind; a malformed event, a stream
 * that breaks the stream rules or ends before its terminal event raises `InvalidResponseError`; each carries
 * the partial message and the usage so far; a line or an event over `maxEventBytes` raises
 * `ResponseTooLargeError`. Error text passes through the `Secret`'s redaction.
 */

import type { ChatResponse, Error as WireErrorValue, StreamEvent } from "../generated/types.js";
import type { ConversionWarning, StreamDecoder } from "../exchange.js";
import { StreamError, StreamFold } from "../stream.js";
import { StreamInterruptedError, toError, type APIError } from "./errors.js";
import { tooLarge } from "./limits.js";
import { redactError, type Secret } from "./secret.js";
import { SseDecoder, SseTooLargeError } from "./sse.js";

export class EventPump {
  private readonly sse: SseDecoder;
  private readonly fold = new StreamFold();
  private count = 0;
  private folded: ChatResponse | undefined;

  constructor(
    private readonly decoder: StreamDecoder,
    private readonly secret?: Secret,
    maxEventBytes?: number,
  ) {
    this.sse = new SseDecoder(maxEventBytes);
  }

  /** How many canonical events have passed. */
  get events(): number {
    return this.count;
  }

  /** What the adapter's decoder set aside or changed so far, with pointers `/<n>/...` into the n-th event. */
  get warnings(): readonly ConversionWarning[] {
    return this.decoder.warnings;
  }

  /** The canonical events completed by this chunk of the body; throws an `APIError` on a failure. */
  feed(chunk: Uint8Array): StreamEvent[] {
    const out: StreamEvent[] = [];
    let events;
    try {
      events = this.sse.feed(chunk);
    } catch (error) {
      if (error instanceof SseTooLargeError) throw this.tooLarge(error);
      throw error;
    }
    for (const sse of events) if (sse.event !== "ping") this.add(this.decoder.feed(sse), out);
    return out;
  }

  private tooLarge(error: SseTooLargeError): APIError {
    const made = tooLarge("max_event_bytes", error.limit, `the stream's ${error.what.replace(/^an /, "")}`);
    const withUsage = { ...made.error, ...(this.fold.usage !== undefined ? { usage: this.fold.usage } : {}) };
    const typed = new (made.constructor as typeof APIError)(withUsage, this.fold.partial());
    Object.assign(typed, { limit: made.limit, limitBytes: made.limitBytes });
    return typed;
  }

  /** The body ended: the last events; then `response()` is ready. */
  finish(): StreamEvent[] {
    const out: StreamEvent[] = [];
    for (const sse of this.sse.flush()) if (sse.event !== "ping") this.add(this.decoder.feed(sse), out);
    this.add(this.decoder.close(), out);
    try {
      this.folded = this.fold.response();
    } catch (error) {
      if (error instanceof StreamError) throw this.invalid(error.message);
      throw error;
    }
    return out;
  }

  response(): ChatResponse {
    if (this.folded === undefined) throw new Error("the stream has not been read to its end");
    return this.folded;
  }

  /** The error to raise when reading the body failed mid-way (`cause` from the transport). */
  broken(cause: APIError): APIError {
    const failure = this.make({ ...cause.error, message: `the stream broke off after ${this.count} events: ${cause.error.message}` });
    return failure.kind === "network" ? new StreamInterruptedError(failure.error, failure.partial) : failure;
  }

  private add(events: StreamEvent[], out: StreamEvent[]): void {
    for (const event of events) {
      if (event.type === "error") {
        throw this.make({ ...event.error, message: `the provider reported an error in its stream after ${this.count} events: ${event.error.message}` });
      }
      try {
        this.fold.add(event);
      } catch (error) {
        if (error instanceof StreamError) throw this.invalid(`the provider's stream broke the stream rules: ${error.message}`);
        throw error;
      }
      this.count++;
      out.push(event);
    }
  }

  private invalid(message: string): APIError {
    return this.make({ kind: "invalid_response", message, retryable: false });
  }

  private make(error: WireErrorValue): APIError {
    const withUsage: WireErrorValue = { ...error };
    if (withUsage.usage === undefined && this.fold.usage !== undefined) withUsage.usage = this.fold.usage;
    return toError(redactError(withUsage, this.secret), this.fold.partial());
  }
}
