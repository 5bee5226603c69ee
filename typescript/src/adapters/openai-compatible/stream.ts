/**
 * OpenAI-compatible `chat.completion.chunk` streams -> canonical stream events (Python's `stream.py`; the
 * encoder is `stream-encode.ts`): openai-chat's decoder, reading the profile's dialect, wrapped with the
 * profile's quirks.
 *
 * A chunk is read here first only when its text holds a marker of a quirk (`"reasoning`, `"x_groq"`,
 * `"executed_tools"`, a usage object, a `content` array, and `"tool_calls"` for profiles whose servers may omit
 * ids). Mistral's content chunks give their thinking as a plain reasoning fragment and their text as the
 * delta's text (the thinking chunk's `closed` is reported once). Reasoning fragments open a reasoning part
 * whose index is reserved in the inner decoder before the chunk's other parts, so the folded parts come in the
 * order the body decoder gives. The fragments are the profile's text members or, in a chunk that has
 * `reasoning_details`, the details: a part per detail (same `index` and `type`), its issuer the profile's, its
 * text and signature as deltas, its `redacted_data` on the start, its other members on the end. Plain text ends
 * when a chunk brings something else; a detail stays open until another starts or the stream finishes. A tool
 * call's first fragment without an id gets `synthesisedId` (same id as the whole body gives), flagged on its
 * `tool_call_end`. Groq's `x_groq.usage` becomes the usage; the tools Groq ran (`delta.executed_tools`) arrive
 * as whole provider-run parts before the finish; the finish reason is read with the profile's table.
 *
 * As openai-chat's decoder does, a chunk that cannot be read ends the stream in an `invalid_response` error
 * event rather than throwing.
 */

import type { FinishEvent, StreamEvent } from "../../generated/types.js";
import type { SseEvent, StreamDecoder as Decoder } from "../../exchange.js";
import { MANIFESTS } from "../../tables/openai-compatible.js";
import type { ConversionWarning } from "../shared/contract.js";
import { Conversion, isObject } from "../shared/conversion.js";
import { cutError } from "../shared/errors.js";
import { type Profile, reasoningRead } from "../shared/profile.js";
import { StreamDecoder as OpenAIDecoder } from "../openai-chat/stream.js";
import * as chunks from "./chunks.js";
import * as executedTools from "./executed-tools.js";
import * as finish from "./finish.js";
import * as reasoning from "./reasoning.js";
import { dialect, fillToolCallIds } from "./response.js";
import { ID_FLAG, PROVIDER, pythonKind, readReasoning } from "./shapes.js";
import * as usage from "./usage.js";

export { StreamEncoder } from "./stream-encode.js";

/** Inner events that do not end an open reasoning part. */
const QUIET = new Set(["start", "usage"]);
/** Inner events passed on as they are when no reasoning part is open. */
const PASS = new Set(["text_delta", "tool_call_delta"]);
const MARKERS = /"reasoning|"x_groq"|"executed_tools"|"usage": ?\{|"content": ?\[/;
const MARKERS_WITH_CALLS = new RegExp(`${MARKERS.source}|"tool_calls"`);
/** The key of the plain reasoning part (details are keyed by their `index` and `type`). */
const PLAIN = "text";
/** Detail members a fragment carries in pieces (the whole detail has the rest). */
const READ = new Set(["text", "summary", "signature", "data"]);

interface Fields {
  issuer?: string;
  text?: string;
  signature?: string;
  redacted_data?: string;
  kept?: Record<string, unknown>;
}
type Fragment = [string, Fields];

export class StreamDecoder implements Decoder {
  readonly warnings: ConversionWarning[];
  private readonly inner: OpenAIDecoder;
  private readonly markers: RegExp;
  private responseId: string | undefined;
  private reasoning: number | undefined;
  private key: string | undefined;
  private kept: Record<string, unknown> = {};
  private readonly positions = new Map<unknown, number>();
  private readonly flags = new Set<string>();
  private readonly flagParts = new Set<number>();
  private hasCalls = false;
  private rawUsage: Record<string, unknown> | undefined;
  private readonly tools = new executedTools.StreamedTools();
  private readonly toolParts = new Map<number, number>(); // executed tool index -> its call's part index
  private chunkMembersReported = false;
  private failed = false;

  constructor(private readonly profile: Profile) {
    this.inner = new OpenAIDecoder(dialect(profile));
    this.warnings = this.inner.warnings;
    this.markers = profile.toolCallIds === "synthesise" ? MARKERS_WITH_CALLS : MARKERS;
  }

