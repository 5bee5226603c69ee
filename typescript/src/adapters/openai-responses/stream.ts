/**
 * OpenAI Responses streams -> canonical stream events, event by event as Python's
 * `openai_responses/stream.py` (the encoder is in `stream-encode.ts`).
 *
 * `response.created` gives `start`; each output item gets part indices in order of appearance: an assistant
 * message one per content part (`response.content_part.added` or its first `response.output_text.delta` /
 * `response.refusal.delta` opens it, `response.output_item.done` ends it with the item id and the annotations
 * as citations), a function or custom tool call one (`response.output_item.added` must carry `call_id` and
 * `name`; argument fragments go to that item's part only, keyed by `output_index`, so parallel calls stay
 * apart), a reasoning item one, read whole from `response.output_item.done` (its id the signature, its
 * summaries its text; the start event carries the encrypted content, final only there). A provider-run item
 * (`hosted.ts`) arrives as `part` events when it is done; its progress events are what the finished item
 * carries. An item that ends without having been added is read whole at its end. `response.completed` /
 * `response.incomplete` / `response.failed` give usage and `finish` (`response.failed` with an error gives
 * `error`); an `error` event gives `error`. An event type, item type or member this adapter does not know is
 * reported in `warnings` (`provider.unmapped`, pointer `/<n>/...`), never skipped without a word; so is an
 * event after the terminal one. An event that is not a JSON object with a `type`, or a stream that stops
 * before its terminal event, ends as `invalid_response`; so does an event the decoder cannot read (Python
 * raises there: the vectors record both as `invalid_response`).
 */

import type { Part, StreamEvent, TokenUsage } from "../../generated/types.js";
import type { SseEvent, StreamDecoder as Decoder } from "../../exchange.js";
import { MANIFEST } from "../../tables/openai-responses.js";
import { ProviderShapeError, type ConversionWarning } from "../shared/contract.js";
import { Conversion, isObject, truthy } from "../shared/conversion.js";
import { cutError } from "../shared/errors.js";
import { decodeError } from "./errors.js";
import * as finish from "./finish.js";
import { Pairing } from "./hosted.js";
import { metadataOf, RESPONSE_SHAPE } from "./response.js";
import { decodeFunctionCall, decodeOutputItem, ECHO_EVENTS, EVENT_MEMBERS, kindOf, presentUnmapped, PROVIDER, progressEvent } from "./shapes.js";
import * as usage from "./usage.js";

export { StreamEncoder } from "./stream-encode.js";

type Data = Record<string, unknown>;

const TERMINAL: ReadonlySet<string> = new Set(["response.completed", "response.incomplete", "response.failed"]);
const CALLS: ReadonlySet<string> = new Set(["function_call", "custom_tool_call"]);

/** A JSON value as a Python dict key: `true` and `1` are the same key there. */
function key(value: unknown): unknown {
  return typeof value === "boolean" ? Number(value) : value;
}

/** Python's `data.get(name, fallback)`: the fallback only for an absent member (a null stays null). */
function get(data: Data, name: string, fallback: unknown): unknown {
  return data[name] === undefined ? fallback : data[name];
}

/** One output item being streamed: its kind and the part indices it has opened. */
class Item {
  readonly parts = new Map<unknown, number>(); // content_index (0 for non-message items) -> part index
  sentArguments = false;
  readonly annotations = new Map<unknown, unknown[]>(); // content_index -> annotations announced by events
  constructor(readonly kind: string) {}
}

function metadata(part: Part): { provider_metadata?: Record<string, Record<string, unknown>> } {
  return part.provider_metadata !== undefined ? { provider_metadata: part.provider_metadata as Record<string, Record<string, unknown>> } : {};
}

export class StreamDecoder implements Decoder {
  /** What the decoder set aside or changed, each with its pointer `/<n>/...` (the n-th event, then into its data). */
  readonly warnings: ConversionWarning[] = [];
  private readonly conv = new Conversion(MANIFEST, this.warnings);
  private readonly items = new Map<unknown, Item>();
  private readonly pairing = new Pairing();
  private nextPart = 0;
  private hasCalls = false;
  private usage: TokenUsage | undefined;
  private done = false;
  private finished = false; // a terminal event arrived (after a cut, what follows is the cut's)
  private event = -1; // the position of the event being read, for warnings' pointers

  feed(event: SseEvent): StreamEvent[] {
    this.event += 1;
    const text = event.data;
    if (!text.startsWith("{") && text.trim() === "[DONE]") return [];
    if (this.done) {
      if (this.finished) this.conv.degrade("provider.unmapped", `/${this.event}`); // another response's event: reported
      return [];
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      return this.fail(`a stream event is not JSON: ${(error as Error).message}`);
    }
    if (!isObject(data) || typeof data["type"] !== "string") return this.fail("a stream event is not a Responses event (a JSON object with a type)");
    const kind = data["type"];
    if (ECHO_EVENTS.has(kind) || progressEvent(kind)) return [];
    if (kind !== "error") for (const where of presentUnmapped(data, `/${this.event}`, EVENT_MEMBERS)) this.conv.degrade("provider.unmapped", where);
    try {
      return this.dispatch(kind, data);
    } catch (error) {
      return this.fail((error as Error).message);
    }
  }

