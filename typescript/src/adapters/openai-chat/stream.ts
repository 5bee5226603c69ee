/**
 * OpenAI `chat.completion.chunk` streams -> canonical stream events.
 *
 * The first chunk gives `start`; `delta.content` opens a text part, `delta.refusal` a refusal part, and
 * each `delta.tool_calls[].index` its own tool-call part (fragments keyed by that index only, so parallel
 * calls never glue together). Parts close when `finish_reason` arrives; the usage chunk gives `usage`;
 * `[DONE]` gives `finish`. A chunk with a top-level `error` gives an `error` event. Only choice 0 is
 * decoded. Unlike Python (which writes `call_<index>` and `unknown`), a tool call whose first fragment lacks
 * its id or name ends the stream in an `invalid_response` error: no value is invented.
 *
 * `StreamEncoder` goes the other way: reasoning is not sent (Chat Completions streams none); the usage
 * chunk and `[DONE]` follow the finish chunk.
 */

import type { FinishEvent, StreamEvent, TokenUsage } from "../../generated/types.js";
import type { SseEvent, StreamDecoder as Decoder } from "../../exchange.js";
import { ConversionRefused, type ConversionWarning } from "../shared/contract.js";
import { compactJson, Conversion, isObject } from "../shared/conversion.js";
import { cutError } from "../shared/errors.js";
import { decodeError, encodeError } from "./errors.js";
import * as finish from "./finish.js";
import { MANIFEST } from "./manifest.js";
import { METADATA_KEYS } from "./response.js";
import { PROVIDER } from "./shapes.js";
import * as usage from "./usage.js";

export class StreamDecoder implements Decoder {
  /** What the decoder set aside or changed, each with its pointer `/<n>/...` (the n-th event, then into its data). */
  readonly warnings: ConversionWarning[] = [];
  private started = false;
  private nextIndex = 0;
  private text: number | undefined;
  private refusal: number | undefined;
  private readonly calls = new Map<unknown, number>();
  private hasCalls = false;
  private open: Array<[string, number]> = [];
  private finishRaw: string | undefined;
  private usage: TokenUsage | undefined;
  private readonly metadata: Record<string, unknown> = {};
  private readonly logprobs: Record<string, unknown[]> = {};
  private done = false;

  feed(event: SseEvent): StreamEvent[] {
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
    if (chunk["error"] !== undefined && chunk["error"] !== null) {
      this.done = true;
      const error = decodeError(undefined, {}, chunk);
      if (this.usage !== undefined) error.usage = this.usage;
      return [{ type: "error", error }];
    }
    const out: StreamEvent[] = [];
    if (!this.started) {
      this.started = true;
      const start: StreamEvent = { type: "start" };
      if (typeof chunk["id"] === "string" && chunk["id"]) start.id = chunk["id"];
      if (typeof chunk["model"] === "string" && chunk["model"]) start.model = chunk["model"];
      if (start.id !== undefined || start.model !== undefined) out.push(start);
    }
    const created = chunk["created"];
    if (typeof created === "number" && Number.isInteger(created) && created !== 0) this.metadata["created"] = created;
    for (const key of METADATA_KEYS) {
      if (chunk[key] !== undefined && chunk[key] !== null) this.metadata[key] = chunk[key];
    }
    const choices = chunk["choices"];
    if (Array.isArray(choices)) {
      for (const choice of choices) {
        if (isObject(choice) && (choice["index"] ?? 0) === 0) {
          const failed = this.choice(choice, out);
          if (failed !== undefined) return [...out, ...this.fail(failed)];
        }
      }
    }
    const rawUsage = chunk["usage"];
    if (isObject(rawUsage)) {
      try {
        const [decoded, extra] = usage.decode(rawUsage);
        this.usage = decoded;
        if (Object.keys(extra).length > 0) this.metadata["usage"] = extra;
      } catch (error) {
        return [...out, ...this.fail((error as Error).message)];
      }
      out.push({ type: "usage", usage: this.usage });
    }
    return out;
  }

  private fail(message: string): StreamEvent[] {
    this.done = true;
    return [cutError(message, this.usage)];
  }