  feed(event: SseEvent): StreamEvent[] {
    if (this.failed) return [];
    const data = event.data;
    const fragments: Fragment[] = [];
    let parsed: Record<string, unknown> | undefined;
    let opened: StreamEvent[];
    try {
      if (data.startsWith("{") && this.markers.test(data)) {
        let chunk: unknown;
        try {
          chunk = JSON.parse(data);
        } catch {
          chunk = undefined; // the inner decoder reports it
        }
        if (isObject(chunk) && (chunk["error"] === undefined || chunk["error"] === null)) {
          this.prepare(chunk, fragments);
          parsed = chunk;
        }
      }
      opened = fragments.flatMap((fragment) => this.fragment(fragment));
    } catch (error) {
      this.failed = true;
      return [cutError((error as Error).message, undefined)];
    }
    const inner = parsed !== undefined ? this.inner.feedChunk(parsed) : this.inner.feed(event);
    return this.after(inner, opened, fragments.length === 0);
  }

  close(): StreamEvent[] {
    if (this.failed) return [];
    return this.after(this.inner.close(), [], true);
  }

  /** Read the quirks of one parsed chunk (its reasoning fragments into `fragments`). */
  private prepare(chunk: Record<string, unknown>, fragments: Fragment[]): void {
    const profile = this.profile;
    if (this.responseId === undefined) this.responseId = typeof chunk["id"] === "string" ? chunk["id"] : "";
    const groq = chunk["x_groq"];
    if (isObject(groq) && isObject(groq["usage"]) && (chunk["usage"] === undefined || chunk["usage"] === null)) {
      chunk["usage"] = groq["usage"]; // the usage, moved where it is read (x_groq keeps the rest: its id)
      chunk["x_groq"] = Object.fromEntries(Object.entries(groq).filter(([key]) => key !== "usage"));
    }
    if (isObject(chunk["usage"])) this.rawUsage = chunk["usage"];
    const choices = chunk["choices"];
    const choice = Array.isArray(choices) && choices.length > 0 && isObject(choices[0]) ? choices[0] : undefined;
    const delta = choice !== undefined && (Object.hasOwn(choice, "index") ? choice["index"] : 0) === 0 ? choice["delta"] : undefined;
    if (!isObject(delta)) return;
    const where = `/${this.inner.position + 1}/choices/0/delta`;
    const details = profile.reasoningDetails ? delta[reasoning.DETAILS] : undefined;
    if (details !== undefined && details !== null) fragments.push(...detailFragments(details, `${where}/${reasoning.DETAILS}`, profile.issuer));
    else {
      const text = readReasoning(delta, reasoningRead(profile), where);
      if (text) fragments.push([PLAIN, { text }]);
    }
    const split = chunks.split(delta["content"]);
    if (split !== undefined) {
      if (split.thinking) fragments.push([PLAIN, { text: split.thinking }]);
      if (Object.keys(split.kept).length > 0 && !this.chunkMembersReported) {
        this.chunkMembersReported = true; // "closed": no streamed part carries it
        const conv = new Conversion(MANIFESTS[profile.name]!, this.warnings);
        for (const member of Object.keys(split.kept)) conv.degrade("provider.unmapped", `${where}/content/0/${member}`);
      }
      delta["content"] = split.text;
    }
    const ran = delta[executedTools.EXECUTED];
    if (profile.executedTools && ran !== undefined && ran !== null) {
      this.tools.add(ran, `${where}/${executedTools.EXECUTED}`);
      for (const index of this.tools.entries.keys()) {
        if (this.toolParts.has(index)) continue;
        this.toolParts.set(index, this.inner.reserveIndex());
        this.inner.reserveIndex(); // its result, next to it
      }
    }
    const calls = delta["tool_calls"];
    if (profile.toolCallIds === "synthesise" && Array.isArray(calls)) {
      for (const call of calls) {
        const slot = isObject(call) ? call["index"] : undefined;
        if (slot === undefined || slot === null || this.positions.has(slot)) continue;
        const position = this.positions.size;
        this.positions.set(slot, position);
        if (fillToolCallIds([call], this.responseId ?? "", profile, `${where}/tool_calls`, position).length > 0) this.flags.add((call as Record<string, unknown>)["id"] as string);
      }
    }
  }

