/**
 * What the transport and the adapters share: the one HTTP status table (`classify`), the header helpers it
 * reads (`header`, `retryAfterMs`, `shouldRetry`), and the SSE event and stream-codec shapes.
 *
 * A port of Python's `wirechat.exchange`, rule for rule: `retry-after-ms` first, then `retry-after` in
 * seconds or as an HTTP date (measured from the response's own `date` header, else from `now`); the
 * server's `x-should-retry` overrides the retry verdict, never the kind. Pure: no I/O, no clock.
 */

import type { ErrorKind, StreamEvent } from "./generated/types.js";
import { NO_STATUS_KIND, OTHER_STATUS_KIND, RETRYABLE_KINDS, SERVER_ERROR_KIND, STATUS_KINDS } from "./tables/status.js";

/** Header names in any case; a `Headers`-like object or a plain record. */
export type HeaderSource = Readonly<Record<string, string>> | { get(name: string): string | null };

/** One server-sent event: the `event:` name (undefined when absent) and the joined `data:` text. */
export interface SseEvent {
  readonly event: string | undefined;
  readonly data: string;
}

/**
 * A degradation a codec applied: which manifest feature, what happened to the data, and `where`: the JSON
 * pointer of the value concerned (into the canonical value when encoding, into the provider's body when
 * decoding; empty where no single place applies).
 */
export interface ConversionWarning {
  readonly feature: string;
  readonly message: string;
  readonly where: string;
}

/**
 * Turns one response's provider SSE events into canonical stream events, statefully. What it sets aside or
 * changes on the way (a member it does not map, an event it cannot carry) it reports in `warnings`, with
 * pointers `/<n>/...`: the n-th SSE event from 0, then into its data.
 */
export interface StreamDecoder {
  readonly warnings: ConversionWarning[];
  feed(event: SseEvent): StreamEvent[];
  /** At the end of the body: the events still owed (an `invalid_response` error for a cut stream). */
  close(): StreamEvent[];
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** The value of header `name`, whatever the case of the keys. */
export function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === "function") {
    const value = (headers as { get(name: string): string | null }).get(name);
    return value ?? undefined;
  }
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers as Record<string, string>)) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
}

/** Python's `float()` on a header value: surrounding whitespace allowed, else NaN. */
/** A header's wait as a number (spec section 5.3, Retries): ASCII digits, an optional fraction, spaces or tabs
 * around; undefined for anything else (`1_000`, `0x10`, `1e3`, `-1`, `inf`). */
function decimal(text: string): number | undefined {
  const found = /^[ \t]*([0-9]+(?:\.[0-9]+)?)[ \t]*$/.exec(text);
  return found === null ? undefined : Number(found[1]);
}

/** Python's `round()`: half to even. */
function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const diff = value - floor;
  if (diff > 0.5) return floor + 1;
  if (diff < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** How long the server asked us to wait, in milliseconds; undefined when it named no usable wait. */
export function retryAfterMs(headers: HeaderSource, now?: number): number | undefined {
  const rawMs = header(headers, "retry-after-ms");
  const value = rawMs === undefined ? undefined : decimal(rawMs);
  if (value !== undefined) return Math.min(roundHalfEven(value), MAX_SAFE);
  const raw = header(headers, "retry-after");
  if (raw === undefined) return undefined;
  const seconds = decimal(raw);
  if (seconds === undefined) return fromHttpDate(raw, header(headers, "date"), now);
  return Math.min(roundHalfEven(seconds * 1000), MAX_SAFE);
}

const HTTP_DATE = /^\s*(?:[A-Za-z]{3},\s*)?(\d{1,2})\s+([A-Za-z]{3})\s+(\d{4})\s+(\d{2}):(\d{2}):(\d{2})\s+(GMT|UTC|[+-]\d{4})\s*$/;
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** Seconds since the epoch of an RFC 5322 / RFC 7231 date with a zone; undefined otherwise. */
function parseHttpDate(text: string): number | undefined {
  const found = HTTP_DATE.exec(text);
  if (found === null) return undefined;
  const month = MONTHS.indexOf(found[2]!.toLowerCase());
  if (month < 0) return undefined;
  const zone = found[7]!;
  let offset = 0;
  if (zone !== "GMT" && zone !== "UTC") {
    const sign = zone.startsWith("-") ? -1 : 1;
    offset = sign * (Number(zone.slice(1, 3)) * 3600 + Number(zone.slice(3, 5)) * 60);
  }
  const ms = Date.UTC(Number(found[3]), month, Number(found[1]), Number(found[4]), Number(found[5]), Number(found[6]));
  return Number.isNaN(ms) ? undefined : ms / 1000 - offset;
}

function fromHttpDate(raw: string, date: string | undefined, now: number | undefined): number | undefined {
  const later = parseHttpDate(raw);
  if (later === undefined) return undefined;
  const reference = date !== undefined ? parseHttpDate(date) : now;
  if (reference === undefined) return undefined;
  return Math.max(0, roundHalfEven((later - reference) * 1000));
}

/** The server's `x-should-retry` verdict, or undefined when it gives none or an unreadable one. */
export function shouldRetry(headers: HeaderSource): boolean | undefined {
  const value = (header(headers, "x-should-retry") ?? "").trim().toLowerCase();
  return value === "true" ? true : value === "false" ? false : undefined;
}

export { RETRYABLE_KINDS, STATUS_KINDS };

/** The kind a status means when the body says nothing more precise (undefined: an error inside a 200 stream). */
export function kindForStatus(status: number | undefined): ErrorKind {
  if (status === undefined) return NO_STATUS_KIND;
  const fixed = STATUS_KINDS[status];
  if (fixed !== undefined) return fixed;
  return status >= 500 ? SERVER_ERROR_KIND : OTHER_STATUS_KIND;
}

/** What a failed exchange means: the kind, whether to send it again, and the wait asked for. */
export interface Classification {
  readonly kind: ErrorKind;
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;
}

/** The one table from a status and its headers to a kind, a retry verdict and a wait (Python's `classify`). */
export function classify(status: number | undefined, headers: HeaderSource, kind?: ErrorKind, now?: number): Classification {
  const decided = kind ?? kindForStatus(status);
  const verdict = shouldRetry(headers);
  return { kind: decided, retryable: verdict ?? RETRYABLE_KINDS.has(decided), retryAfterMs: retryAfterMs(headers, now) };
}
