/**
 * Gemini streams (`:streamGenerateContent?alt=sse`) -> canonical stream events, as Python's `gemini/stream.py`
 * (the encoder is `stream-encode.ts`).
 *
 * Each SSE `data:` is a whole `GenerateContentResponse` holding only the new parts; there are no event names
 * and no end marker: `close()` gives `finish` when a chunk had a `finishReason` (an `invalid_response` error
 * when none had: the stream was cut).
 *
 * - The first part of a chunk continues the part before it when both are plain text (no signature), or both
 *   thought text and the open thought has no signature yet; every other part starts a new canonical part
 *   (`decodePart`: a signature on a non-thought part is a reasoning part before it). A function call arrives
 *   whole, or streamed (`willContinue`, `partialArgs`: `partial-args.ts`), then it starts when it opens and
 *   its arguments come whole when it closes. Code execution parts and media are `part` events.
 * - `usageMetadata` gives `usage` (the last one wins). The candidate's other members and the body's are kept
 *   for the `finish` event's `provider_metadata`, merged member by member over the chunks; a member a later
 *   chunk repeats with another value replaces it and is reported (`stream.member_superseded`), as is every
 *   member neither mapped nor kept (`provider.unmapped`): `warnings`, pointers `/<n>/...`.
 * - When the reply's only text part is the part still open at the end, `text_end` carries the citations the
 *   grounding metadata gives it (`grounding.ts`).
 * - `{"error": {...}}` gives `error`; a chunk that is not JSON, not an object, or has none of the members of a
 *   response gives an `invalid_response` error, never an invented value.
 */

import { canonical } from "../../canonical.js";
import type { SseEvent, StreamDecoder as Decoder } from "../../exchange.js";
import type { Part, StreamEvent, TokenUsage } from "../../generated/types.js";
import { MANIFEST } from "../../tables/gemini.js";
import type { ConversionWarning } from "../shared/contract.js";
import { Conversion, isObject } from "../shared/conversion.js";
import { cutError } from "../shared/errors.js";
import type { Shape } from "../shared/unmapped.js";
import { decodeError } from "./errors.js";
import * as finish from "./finish.js";
import * as grounding from "./grounding.js";
import { StreamedCall } from "./partial-args.js";
import { CodeIds } from "./provider-parts.js";
import { splitBody } from "./response.js";
import { contentWarnings, decodePart, PART_SHAPE, PROVIDER, syntheticId } from "./shapes.js";
import * as usage from "./usage.js";

export { StreamEncoder } from "./stream-encode.js";

type Body = Record<string, unknown>;

const RESPONSE_MEMBERS = ["candidates", "usageMetadata", "promptFeedback", "modelVersion", "responseId"];
const BODY_OWN = new Set(["candidates", "usageMetadata", "modelVersion", "responseId"]);
const CANDIDATE_PLAIN = new Set(["content", "finishReason", "index"]);
/** A streamed part's members: a function call may also stream its arguments. */
const STREAM_PART_SHAPE: Shape = { ...PART_SHAPE, functionCall: { id: null, name: null, args: null, partialArgs: null, willContinue: null } };

/** A thrown reading failure, which ends the stream as `invalid_response`. */
class ChunkError extends Error {}

type OpenKind = "text" | "thought" | "signed" | "held";

/** Python's `==` between JSON values (members in any order). */
const same = (a: unknown, b: unknown): boolean => a === b || (a !== undefined && b !== undefined && canonical(a) === canonical(b));
const emptyish = (value: unknown): boolean =>
  value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0) || (isObject(value) && Object.keys(value).length === 0);

export class StreamDecoder implements Decoder {
  readonly warnings: ConversionWarning[] = [];
  private n = -1; // the index of the event being read
  private next = 0; // the next part index
  private open: [number, OpenKind] | undefined; // a continuable part
  private text: string[] = []; // the open text part's fragments
  private texts = 0; // text parts so far
  private calls = 0;
  private readonly codes = new CodeIds();
  private streamed: [number, StreamedCall] | undefined;
  private started = false;
  private envelope: Body = {}; // responseId, modelVersion of the first chunk
  private usage: TokenUsage | undefined;
  private readonly metadata: Body = {};
  private readonly setAt = new Map<string, string>(); // where each kept member came from
  private finished = false;
  private finishRaw: string | undefined;
  private hasCalls = false;
  private done = false;

