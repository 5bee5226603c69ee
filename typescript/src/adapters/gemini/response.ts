/**
 * Gemini `GenerateContentResponse` bodies <-> canonical `ChatResponse`, as Python's `gemini/response.py`.
 *
 * The first candidate is the reply: its parts map in order (`shapes.ts`); `finishReason` is kept raw; its other
 * members (`safetyRatings`, `citationMetadata`, `groundingMetadata`, `avgLogprobs`...) go to
 * `provider_metadata.gemini.candidate`, and the body's own (`promptFeedback`, further candidates, the raw rest
 * of `usageMetadata`) beside it. `responseId` is the id, `modelVersion` the model. A prompt blocked before any
 * candidate has `promptFeedback.blockReason` as its finish reason. The grounding metadata is also read as
 * citations on the reply's text (`grounding.ts`). A member of the content or its parts neither mapped nor kept
 * is reported (`provider.unmapped`).
 */

import { canonical } from "../../canonical.js";
import { validate } from "../../codec.js";
import { WireError } from "../../errors.js";
import type { ChatResponse, JsonObject, Part } from "../../generated/types.js";
import { MANIFEST } from "../../tables/gemini.js";
import { ProviderShapeError, type ConversionWarning } from "../shared/contract.js";
import { Conversion, getList, isObject, metadataFor } from "../shared/conversion.js";
import * as finish from "./finish.js";
import * as grounding from "./grounding.js";
import { CodeIds } from "./provider-parts.js";
import { contentWarnings, decodePart, encodeModelParts, PROVIDER } from "./shapes.js";
import * as usage from "./usage.js";

type Body = Record<string, unknown>;

const CANDIDATE_OWN = new Set(["content", "finishReason", "index"]);
const BODY_OWN = new Set(["candidates", "usageMetadata", "modelVersion", "responseId"]);
const present = (value: unknown): boolean => value !== undefined && value !== null;

/** The first candidate (undefined when there is none) and the members for `provider_metadata`. */
export function splitBody(body: Body, where = ""): [Body | undefined, Body] {
  const candidates = getList(body, "candidates", where, false) ?? [];
  const metadata: Body = {};
  for (const [key, value] of Object.entries(body)) if (!BODY_OWN.has(key) && present(value)) metadata[key] = value;
  if (candidates.length > 1) metadata["candidates"] = candidates.slice(1);
  if (candidates.length === 0) return [undefined, metadata];
  const candidate = candidates[0];
  if (!isObject(candidate)) throw new ProviderShapeError(`${where}/candidates/0`, "expected a candidate object");
  const rest: Body = {};
  for (const [key, value] of Object.entries(candidate)) if (!CANDIDATE_OWN.has(key) && present(value)) rest[key] = value;
  if (present(candidate["finishReason"]) && typeof candidate["finishReason"] !== "string") rest["finishReason"] = candidate["finishReason"]; // an enum number: kept as sent
  if (present(candidate["index"]) && candidate["index"] !== 0) rest["index"] = candidate["index"];
  if (Object.keys(rest).length > 0) metadata["candidate"] = rest;
  return [{ ...candidate }, metadata];
}

/** The canonical parts of a candidate's content; members neither mapped nor kept are reported to `conv`. */
export function decodeCandidate(candidate: Body, where: string, conv?: Conversion): Part[] {
  const content = candidate["content"];
  if (content === undefined || content === null) return [];
  if (!isObject(content)) throw new ProviderShapeError(`${where}/content`, "expected a content object");
  const role = Object.hasOwn(content, "role") ? content["role"] : "model"; // a null role is not model, as in Python
  if (role !== "model") throw new ProviderShapeError(`${where}/content/role`, `expected model, got ${JSON.stringify(role)}`);
  const raws = getList(content, "parts", `${where}/content`, false) ?? [];
  const parts: Part[] = [];
  let k = 0;
  const codes = new CodeIds();
  raws.forEach((raw, j) => {
    parts.push(...decodePart(raw, `${where}/content/parts/${j}`, { callIndex: k, codes }));
    if (isObject(raw) && "functionCall" in raw) k += 1;
  });
  if (conv !== undefined) for (const [feature, pointer] of contentWarnings(content, `${where}/content`)) conv.degrade(feature, pointer);
  return parts;
}

