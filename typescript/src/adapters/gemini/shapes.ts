/**
 * Gemini's own JSON shapes, written once (Python's `gemini/shapes.py`): parts both ways, thought signatures
 * and the id rule.
 *
 * - `{"text"}` is a text part; `{"text", "thought": true}` a thought summary, a reasoning part (its
 *   `thoughtSignature` is the reasoning's `signature`, issuer `gemini`).
 * - A `thoughtSignature` on any other part is opaque state with no text: a reasoning part `{redacted_data,
 *   issuer: "gemini"}` placed just before that part; an empty text part carrying one reads as the reasoning
 *   alone. Encoding reverses it: such reasoning goes on the next part when that is a non-empty text, a
 *   function call, a provider-run part or media, else on an empty text part of its own.
 * - `inlineData` / `fileData` are media (`media.ts`); `functionCall` is a tool call (a call without an id gets
 *   `gemini_call_<k>`, k counting the document's function calls from 0); `functionResponse` a tool result
 *   (`{"output": content}`, or `{"error": content}` when `is_error`; any other response object reads as its
 *   compact JSON text, the object kept in `provider_metadata.gemini.response`).
 * - Code execution and tool invocations are provider-run parts (`provider-parts.ts`); a part of any other
 *   kind travels whole as a data part marked `provider_metadata.gemini.part`.
 */

import type { JsonObject, Part, ProviderToolCallPart, ProviderToolResultPart, ReasoningPart, ToolCall, ToolResultPart } from "../../generated/types.js";
import { NAME, PROVIDER } from "../../tables/gemini.js";
import { buildArguments, parseArguments } from "../../tool-arguments.js";
import { ProviderShapeError } from "../shared/contract.js";
import { compactJson, type Conversion, dataText, isObject, metadataFor, reasoningFeature } from "../shared/conversion.js";
import { citationsOut, providerPartOut } from "../shared/provider-run.js";
import { type Shape, unmappedMembers } from "../shared/unmapped.js";
import { decodeFileData, decodeInline, encodeMedia, STANDARD_B64, string } from "./media.js";
import { CodeIds, decodeProviderPart, KINDS as PROVIDER_KINDS } from "./provider-parts.js";

export { NAME, PROVIDER };

type Body = Record<string, unknown>;

const KNOWN_PART_KEYS = ["text", "inlineData", "fileData", "functionCall", "functionResponse", ...PROVIDER_KINDS];
/** The members of a part this adapter maps; others are reported. */
export const PART_SHAPE: Shape = {
  text: null,
  thought: null,
  thoughtSignature: null,
  inlineData: { mimeType: null, data: null, displayName: null },
  fileData: { mimeType: null, fileUri: null, displayName: null },
  functionCall: { id: null, name: null, args: null },
  functionResponse: { id: null, name: null, response: null },
  ...Object.fromEntries(PROVIDER_KINDS.map((key) => [key, null])),
};

/** The id of the k-th function call (from 0) of a document, for a call Gemini sent without one. */
export const syntheticId = (k: number): string => `gemini_call_${k}`;

const present = (value: unknown): boolean => value !== undefined && value !== null;

function typeName(value: unknown): string {
  if (Array.isArray(value)) return "list";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "string") return "str";
  return value === null || value === undefined ? "NoneType" : "dict";
}

// ---------------------------------------------------------------- decoding

function decodeCall(call: unknown, where: string, k: number): ToolCall {
  if (!isObject(call)) throw new ProviderShapeError(where, "expected an object");
  const name = call["name"];
  if (typeof name !== "string" || !name) throw new ProviderShapeError(`${where}/name`, `a functionCall needs a name, got ${JSON.stringify(name ?? null)}`);
  const args = call["args"] ?? {};
  if (!isObject(args)) throw new ProviderShapeError(`${where}/args`, `expected an object, got ${typeName(args)}`);
  const id = call["id"];
  if (present(id) && (typeof id !== "string" || !id)) throw new ProviderShapeError(`${where}/id`, `expected a non-empty string, got ${JSON.stringify(id)}`);
  return { id: (id as string | undefined | null) || syntheticId(k), name, arguments: buildArguments(args as JsonObject) };
}