  feed(event: SseEvent): StreamEvent[] {
    this.n += 1;
    if (this.done) return [];
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch (error) {
      return this.fail(`a stream chunk is not JSON: ${(error as Error).message}`);
    }
    if (!isObject(data)) return this.fail("a stream chunk is not a JSON object");
    if ("error" in data) {
      this.done = true;
      const error = decodeError(undefined, {}, data);
      if (this.usage !== undefined) error.usage = this.usage;
      return [{ type: "error", error }];
    }
    if (!RESPONSE_MEMBERS.some((key) => key in data)) return this.fail(`a stream chunk has none of the members of a response: ${JSON.stringify(Object.keys(data).sort().slice(0, 5))}`);
    try {
      return this.chunk(data);
    } catch (error) {
      if (error instanceof Error && !(error instanceof TypeError) && !(error instanceof RangeError)) return this.fail(`a stream chunk could not be read: ${error.message}`);
      throw error;
    }
  }

  private warn(feature: string, where: string): void {
    new Conversion(MANIFEST, this.warnings).degrade(feature, where);
  }

  private fail(message: string): StreamEvent[] {
    this.done = true;
    return [cutError(message, this.usage)];
  }

  private chunk(data: Body): StreamEvent[] {
    const out: StreamEvent[] = [];
    this.start(data, out);
    const candidates = data["candidates"];
    let candidate: Body | undefined;
    const first = Array.isArray(candidates) && candidates.length === 1 ? candidates[0] : undefined;
    if (
      isObject(first) &&
      Object.keys(data).every((key) => BODY_OWN.has(key)) &&
      Object.keys(first).every((key) => CANDIDATE_PLAIN.has(key)) &&
      (first["index"] ?? 0) === 0 &&
      typeof (first["finishReason"] ?? "") === "string"
    ) {
      candidate = first; // the usual chunk: nothing for provider_metadata
    } else {
      let metadata: Body;
      [candidate, metadata] = splitBody(data);
      this.keep(metadata);
    }
    if (candidate !== undefined) {
      const content = candidate["content"];
      const raws = isObject(content) ? content["parts"] : undefined;
      if (raws !== undefined && raws !== null && !Array.isArray(raws)) throw new ChunkError("/candidates/0/content/parts: expected an array of parts");
      (Array.isArray(raws) ? raws : []).forEach((raw, j) => out.push(...this.part(raw, j)));
      for (const [feature, pointer] of contentWarnings(content, `/${this.n}/candidates/0/content`, STREAM_PART_SHAPE)) this.warn(feature, pointer);
      if (candidate["finishReason"] !== undefined && candidate["finishReason"] !== null) {
        this.finished = true;
        this.finishRaw = finish.rawName(candidate["finishReason"]);
      }
    } else {
      const feedback = data["promptFeedback"];
      if (isObject(feedback) && typeof feedback["blockReason"] === "string") {
        this.finished = true; // a blocked prompt
        this.finishRaw = feedback["blockReason"];
      }
    }
    if (isObject(data["usageMetadata"])) {
      const [decoded, extra] = usage.decode(data["usageMetadata"]);
      this.usage = decoded;
      if (Object.keys(extra).length > 0) this.metadata["usage"] = extra;
      else delete this.metadata["usage"];
      out.push({ type: "usage", usage: decoded });
    }
    return out;
  }

  /** The `start` event from the first chunk; a later chunk naming another id or model is reported. */
  private start(data: Body, out: StreamEvent[]): void {
    const names = [["id", "responseId"], ["model", "modelVersion"]] as const;
    if (!this.started) {
      this.started = true;
      for (const [, name] of names) if (typeof data[name] === "string" && data[name]) this.envelope[name] = data[name];
      const event: Body = { type: "start" };
      for (const [key, name] of names) if (name in this.envelope) event[key] = this.envelope[name];
      out.push(event as unknown as StreamEvent);
      return;
    }
    for (const [, name] of names) {
      if (data[name] !== undefined && data[name] !== null && !same(data[name], this.envelope[name])) this.warn("stream.member_superseded", `/${this.n}/${name}`);
    }
  }

