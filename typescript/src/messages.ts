/**
 * Build messages, copy them and read them back: the constructors and accessors users reach for first,
 * so that callers need not switch on the part union by hand. `docs/helpers.md` lists the same set in
 * Python and Go. Builders do not validate: `validate` or `encode` checks what they built.
 */

import type {
  ContentPart,
  FileRef,
  JsonObject,
  JsonValue,
  MediaRef,
  Message,
  Part,
  Role,
  ToolCall,
  ToolResult,
} from "./generated/types.js";
import { buildArguments } from "./tool-arguments.js";

/** Where a built message goes and what text comes before its one part. */
export interface BuildOptions {
  /** Text placed before the part (no text part when absent). */
  text?: string;
  /** `user` unless given. */
  role?: "user" | "assistant";
}

/** A message with one text part: `textMessage("user", "Hello")`. */
export function textMessage(role: Role, text: string): Message {
  return { role, parts: [{ type: "text", text }] };
}

function withText(part: Part, options: BuildOptions): Message {
  const parts: Part[] = options.text === undefined ? [] : [{ type: "text", text: options.text }];
  parts.push(part);
  return { role: options.role ?? "user", parts };
}

/** A message with one image: `imageMessage({ source: "url", url }, { text: "What is this?" })`. */
export function imageMessage(image: MediaRef, options: BuildOptions = {}): Message {
  return withText({ type: "image", image }, options);
}

/** A message with one audio clip (by URL or inline base64 with its media type). */
export function audioMessage(audio: MediaRef, options: BuildOptions = {}): Message {
  return withText({ type: "audio", audio }, options);
}

/** A message with one file (by URI, inline base64 or a provider's file id). */
export function fileMessage(file: FileRef, options: BuildOptions = {}): Message {
  return withText({ type: "file", file }, options);
}

/** A message with one data part: any JSON value, with an optional media type. */
export function dataMessage(value: JsonValue, options: BuildOptions & { mediaType?: string } = {}): Message {
  const data = options.mediaType === undefined ? { value } : { value, media_type: options.mediaType };
  return withText({ type: "data", data }, options);
}

/** A `ToolCall`; `args` is the JSON text itself or an object to serialise (see `buildArguments`). */
export function toolCall(id: string, name: string, args: string | JsonObject): ToolCall {
  return { id, name, arguments: typeof args === "string" ? args : buildArguments(args) };
}

/** An assistant message that calls tools (several calls are parallel calls), optionally after text. */
export function toolCallMessage(calls: readonly ToolCall[], text?: string): Message {
  if (calls.length === 0) throw new RangeError("toolCallMessage() needs at least one tool call");
  const parts: Part[] = text === undefined ? [] : [{ type: "text", text }];
  for (const call of calls) parts.push({ type: "tool_call", tool_call: call });
  return { role: "assistant", parts };
}

/** A `tool` message answering one call, or several (the results of parallel calls, in order). */
export function toolResultMessage(results: ToolResult | readonly ToolResult[]): Message {
  const list: readonly ToolResult[] = Array.isArray(results) ? results : [results as ToolResult];
  return { role: "tool", parts: list.map((result) => ({ type: "tool_result", tool_result: result })) };
}

/** The concatenation of the message's text parts, in order (reasoning is not text). `""` if none. */
export function messageText(message: Message): string {
  let text = "";
  for (const part of message.parts) if (part.type === "text") text += part.text;
  return text;
}

/** Whether the message calls at least one tool. */
export function hasToolCalls(message: Message): boolean {
  return message.parts.some((part) => part.type === "tool_call");
}

/** The tool calls in the message, in order. */
export function toolCalls(message: Message): ToolCall[] {
  const calls: ToolCall[] = [];
  for (const part of message.parts) if (part.type === "tool_call") calls.push(part.tool_call);
  return calls;
}

/** The tool results in the message, in order. */
export function toolResults(message: Message): ToolResult[] {
  const results: ToolResult[] = [];
  for (const part of message.parts) if (part.type === "tool_result") results.push(part.tool_result);
  return results;
}

/** A copy of a JSON value (every wire value is one) that shares nothing with it. */
function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => cloneJson(item)) as T;
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      // defineProperty, not assignment: a free-form member named "__proto__" stays a member.
      Object.defineProperty(out, key, { value: cloneJson(item), enumerable: true, writable: true, configurable: true });
    }
    return out as T;
  }
  return value;
}

/** A deep copy of a message: changing the copy never changes the original. */
export function cloneMessage(message: Message): Message {
  return cloneJson(message);
}

/** A deep copy of a list of messages. */
export function cloneMessages(messages: readonly Message[]): Message[] {
  return messages.map(cloneJson);
}

/** A deep copy of a list of parts (message parts or a tool result's content parts). */
export function cloneParts<P extends Part | ContentPart>(parts: readonly P[]): P[] {
  return parts.map(cloneJson);
}
