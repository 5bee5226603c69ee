/**
 * OpenAI Responses' own JSON shapes, written in one place, rule for rule as Python's
 * `openai_responses/shapes.py`: the names, and the items both ways (decision 016; provider-run items are
 * `hosted.ts`'s).
 *
 * - `reasoning` item <-> a reasoning part with issuer `openai`: the item `id` (`rs_...`) is the `signature`,
 *   `encrypted_content` the `redacted_data`, the `summary` texts joined by a blank line the `text` (the split
 *   list and the raw `content` kept in `provider_metadata.openai`). An item whose `content` is
 *   `reasoning_text` entries (DeepSeek, LM Studio, gpt-oss servers) has those as its text, marked
 *   `{"text_in": "content"}`.
 * - `compaction` item <-> a reasoning part with no text, marked `{"item_type": "compaction"}`.
 * - `function_call` item <-> a tool-call part (`call_id` the id; item `id`, `namespace`, `caller` kept); a
 *   `custom_tool_call` is a tool call too, its `input` the arguments, marked `{"item_type": "custom_tool_call"}`.
 * - `message` item (assistant) <-> one text part per `output_text` (or `refusal`, marked `{"refusal": true}`),
 *   with the item id as `item_id`, its `phase`, its annotations as citations.
 *
 * Every reader checks what it relies on and throws `ProviderShapeError` naming the pointer; `unmappedInItem`
 * lists the members of an item these readers neither map nor keep, for the decoders' `provider.unmapped`.
 */

import type { Part, ReasoningPart, ToolCall } from "../../generated/types.js";
import { NAME, PROVIDER } from "../../tables/openai-responses.js";
import { ProviderShapeError } from "../shared/contract.js";
import { type Conversion, getList, getStr, isObject, metadataFor, reasoningFeature, truthy } from "../shared/conversion.js";
import { unmappedMembers, type Shape } from "../shared/unmapped.js";
import { decodeAnnotations } from "./citations.js";
import { isProviderRun, type Pairing, providerRunParts } from "./hosted.js";

export { NAME, PROVIDER };

type Item = Record<string, unknown>;

/** Between two summary texts of one reasoning item, in the canonical text. */
export const SUMMARY_JOIN = "\n\n";

const of = (...keys: string[]): Shape => Object.fromEntries(keys.map((key) => [key, null]));
const TEXT_ENTRY: Shape = of("type", "text");
const CONTENT: Readonly<Record<string, Shape>> = { output_text: of("type", "text", "annotations", "logprobs"), refusal: of("type", "refusal") };
/** The members of each item type the readers here map or keep (provider-run items are kept whole). */
export const ITEM_SHAPES: Readonly<Record<string, Shape>> = {
  message: of("type", "id", "role", "status", "content", "phase"),
  reasoning: of("type", "id", "status", "summary", "encrypted_content", "content"),
  function_call: of("type", "id", "status", "call_id", "name", "arguments", "namespace", "caller"),
  custom_tool_call: of("type", "id", "status", "call_id", "name", "input"),
  compaction: of("type", "id", "status", "encrypted_content"),
};
const KEPT_CALL_MEMBERS = ["namespace", "caller"] as const;
/** The `provider_metadata.openai` members each kind of part carries back to an item. */
export const TEXT_KEYS: ReadonlySet<string> = new Set(["item_id", "logprobs", "refusal", "phase", "status"]);
export const CALL_KEYS: ReadonlySet<string> = new Set(["item_id", "item_type", "status", ...KEPT_CALL_MEMBERS]);
export const REASONING_KEYS: ReadonlySet<string> = new Set(["summary", "content", "text_in", "content_split", "item_type", "status"]);
/** The item `status` an encoder writes when a part kept none, in a reply and in a request's input: a decoder keeps an item's `status` only when it is another. */
export const REPLY_STATUS: Readonly<Record<string, string>> = { message: "completed", function_call: "completed", custom_tool_call: "completed" };
export const REQUEST_STATUS: Readonly<Record<string, string>> = { message: "completed" };