  /** Merge a chunk's members for `provider_metadata` into the kept ones: objects member by member, other values replaced. */
  private keep(metadata: Body): void {
    for (const [key, value] of Object.entries(metadata)) {
      const at = key === "candidate" ? `/${this.n}/candidates/0` : key === "candidates" ? `/${this.n}/candidates/1` : `/${this.n}/${key}`;
      if (key === "candidate") {
        const kept = (this.metadata["candidate"] ??= {}) as Body;
        for (const [member, inner] of Object.entries(value as Body)) this.merge(kept, [key, member], member, inner, `${at}/${member}`);
      } else this.merge(this.metadata, [key], key, value, at);
    }
  }

  private merge(target: Body, path: string[], key: string, value: unknown, where: string): void {
    const old = target[key];
    if (isObject(old) && isObject(value)) {
      for (const [member, inner] of Object.entries(value)) this.merge(old, [...path, member], member, inner, `${where}/${member}`);
      return;
    }
    const pathKey = JSON.stringify(path);
    if (!emptyish(old) && !same(old, value)) this.warn("stream.member_superseded", this.setAt.get(pathKey)!);
    target[key] = value;
    this.setAt.set(pathKey, where);
  }

  private part(raw: unknown, j: number): StreamEvent[] {
    if (!isObject(raw)) throw new ChunkError(`/candidates/0/content/parts/${j}: expected a part object`);
    const call = raw["functionCall"];
    if (isObject(call) && (this.streamed !== undefined || call["willContinue"] === true || "partialArgs" in call)) return this.streamedCall(raw, call, j);
    const out = this.endStreamed();
    const signed = "thoughtSignature" in raw;
    const thought = raw["thought"] === true;
    if (j === 0 && this.open !== undefined && typeof raw["text"] === "string") {
      const [index, kind] = this.open;
      const text = raw["text"];
      if (kind === "text" && !thought && !signed) {
        this.text.push(text);
        return text ? [...out, { type: "text_delta", index, text }] : out;
      }
      if (kind === "thought" && thought) {
        const fragment: Body = text ? { text } : {};
        if (signed) {
          fragment["signature"] = raw["thoughtSignature"];
          this.open = [index, "signed"];
        }
        return Object.keys(fragment).length > 0 ? [...out, { type: "reasoning_delta", index, ...fragment } as StreamEvent] : out;
      }
    }
    const keys = Object.keys(raw);
    if (this.open !== undefined && (this.open[1] === "text" || this.open[1] === "held") && !thought && raw["text"] === "" && signed && keys.length === 2) {
      this.open = [this.open[0], "held"]; // a signature after the text: the text may still be cited
      return [...out, ...this.openSignature(raw["thoughtSignature"])];
    }
    out.push(...this.closeOpen());
    const parts = decodePart(raw, `/candidates/0/content/parts/${j}`, { callIndex: this.calls, codes: this.codes });
    if ("functionCall" in raw) this.calls += 1;
    for (const part of parts) out.push(...this.openPart(part, thought && !signed));
    return out;
  }

  /** A part of a function call whose arguments stream: it opens, goes on or closes one. */
  private streamedCall(raw: Body, call: Body, j: number): StreamEvent[] {
    const out: StreamEvent[] = [];
    const where = `/${this.n}/candidates/0/content/parts/${j}`;
    let streamed: StreamedCall;
    if (this.streamed === undefined || call["name"]) {
      out.push(...this.endStreamed(), ...this.closeOpen());
      const name = call["name"];
      if (typeof name !== "string" || !name) throw new ChunkError(`/candidates/0/content/parts/${j}/functionCall/name: a functionCall needs a name`);
      const given = call["id"];
      const id = typeof given === "string" && given ? given : syntheticId(this.calls);
      this.calls += 1;
      if ("thoughtSignature" in raw) out.push(...this.signature(raw["thoughtSignature"]));
      streamed = new StreamedCall(id, name);
      if (isObject(call["args"])) streamed.args = { ...call["args"] };
      this.streamed = [this.next, streamed];
      this.next += 1;
      out.push({ type: "tool_call_start", index: this.streamed[0], id, name });
    } else {
      streamed = this.streamed[1];
      if ("thoughtSignature" in raw) out.push(...this.signature(raw["thoughtSignature"])); // on a later piece: kept after the call's start
    }
    if ("partialArgs" in call) for (const pointer of streamed.add(call["partialArgs"], `${where}/functionCall/partialArgs`)) this.warn("provider.unmapped", pointer);
    if (call["willContinue"] !== true) out.push(...this.endStreamed());
    return out;
  }