function decodeFunctionResponse(fr: unknown, where: string, callId: string | undefined): ToolResultPart {
  if (!isObject(fr)) throw new ProviderShapeError(where, "expected an object");
  string(fr["name"], `${where}/name`);
  const response = fr["response"] ?? {};
  if (!isObject(response)) throw new ProviderShapeError(`${where}/response`, `expected an object, got ${typeName(response)}`);
  const toolCallId = typeof fr["id"] === "string" && fr["id"] ? fr["id"] : callId;
  if (toolCallId === undefined) throw new ProviderShapeError(`${where}/id`, "a functionResponse without an id answers no functionCall before it");
  const keys = Object.keys(response);
  const only = (key: string) => keys.length === 1 && keys[0] === key && typeof response[key] === "string";
  if (only("output")) return { type: "tool_result", tool_result: { tool_call_id: toolCallId, content: response["output"] as string } };
  if (only("error")) return { type: "tool_result", tool_result: { tool_call_id: toolCallId, content: response["error"] as string, is_error: true } };
  return { type: "tool_result", tool_result: { tool_call_id: toolCallId, content: compactJson(response) }, provider_metadata: { [PROVIDER]: { response: { ...response } } } };
}

export interface DecodeContext {
  /** Numbers a function call without an id. */
  callIndex?: number;
  /** The id of the call a functionResponse without an id answers. */
  responseId?: string | undefined;
  /** Numbers the document's code execution. */
  codes?: CodeIds;
}

/** The canonical parts one Gemini part reads as: one, or a reasoning part and the part its signature came on. */
export function decodePart(raw: unknown, where: string, context: DecodeContext = {}): Part[] {
  if (!isObject(raw)) throw new ProviderShapeError(where, "expected a part object");
  const signature = raw["thoughtSignature"];
  if (present(signature) && (typeof signature !== "string" || !signature)) throw new ProviderShapeError(`${where}/thoughtSignature`, "expected a non-empty string");
  const signed = typeof signature === "string";
  if (PROVIDER_KINDS.some((key) => key in raw)) {
    const part = decodeProviderPart(raw, where, context.codes ?? new CodeIds(), PROVIDER);
    return signed ? [{ type: "reasoning", reasoning: { redacted_data: signature, issuer: PROVIDER } }, part] : [part];
  }
  if (raw["thought"] === true) {
    const reasoning: ReasoningPart["reasoning"] = {};
    const text = raw["text"];
    if (present(text) && (string(text, `${where}/text`) || !signed)) reasoning.text = text as string; // an empty text of a signed thought reads as none
    if (signed) {
      reasoning.signature = signature;
      reasoning.issuer = PROVIDER;
    }
    return [{ type: "reasoning", reasoning }];
  }
  const out: Part[] = [];
  if (signed) out.push({ type: "reasoning", reasoning: { redacted_data: signature, issuer: PROVIDER } });
  if ("text" in raw) {
    const text = string(raw["text"], `${where}/text`);
    if (text || !signed) out.push({ type: "text", text });
  } else if ("inlineData" in raw) out.push(decodeInline(raw["inlineData"], `${where}/inlineData`));
  else if ("fileData" in raw) out.push(decodeFileData(raw["fileData"], `${where}/fileData`));
  else if ("functionCall" in raw) out.push({ type: "tool_call", tool_call: decodeCall(raw["functionCall"], `${where}/functionCall`, context.callIndex ?? 0) });
  else if ("functionResponse" in raw) out.push(decodeFunctionResponse(raw["functionResponse"], `${where}/functionResponse`, context.responseId));
  else {
    const rest: Body = {};
    for (const [key, value] of Object.entries(raw)) if (key !== "thoughtSignature") rest[key] = value;
    out.push({ type: "data", data: { value: rest }, provider_metadata: { [PROVIDER]: { part: true } } });
  }
  return out;
}

