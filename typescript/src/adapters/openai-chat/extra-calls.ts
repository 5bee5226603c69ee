/**
 * OpenAI embeddings (`POST /v1/embeddings`) and legacy completions (`POST /v1/completions`) <-> canonical
 * `EmbedRequest`/`EmbedResponse` and `CompleteRequest`/`CompleteResponse`, as Python's
 * `openai_chat/embed.py` and `complete.py` (and Go's `embed.go`, `complete.go`), held to the same bytes by the
 * shared vectors. Embeddings ask for `encoding_format: "float"`, come back in input order whatever order
 * the items arrived in (indices 0..n-1, each once), and count usage as input only. Completions map
 * `max_tokens`, `temperature`, `top_p`, `stop` and `seed`, refuse what has no meaning there
 * (`parallel_tool_calls`, `response_format`) and what would break the one-continuation response (`n` above
 * 1, `echo`, `stream`); the answer is the choice with index 0. Members without a canonical field go to
 * `provider_metadata["openai"]`. A body that is not an answer of the call throws `ProviderShapeError`.
 */

import { decode as decodeDocument } from "../../codec.js";
import { WireError } from "../../errors.js";
import type { CompleteRequest, CompleteResponse, EmbedRequest, EmbedResponse } from "../../generated/types.js";
import { ConversionRefused, ProviderShapeError } from "../shared/contract.js";
import { getList, getStr, isObject, mergeProviderOptions } from "../shared/conversion.js";
import * as finish from "./finish.js";
import { NAME, PROVIDER } from "./shapes.js";
import * as usage from "./usage.js";

/** The `/v1/embeddings` body; `ConversionRefused` without a model or for an option the adapter sets. */
export function encodeEmbedRequest(request: EmbedRequest, adapterName = NAME): Record<string, unknown> {
  if (request.model === undefined) throw new ConversionRefused("model.absent", "the embeddings endpoint needs a model: set EmbedRequest.model", "/model");
  const body: Record<string, unknown> = { model: request.model, input: [...request.inputs], encoding_format: "float" };
  if (request.dimensions !== undefined) body["dimensions"] = request.dimensions;
  mergeProviderOptions(request.provider_options, adapterName, body); // the manifest's options schema is the chat call's
  return body;
}

/** The document built from a provider body, checked as the canonical type (numbers within ±2**53 ...). */
function checked<T>(doc: Record<string, unknown>, typeName: "EmbedResponse" | "CompleteResponse", where: (pointer: string) => string): T {
  try {
    return decodeDocument(JSON.stringify(doc), typeName) as T;
  } catch (error) {
    if (!(error instanceof WireError)) throw error;
    const problem = error.problems[0]!;
    throw new ProviderShapeError(where(problem.pointer), problem.message);
  }
}

/** Usage of an embeddings or completions body into `doc`; other details and a disagreeing total into `metadata`. */
function decodeUsage(body: Record<string, unknown>, doc: Record<string, unknown>, metadata: Record<string, unknown>): void {
  const raw = body["usage"];
  if (!isObject(raw)) return;
  const [decoded, extra] = usage.decode(raw);
  const total = raw["total_tokens"];
  if (total !== undefined && total !== null && total !== decoded.total_tokens) extra["total_tokens"] = total;
  doc["usage"] = decoded;
  if (Object.keys(extra).length > 0) metadata["usage"] = extra;
}

export function decodeEmbedResponse(input: unknown): EmbedResponse {
  if (!isObject(input)) throw new ProviderShapeError("", "expected an embeddings list object");
  const data = getList(input, "data", "", false) ?? [];
  const vectors: unknown[] = new Array(data.length);
  const pointers: string[] = new Array(data.length);
  const extras: Array<Record<string, unknown>> = [];
  data.forEach((item, i) => {
    const where = `/data/${i}`;
    if (!isObject(item)) throw new ProviderShapeError(where, "expected an embedding object");
    const index = item["index"];
    if (typeof index !== "number" || !Number.isInteger(index) || index < 0 || index >= data.length) {
      throw new ProviderShapeError(`${where}/index`, `expected an integer from 0 to ${data.length - 1}, got ${JSON.stringify(index ?? null)}`);
    }
    if (vectors[index] !== undefined) throw new ProviderShapeError(`${where}/index`, `index ${index} appears twice`);
    const vector = item["embedding"];
    if (typeof vector === "string") throw new ProviderShapeError(`${where}/embedding`, "a base64 string; the adapter asks for encoding_format float");
    if (!Array.isArray(vector) || vector.length === 0) throw new ProviderShapeError(`${where}/embedding`, "expected a non-empty array of numbers");
    vectors[index] = vector;
    pointers[index] = `${where}/embedding`;
    const extra = Object.fromEntries(Object.entries(item).filter(([key, value]) => key !== "index" && key !== "embedding" && !(key === "object" && value === "embedding")));
    if (Object.keys(extra).length > 0) extras.push({ index, ...extra });
  });
  if (data.length === 0) throw new ProviderShapeError("/data", "no embeddings");
  const doc: Record<string, unknown> = { embeddings: vectors };
  if (typeof input["model"] === "string" && input["model"]) doc["model"] = input["model"];
  const metadata: Record<string, unknown> = {};
  decodeUsage(input, doc, metadata);
  if (extras.length > 0) metadata["data"] = extras.sort((a, b) => (a["index"] as number) - (b["index"] as number));
  for (const [key, value] of Object.entries(input)) if (!["data", "model", "usage"].includes(key) && value !== null) metadata[key] = value;
  if (Object.keys(metadata).length > 0) doc["provider_metadata"] = { [PROVIDER]: metadata };
  return checked<EmbedResponse>(doc, "EmbedResponse", (pointer) => {
    const [, first, vector, place] = pointer.split("/");
    return first === "embeddings" && vector !== undefined && place !== undefined ? `${pointers[Number(vector)]}/${place}` : pointer;
  });
}