  private signature(signature: unknown): StreamEvent[] {
    return [...this.closeOpen(), ...this.openSignature(signature)];
  }

  /** A thought signature on a part of its own: opaque reasoning, started and ended at once. */
  private openSignature(signature: unknown): StreamEvent[] {
    if (typeof signature !== "string" || !signature) throw new ChunkError("/candidates/0/content/parts: thoughtSignature: expected a non-empty string");
    const index = this.next;
    this.next += 1;
    return [
      { type: "reasoning_start", index, issuer: PROVIDER, redacted_data: signature },
      { type: "reasoning_end", index },
    ];
  }

  private endStreamed(): StreamEvent[] {
    if (this.streamed === undefined) return [];
    const [index, call] = this.streamed;
    this.streamed = undefined;
    this.hasCalls = true;
    return [
      { type: "tool_call_delta", index, arguments: call.arguments() },
      { type: "tool_call_end", index },
    ];
  }

  private closeOpen(grounded?: unknown): StreamEvent[] {
    if (this.open === undefined) return [];
    const [index, kind] = this.open;
    this.open = undefined;
    if (kind !== "text" && kind !== "held") return [{ type: "reasoning_end", index }];
    const found = grounded !== undefined && grounded !== null && this.texts === 1 ? grounding.citations(grounded, this.text.join("")) : [];
    this.text = [];
    return found.length === 0 ? [{ type: "text_end", index }] : [{ type: "text_end", index, citations: found }];
  }

  private openPart(part: Part, unsignedThought: boolean): StreamEvent[] {
    const out = this.closeOpen();
    const index = this.next;
    this.next += 1;
    switch (part.type) {
      case "text":
        out.push({ type: "text_start", index });
        if (part.text) out.push({ type: "text_delta", index, text: part.text });
        this.open = [index, "text"];
        this.text = [part.text];
        this.texts += 1;
        break;
      case "reasoning": {
        const reasoning = part.reasoning;
        const start: Body = { type: "reasoning_start", index };
        if (reasoning.issuer !== undefined) start["issuer"] = reasoning.issuer;
        if (reasoning.redacted_data !== undefined) start["redacted_data"] = reasoning.redacted_data;
        out.push(start as unknown as StreamEvent);
        const fragment: Body = {};
        if (reasoning.text !== undefined) fragment["text"] = reasoning.text;
        if (reasoning.signature !== undefined) fragment["signature"] = reasoning.signature;
        if (Object.keys(fragment).length > 0) out.push({ type: "reasoning_delta", index, ...fragment } as StreamEvent);
        if (unsignedThought) this.open = [index, "thought"];
        else out.push({ type: "reasoning_end", index });
        break;
      }
      case "tool_call":
        this.hasCalls = true;
        out.push(
          { type: "tool_call_start", index, id: part.tool_call.id, name: part.tool_call.name },
          { type: "tool_call_delta", index, arguments: part.tool_call.arguments },
          { type: "tool_call_end", index },
        );
        break;
      default:
        out.push({ type: "part", index, part });
    }
    return out;
  }

  /** The end of the body: `finish` when a chunk gave a finish reason, else a cut-stream error. */
  close(): StreamEvent[] {
    if (this.done) return [];
    this.done = true;
    if (!this.finished) return [cutError("the stream ended before a chunk with a finishReason", this.usage)];
    const candidate = isObject(this.metadata["candidate"]) ? this.metadata["candidate"] : {};
    const out = [...this.endStreamed(), ...this.closeOpen(candidate["groundingMetadata"])];
    const reason = finish.decode(this.finishRaw, this.hasCalls);
    if (Object.keys(this.metadata).length > 0) return [...out, { type: "finish", finish_reason: reason, provider_metadata: { [PROVIDER]: { ...this.metadata } } } as StreamEvent];
    return [...out, { type: "finish", finish_reason: reason }];
  }
}
