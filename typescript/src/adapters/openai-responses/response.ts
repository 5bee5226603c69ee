/**
 * Responses `response` objects <-> canonical `ChatResponse`, as Python's `openai_responses/response.py`.
 * Output items map to parts in order (`shapes.ts`): a message item gives one text part per `output_text` /
 * `refusal` (annotations as its citations), a reasoning item one reasoning part (issuer `openai`), a function
 * or custom tool call one tool-call part, a hosted-tool item a provider-run call (and its result:
 * `hosted.ts`). The finish reason comes from `status` and `incomplete_details` (`finish.ts`); what has no
 * canonical field goes to `provider_metadata.openai` (`METADATA_KEYS`), the members the API repeats from the
 * request (`REQUEST_ECHOES`) too. Any other member, and any item of a type this adapter does not know, is
 * reported in `warnings` with its pointer (`provider.unmapped`), never dropped without a word.
 */

import type { ChatResponse, Part, TextPart } from "../../generated/types.js";
import { validate } from "../../codec.js";
import { MANIFEST } from "../../tables/openai-responses.js";
import { ProviderShapeError, type ConversionWarning } from "../shared/contract.js";
import { Conversion, getList, isObject, metadataFor, truthy } from "../shared/conversion.js";
import { citationsOut, providerPartOut } from "../shared/provider-run.js";
import type { Shape } from "../shared/unmapped.js";
import * as finish from "./finish.js";
import { Pairing } from "./hosted.js";
import { CALL_KEYS, decodeOutputItem, encodeFunctionCall, encodeReasoning, presentUnmapped, PROVIDER, REASONING_KEYS, TEXT_KEYS } from "./shapes.js";
import * as usage from "./usage.js";

type Body = Record<string, unknown>;

/** Response members that repeat the request's parameters, as the server applied them. @see https://platform.openai.com/docs/api-reference/responses/object */
export const REQUEST_ECHOES: readonly string[] = [
  "instructions", "max_output_tokens", "max_tool_calls", "metadata", "parallel_tool_calls", "frequency_penalty",
  "presence_penalty", "prompt", "prompt_cache_key", "prompt_cache_retention", "reasoning", "safety_identifier",
  "store", "temperature", "text", "tool_choice", "tools", "top_logprobs", "top_p", "truncation", "user",
  "include", "input",
];
/** Response members with no canonical field that `provider_metadata.openai` keeps (`content_filters`: Azure OpenAI's), the request's echoes included. */
export const METADATA_KEYS: readonly string[] = [
  "created_at", "service_tier", "error", "previous_response_id", "background", "conversation", "completed_at",
  "billing", "tool_usage", "moderation", "content_filters", ...REQUEST_ECHOES,
];
/** What `encodeResponse` writes for a member the SDKs require when nothing was kept; read back as nothing. */
export const WRITTEN_WHEN_ABSENT: Readonly<Body> = { created_at: 0, parallel_tool_calls: true, tool_choice: "auto", tools: [] };
const MAPPED = ["id", "object", "model", "status", "incomplete_details", "output", "output_text", "usage"];
export const RESPONSE_SHAPE: Shape = Object.fromEntries([...MAPPED, ...METADATA_KEYS].map((key) => [key, null]));

const OWN_KEYS: Readonly<Record<string, ReadonlySet<string>>> = { text: TEXT_KEYS, tool_call: CALL_KEYS, reasoning: REASONING_KEYS };
const NONE: ReadonlySet<string> = new Set();

/** Python's `==` between a JSON value and one of `WRITTEN_WHEN_ABSENT`'s (numbers and booleans compare by value). */
function samePy(a: unknown, b: unknown): boolean {
  const scalar = (v: unknown) => typeof v === "number" || typeof v === "boolean";
  if (scalar(a) && scalar(b)) return Number(a) === Number(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => samePy(item, b[i]));
  return a === b;
}

/** The response members kept in `provider_metadata.openai`. */
export function metadataOf(body: Body): Body {
  const out: Body = {};
  for (const key of METADATA_KEYS) {
    const value = body[key];
    if (value === undefined || value === null) continue;
    if (Object.hasOwn(WRITTEN_WHEN_ABSENT, key) && samePy(value, WRITTEN_WHEN_ABSENT[key])) continue;
    out[key] = value;
  }
  return out;
}