/** Python's `str()` of an item's `type` (absent: `message`), so that odd values name themselves as Python's do. */
export function kindOf(item: Item, fallback = "message"): string {
  const value = item["type"];
  if (value === undefined) return fallback;
  if (value === null) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** `unmappedMembers` of an object's non-null members (a null carries nothing to lose). */
export function presentUnmapped(value: unknown, where: string, shape: Shape): string[] {
  if (!isObject(value)) return [];
  return unmappedMembers(Object.fromEntries(Object.entries(value).filter(([, member]) => member !== null)), shape, where);
}

/** The pointers of the members of an output item that its reader neither maps nor keeps. */
export function unmappedInItem(item: Item, where: string): string[] {
  const kind = kindOf(item);
  if (!Object.hasOwn(ITEM_SHAPES, kind)) return []; // provider-run items are kept whole; an unknown type is reported whole
  const found = presentUnmapped(item, where, ITEM_SHAPES[kind]!);
  const content = item["content"];
  if (kind === "message" && Array.isArray(content)) {
    content.forEach((entry, k) => {
      const type = isObject(entry) ? String(entry["type"]) : undefined;
      const shape = type !== undefined && Object.hasOwn(CONTENT, type) ? CONTENT[type] : undefined;
      if (shape !== undefined) found.push(...presentUnmapped(entry, `${where}/content/${k}`, shape));
    });
  }
  if (kind === "reasoning") {
    for (const key of ["summary", "content"]) {
      const entries = item[key];
      (Array.isArray(entries) ? entries : []).forEach((entry, k) => {
        if (isObject(entry) && (entry["type"] === "summary_text" || entry["type"] === "reasoning_text")) found.push(...presentUnmapped(entry, `${where}/${key}/${k}`, TEXT_ENTRY));
      });
    }
  }
  return found;
}

function status(item: Item, implied: Readonly<Record<string, string>>): Record<string, unknown> {
  const value = item["status"];
  const kind = kindOf(item);
  return typeof value === "string" && value !== (Object.hasOwn(implied, kind) ? implied[kind] : undefined) ? { status: value } : {};
}

function nonempty(item: Item, key: string, where: string): string {
  const value = getStr(item, key, where);
  if (!value) throw new ProviderShapeError(`${where}/${key}`, "required non-empty string is missing");
  return value;
}

/** A `function_call` item (`arguments` the JSON text as is; `id`, `namespace`, `caller` when kept), or a `custom_tool_call` item for a call read from one. */
export function encodeFunctionCall(call: ToolCall, own: Record<string, unknown>): Item {
  let item: Item;
  if (own["item_type"] === "custom_tool_call") item = { type: "custom_tool_call", call_id: call.id, name: call.name, input: call.arguments };
  else {
    item = { type: "function_call", call_id: call.id, name: call.name, arguments: call.arguments };
    for (const key of KEPT_CALL_MEMBERS) if (own[key] !== undefined && own[key] !== null) item[key] = own[key];
  }
  if (typeof own["item_id"] === "string" && own["item_id"]) item["id"] = own["item_id"];
  if (typeof own["status"] === "string") item["status"] = own["status"];
  return item;
}

/** A tool-call part for a `function_call` or `custom_tool_call` item. */
export function decodeFunctionCall(item: Item, where: string, implied: Readonly<Record<string, string>> = REPLY_STATUS): Part {
  const custom = item["type"] === "custom_tool_call";
  const call = { id: nonempty(item, "call_id", where), name: nonempty(item, "name", where), arguments: getStr(item, custom ? "input" : "arguments", where) as string };
  const part: Record<string, unknown> = { type: "tool_call", tool_call: call };
  const own: Record<string, unknown> = {};
  for (const key of KEPT_CALL_MEMBERS) if (item[key] !== undefined && item[key] !== null) own[key] = item[key];
  if (typeof item["id"] === "string" && item["id"]) own["item_id"] = item["id"];
  if (custom) own["item_type"] = "custom_tool_call";
  Object.assign(own, status(item, implied));
  if (Object.keys(own).length > 0) part["provider_metadata"] = { [PROVIDER]: own };
  return part as unknown as Part;
}

/**
 * A `reasoning` item for reasoning OpenAI issued (with its id; without one, its encrypted content alone, as
 * stateless clients of xAI's Responses API send it); undefined when the replay rule drops it (with a warning).
 */
export function encodeReasoning(part: ReasoningPart, where: string, conv: Conversion): Item | undefined {
  if (!conv.handle(reasoningFeature(part, PROVIDER), where)) return undefined;
  const reasoning = part.reasoning;
  if (reasoning.signature === undefined && !conv.handle("reasoning.own_no_id", where)) return undefined;
  const [own] = metadataFor(part.provider_metadata, PROVIDER);
  if (own["item_type"] === "compaction") {
    const compaction: Item = { type: "compaction", id: reasoning.signature, encrypted_content: reasoning.redacted_data, status: own["status"] };
    return Object.fromEntries(Object.entries(compaction).filter(([, value]) => value !== undefined));
  }
  const inContent = own["text_in"] === "content";
  const split = own[inContent ? "content_split" : "summary"];
  let texts: string[];
  if (reasoning.text === undefined) texts = [];
  else if (Array.isArray(split) && split.every((s) => typeof s === "string") && split.join(SUMMARY_JOIN) === reasoning.text) texts = [...(split as string[])];
  else texts = [reasoning.text];
  const item: Item = reasoning.signature !== undefined ? { type: "reasoning", id: reasoning.signature, summary: [] } : { type: "reasoning", summary: [] };
  if (inContent) item["content"] = texts.map((text) => ({ type: "reasoning_text", text }));
  else item["summary"] = texts.map((text) => ({ type: "summary_text", text }));
  if (reasoning.redacted_data !== undefined) item["encrypted_content"] = reasoning.redacted_data;
  if (!inContent && Array.isArray(own["content"])) item["content"] = own["content"];
  if (typeof own["status"] === "string") item["status"] = own["status"];
  return item;
}

/** The texts of a list of `{type: kind, text}` entries; undefined when an entry is of another type. */
function entryTexts(entries: unknown, kind: string, where: string): string[] | undefined {
  const texts: string[] = [];
  const list = Array.isArray(entries) ? entries : [];
  for (let k = 0; k < list.length; k++) {
    const entry: unknown = list[k];
    if (!isObject(entry) || (entry["type"] !== undefined && entry["type"] !== kind)) return undefined;
    texts.push(getStr(entry, "text", `${where}/${k}`) || "");
  }
  return texts;
}

/** A reasoning part for a `reasoning` or `compaction` item. */
export function decodeReasoning(item: Item, where: string, implied: Readonly<Record<string, string>> = REPLY_STATUS): Part {
  const reasoning: Record<string, unknown> = { issuer: PROVIDER };
  if (item["type"] === "compaction") {
    for (const [key, member] of [["signature", "id"], ["redacted_data", "encrypted_content"]] as const) {
      if (typeof item[member] === "string" && item[member]) reasoning[key] = item[member];
    }
    const kept = { item_type: "compaction", ...status(item, implied) };
    return { type: "reasoning", reasoning, provider_metadata: { [PROVIDER]: kept } } as unknown as Part;
  }
  let texts: string[] = [];
  (getList(item, "summary", where, false) ?? []).forEach((summary, k) => {
    if (!isObject(summary)) throw new ProviderShapeError(`${where}/summary/${k}`, "expected a summary_text object");
    texts.push(getStr(summary, "text", `${where}/summary/${k}`) || "");
  });
  const own: Record<string, unknown> = {};
  const contentTexts = texts.length > 0 ? undefined : entryTexts(item["content"], "reasoning_text", `${where}/content`);
  const fromContent = contentTexts !== undefined && contentTexts.length > 0;
  if (fromContent) {
    texts = contentTexts;
    own["text_in"] = "content";
  }
  if (texts.length > 0) reasoning["text"] = texts.join(SUMMARY_JOIN);
  if (typeof item["id"] === "string" && item["id"]) reasoning["signature"] = item["id"];
  if (typeof item["encrypted_content"] === "string" && item["encrypted_content"]) reasoning["redacted_data"] = item["encrypted_content"];
  const part: Record<string, unknown> = { type: "reasoning", reasoning };
  if (texts.length > 1) own[fromContent ? "content_split" : "summary"] = texts;
  if (item["content"] !== undefined && item["content"] !== null && !fromContent) own["content"] = item["content"];
  Object.assign(own, status(item, implied));
  if (Object.keys(own).length > 0) part["provider_metadata"] = { [PROVIDER]: own };
  return part as unknown as Part;
}

/** A text part for one `output_text` or `refusal` entry of an assistant message item (`kept`: the item's `phase`, `status`). */
export function outputText(itemId: string, entry: unknown, where: string, kept: Record<string, unknown>): Part {
  if (!isObject(entry)) throw new ProviderShapeError(where, "expected a content entry object");
  const kind = entry["type"];
  const own: Record<string, unknown> = itemId ? { item_id: itemId } : {};
  Object.assign(own, kept);
  let part: Record<string, unknown>;
  if (kind === "output_text") {
    part = { type: "text", text: getStr(entry, "text", where) };
    const citations = decodeAnnotations(entry["annotations"], `${where}/annotations`);
    if (citations.length > 0) part["citations"] = citations;
    if (truthy(entry["logprobs"])) own["logprobs"] = entry["logprobs"];
  } else if (kind === "refusal") {
    part = { type: "text", text: getStr(entry, "refusal", where) };
    own["refusal"] = true;
  } else throw new ProviderShapeError(`${where}/type`, `expected output_text or refusal, got ${JSON.stringify(kind) ?? "None"}`);
  if (Object.keys(own).length > 0) part["provider_metadata"] = { [PROVIDER]: own };
  return part as unknown as Part;
}

/**
 * The canonical parts for one output item of a response (or an assistant-side input item, with `implied` =
 * `REQUEST_STATUS`). An item type this adapter does not know gives no part: its pointer goes to `unmapped`
 * (the caller warns), and so do the members of a known item that no reader maps or keeps.
 */
export function decodeOutputItem(item: unknown, where: string, pairing: Pairing, unmapped?: string[], implied: Readonly<Record<string, string>> = REPLY_STATUS): Part[] {
  if (!isObject(item)) throw new ProviderShapeError(where, "expected an item object");
  const kind = kindOf(item);
  if (unmapped !== undefined) unmapped.push(...unmappedInItem(item, where));
  if (kind === "message") {
    const itemId = typeof item["id"] === "string" ? item["id"] : "";
    const content = item["content"];
    if (typeof content === "string") return [{ type: "text", text: content }];
    const entries = getList(item, "content", where) ?? [];
    const kept: Record<string, unknown> = typeof item["phase"] === "string" ? { phase: item["phase"] } : {};
    Object.assign(kept, status(item, implied));
    return entries.map((entry, k) => outputText(itemId, entry, `${where}/content/${k}`, kept));
  }
  if (kind === "reasoning" || kind === "compaction") return [decodeReasoning(item, where, implied)];
  if (kind === "function_call" || kind === "custom_tool_call") return [decodeFunctionCall(item, where, implied)];
  if (isProviderRun(kind)) return providerRunParts(item, where, pairing);
  if (unmapped === undefined) throw new ProviderShapeError(`${where}/type`, `an item type this adapter does not map: '${kind}'`);
  unmapped.push(where);
  return [];
}

/** The members of the stream events the decoder maps, or which repeat what an item's `done` event carries (`obfuscation` is padding). */
export const EVENT_MEMBERS: Shape = of(
  "type", "sequence_number", "output_index", "item_id", "content_index", "summary_index", "annotation_index",
  "item", "part", "response", "delta", "text", "refusal", "arguments", "annotation", "logprobs", "obfuscation",
  "input",
);
/** Events whose content `response.output_item.done` repeats (reasoning is read from the finished item, whole). */
export const ECHO_EVENTS: ReadonlySet<string> = new Set([
  "response.in_progress", "response.queued", "response.content_part.done", "response.output_text.done",
  "response.refusal.done", "response.function_call_arguments.done", "response.custom_tool_call_input.done",
  "response.reasoning_summary_part.added", "response.reasoning_summary_part.done",
  "response.reasoning_summary_text.delta", "response.reasoning_summary_text.done", "response.reasoning_text.delta",
  "response.reasoning_text.done",
]);

/**
 * Whether an event type is the progress of a provider-run item (`response.web_search_call.searching`,
 * `response.mcp_call_arguments.delta`, `response.image_generation_call.partial_image`...): its subject is such
 * an item type, or starts with one. The finished item carries what it tells.
 */
export function progressEvent(kind: string): boolean {
  const pieces = kind.split(".");
  if (pieces.length !== 3 || pieces[0] !== "response" || !pieces[2]) return false;
  const words = pieces[1]!.split("_");
  for (let k = words.length; k > 0; k--) if (isProviderRun(words.slice(0, k).join("_"))) return true;
  return false;
}
