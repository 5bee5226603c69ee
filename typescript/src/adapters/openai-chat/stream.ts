/**
 * OpenAI `chat.completion.chunk` streams -> canonical stream events, as Python's `openai_chat/stream.py` (the
 * encoder is in `stream-encode.ts`).
 *
 * The first chunk gives `start`; `delta.content` opens a text part, `delta.refusal` a refusal part, the first
 * `delta.audio` an audio part (its fragments collected, `StreamedAudio`), and each `delta.tool_calls[].index`
 * its own tool-call part (fragments keyed by that index only, so parallel calls never glue together). Parts
 * close when `finish_reason` arrives: the text's `text_end` carries the `delta.annotations` collected as its
 * citations, the audio arrives whole as a `part` event. The usage chunk gives `usage`; `[DONE]` gives
 * `finish`, with `created` and the members OpenAI's replies keep. A chunk with a top-level `error` gives an
 * `error` event.
 *
 * No silent loss: a member of a chunk, its choice, delta or tool-call fragment that the decoder neither reads
 * nor keeps goes to `warnings` as `provider.unmapped`, pointed at `/<n>/...` (the n-th event fed, from 0), once
 * per member (a member every chunk repeats is reported where it first came); so does each choice other than
 * choice 0 (`n` > 1: a canonical reply has one message), once per choice.
 *
 * Unlike Python (which raises), a chunk the decoder cannot read, or a tool call whose first fragment lacks its
 * id or name, ends the stream in an `invalid_response` error: no value is invented.
 */

import type { Citation, JsonObject, StreamEvent, TokenUsage } from "../../generated/types.js";
import { buildArguments } from "../../tool-arguments.js";
import type { SseEvent, StreamDecoder as Decoder } from "../../exchange.js";
import { ProviderShapeError, type ConversionWarning } from "../shared/contract.js";
import { compactJson, Conversion, isObject, truthy } from "../shared/conversion.js";
import { cutError } from "../shared/errors.js";
import { StreamedAudio } from "./audio.js";
import { decodeAnnotations } from "./citations.js";
import { decodeError } from "./errors.js";
import * as finish from "./finish.js";
import { MANIFEST } from "../../tables/openai-chat.js";
import { AUDIO, type Dialect, type DialectShapes, OPENAI, PROVIDER, shapesOf, TOOL_CALL, unmapped } from "./shapes.js";
import * as usage from "./usage.js";

export { StreamEncoder } from "./stream-encode.js";

const kind = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "an array" : typeof value === "object" ? "an object" : `a ${typeof value}`);

export class StreamDecoder implements Decoder {
  /** What the decoder set aside or changed, each with its pointer `/<n>/...` (the n-th event, then into its data). */
  readonly warnings: ConversionWarning[] = [];
  private readonly conv = new Conversion(MANIFEST, this.warnings);
  private seen = -1; // the position of the event being read
  private readonly reported = new Set<string>();
  private started = false;
  private nextIndex = 0;
  private text: number | undefined;
  private refusal: number | undefined;
  private audio: StreamedAudio | undefined;
  private annotations: Citation[] = [];
  private annotationsAt = "";
  private readonly calls = new Map<number, number>(); // OpenAI tool_calls[].index -> part index
  private hasCalls = false;
  private open: Array<[string, number]> = [];
  private finishRaw: string | undefined;
  private usage: TokenUsage | undefined;
  private readonly metadata: Record<string, unknown> = {};
  private readonly logprobs: Record<string, unknown[]> = {};
  private done = false;
  private readonly shapes: DialectShapes;

  /** `dialect`: how the server's chunks differ from OpenAI's (an OpenAI-compatible server's, `shapes.ts`). */
  constructor(private readonly dialect: Dialect = OPENAI) {
    this.shapes = shapesOf(dialect);
  }

  /** The position of the event being read (from 0): the first step of a warning's pointer. */
  get position(): number {
    return this.seen;
  }

  /**
   * Take the next part index for a part a wrapping decoder emits itself (an OpenAI-compatible server's
   * reasoning), so the parts this decoder opens later come after it.
   */
  reserveIndex(): number {
    return this.nextIndex++;
  }

  /** Warn that the member at `pointer` is not mapped, once per member (the event number aside). */
  private report(pointer: string): void {
    const key = pointer.replace(/^\/\d+/, "");
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.conv.degrade("provider.unmapped", pointer);
  }

