/**
 * Canonical stream events -> OpenAI Responses stream events, as Python's `openai_responses/stream_encode.py`.
 *
 * Each canonical part becomes one output item, numbered in order (`output_index`): a text part an assistant
 * message item with one `output_text` content part, a tool call a `function_call` item, a reasoning part a
 * `reasoning` item, a provider-run call its issuer's item (`block`, when OpenAI issued it: the replay rule; a
 * result without a block is in its call's item, so it writes nothing). A text part's citations that OpenAI
 * issued are its `annotations`; a call read from a custom tool call finishes as one (announced as a function
 * call). Reasoning is held until its end event (its id, the signature, and a split summary arrive last) and
 * sent only when OpenAI issued it and its id is known; the finish event becomes `response.completed`,
 * `response.incomplete` or `response.failed` with the usage; an error event becomes an `error` event. Every
 * event carries its `sequence_number`, and the member order of Python's (the vectors compare the text).
 */

import type { FinishEvent, ReasoningEndEvent, ReasoningPart, StreamEvent, TextEndEvent, TokenUsage, ToolCallEndEvent } from "../../generated/types.js";
import type { SseEvent } from "../../exchange.js";
import { MANIFEST } from "../../tables/openai-responses.js";
import { ConversionRefused } from "../shared/contract.js";
import { compactJson, Conversion, metadataFor } from "../shared/conversion.js";
import { citationsOut, providerPartOut } from "../shared/provider-run.js";
import { streamError } from "./errors.js";
import * as finish from "./finish.js";
import { METADATA_KEYS, textEntry, WRITTEN_WHEN_ABSENT } from "./response.js";
import { encodeFunctionCall, encodeReasoning, PROVIDER } from "./shapes.js";
import * as usage from "./usage.js";

type Body = Record<string, unknown>;

export class StreamEncoder {
  private sequence = 0;
  private started = false;
  private id = "";
  private model = "";
  private readonly positions = new Map<number, number>(); // part index -> output_index
  private readonly texts = new Map<number, string[]>(); // text or arguments so far, per part index
  private readonly calls = new Map<number, [string, string]>();
  private readonly reasoning = new Map<number, Record<string, string>>();
  private hasCalls = false;
  private usage: TokenUsage | undefined;
  private readonly conv = new Conversion(MANIFEST);

  private event(kind: string, body: Body): SseEvent {
    const data = { type: kind, ...body, sequence_number: this.sequence };
    this.sequence += 1;
    return { event: kind, data: compactJson(data) };
  }

  private response(fields: Body): Body {
    return { id: this.id, object: "response", model: this.model, output: [], ...WRITTEN_WHEN_ABSENT, ...fields };
  }

  private itemEvent(kind: string, index: number, item: Body): SseEvent {
    if (!this.positions.has(index)) this.positions.set(index, this.positions.size);
    return this.event(kind, { output_index: this.positions.get(index), item });
  }

  feed(event: StreamEvent): SseEvent[] {
    const prefix = !this.started && event.type !== "start" ? this.start() : [];
    return [...prefix, ...this.feedOne(event)];
  }

  private start(): SseEvent[] {
    this.started = true;
    return [this.event("response.created", { response: this.response({ status: "in_progress" }) })];
  }

  private at(index: number): Body {
    return { item_id: "", output_index: this.positions.get(index), content_index: 0 };
  }

  private feedOne(event: StreamEvent): SseEvent[] {
    switch (event.type) {
      case "start":
        this.id = event.id ?? "";
        this.model = event.model ?? "";
        return this.start();
      case "text_start": {
        this.texts.set(event.index, []);
        const added = this.itemEvent("response.output_item.added", event.index, { type: "message", id: "", role: "assistant", status: "in_progress", content: [] });
        return [added, this.event("response.content_part.added", { ...this.at(event.index), part: { type: "output_text", text: "", annotations: [] } })];
      }
      case "text_delta":
        this.texts.get(event.index)!.push(event.text);
        return [this.event("response.output_text.delta", { ...this.at(event.index), delta: event.text })];
      case "text_end":
        return this.textDone(event);
      case "tool_call_start":
        this.hasCalls = true;
        this.texts.set(event.index, []);
        this.calls.set(event.index, [event.id, event.name]);
        return [this.itemEvent("response.output_item.added", event.index, { type: "function_call", id: "", call_id: event.id, name: event.name, arguments: "", status: "in_progress" })];
      case "tool_call_delta":
        this.texts.get(event.index)!.push(event.arguments);
        return [this.event("response.function_call_arguments.delta", { item_id: "", output_index: this.positions.get(event.index), delta: event.arguments })];
      case "tool_call_end":
        return this.callDone(event);
      case "reasoning_start": {
        const held: Record<string, string> = {};
        if (event.issuer !== undefined) held["issuer"] = event.issuer;
        if (event.redacted_data !== undefined) held["redacted_data"] = event.redacted_data;
        this.reasoning.set(event.index, held);
        return [];
      }
      case "reasoning_delta": {
        const held = this.reasoning.get(event.index)!;
        for (const name of ["text", "signature"] as const) if (event[name] !== undefined) held[name] = (held[name] ?? "") + event[name];
        return [];
      }
      case "reasoning_end":
        return this.reasoningDone(event);
      case "part": {
        const run = event.part;
        if (run.type !== "provider_tool_call" && run.type !== "provider_tool_result") {
          const feature = "response.part_unsupported";
          throw new ConversionRefused(feature, MANIFEST.features[feature]!.message, `/${event.index}/part`);
        }
        const written = providerPartOut(run, `/message/parts/${event.index}`, this.conv, PROVIDER);
        if (written === undefined) return [];
        return [this.itemEvent("response.output_item.added", event.index, written), this.itemEvent("response.output_item.done", event.index, written)];
      }
      case "usage":
        this.usage = event.usage;
        return [];
      case "finish":
        return this.finish(event);
      case "error": {
        const body = streamError(event.error);
        delete body["type"];
        return [this.event("error", body)];
      }
      default:
        return event satisfies never;
    }
  }

