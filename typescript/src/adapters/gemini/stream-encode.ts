/**
 * Canonical stream events -> Gemini stream chunks (`:streamGenerateContent?alt=sse`), as Python's
 * `gemini/stream_encode.py`.
 *
 * One chunk per part, in index order, once the part has ended (a thought and its signature, a function call,
 * a code execution part, an image are whole on the wire); a leading empty text where a text follows a text
 * and an empty thought where a thought follows an unsigned thought (so that it is not read as a
 * continuation); a last chunk with the finish reason, the usage and the candidate's kept members
 * (`provider_metadata.gemini`). Opaque reasoning is held back and sent on the part after it, as in a
 * non-streamed body (`encodeModelParts`).
 */

import type { SseEvent } from "../../exchange.js";
import type { FinishEvent, Part, StreamEvent, TokenUsage } from "../../generated/types.js";
import { fold } from "../../stream.js";
import { MANIFEST } from "../../tables/gemini.js";
import { compactJson, Conversion, isObject } from "../shared/conversion.js";
import { encodeError } from "./errors.js";
import * as finish from "./finish.js";
import { encodeModelParts, PROVIDER } from "./shapes.js";
import * as usage from "./usage.js";

type Body = Record<string, unknown>;

const chunk = (body: Body): SseEvent => ({ event: undefined, data: compactJson(body) });
const ENDS = new Set(["text_end", "reasoning_end", "tool_call_end", "part"]);

export class StreamEncoder {
  private readonly conv = new Conversion(MANIFEST);
  private readonly ends = new Map<number, StreamEvent[]>();
  private sent = 0;
  private readonly envelope: Body = {};
  private usage: TokenUsage | undefined;
  private lastText = false;
  private lastThought = false; // the last part sent is an unsigned thought, which a thought would continue
  private held: Part[] = [];

  feed(event: StreamEvent): SseEvent[] {
    switch (event.type) {
      case "start":
        if (event.id !== undefined) this.envelope["responseId"] = event.id;
        if (event.model !== undefined) this.envelope["modelVersion"] = event.model;
        return [];
      case "text_start":
      case "reasoning_start":
      case "tool_call_start":
        this.ends.set(event.index, [event]);
        return [];
      case "text_delta":
      case "reasoning_delta":
      case "tool_call_delta":
        this.ends.get(event.index)?.push(event);
        return [];
      case "text_end":
      case "reasoning_end":
      case "tool_call_end":
        this.ends.get(event.index)?.push(event);
        return this.flush();
      case "part":
        this.ends.set(event.index, [event]);
        return this.flush();
      case "usage":
        this.usage = event.usage;
        return [];
      case "finish":
        return this.finish(event);
      case "error":
        return [chunk(encodeError(event.error)[2])];
      default:
        return event satisfies never;
    }
  }

  /** Every part ended so far, in index order, each as one chunk. */
  private flush(): SseEvent[] {
    const out: SseEvent[] = [];
    for (;;) {
      const events = this.ends.get(this.sent);
      if (events === undefined || !ENDS.has(events[events.length - 1]!.type)) break;
      this.ends.delete(this.sent);
      this.sent += 1;
      const moved = events.map((event) => ({ ...event, index: 0 }) as StreamEvent);
      const part = fold([...moved, { type: "finish", finish_reason: { kind: "other" } }]).message.parts[0]!;
      if (part.type === "reasoning" && part.reasoning.redacted_data !== undefined) {
        this.held.push(part); // opaque state: it goes on the next part when there is one
        continue;
      }
      out.push(...this.sendParts([...this.held, part]));
    }
    return out;
  }

  private sendParts(canonical: Part[]): SseEvent[] {
    this.held = [];
    const parts = encodeModelParts(canonical, "/message/parts", this.conv, true);
    if (parts.length === 0) return [];
    const first = parts[0]!;
    if (this.lastText && "text" in first && !("thought" in first) && !("thoughtSignature" in first)) parts.unshift({ text: "" });
    else if (this.lastThought && first["thought"] === true) parts.unshift({ thought: true, text: "" }); // continues the open thought with nothing
    const last = parts[parts.length - 1]!;
    const carrier = last["text"] === "" && "thoughtSignature" in last; // reads back as reasoning alone
    this.lastText = "text" in last && !("thought" in last) && !carrier;
    this.lastThought = last["thought"] === true && !("thoughtSignature" in last);
    return [this.send({ candidates: [{ content: { role: "model", parts }, index: 0 }] })];
  }

  private send(body: Body): SseEvent {
    return chunk({ ...body, ...this.envelope });
  }

  private finish(event: FinishEvent): SseEvent[] {
    const own: Body = { ...((event.provider_metadata?.[PROVIDER] as Body | undefined) ?? {}) };
    const out = this.held.length > 0 ? this.sendParts(this.held) : [];
    const candidate: Body = { finishReason: finish.encode(event.finish_reason, this.conv), index: 0 };
    if (isObject(own["candidate"])) Object.assign(candidate, own["candidate"]);
    delete own["candidate"];
    const body: Body = { candidates: [candidate, ...(Array.isArray(own["candidates"]) ? own["candidates"] : [])] };
    delete own["candidates"];
    const extra = own["usage"];
    delete own["usage"];
    if (this.usage !== undefined) body["usageMetadata"] = usage.encode(this.usage, this.conv, isObject(extra) ? extra : undefined);
    Object.assign(body, own);
    out.push(this.send(body));
    return out;
  }

  close(): SseEvent[] {
    return [];
  }
}
