/**
 * Gemini embeddings (`POST /v1beta/models/{model}:batchEmbedContents`) <-> canonical `EmbedRequest` /
 * `EmbedResponse`, as Python's `gemini/embed.py`.
 *
 * The request is one `EmbedContentRequest` per input, each naming the model (`models/{model}`) and holding the
 * input as one text part, with `outputDimensionality` from `dimensions`; this adapter's `provider_options`
 * (`taskType`, `title`) go on every item. The response's `embeddings[i].values` belongs to `inputs[i]`; a
 * single `embedContent` answer (`{"embedding": {"values"}}`) is read too. Other members go to
 * `provider_metadata.gemini`.
 */

import { decode as decodeDocument } from "../../codec.js";
import { WireError, type Problem } from "../../errors.js";
import type { EmbedRequest, EmbedResponse } from "../../generated/types.js";
import { ConversionRefused, ProviderShapeError } from "../shared/contract.js";
import { isObject } from "../shared/conversion.js";
import { NAME, PROVIDER } from "./shapes.js";

type Body = Record<string, unknown>;

/**
 * What `provider_options.gemini` may hold on an embeddings request. Python's `embed.EMBED_OPTIONS_SCHEMA`,
 * which is not in the generated tables (they hold the chat call's options schema only): a copy to move into
 * `adapters/gemini.adapter.json` when the tables gain an embeddings options schema.
 */
const TASK_TYPES = ["RETRIEVAL_QUERY", "RETRIEVAL_DOCUMENT", "SEMANTIC_SIMILARITY", "CLASSIFICATION", "CLUSTERING", "QUESTION_ANSWERING", "FACT_VERIFICATION", "CODE_RETRIEVAL_QUERY"];

function checkEmbedOptions(options: Body, name: string): void {
  const base = `/provider_options/${name}`;
  const problems: Problem[] = [];
  for (const [key, value] of Object.entries(options)) {
    if (key === "taskType") {
      if (!TASK_TYPES.includes(value as string)) problems.push({ pointer: `${base}/taskType`, rule: "enum", message: `${JSON.stringify(value)} is not one of ${JSON.stringify(TASK_TYPES)}` });
    } else if (key === "title") {
      if (typeof value !== "string") problems.push({ pointer: `${base}/title`, rule: "type", message: `${JSON.stringify(value)} is not of type string` });
    } else {
      problems.push({ pointer: base, rule: "additionalProperties", message: `additional properties are not allowed (${JSON.stringify(key)} was unexpected)` });
    }
  }
  if (problems.length > 0) throw new WireError(problems, "EmbedRequest");
}

/** The model's resource name (`models/gemini-embedding-001`); a name already in that form is kept. */
export function modelPath(model: string): string {
  return model.startsWith("models/") || model.startsWith("tunedModels/") ? model : `models/${model}`;
}

/** The `batchEmbedContents` body; `ConversionRefused` without a model, `WireError` for bad options. */
export function encodeEmbedRequest(request: EmbedRequest, adapterName = NAME): Body {
  if (request.model === undefined) throw new ConversionRefused("model.absent", "the model is part of the Gemini URL: set EmbedRequest.model", "/model");
  const given = request.provider_options?.[adapterName];
  const extra: Body = given === undefined || given === null ? {} : { ...given };
  checkEmbedOptions(extra, adapterName);
  const model = modelPath(request.model);
  return {
    requests: request.inputs.map((text) => {
      const item: Body = { model, content: { parts: [{ text }] } };
      if (request.dimensions !== undefined) item["outputDimensionality"] = request.dimensions;
      return { ...item, ...extra };
    }),
  };
}

function vector(value: unknown, where: string): unknown[] {
  if (!isObject(value)) throw new ProviderShapeError(where, "expected an embedding object");
  const values = value["values"];
  if (!Array.isArray(values) || values.length === 0) throw new ProviderShapeError(`${where}/values`, "expected a non-empty array of numbers");
  return values;
}

/** The canonical response, vectors in input order; `ProviderShapeError` naming the member for a bad body. */
export function decodeEmbedResponse(input: unknown): EmbedResponse {
  if (!isObject(input)) throw new ProviderShapeError("", "expected an embeddings response object");
  let vectors: unknown[][];
  let member: string;
  if ("embeddings" in input) {
    const items = input["embeddings"];
    if (!Array.isArray(items) || items.length === 0) throw new ProviderShapeError("/embeddings", "expected a non-empty array of embeddings");
    vectors = items.map((item, i) => vector(item, `/embeddings/${i}`));
    member = "embeddings";
  } else if ("embedding" in input) {
    vectors = [vector(input["embedding"], "/embedding")];
    member = "embedding";
  } else {
    throw new ProviderShapeError("/embeddings", "an embeddings response has embeddings (or embedding); this body has neither");
  }
  const doc: Body = { embeddings: vectors };
  const rest: Body = {};
  for (const [key, value] of Object.entries(input)) if (key !== member) rest[key] = value;
  if (Object.keys(rest).length > 0) doc["provider_metadata"] = { [PROVIDER]: rest };
  try {
    return decodeDocument(JSON.stringify(doc), "EmbedResponse") as EmbedResponse;
  } catch (error) {
    if (!(error instanceof WireError)) throw error;
    throw new ProviderShapeError(error.problems[0]!.pointer, `an embedding is not an array of numbers within ±2**53: ${error.message}`);
  }
}