  private textDone(event: TextEndEvent): SseEvent[] {
    const text = (this.texts.get(event.index) ?? []).join("");
    this.texts.delete(event.index);
    const [own] = metadataFor(event.provider_metadata, PROVIDER);
    const entry = textEntry(text, own);
    const out: SseEvent[] = [];
    const where = `/message/parts/${event.index}`;
    const part = event.citations !== undefined ? { type: "text" as const, text, citations: event.citations } : { type: "text" as const, text };
    citationsOut(part, where, this.conv, PROVIDER).forEach((annotation, k) => {
      (entry["annotations"] as Body[]).push(annotation);
      out.push(this.event("response.output_text.annotation.added", { ...this.at(event.index), annotation_index: k, annotation }));
    });
    const itemId = typeof own["item_id"] === "string" ? own["item_id"] : "";
    const status = typeof own["status"] === "string" ? own["status"] : "completed";
    const item: Body = { type: "message", id: itemId, role: "assistant", status, content: [entry] };
    if (typeof own["phase"] === "string") item["phase"] = own["phase"];
    return [
      ...out,
      this.event("response.output_text.done", { ...this.at(event.index), text }),
      this.event("response.content_part.done", { ...this.at(event.index), part: entry }),
      this.itemEvent("response.output_item.done", event.index, item),
    ];
  }

  private callDone(event: ToolCallEndEvent): SseEvent[] {
    const args = (this.texts.get(event.index) ?? []).join("");
    this.texts.delete(event.index);
    const [id, name] = this.calls.get(event.index)!;
    this.calls.delete(event.index);
    const [own] = metadataFor(event.provider_metadata, PROVIDER);
    const item: Body = { id: "", status: "completed", ...encodeFunctionCall({ id, name, arguments: args }, own) };
    const done = { item_id: item["id"], output_index: this.positions.get(event.index), arguments: args };
    return [this.event("response.function_call_arguments.done", done), this.itemEvent("response.output_item.done", event.index, item)];
  }

  private reasoningDone(event: ReasoningEndEvent): SseEvent[] {
    const held = this.reasoning.get(event.index)!;
    this.reasoning.delete(event.index);
    const part: ReasoningPart = { type: "reasoning", reasoning: held };
    if (event.provider_metadata !== undefined && Object.keys(event.provider_metadata).length > 0) part.provider_metadata = event.provider_metadata;
    const item = encodeReasoning(part, `/message/parts/${event.index}`, this.conv);
    if (item === undefined) return [];
    const added = item["type"] === "reasoning" ? { ...item, summary: [] } : item; // a compaction item has none
    const out = [this.itemEvent("response.output_item.added", event.index, added)];
    const summaries = Array.isArray(item["summary"]) ? (item["summary"] as Body[]) : [];
    summaries.forEach((summary, k) => {
      const at = { item_id: item["id"] ?? "", output_index: this.positions.get(event.index), summary_index: k };
      out.push(this.event("response.reasoning_summary_part.added", { ...at, part: { type: "summary_text", text: "" } }));
      if (summary["text"]) out.push(this.event("response.reasoning_summary_text.delta", { ...at, delta: summary["text"] }));
    });
    return [...out, this.itemEvent("response.output_item.done", event.index, item)];
  }

  private finish(event: FinishEvent): SseEvent[] {
    const [own] = metadataFor(event.provider_metadata, PROVIDER);
    const raw = finish.encode(event.finish_reason, this.conv, this.hasCalls);
    const fields = finish.statusFields(raw);
    const response = this.response({ ...fields, error: null });
    if (this.usage !== undefined) response["usage"] = usage.encode(this.usage, this.conv, own["usage"]);
    for (const key of METADATA_KEYS) if (key in own) response[key] = own[key];
    const status = fields["status"];
    const kind = status === "incomplete" ? "response.incomplete" : status === "failed" ? "response.failed" : "response.completed";
    return [this.event(kind, { response })];
  }

  close(): SseEvent[] {
    return [];
  }
}
