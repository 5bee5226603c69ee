/**
 * `fold`: a stream of events folded into the response it stands for (the fold law, spec section 9).
 *
 * `StreamFold` takes events one at a time, checks that the stream is well formed (each index started
 * once, deltas between its start and end, nothing after `finish` or `error`) and keeps what arrived, so
 * that a failed or cut stream still yields its partial message and usage. `fold` is the one-call form.
 * The verdicts, and the partial message and usage a failure carries, are the same as the Python and Go
 * packages' (the conformance suite's stream vectors hold all three to them).
 */

import { WirechatError } from "./errors.js";
import type {
  ChatResponse,
  Citation,
  Error as WireErrorValue,
  FinishEvent,
  Message,
  Part,
  ProviderMetadata,
  Reasoning,
  StartEvent,
  StreamEvent,
  TokenUsage,
} from "./generated/types.js";

/** How a stream failed to fold: it `failed` (an error event), is `incomplete` (no finish) or `malformed`. */
export type StreamErrorKind = "failed" | "incomplete" | "malformed";

/** A stream that does not fold to a response; `partial` and `usage` hold what arrived. */
export class StreamError extends WirechatError {
  readonly kind: StreamErrorKind;
  /** The message as far as it arrived: the parts received so far, in index order. */
  readonly partial: Message;
  /** The last usage reported, if any. */
  readonly usage: TokenUsage | undefined;
  /** The error event's error, for a `failed` stream. */
  readonly failure: WireErrorValue | undefined;

  constructor(kind: StreamErrorKind, message: string, partial: Message, usage: TokenUsage | undefined, failure?: WireErrorValue) {
    super(message);
    this.name = "StreamError";
    this.kind = kind;
    this.partial = partial;
    this.usage = usage;
    this.failure = failure;
  }
}

type PartKind = "text" | "reasoning" | "tool_call" | "part";

/** A part being assembled from its events. */
interface Pending {
  kind: PartKind;
  ended: boolean;
  fragments: string[];
  hasText: boolean;
  signature: string[] | undefined;
  issuer?: string;
  redactedData?: string;
  id?: string;
  name?: string;
  metadata?: ProviderMetadata;
  citations?: Citation[];
  whole?: Part;
}

function build(pending: Pending): Part {
  const metadata = pending.metadata === undefined ? {} : { provider_metadata: pending.metadata };
  switch (pending.kind) {
    case "text": {
      const citations = pending.citations === undefined ? {} : { citations: pending.citations };
      return { type: "text", text: pending.fragments.join(""), ...citations, ...metadata };
    }
    case "reasoning": {
      const reasoning: Reasoning = {};
      if (pending.hasText) reasoning.text = pending.fragments.join("");
      const signature = pending.signature?.join("") ?? "";
      if (signature !== "") reasoning.signature = signature; // spec section 9: an empty signature is no signature
      if (pending.redactedData !== undefined) reasoning.redacted_data = pending.redactedData;
      if (pending.issuer !== undefined) reasoning.issuer = pending.issuer;
      return { type: "reasoning", reasoning, ...metadata };
    }
    case "tool_call":
      return {
        type: "tool_call",
        tool_call: { id: pending.id ?? "", name: pending.name ?? "", arguments: pending.fragments.join("") },
        ...metadata,
      };
    case "part":
      return pending.whole as Part;
  }
}

/** Accumulates stream events; `response()` gives the folded `ChatResponse`. */
export class StreamFold {
  #parts = new Map<number, Pending>();
  #usage: TokenUsage | undefined;
  #start: StartEvent | undefined;
  #finish: FinishEvent | undefined;
  #error: WireErrorValue | undefined;
  #count = 0;

  /** The usage reported so far (the last `usage` event), if any. */
  get usage(): TokenUsage | undefined {
    return this.#usage;
  }