  feed(event: SseEvent): StreamEvent[] {
    this.seen += 1;
    if (this.done) return [];
    const data = event.data;
    if (!data.startsWith("{") && data.trim() === "[DONE]") return this.finish();
    let chunk: unknown;
    try {
      chunk = JSON.parse(data);
    } catch (error) {
      return this.fail(`a stream chunk is not JSON: ${(error as Error).message}`);
    }
    if (!isObject(chunk)) return this.fail("a stream chunk is not a JSON object");
    return this.read(chunk);
  }

  /** The events of one chunk already parsed to an object (a wrapping decoder that read it first passes it on). */
  feedChunk(chunk: Record<string, unknown>): StreamEvent[] {
    this.seen += 1;
    return this.done ? [] : this.read(chunk);
  }

  private read(chunk: Record<string, unknown>): StreamEvent[] {
    const out: StreamEvent[] = [];
    try {
      this.chunk(chunk, out);
    } catch (error) {
      return [...out, ...this.fail((error as Error).message)];
    }
    return out;
  }

  private fail(message: string): StreamEvent[] {
    this.done = true;
    return [cutError(message, this.usage)];
  }

  private chunk(chunk: Record<string, unknown>, out: StreamEvent[]): void {
    if (chunk["error"] !== undefined && chunk["error"] !== null) {
      this.done = true;
      const error = decodeError(undefined, {}, chunk);
      if (this.usage !== undefined) error.usage = this.usage;
      out.push({ type: "error", error });
      return;
    }
    if (!this.started) {
      this.started = true;
      const start: StreamEvent = { type: "start" };
      if (typeof chunk["id"] === "string" && chunk["id"]) start.id = chunk["id"];
      if (typeof chunk["model"] === "string" && chunk["model"]) start.model = chunk["model"];
      if (start.id !== undefined || start.model !== undefined) out.push(start);
    }
    const created = chunk["created"];
    if (typeof created === "number" && Number.isInteger(created) && created !== 0) this.metadata["created"] = created;
    const at = `/${this.seen}`;
    for (const pointer of unmapped(chunk, this.shapes.chunk, at)) this.report(pointer);
    this.keep(chunk, this.dialect.keptBody);
    const choices = chunk["choices"];
    (Array.isArray(choices) ? choices : []).forEach((choice, position) => {
      if (!isObject(choice)) return;
      const where = `${at}/choices/${position}`;
      const index = Object.hasOwn(choice, "index") ? choice["index"] : 0;
      if (index === 0) this.choice(choice, where, out);
      else if (!this.reported.has(`choice ${JSON.stringify(index)}`)) {
        this.reported.add(`choice ${JSON.stringify(index)}`);
        this.conv.degrade("provider.unmapped", where); // n > 1: a canonical reply has one message
      }
    });
    const rawUsage = chunk["usage"];
    if (isObject(rawUsage)) {
      const [decoded, extra] = usage.decode(rawUsage, `${at}/usage`);
      this.usage = decoded;
      if (Object.keys(extra).length > 0) this.metadata["usage"] = extra;
      out.push({ type: "usage", usage: decoded });
    }
  }

  private keep(holder: Record<string, unknown>, keys: readonly string[]): void {
    for (const key of keys) if (holder[key] !== undefined && holder[key] !== null) this.metadata[key] = holder[key];
  }

  private choice(choice: Record<string, unknown>, where: string, out: StreamEvent[]): void {
    for (const pointer of unmapped(choice, this.shapes.chunkChoice, where)) this.report(pointer);
    this.keep(choice, this.dialect.keptChoice.filter((key) => key !== "logprobs"));
    const rawDelta = truthy(choice["delta"]) ? choice["delta"] : {};
    if (!isObject(rawDelta)) throw new ProviderShapeError(`${where}/delta`, `a delta is a JSON object, not ${kind(rawDelta)}`);
    const delta = rawDelta;
    for (const pointer of unmapped(delta, this.shapes.message, `${where}/delta`)) this.report(pointer);
    const content = delta["content"];
    if (typeof content === "string" && content) {
      this.text ??= this.openPart("text", out);
      out.push({ type: "text_delta", index: this.text, text: content });
    }
    const refusal = delta["refusal"];
    if (typeof refusal === "string") {
      this.refusal ??= this.openPart("refusal", out);
      if (refusal) out.push({ type: "text_delta", index: this.refusal, text: refusal });
    }
    const audio = delta["audio"];
    if (isObject(audio)) {
      for (const pointer of unmapped(audio, AUDIO, `${where}/delta/audio`)) this.report(pointer);
      this.audio ??= new StreamedAudio(this.nextIndex++);
      this.audio.add(audio);
    }
    const calls = delta["tool_calls"];
    if (truthy(calls)) {
      if (!Array.isArray(calls)) throw new ProviderShapeError(`${where}/delta/tool_calls`, `an array of tool call fragments, not ${kind(calls)}`);
      calls.forEach((call, position) => {
        const at = `${where}/delta/tool_calls/${position}`;
        if (!isObject(call)) throw new ProviderShapeError(at, `a tool call fragment is a JSON object, not ${kind(call)}`);
        for (const pointer of unmapped(call, TOOL_CALL, at)) this.report(pointer);
        this.call(call, at, out);
      });
    }
    if (truthy(delta["annotations"])) {
      this.annotations.push(...decodeAnnotations(delta["annotations"], `${where}/delta/annotations`, this.dialect.issuer));
      this.annotationsAt ||= `${where}/delta/annotations`;
    }
    const logprobs = choice["logprobs"];
    if (isObject(logprobs)) {
      for (const key of ["content", "refusal"]) {
        const items = logprobs[key];
        if (Array.isArray(items)) (this.logprobs[key] ??= []).push(...items);
      }
    }
    const raw = choice["finish_reason"];
    if (typeof raw === "string") {
      this.finishRaw = raw;
      out.push(...this.closeParts());
    }
  }