  /** Decodes choice 0's delta into `out`; returns a failure message for a call without id or name. */
  private choice(choice: Record<string, unknown>, out: StreamEvent[]): string | undefined {
    const delta = isObject(choice["delta"]) ? choice["delta"] : {};
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
    const calls = delta["tool_calls"];
    if (Array.isArray(calls)) {
      for (const call of calls) {
        const failed = this.call(isObject(call) ? call : {}, out);
        if (failed !== undefined) return failed;
      }
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
    return undefined;
  }

  private openPart(kind: string, out: StreamEvent[]): number {
    const index = this.nextIndex++;
    this.open.push([kind, index]);
    out.push({ type: "text_start", index });
    return index;
  }

  private call(call: Record<string, unknown>, out: StreamEvent[]): string | undefined {
    const key = call["index"] ?? this.calls.size;
    const fn = isObject(call["function"]) ? call["function"] : {};
    let args = fn["arguments"];
    if (args !== undefined && args !== null && typeof args !== "string") args = compactJson(args);
    let index = this.calls.get(key);
    if (index === undefined) {
      const id = call["id"];
      const name = fn["name"];
      const where = `tool_calls[index=${JSON.stringify(key)}]`;
      if (typeof id !== "string" || !id) return `${where}: the first fragment of a tool call has no id`;
      if (typeof name !== "string" || !name) return `${where}: the first fragment of a tool call has no function.name`;
      index = this.nextIndex++;
      this.calls.set(key, index);
      this.hasCalls = true;
      this.open.push(["tool_call", index]);
      out.push({ type: "tool_call_start", index, id, name });
    }
    if (typeof args === "string" && args) out.push({ type: "tool_call_delta", index, arguments: args });
    return undefined;
  }

  private closeParts(): StreamEvent[] {
    const out: StreamEvent[] = this.open.map(([kind, index]): StreamEvent => {
      if (kind === "text") return { type: "text_end", index };
      if (kind === "refusal") return { type: "text_end", index, provider_metadata: { [PROVIDER]: { refusal: true } } };
      return { type: "tool_call_end", index };
    });
    this.open = [];
    return out;
  }

  private finish(): StreamEvent[] {
    this.done = true;
    const out = this.closeParts();
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

export class StreamEncoder {
  private id = "";
  private model = "";
  private readonly calls = new Map<number, number>();
  private usage: TokenUsage | undefined;
  private readonly conv = new Conversion(MANIFEST);

  private chunk(delta: Record<string, unknown> | undefined, finishReason: string | null = null, extra: Record<string, unknown> = {}): SseEvent {
    const { created, ...rest } = extra;
    const choices = delta === undefined ? [] : [{ index: 0, delta, finish_reason: finishReason }];
    return { event: undefined, data: compactJson({ id: this.id, object: "chat.completion.chunk", created: created ?? 0, model: this.model, choices, ...rest }) };
  }

  feed(item: StreamEvent): SseEvent[] {
    switch (item.type) {
      case "start":
        this.id = item.id ?? "";
        this.model = item.model ?? "";
        return [this.chunk({ role: "assistant" })];
      case "text_delta":
        return [this.chunk({ content: item.text })];
      case "tool_call_start": {
        this.calls.set(item.index, this.calls.size);
        const opening = { index: this.calls.get(item.index), id: item.id, type: "function", function: { name: item.name, arguments: "" } };
        return [this.chunk({ tool_calls: [opening] })];
      }
      case "tool_call_delta":
        return [this.chunk({ tool_calls: [{ index: this.calls.get(item.index), function: { arguments: item.arguments } }] })];
      case "text_start":
      case "text_end":
      case "tool_call_end":
      case "reasoning_start":
      case "reasoning_delta":
      case "reasoning_end":
        return [];
      case "part":
        throw new ConversionRefused("response.part_unsupported", MANIFEST.features["response.part_unsupported"]!.message);
      case "usage":
        this.usage = item.usage;
        return [];
      case "finish":
        return this.finish(item);
      case "error":
        return [{ event: undefined, data: compactJson(encodeError(item.error)[2]) }];
    }
  }

  private finish(item: FinishEvent): SseEvent[] {
    const own: Record<string, unknown> = { ...(item.provider_metadata?.[PROVIDER] ?? {}) };
    const extra: Record<string, unknown> = {};
    for (const key of METADATA_KEYS) if (key in own) extra[key] = own[key];
    if ("created" in own) extra["created"] = own["created"];
    const out = [this.chunk({}, finish.encode(item.finish_reason, this.conv), extra)];
    if (this.usage !== undefined) out.push(this.chunk(undefined, null, { usage: usage.encode(this.usage, this.conv, own["usage"] as Record<string, unknown> | undefined), ...extra }));
    out.push({ event: undefined, data: "[DONE]" });
    return out;
  }

  close(): SseEvent[] {
    return [];
  }
}
