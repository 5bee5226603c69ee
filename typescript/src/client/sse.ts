/**
 * Server-sent events framing: bytes as they arrive in, `SseEvent`s out (Python's `transport/sse.py`).
 * WHATWG event-stream rules on real byte streams: an event may be split at any byte (inside a multi-byte
 * UTF-8 character or a `\r\n` pair included); lines end in `\n`, `\r\n` or `\r`; `event:` names the event;
 * `data:` lines join with `\n`; `:` lines are comments; an event without data is not dispatched; a leading
 * byte-order mark is dropped. `flush()` dispatches an event still pending when the body ends. No line, and no
 * event's data, may grow past `maxEventBytes` (spec section 5.3; counted in UTF-16 code units, each at least a
 * byte): `SseTooLargeError`.
 */

import { WirechatError } from "../errors.js";
import type { SseEvent } from "../exchange.js";

declare const TextDecoder: new (label: string) => { decode(bytes?: Uint8Array, options?: { stream: boolean }): string };

/** A line or an event's data grew past the decoder's `maxEventBytes`; `what` says which. */
export class SseTooLargeError extends WirechatError {
  constructor(
    readonly what: string,
    readonly limit: number,
  ) {
    super(`${what} is longer than the maxEventBytes limit of ${limit} bytes`);
    this.name = "SseTooLargeError";
  }
}

export class SseDecoder {
  private readonly decoder = new TextDecoder("utf-8");
  private dataSize = 0;

  constructor(private readonly maxEventBytes = 16 << 20) {}

  private pending = "";
  private skipLf = false;
  private started = false;
  private event: string | undefined;
  private data: string[] = [];

  /** The events completed by `chunk`. */
  feed(chunk: Uint8Array): SseEvent[] {
    let text = this.decoder.decode(chunk, { stream: true });
    if (this.skipLf) {
      if (text === "") return [];
      this.skipLf = false;
      if (text.startsWith("\n")) text = text.slice(1);
    }
    if (text.includes("\r")) {
      if (text.endsWith("\r")) this.skipLf = true;
      text = text.replace(/\r\n?/g, "\n");
    }
    const end = text.lastIndexOf("\n");
    if (end < 0) {
      this.pending += text;
      if (this.pending.length > this.maxEventBytes) this.refuse("an SSE line");
      return [];
    }
    if (this.pending.length + text.length > this.maxEventBytes) this.checkLines(text);
    const lines = (this.pending + text.slice(0, end)).split("\n");
    this.pending = text.slice(end + 1);
    return this.lines(lines);
  }

  /** The body ended: a last line without its ending, and an event without its blank line, count. */
  flush(): SseEvent[] {
    const rest = this.pending + this.decoder.decode();
    this.pending = "";
    const lines = rest ? [rest, ""] : [""];
    return this.lines(lines);
  }

  private lines(lines: string[]): SseEvent[] {
    if (!this.started && lines.length > 0) {
      this.started = true;
      if (lines[0]!.startsWith("\ufeff")) lines[0] = lines[0]!.slice(1);
    }
    const events: SseEvent[] = [];
    for (const line of lines) {
      if (line === "") {
        if (this.data.length > 0) {
          events.push({ event: this.event, data: this.data.join("\n") });
          this.data = [];
          this.dataSize = 0;
        }
        this.event = undefined;
        continue;
      }
      if (line.charCodeAt(0) === 58) continue; // ":" comment
      if (line.startsWith("data:")) {
        this.data.push(line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5));
        this.countData(line.length);
        continue;
      }
      const colon = line.indexOf(":");
      const name = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? "" : line.slice(colon + 1);
      if (value.startsWith(" ")) value = value.slice(1);
      if (name === "event") this.event = value;
      else if (name === "data") {
        this.data.push(value);
        this.countData(value.length + 1);
      }
    }
    return events;
  }

  private countData(size: number): void {
    this.dataSize += size;
    if (this.dataSize > this.maxEventBytes) this.refuse("an SSE event's data");
  }

  /** Before a long text is split: refuse a line (the held one included) longer than the limit. */
  private checkLines(text: string): void {
    let start = -1 - this.pending.length;
    for (let at = text.indexOf("\n"); ; at = text.indexOf("\n", at + 1)) {
      const stop = at < 0 ? text.length : at;
      if (stop - start - 1 > this.maxEventBytes) this.refuse("an SSE line");
      if (at < 0) return;
      start = at;
    }
  }

  private refuse(what: string): never {
    this.pending = "";
    this.data = [];
    this.dataSize = 0;
    throw new SseTooLargeError(what, this.maxEventBytes);
  }
}