  private openPart(kind: string, out: StreamEvent[]): number {
    const index = this.nextIndex++;
    this.open.push([kind, index]);
    out.push({ type: "text_start", index });
    return index;
  }

  private call(call: Record<string, unknown>, where: string, out: StreamEvent[]): void {
    const key = Object.hasOwn(call, "index") ? call["index"] : this.calls.size;
    if (typeof key !== "number" || !Number.isInteger(key)) throw new ProviderShapeError(`${where}/index`, `an integer, not ${kind(key)}`);
    const rawFn = truthy(call["function"]) ? call["function"] : {};
    if (!isObject(rawFn)) throw new ProviderShapeError(`${where}/function`, `a JSON object, not ${kind(rawFn)}`);
    let args = rawFn["arguments"];
    if (args !== undefined && args !== null && typeof args !== "string") args = isObject(args) ? buildArguments(args as JsonObject) : compactJson(args);
    let index = this.calls.get(key);
    if (index === undefined) {
      index = this.nextIndex++;
      this.calls.set(key, index);
      this.hasCalls = true;
      this.open.push(["tool_call", index]);
      const id = call["id"];
      const name = rawFn["name"];
      // the first fragment of a call names it; inventing an id or a name would hide a broken stream
      if (typeof id !== "string" || !id) throw new ProviderShapeError(where, `(${key}): the first fragment of a tool call has no id`);
      if (typeof name !== "string" || !name) throw new ProviderShapeError(where, `(${key}): the first fragment of a tool call has no function.name`);
      out.push({ type: "tool_call_start", index, id, name });
    }
    if (typeof args === "string" && args) out.push({ type: "tool_call_delta", index, arguments: args });
  }

  private closeParts(): StreamEvent[] {
    const annotations = this.annotations;
    this.annotations = [];
    if (annotations.length > 0 && this.text === undefined) this.conv.degrade("provider.unmapped", this.annotationsAt); // no text for them to cite
    const out: StreamEvent[] = this.open.map(([kind, index]): StreamEvent => {
      if (kind === "text") return annotations.length > 0 ? { type: "text_end", index, citations: annotations } : { type: "text_end", index };
      if (kind === "refusal") return { type: "text_end", index, provider_metadata: { [PROVIDER]: { refusal: true } } };
      return { type: "tool_call_end", index };
    });
    this.open = [];
    if (this.audio !== undefined) {
      out.push({ type: "part", index: this.audio.index, part: this.audio.part(`/${this.seen}/choices/0/delta/audio`) });
      this.audio = undefined;
    }
    return out;
  }

  private finish(): StreamEvent[] {
    this.done = true;
    let out: StreamEvent[];
    try {
      out = this.closeParts();
    } catch (error) {
      return [cutError((error as Error).message, this.usage)];
    }
    if (this.finishRaw === undefined) return [...out, cutError("the stream ended without a finish reason", this.usage)];
    const metadata: Record<string, unknown> = { ...this.metadata };
    if (Object.keys(this.logprobs).length > 0) metadata["logprobs"] = { content: this.logprobs["content"] ?? null, refusal: this.logprobs["refusal"] ?? null };
    const reason = finish.decode(this.finishRaw, this.hasCalls);
    out.push(Object.keys(metadata).length > 0 ? { type: "finish", finish_reason: reason, provider_metadata: { [PROVIDER]: metadata } } : { type: "finish", finish_reason: reason });
    return out;
  }

  /** A stream cut before `[DONE]`: finished if its finish reason had arrived, else an error. */
  close(): StreamEvent[] {
    return this.done ? [] : this.finish();
  }
}