const NO_SLOT: Record<string, string> = {
  parallel_tool_calls: "the completions endpoint has no tools",
  response_format: "the completions endpoint has no structured output; use chat",
};

/** The `/v1/completions` body; `ConversionRefused` for what the endpoint or the canonical response cannot carry. */
export function encodeCompleteRequest(request: CompleteRequest): Record<string, unknown> {
  if (request.model === undefined) throw new ConversionRefused("model.absent", "the completions endpoint needs a model: set CompleteRequest.model", "/model");
  const body: Record<string, unknown> = { model: request.model, prompt: request.prompt };
  const options = request.options as Record<string, unknown> | undefined;
  if (options !== undefined) {
    for (const name of ["max_tokens", "temperature", "top_p", "stop", "seed"]) if (options[name] !== undefined) body[name] = options[name];
    for (const [name, reason] of Object.entries(NO_SLOT)) if (options[name] !== undefined) throw new ConversionRefused(`options.${name}`, reason, `/options/${name}`);
  }
  mergeProviderOptions(request.provider_options, NAME, body);
  const where = `/provider_options/${NAME}`;
  const n = body["n"];
  if (n !== undefined && n !== null && n !== 1) throw new ConversionRefused("provider_options", `n=${JSON.stringify(n)} asks for several completions; a CompleteResponse holds one: send separate requests`, `${where}/n`);
  if (body["echo"] !== undefined && body["echo"] !== null && body["echo"] !== false) throw new ConversionRefused("provider_options", "echo puts the prompt into the text, which holds only the continuation: prepend the prompt yourself", `${where}/echo`);
  if (body["stream"] !== undefined && body["stream"] !== null && body["stream"] !== false) throw new ConversionRefused("provider_options", "the client reads completions as one JSON body, not a stream", `${where}/stream`);
  return body;
}

const CHOICE_KEYS = new Set(["index", "text", "finish_reason", "logprobs"]);

export function decodeCompleteResponse(input: unknown): CompleteResponse {
  if (!isObject(input)) throw new ProviderShapeError("", "expected a text_completion object");
  const choices = getList(input, "choices", "", false) ?? [];
  if (choices.length === 0) throw new ProviderShapeError("/choices", "no completion in the response");
  choices.forEach((choice, i) => {
    if (!isObject(choice)) throw new ProviderShapeError(`/choices/${i}`, "expected a choice object");
  });
  const found = (choices as Array<Record<string, unknown>>).findIndex((choice) => (choice["index"] ?? 0) === 0);
  const position = found < 0 ? 0 : found;
  const choice = choices[position] as Record<string, unknown>;
  const where = `/choices/${position}`;
  const doc: Record<string, unknown> = {
    text: getStr(choice, "text", where),
    finish_reason: finish.decode(getStr(choice, "finish_reason", where, false), false),
  };
  const metadata: Record<string, unknown> = {};
  if (choice["logprobs"] !== undefined && choice["logprobs"] !== null) metadata["logprobs"] = choice["logprobs"];
  const extra = Object.fromEntries(Object.entries(choice).filter(([key, value]) => !CHOICE_KEYS.has(key) && value !== null));
  if (Object.keys(extra).length > 0) metadata["choice"] = extra;
  if (choices.length > 1) metadata["other_choices"] = choices.filter((_, i) => i !== position);
  decodeUsage(input, doc, metadata);
  for (const key of ["id", "model"]) if (typeof input[key] === "string" && input[key]) doc[key] = input[key];
  for (const [key, value] of Object.entries(input)) if (!["id", "model", "choices", "usage"].includes(key) && value !== null) metadata[key] = value;
  if (Object.keys(metadata).length > 0) doc["provider_metadata"] = { [PROVIDER]: metadata };
  return checked<CompleteResponse>(doc, "CompleteResponse", (pointer) => pointer);
}