function finishRaw(candidate: Body | undefined, metadata: Body): string | undefined {
  if (candidate !== undefined) return finish.rawName(candidate["finishReason"]);
  const feedback = metadata["promptFeedback"];
  const reason = isObject(feedback) ? feedback["blockReason"] : undefined;
  return typeof reason === "string" ? reason : undefined;
}

export function decodeResponse(input: unknown, warnings?: ConversionWarning[]): ChatResponse {
  if (!isObject(input)) throw new ProviderShapeError("", "expected a GenerateContentResponse object");
  const body = input;
  const [candidate, metadata] = splitBody(body);
  let parts: Part[] = [];
  if (candidate !== undefined) {
    parts = decodeCandidate(candidate, "/candidates/0", new Conversion(MANIFEST, warnings));
    grounding.attach(parts, candidate["groundingMetadata"]);
  }
  const response: ChatResponse = {
    message: { role: "assistant", parts },
    finish_reason: finish.decode(finishRaw(candidate, metadata), parts.some((part) => part.type === "tool_call")),
  };
  if (isObject(body["usageMetadata"])) {
    const [decoded, extra] = usage.decode(body["usageMetadata"]);
    response.usage = decoded;
    if (Object.keys(extra).length > 0) metadata["usage"] = extra;
  }
  if (typeof body["responseId"] === "string" && body["responseId"]) response.id = body["responseId"];
  if (typeof body["modelVersion"] === "string" && body["modelVersion"]) response.model = body["modelVersion"];
  if (Object.keys(metadata).length > 0) response.provider_metadata = { [PROVIDER]: metadata as JsonObject };
  return checked(response);
}

/** The response checked as the canonical type (numbers within ±2**53 ...), as Python's model validation checks it. */
function checked(response: ChatResponse): ChatResponse {
  try {
    return validate(response, "ChatResponse");
  } catch (error) {
    if (!(error instanceof WireError)) throw error;
    const problem = error.problems[0]!;
    throw new ProviderShapeError(problem.pointer, problem.message);
  }
}

export function encodeResponse(response: ChatResponse, warnings?: ConversionWarning[]): Body {
  const conv = new Conversion(MANIFEST, warnings);
  const message = response.message;
  for (const name of ["name", "id", "provider_metadata"] as const) if (message[name] !== undefined) conv.degrade("response.message_members", `/message/${name}`);
  const [own, foreign] = metadataFor(response.provider_metadata, PROVIDER);
  const parts = encodeModelParts(withoutReadCitations(response, own), "/message/parts", conv, true);
  if (foreign) conv.degrade("response.provider_metadata.foreign", "/provider_metadata");
  const candidate: Body = { content: { role: "model", parts }, finishReason: finish.encode(response.finish_reason, conv), index: 0 };
  Object.assign(candidate, isObject(own["candidate"]) ? own["candidate"] : {});
  delete own["candidate"];
  const body: Body = { candidates: [candidate, ...(Array.isArray(own["candidates"]) ? own["candidates"] : [])] };
  delete own["candidates"];
  const extra = own["usage"];
  delete own["usage"];
  if (response.usage !== undefined) body["usageMetadata"] = usage.encode(response.usage, conv, isObject(extra) ? extra : undefined);
  if (response.model !== undefined) body["modelVersion"] = response.model;
  if (response.id !== undefined) body["responseId"] = response.id;
  Object.assign(body, own);
  return body;
}

/** The reply's parts, the text part's citations left out when they are exactly the reading of the `groundingMetadata` the reply is written with. */
function withoutReadCitations(response: ChatResponse, own: Body): Part[] {
  const parts = [...response.message.parts];
  const candidate = own["candidate"];
  if (!isObject(candidate) || !("groundingMetadata" in candidate)) return parts;
  const bare: Part[] = parts.map((part) => {
    if (part.type !== "text") return part;
    const { citations: _, ...rest } = part;
    return rest;
  });
  grounding.attach(bare, candidate["groundingMetadata"]);
  parts.forEach((part, j) => {
    if (part.type !== "text" || part.citations === undefined) return;
    const read = (bare[j] as Extract<Part, { type: "text" }>).citations;
    if (read !== undefined && canonical(part.citations) === canonical(read)) {
      const { citations: _, ...rest } = part;
      parts[j] = rest;
    }
  });
  return parts;
}