export function decodeResponse(input: unknown, warnings?: ConversionWarning[]): ChatResponse {
  if (!isObject(input)) throw new ProviderShapeError("", "expected a Responses response object");
  const body = input;
  const items = getList(body, "output", "") ?? [];
  const pairing = new Pairing();
  const unmapped = presentUnmapped(body, "", RESPONSE_SHAPE);
  const parts = items.flatMap((item, i) => decodeOutputItem(item, `/output/${i}`, pairing, unmapped));
  const conv = new Conversion(MANIFEST, warnings);
  for (const where of unmapped) conv.degrade("provider.unmapped", where);
  const fields: Body = {
    message: { role: "assistant", parts },
    finish_reason: finish.decode(finish.rawOf(body), parts.some((part) => part.type === "tool_call")),
  };
  const metadata = metadataOf(body);
  if (isObject(body["usage"])) {
    const [decoded, extra] = usage.decode(body["usage"]);
    fields["usage"] = decoded;
    if (Object.keys(extra).length > 0) metadata["usage"] = extra;
  }
  for (const key of ["id", "model"]) if (typeof body[key] === "string" && body[key]) fields[key] = body[key];
  if (Object.keys(metadata).length > 0) fields["provider_metadata"] = { [PROVIDER]: metadata };
  return validate(fields, "ChatResponse");
}

/** The `output_text` (or `refusal`) entry of a message item for a text part. */
export function textEntry(text: string, own: Body): Body {
  if (own["refusal"] === true) return { type: "refusal", refusal: text };
  const entry: Body = { type: "output_text", text, annotations: [] };
  if (truthy(own["logprobs"])) entry["logprobs"] = own["logprobs"];
  return entry;
}

export function encodeResponse(response: ChatResponse, warnings?: ConversionWarning[]): Body {
  const conv = new Conversion(MANIFEST, warnings);
  const message = response.message;
  for (const name of ["name", "id", "provider_metadata"] as const) if (message[name] !== undefined) conv.degrade("response.message_members", `/message/${name}`);
  const output: Body[] = [];
  let open: Body | undefined; // the message item consecutive text parts join
  message.parts.forEach((part: Part, j) => {
    const where = `/message/parts/${j}`;
    const [own, foreign] = metadataFor(part.provider_metadata, PROVIDER);
    const allowed = Object.hasOwn(OWN_KEYS, part.type) ? OWN_KEYS[part.type]! : NONE;
    if (foreign || Object.keys(own).some((key) => !allowed.has(key))) conv.degrade("part.provider_metadata", `${where}/provider_metadata`);
    if (part.type !== "text") open = undefined;
    switch (part.type) {
      case "text": {
        const itemId = typeof own["item_id"] === "string" ? own["item_id"] : "";
        const phase = typeof own["phase"] === "string" ? own["phase"] : undefined;
        const status = typeof own["status"] === "string" ? own["status"] : "completed";
        if (open === undefined || open["id"] !== itemId || open["phase"] !== phase || open["status"] !== status) {
          open = { type: "message", id: itemId, role: "assistant", status, content: [] };
          if (phase !== undefined) open["phase"] = phase;
          output.push(open);
        }
        const entry = textEntry(part.text, own);
        const citations = citationsOut(part as TextPart, where, conv, PROVIDER);
        if (citations.length > 0) entry["annotations"] = citations;
        (open["content"] as Body[]).push(entry);
        return;
      }
      case "tool_call":
        output.push({ status: "completed", ...encodeFunctionCall(part.tool_call, own) });
        return;
      case "reasoning": {
        const item = encodeReasoning(part, where, conv);
        if (item !== undefined) output.push(item);
        return;
      }
      case "provider_tool_call":
      case "provider_tool_result": {
        const written = providerPartOut(part, where, conv, PROVIDER);
        if (written !== undefined) output.push(written);
        return;
      }
      case "image":
      case "audio":
      case "file":
      case "data":
      case "tool_result":
        throw conv.refuse("response.part_unsupported", where);
      default:
        return part satisfies never;
    }
  });
  const hasCalls = message.parts.some((part) => part.type === "tool_call");
  const [ownMeta, foreignMeta] = metadataFor(response.provider_metadata, PROVIDER);
  if (foreignMeta) conv.degrade("response.provider_metadata.foreign", "/provider_metadata");
  const raw = finish.encode(response.finish_reason, conv, hasCalls);
  const body: Body = {
    id: response.id ?? "",
    object: "response",
    model: response.model ?? "",
    ...finish.statusFields(raw),
    output,
    ...WRITTEN_WHEN_ABSENT,
    error: null,
  };
  if (response.usage !== undefined) body["usage"] = usage.encode(response.usage, conv, ownMeta["usage"]);
  for (const key of METADATA_KEYS) if (key in ownMeta) body[key] = ownMeta[key];
  return body;
}