  private fail(message: string): StreamEvent[] {
    this.done = true;
    return [cutError(message, this.usage)];
  }

  private dispatch(kind: string, data: Data): StreamEvent[] {
    if (kind === "response.output_text.delta" || kind === "response.content_part.added" || kind === "response.refusal.delta") return this.text(data, kind);
    if (kind === "response.created") {
      const response = truthy(data["response"]) ? data["response"] : {};
      if (!isObject(response)) throw new ProviderShapeError(`/${this.event}/response`, "expected an object");
      const start: StreamEvent = { type: "start" };
      if (typeof response["id"] === "string" && response["id"]) start.id = response["id"];
      if (typeof response["model"] === "string" && response["model"]) start.model = response["model"];
      return [start];
    }
    if (kind === "response.output_item.added") return this.added(data);
    if (kind === "response.function_call_arguments.delta" || kind === "response.custom_tool_call_input.delta") return this.arguments(data);
    if (kind === "response.output_item.done") return this.itemDone(data);
    if (kind === "response.output_text.annotation.added") {
      const item = this.item(data);
      if (item !== undefined && item.kind === "message") {
        // the finished item repeats them, as a rule
        const at = key(get(data, "content_index", 0));
        const list = item.annotations.get(at) ?? [];
        list.push(data["annotation"] ?? null);
        item.annotations.set(at, list);
      }
      return [];
    }
    if (TERMINAL.has(kind)) return this.terminal(data, kind);
    if (kind === "error") {
      this.done = true;
      const error = decodeError(undefined, {}, data);
      if (this.usage !== undefined) error.usage = this.usage;
      return [{ type: "error", error }];
    }
    this.conv.degrade("provider.unmapped", `/${this.event}`); // an event type newer than this adapter
    return [];
  }

  private open(item: Item, contentIndex: unknown = 0): number {
    const index = this.nextPart++;
    item.parts.set(key(contentIndex), index);
    return index;
  }

  private item(data: Data): Item | undefined {
    return this.items.get(key(get(data, "output_index", -1)));
  }

  private added(data: Data): StreamEvent[] {
    const raw = data["item"];
    if (!isObject(raw)) throw new ProviderShapeError("/item", "response.output_item.added has no item object");
    const position = get(data, "output_index", this.items.size);
    const kind = kindOf(raw);
    const item = new Item(kind);
    this.items.set(key(position), item);
    if (CALLS.has(kind)) {
      const part = decodeFunctionCall(raw, `/output/${String(position)}`);
      if (part.type !== "tool_call") throw new ProviderShapeError("/item", "not a tool call");
      this.hasCalls = true;
      return [{ type: "tool_call_start", index: this.open(item), id: part.tool_call.id, name: part.tool_call.name }];
    }
    return []; // a message opens with its content parts; reasoning and provider-run items arrive whole when done
  }

  private text(data: Data, kind: string): StreamEvent[] {
    const item = this.item(data);
    if (item !== undefined && item.kind === "reasoning" && kind === "response.content_part.added") return []; // a reasoning_text part: read from the finished item
    if (item === undefined || item.kind !== "message") throw new ProviderShapeError("/output_index", `${kind}: output_index ${JSON.stringify(data["output_index"])} is not an open message item`);
    const contentIndex = key(get(data, "content_index", 0));
    const out: StreamEvent[] = [];
    if (!item.parts.has(contentIndex)) out.push({ type: "text_start", index: this.open(item, contentIndex) });
    const delta = data["delta"];
    if (kind !== "response.content_part.added" && typeof delta === "string" && delta) out.push({ type: "text_delta", index: item.parts.get(contentIndex)!, text: delta });
    return out;
  }

  private arguments(data: Data): StreamEvent[] {
    const item = this.item(data);
    if (item === undefined || !CALLS.has(item.kind)) throw new ProviderShapeError("/output_index", `${JSON.stringify(data["output_index"])} is not an open function_call item`);
    const delta = data["delta"];
    if (typeof delta !== "string" || !delta) return [];
    item.sentArguments = true;
    return [{ type: "tool_call_delta", index: item.parts.get(0)!, arguments: delta }];
  }