// ---------------------------------------------------------------- encoding

function own(part: Part, where: string, conv: Conversion, allowed: readonly string[] = []): Body {
  const [mine, foreign] = metadataFor(part.provider_metadata as Record<string, JsonObject> | undefined, PROVIDER);
  if (foreign || Object.keys(mine).some((key) => !allowed.includes(key))) conv.degrade("part.provider_metadata", `${where}/provider_metadata`);
  const out: Body = {};
  for (const key of allowed) if (key in mine) out[key] = mine[key];
  return out;
}

/** A part of a user turn: text, media, files (a data part becomes its JSON text). */
export function encodeUserPart(part: Part, where: string, conv: Conversion): Body {
  if (part.type === "data") {
    const mine = own(part, where, conv, ["part"]);
    if (mine["part"] === true && isObject(part.data.value)) return { ...part.data.value };
    conv.degrade("data", where);
    return { text: dataText(part.data.value) };
  }
  own(part, where, conv);
  if (part.type === "text") {
    citationsOut(part, where, conv, PROVIDER); // Gemini takes none in contents: dropped, warned
    return { text: part.text };
  }
  if (part.type === "image" || part.type === "audio" || part.type === "file") return encodeMedia(part, where, conv);
  throw conv.refuse("part.misplaced", where);
}

/** A `functionResponse` part; its name is the name of the call with that id (`names`), or the id itself. */
export function encodeToolResult(part: ToolResultPart, names: ReadonlyMap<string, string>, where: string, conv: Conversion): Body {
  const mine = own(part, where, conv, ["response"]);
  const result = part.tool_result;
  if (result.parts !== undefined) conv.degrade("tool_result.parts", `${where}/tool_result/parts`);
  if (result.is_error === false) conv.degrade("zero_values", `${where}/tool_result/is_error`);
  const raw = mine["response"];
  const response = isObject(raw) && result.is_error !== true && compactJson(raw) === result.content ? raw : { [result.is_error === true ? "error" : "output"]: result.content };
  const name = names.get(result.tool_call_id) ?? result.tool_call_id;
  return { functionResponse: { id: result.tool_call_id, name, response } };
}

function encodeCall(call: ToolCall, where: string, conv: Conversion): Body {
  let value: JsonObject;
  try {
    value = parseArguments(call.arguments);
  } catch {
    throw conv.refuse("tool_call.arguments_not_object", `${where}/arguments`);
  }
  if (compactJson(value) !== call.arguments) conv.degrade("tool_call.arguments_not_compact", `${where}/arguments`);
  return { functionCall: { id: call.id, name: call.name, args: value } };
}

/** A thought part, the opaque data to put on the next part (a string), or undefined when dropped. */
function encodeReasoning(part: ReasoningPart, where: string, conv: Conversion, reply: boolean): Body | string | undefined {
  const feature = reasoningFeature(part, PROVIDER);
  const reasoning = part.reasoning;
  if (reply && feature === "reasoning.text") {
    if (reasoning.issuer !== undefined) conv.degrade("response.reasoning_issuer", `${where}/reasoning/issuer`);
    return reasoning.text === undefined ? { thought: true } : { thought: true, text: reasoning.text };
  }
  if (!conv.handle(feature, where) && feature !== "reasoning.own_empty_text") return undefined;
  if (reasoning.redacted_data !== undefined) return String(reasoning.redacted_data);
  const out: Body = { thought: true };
  if (reasoning.text) out["text"] = reasoning.text;
  out["thoughtSignature"] = reasoning.signature ?? null;
  return out;
}

