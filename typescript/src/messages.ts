/**
 * Accessors over a `Message`'s parts: its text, the tool calls it makes and the tool results it carries.
 */

import type { Message, ToolCall, ToolResult } from "./generated/types.js";

/** The concatenation of the message's text parts, in order (reasoning is not text). `""` if none. */
export function messageText(message: Message): string {
  let text = "";
  for (const part of message.parts) if (part.type === "text") text += part.text;
  return text;
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