  private itemDone(data: Data): StreamEvent[] {
    let raw = data["item"];
    const position = get(data, "output_index", -1);
    if (!isObject(raw)) throw new ProviderShapeError("/output_index", `response.output_item.done for ${JSON.stringify(position)} has no item object`);
    const out: StreamEvent[] = [];
    if (!this.items.has(key(position))) out.push(...this.added({ output_index: position, item: raw })); // never added (a trimmed stream): read it whole here
    const item = this.items.get(key(position))!;
    const where = `/${this.event}/item`;
    const unmapped: string[] = [];
    if (item.kind === "message") raw = withAnnounced(item, raw);
    const parts = decodeOutputItem(raw, where, this.pairing, unmapped); // as a reply's body reads it
    for (const at of unmapped) this.conv.degrade("provider.unmapped", at);
    if (item.kind === "message") return [...out, ...this.messageDone(item, parts)];
    if (CALLS.has(item.kind)) {
      const index = item.parts.get(0)!;
      const part = parts[0];
      if (part === undefined || part.type !== "tool_call") throw new ProviderShapeError(where, "a tool call item finished as another item");
      if (!item.sentArguments && part.tool_call.arguments) out.push({ type: "tool_call_delta", index, arguments: part.tool_call.arguments });
      return [...out, { type: "tool_call_end", index, ...metadata(part) }];
    }
    if (item.kind === "reasoning" || item.kind === "compaction") return [...out, ...this.reasoningDone(item, parts[0])];
    for (const part of parts) out.push({ type: "part", index: this.open(item, item.parts.size), part }); // provider-run items, and unknown types (reported, no part)
    return out;
  }

  private messageDone(item: Item, parts: Part[]): StreamEvent[] {
    const out: StreamEvent[] = [];
    parts.forEach((part, k) => {
      if (part.type !== "text") throw new ProviderShapeError("/item", "a message item holds a part that is not text");
      if (!item.parts.has(k)) {
        out.push({ type: "text_start", index: this.open(item, k) });
        if (part.text) out.push({ type: "text_delta", index: item.parts.get(k)!, text: part.text });
      }
      const end: StreamEvent = { type: "text_end", index: item.parts.get(k)! };
      if (part.citations !== undefined) end.citations = part.citations;
      if (part.provider_metadata !== undefined) end.provider_metadata = part.provider_metadata;
      out.push(end);
    });
    return out;
  }

  /** The whole reasoning part, from the finished item: `encrypted_content` is final only there, and a start event carries the redacted data. */
  private reasoningDone(item: Item, part: Part | undefined): StreamEvent[] {
    if (part === undefined || part.type !== "reasoning") throw new ProviderShapeError("/item", "a reasoning item finished as another item");
    const reasoning = part.reasoning;
    const index = this.open(item);
    const start: StreamEvent = { type: "reasoning_start", index };
    if (reasoning.issuer !== undefined) start.issuer = reasoning.issuer;
    if (reasoning.redacted_data !== undefined) start.redacted_data = reasoning.redacted_data;
    const out: StreamEvent[] = [start];
    if (reasoning.text !== undefined) out.push({ type: "reasoning_delta", index, text: reasoning.text });
    if (reasoning.signature !== undefined) out.push({ type: "reasoning_delta", index, signature: reasoning.signature });
    return [...out, { type: "reasoning_end", index, ...metadata(part) }];
  }

  private terminal(data: Data, kind: string): StreamEvent[] {
    this.done = this.finished = true;
    const response = data["response"];
    if (!isObject(response)) return [cutError(`${kind} carries no response object`, this.usage)];
    for (const where of presentUnmapped(response, `/${this.event}/response`, RESPONSE_SHAPE)) this.conv.degrade("provider.unmapped", where);
    const out: StreamEvent[] = [];
    const kept = metadataOf(response);
    if (isObject(response["usage"])) {
      const [decoded, extra] = usage.decode(response["usage"], "/response/usage");
      this.usage = decoded;
      out.push({ type: "usage", usage: decoded });
      if (Object.keys(extra).length > 0) kept["usage"] = extra;
    }
    if (kind === "response.failed" && isObject(response["error"])) {
      const error = decodeError(undefined, {}, { error: response["error"] });
      if (this.usage !== undefined) error.usage = this.usage;
      return [...out, { type: "error", error }];
    }
    const reason = finish.decode(finish.rawOf(response, "/response"), this.hasCalls);
    out.push(Object.keys(kept).length > 0 ? { type: "finish", finish_reason: reason, provider_metadata: { [PROVIDER]: kept } } : { type: "finish", finish_reason: reason });
    return out;
  }

  /** A stream cut before its terminal event ends in an error carrying the usage so far. */
  close(): StreamEvent[] {
    if (this.done) return [];
    this.done = true;
    return [cutError("the stream ended before response.completed (or incomplete, or failed)", this.usage)];
  }
}

/** The finished message item, with the annotations that events announced where it has none. */
function withAnnounced(item: Item, raw: Data): Data {
  const content = raw["content"];
  if (!Array.isArray(content) || item.annotations.size === 0) return raw;
  const entries = content.map((entry: unknown, k) => {
    const announced = item.annotations.get(k);
    return isObject(entry) && !truthy(entry["annotations"]) && announced !== undefined && announced.length > 0 ? { ...entry, annotations: announced } : entry;
  });
  return { ...raw, content: entries };
}