/** The parts of a model turn (or a candidate when `reply`); opaque reasoning goes on the part after it. */
export function encodeModelParts(parts: readonly Part[], where: string, conv: Conversion, reply: boolean): Body[] {
  const out: Body[] = [];
  let pending: string | undefined;
  parts.forEach((part, j) => {
    const at = `${where}/${j}`;
    if (part.type === "reasoning") {
      own(part, at, conv);
      const got = encodeReasoning(part, at, conv, reply);
      if (got === undefined) return;
      if (pending !== undefined) {
        out.push({ text: "", thoughtSignature: pending });
        pending = undefined;
      }
      if (typeof got === "string") pending = got;
      else out.push(got);
      return;
    }
    const encoded = modelPart(part, at, conv, reply);
    if (encoded === undefined) return;
    const emptyText = part.type === "text" && !part.text;
    if (pending !== undefined && (emptyText || "thoughtSignature" in encoded)) {
      out.push({ text: "", thoughtSignature: pending }); // on a part of its own, as it came
      pending = undefined;
    }
    if (pending !== undefined) {
      encoded["thoughtSignature"] = pending;
      pending = undefined;
    }
    out.push(encoded);
  });
  if (pending !== undefined) out.push({ text: "", thoughtSignature: pending });
  return out;
}

/** A model turn's part other than reasoning, or undefined when it is dropped. */
function modelPart(part: Part, where: string, conv: Conversion, reply: boolean): Body | undefined {
  if (part.type === "data" && metadataFor(part.provider_metadata as Record<string, JsonObject> | undefined, PROVIDER)[0]["part"] === true) return encodeUserPart(part, where, conv);
  own(part, where, conv);
  switch (part.type) {
    case "text":
      citationsOut(part, where, conv, PROVIDER);
      return { text: part.text };
    case "tool_call":
      return encodeCall(part.tool_call, `${where}/tool_call`, conv);
    case "provider_tool_call":
    case "provider_tool_result":
      return providerPart(part, where, conv);
    case "image":
    case "audio":
    case "file":
      return encodeMedia(part, where, conv);
    default:
      throw conv.refuse(reply ? "response.part_unsupported" : "part.misplaced", where);
  }
}

/** A provider-run call or result: Gemini's own part (its block), or undefined when dropped; a Gemini result without a block cannot be written. */
function providerPart(part: ProviderToolCallPart | ProviderToolResultPart, where: string, conv: Conversion): Body | undefined {
  if (part.type === "provider_tool_result") {
    const result = part.provider_tool_result;
    if (result.issuer === PROVIDER && result.block === undefined && conv.level("provider_tool.own") === "lossless") throw conv.refuse("provider_tool.unblocked", `${where}/provider_tool_result`);
  }
  return providerPartOut(part, where, conv, PROVIDER);
}

/** Whether a raw part is one of the kinds this adapter maps member by member. */
export function knownPart(raw: unknown): raw is Body {
  return isObject(raw) && KNOWN_PART_KEYS.some((key) => key in raw);
}

const CONTENT: Shape = { role: null, parts: null };

/**
 * The warnings `[feature, pointer]` a `Content` gives when decoded: each member (of it and its parts) neither
 * mapped nor kept (`provider.unmapped`), and each inline base64 in the URL-safe alphabet (`media.base64_url_safe`).
 */
export function contentWarnings(content: unknown, where: string, partShape: Shape = PART_SHAPE): [string, string][] {
  const found: [string, string][] = unmappedMembers(content, CONTENT, where).map((pointer) => ["provider.unmapped", pointer]);
  const parts = isObject(content) ? content["parts"] : undefined;
  (Array.isArray(parts) ? parts : []).forEach((part, j) => {
    const at = `${where}/parts/${j}`;
    if (knownPart(part) && !PROVIDER_KINDS.some((key) => key in part)) found.push(...unmappedMembers(part, partShape, at).map((pointer): [string, string] => ["provider.unmapped", pointer]));
    const blob = isObject(part) ? part["inlineData"] : undefined;
    const data = isObject(blob) ? blob["data"] : undefined;
    if (typeof data === "string" && !STANDARD_B64.test(data)) found.push(["media.base64_url_safe", `${at}/inlineData/data`]);
  });
  return found;
}

