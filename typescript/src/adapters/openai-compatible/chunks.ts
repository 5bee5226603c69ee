/**
 * Mistral's content chunks, read by every compatible profile (Python's `chunks.py`): an assistant `content`
 * given as an array of `{"type": "thinking", "thinking": [{"type": "text", "text": ...}], "closed": true}`
 * chunks followed by `{"type": "text", "text": ...}` chunks (https://docs.mistral.ai/capabilities/reasoning/),
 * in replies and, chunk by chunk, in stream deltas.
 *
 * `split` reads such an array: the thinking texts joined, the text chunks joined, and the thinking chunk's own
 * members besides `type` and `thinking` (`closed`), kept so a reply is written back as it came (`write`). An
 * array of any other shape is left as it is, for openai-chat's unmapped-member report.
 */

import { isObject } from "../shared/conversion.js";

/** The `provider_metadata.openai.reasoning_member` value of a reply whose reasoning came as content chunks. */
export const CHUNKS = "content";
/** The `provider_metadata.openai` member keeping a thinking chunk's own members (`{"closed": true}`). */
export const THINKING_MEMBERS = "thinking_members";

export interface Split {
  /** The reasoning text (undefined: no thinking chunk). */
  readonly thinking: string | undefined;
  readonly text: string;
  readonly kept: Record<string, unknown>;
}

const isTextChunk = (chunk: unknown): chunk is { type: "text"; text: string } =>
  isObject(chunk) && chunk["type"] === "text" && typeof chunk["text"] === "string" && Object.keys(chunk).every((key) => key === "type" || key === "text");

function innerText(chunks: unknown): string | undefined {
  if (!Array.isArray(chunks)) return undefined;
  const texts: string[] = [];
  for (const chunk of chunks) {
    if (!isTextChunk(chunk)) return undefined;
    texts.push(chunk.text);
  }
  return texts.join("");
}

const sameMembers = (a: Record<string, unknown>, b: Record<string, unknown>): boolean => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** The reading of a Mistral chunk array (module docstring); undefined when `content` is not one. */
export function split(content: unknown): Split | undefined {
  if (!Array.isArray(content) || content.length === 0) return undefined;
  const thinking: string[] = [];
  const texts: string[] = [];
  let kept: Record<string, unknown> = {};
  for (const chunk of content) {
    if (!isObject(chunk)) return undefined;
    const kind = chunk["type"];
    if (kind === "thinking" && texts.length === 0) {
      const inner = innerText(chunk["thinking"]);
      const extra = Object.fromEntries(Object.entries(chunk).filter(([key]) => key !== "type" && key !== "thinking"));
      if (inner === undefined || Object.keys(extra).some((key) => key !== "closed") || (thinking.length > 0 && !sameMembers(extra, kept))) return undefined;
      thinking.push(inner);
      kept = extra;
    } else if (isTextChunk(chunk)) {
      texts.push(chunk.text);
    } else {
      return undefined;
    }
  }
  return { thinking: thinking.length > 0 ? thinking.join("") : undefined, text: texts.join(""), kept };
}

/** The chunk array of a reply (`split` read backwards: one thinking chunk, one text chunk). */
export function write(thinking: string | undefined, text: string | undefined, kept: Record<string, unknown>): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  if (thinking) out.push({ type: "thinking", thinking: [{ type: "text", text: thinking }], ...kept });
  if (text) out.push({ type: "text", text });
  return out;
}
