/**
 * The shapes OpenAI-compatible servers add to OpenAI Chat's (`openai-chat/shapes.ts` has the rest), as Python's
 * `openai_compatible/shapes.py`: the reasoning text members on a message or a delta, and the rule that makes a
 * tool-call id where a server sends none.
 *
 * The id rule (decision 017): `call_` followed by the first 24 hex digits of the SHA-256 of
 * `"<response id>/<position>/<function name>"`, where the response id is the body's (or the first chunk's) `id`
 * (empty when absent) and the position counts the reply's tool calls from 0 in the order they appear. The part is
 * flagged `provider_metadata.openai.tool_call_id_synthesised`.
 */

import { ProviderShapeError } from "../shared/contract.js";
import { NAME, PROVIDER } from "../../tables/openai-compatible.js";
import { sha256Hex } from "./sha256.js";

export { NAME, PROVIDER };

/** The `provider_metadata.openai` member (`true`) marking a tool call whose id wirechat made. */
export const ID_FLAG = "tool_call_id_synthesised";

const kind = (value: unknown): string => (value === null ? "NoneType" : Array.isArray(value) ? "list" : typeof value === "object" ? "dict" : typeof value === "number" ? (Number.isInteger(value) ? "int" : "float") : typeof value === "boolean" ? "bool" : "str");

/** The reasoning text of a message or delta: the first of `fields` holding a string; another type is an error naming its pointer. */
export function readReasoning(holder: Record<string, unknown>, fields: readonly string[], where: string): string | undefined {
  for (const name of fields) {
    const value = holder[name];
    if (value === undefined || value === null) continue;
    if (typeof value !== "string") throw new ProviderShapeError(`${where}/${name}`, `expected reasoning text (a string), got ${kind(value)}`);
    return value;
  }
  return undefined;
}

/** The id of a tool call the server sent without one (see the module docstring for the rule). */
export function synthesisedId(responseId: string, position: number, name: string): string {
  return `call_${sha256Hex(`${responseId}/${position}/${name}`).slice(0, 24)}`;
}

export { kind as pythonKind };