  private fragment([key, fields]: Fragment): StreamEvent[] {
    const out: StreamEvent[] = [];
    if (this.reasoning !== undefined && key !== this.key) out.push(this.end());
    if (this.reasoning === undefined) {
      this.reasoning = this.inner.reserveIndex();
      this.key = key;
      this.kept = {};
      const start: StreamEvent = { type: "reasoning_start", index: this.reasoning };
      if (fields.issuer !== undefined) start.issuer = fields.issuer;
      if (fields.redacted_data !== undefined) start.redacted_data = fields.redacted_data;
      out.push(start);
    }
    Object.assign(this.kept, fields.kept ?? {});
    if (fields.text !== undefined) out.push({ type: "reasoning_delta", index: this.reasoning, text: fields.text });
    if (fields.signature) out.push({ type: "reasoning_delta", index: this.reasoning, signature: fields.signature });
    return out;
  }

  private end(): StreamEvent {
    const index = this.reasoning!;
    const key = this.key;
    const kept = this.kept;
    this.reasoning = undefined;
    this.key = undefined;
    this.kept = {};
    if (key === PLAIN) return { type: "reasoning_end", index };
    return { type: "reasoning_end", index, provider_metadata: { [this.profile.issuer]: kept } as never };
  }

  private after(events: StreamEvent[], opened: StreamEvent[], ending: boolean): StreamEvent[] {
    if (opened.length === 0 && this.reasoning === undefined && events.length === 1 && PASS.has(events[0]!.type)) return events;
    const out: StreamEvent[] = [];
    for (const inner of events) {
      let event = inner;
      if (inner.type === "start") {
        if (this.responseId === undefined) this.responseId = inner.id ?? "";
      } else if (this.reasoning !== undefined && !QUIET.has(inner.type) && (inner.type === "finish" || (ending && this.key === PLAIN))) {
        out.push(this.end());
      }
      if (inner.type === "tool_call_start") {
        this.hasCalls = true;
        if (this.flags.has(inner.id)) this.flagParts.add(inner.index);
      } else if (inner.type === "tool_call_end" && this.flagParts.has(inner.index)) {
        event = { ...inner, provider_metadata: { [PROVIDER]: { [ID_FLAG]: true } } };
      } else if (inner.type === "usage" && this.rawUsage !== undefined) {
        event = { type: "usage", usage: usage.decode(this.rawUsage)[0] };
      } else if (inner.type === "finish") {
        out.push(...this.ran());
        event = this.finish(inner);
      }
      out.push(event);
      if (inner.type === "start") {
        out.push(...opened);
        opened = [];
      }
    }
    return opened.length > 0 ? [...opened, ...out] : out;
  }

  /** The tools the server ran, whole, each at the indices reserved when it first came. */
  private ran(): StreamEvent[] {
    const out: StreamEvent[] = [];
    for (const [index, entry] of this.tools.entries) {
      const where = `/${this.inner.position}/executed_tools/${index}`;
      const [call, result] = executedTools.entryParts(entry, where, this.profile.issuer);
      const at = this.toolParts.get(index)!;
      out.push({ type: "part", index: at, part: call }, { type: "part", index: at + 1, part: result });
    }
    this.tools.entries = new Map();
    return out;
  }

  private finish(event: FinishEvent): FinishEvent {
    const raw = event.finish_reason.raw;
    if (raw === undefined) return event;
    return { ...event, finish_reason: finish.decode(raw, this.hasCalls, MANIFESTS[this.profile.name]!) };
  }
}

/** The fragments of a chunk's `reasoning_details`: each entry read as `reasoning.detailPart` reads a whole detail. */
function detailFragments(raw: unknown, where: string, issuer: string): Fragment[] {
  if (!Array.isArray(raw)) throw new Error(`${where}: expected an array of reasoning details, got ${pythonKind(raw)}`);
  return raw.map((entry, i): Fragment => {
    const part = reasoning.detailPart(entry, `${where}/${i}`, issuer);
    const metadata = (part.provider_metadata?.[issuer] ?? {}) as Record<string, unknown>;
    const kept = Object.fromEntries(Object.entries(metadata).filter(([key]) => !READ.has(key)));
    const fields: Fields = { issuer, kept };
    if (part.reasoning.text !== undefined) fields.text = part.reasoning.text;
    if (part.reasoning.signature !== undefined) fields.signature = part.reasoning.signature;
    if (part.reasoning.redacted_data !== undefined) fields.redacted_data = part.reasoning.redacted_data;
    const held = entry as Record<string, unknown>;
    return [JSON.stringify(["detail", "index" in held ? held["index"] : i, held["type"] ?? null]), fields]; // index and type: one detail
  });
}
