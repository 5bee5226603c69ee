/**
 * `eventsFromResponse`: a well-formed stream that folds back to a response (Python's
 * `wirechat.stream.events_from_response`), for a source that answers whole (a QueryMT plugin's `chat`) where
 * a caller asked for a stream. Text, reasoning and tool-call arguments are cut into fragments of
 * `fragmentSize` characters (code points, as Python counts them).
 */

import type { ChatResponse, StreamEvent } from "./generated/types.js";

const SURROGATE = /[\uD800-\uDFFF]/;

function fragments(text: string, size: number): string[] {
  if (!SURROGATE.test(text)) {
    const out: string[] = []; // one code unit per code point
    for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
    return out;
  }
  const points = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < points.length; i += size) out.push(points.slice(i, i + size).join(""));
  return out;
}

/**
 * The events of `response`, in the order the fold law reads them. The message must be a plain assistant
 * message (no id, name or provider_metadata of its own); throws `TypeError` otherwise.
 */
export function eventsFromResponse(response: ChatResponse, fragmentSize = 16): StreamEvent[] {
  const message = response.message;
  if (message.role !== "assistant" || message.id !== undefined || message.name !== undefined || message.provider_metadata !== undefined) {
    throw new TypeError("only a plain assistant message (no id, name or provider_metadata) can be streamed");
  }
  const events: StreamEvent[] = [];
  if (response.id !== undefined || response.model !== undefined) {
    events.push({ type: "start", ...(response.id !== undefined ? { id: response.id } : {}), ...(response.model !== undefined ? { model: response.model } : {}) });
  }
  message.parts.forEach((part, index) => {
    const end = part.provider_metadata !== undefined ? { index, provider_metadata: part.provider_metadata } : { index };
    switch (part.type) {
      case "text":
        events.push({ type: "text_start", index });
        for (const text of fragments(part.text, fragmentSize)) events.push({ type: "text_delta", index, text });
        events.push({ type: "text_end", ...end, ...(part.citations !== undefined ? { citations: part.citations } : {}) });
        break;
      case "reasoning": {
        const reasoning = part.reasoning;
        events.push({
          type: "reasoning_start",
          index,
          ...(reasoning.issuer !== undefined ? { issuer: reasoning.issuer } : {}),
          ...(reasoning.redacted_data !== undefined ? { redacted_data: reasoning.redacted_data } : {}),
        });
        if (reasoning.text !== undefined) {
          const pieces = fragments(reasoning.text, fragmentSize);
          for (const text of pieces.length > 0 ? pieces : [""]) events.push({ type: "reasoning_delta", index, text });
        }
        if (reasoning.signature !== undefined) for (const signature of fragments(reasoning.signature, fragmentSize)) events.push({ type: "reasoning_delta", index, signature });
        events.push({ type: "reasoning_end", ...end });
        break;
      }
      case "tool_call":
        events.push({ type: "tool_call_start", index, id: part.tool_call.id, name: part.tool_call.name });
        for (const args of fragments(part.tool_call.arguments, fragmentSize)) events.push({ type: "tool_call_delta", index, arguments: args });
        events.push({ type: "tool_call_end", ...end });
        break;
      default:
        events.push({ type: "part", index, part });
    }
  });
  if (response.usage !== undefined) events.push({ type: "usage", usage: response.usage });
  events.push({ type: "finish", finish_reason: response.finish_reason, ...(response.provider_metadata !== undefined ? { provider_metadata: response.provider_metadata } : {}) });
  return events;
}