  /** The message as far as it arrived: the parts received so far, in index order. */
  partial(): Message {
    const indices = [...this.#parts.keys()].sort((a, b) => a - b);
    return { role: "assistant", parts: indices.map((index) => build(this.#parts.get(index) as Pending)) };
  }

  #fail(text: string): StreamError {
    return new StreamError("malformed", `event ${this.#count}: ${text}`, this.partial(), this.#usage);
  }

  #open(index: number, kind: PartKind): Pending {
    if (this.#parts.has(index)) throw this.#fail(`index ${index} is started twice`);
    const pending: Pending = { kind, ended: false, fragments: [], hasText: false, signature: undefined };
    this.#parts.set(index, pending);
    return pending;
  }

  #get(index: number, kind: PartKind, what: string): Pending {
    const pending = this.#parts.get(index);
    if (pending === undefined) throw this.#fail(`${what} for index ${index}, which was never started`);
    if (pending.kind !== kind) throw this.#fail(`${what} for index ${index}, which is a ${pending.kind} part`);
    if (pending.ended) throw this.#fail(`${what} for index ${index}, which has already ended`);
    return pending;
  }

  #end(index: number, kind: PartKind, what: string, metadata: ProviderMetadata | undefined): Pending {
    const pending = this.#get(index, kind, what);
    pending.ended = true;
    if (metadata !== undefined) pending.metadata = metadata;
    return pending;
  }

  /** Take the next event; throws a `malformed` `StreamError` if it breaks the stream rules. */
  add(event: StreamEvent): void {
    this.#count += 1;
    if (this.#finish !== undefined || this.#error !== undefined) {
      throw this.#fail(`${event.type} after the stream's ${this.#finish !== undefined ? "finish" : "error"}`);
    }
    switch (event.type) {
      case "start":
        if (this.#start !== undefined || this.#parts.size > 0 || this.#usage !== undefined) {
          throw this.#fail("start must come first, and once");
        }
        this.#start = event;
        break;
      case "text_start":
        this.#open(event.index, "text");
        break;
      case "text_delta":
        this.#get(event.index, "text", "text_delta").fragments.push(event.text);
        break;
      case "reasoning_start": {
        const pending = this.#open(event.index, "reasoning");
        if (event.issuer !== undefined) pending.issuer = event.issuer;
        if (event.redacted_data !== undefined) pending.redactedData = event.redacted_data;
        break;
      }
      case "reasoning_delta": {
        const pending = this.#get(event.index, "reasoning", "reasoning_delta");
        if (event.text !== undefined) {
          pending.hasText = true;
          pending.fragments.push(event.text);
        }
        if (event.signature !== undefined) (pending.signature ??= []).push(event.signature);
        break;
      }
      case "tool_call_start": {
        const pending = this.#open(event.index, "tool_call");
        pending.id = event.id;
        pending.name = event.name;
        break;
      }
      case "tool_call_delta":
        this.#get(event.index, "tool_call", "tool_call_delta").fragments.push(event.arguments);
        break;
      case "text_end": {
        const pending = this.#end(event.index, "text", event.type, event.provider_metadata);
        if (event.citations !== undefined) pending.citations = event.citations;
        break;
      }
      case "reasoning_end":
        this.#end(event.index, "reasoning", event.type, event.provider_metadata);
        break;
      case "tool_call_end":
        this.#end(event.index, "tool_call", event.type, event.provider_metadata);
        break;
      case "part": {
        const pending = this.#open(event.index, "part");
        pending.whole = event.part;
        pending.ended = true;
        break;
      }
      case "usage":
        this.#usage = event.usage;
        break;
      case "finish":
        this.#finish = event;
        break;
      case "error":
        this.#error = event.error;
        break;
      default: {
        const unknown: never = event;
        throw this.#fail(`an event of unknown type ${JSON.stringify((unknown as { type?: unknown }).type)}`);
      }
    }
  }

  /** The folded response; throws `StreamError` when the stream failed, is cut or is malformed. */
  response(): ChatResponse {
    if (this.#error !== undefined) {
      const failure = this.#error;
      const text = `stream failed: ${failure.kind}: ${failure.message}`;
      throw new StreamError("failed", text, this.partial(), this.#usage, failure);
    }
    if (this.#finish === undefined) {
      throw new StreamError("incomplete", "the stream ended without a finish event", this.partial(), this.#usage);
    }
    const indices = [...this.#parts.keys()].sort((a, b) => a - b);
    const open = indices.filter((index) => !(this.#parts.get(index) as Pending).ended);
    if (open.length > 0) throw this.#fail(`the stream finished with parts still open: indices [${open.join(", ")}]`);
    if (indices.some((index, position) => index !== position)) {
      throw this.#fail(`part indices must be 0..n-1 without gaps, got [${indices.join(", ")}]`);
    }
    const response: ChatResponse = { message: this.partial(), finish_reason: this.#finish.finish_reason };
    if (this.#usage !== undefined) response.usage = this.#usage;
    if (this.#start?.id !== undefined) response.id = this.#start.id;
    if (this.#start?.model !== undefined) response.model = this.#start.model;
    if (this.#finish.provider_metadata !== undefined) response.provider_metadata = this.#finish.provider_metadata;
    return response;
  }
}

/** Fold a whole stream into its `ChatResponse` (spec section 9); throws `StreamError` when it does not fold. */
export function fold(events: Iterable<StreamEvent>): ChatResponse {
  const accumulator = new StreamFold();
  for (const event of events) accumulator.add(event);
  return accumulator.response();
}
