/**
 * Gemini embeddings (`POST /v1beta/models/{model}:batchEmbedContents`) <-> canonical `EmbedRequest` /
 * `EmbedResponse`, as Python's `gemini/embed.py`.
 *
 * The request is one `EmbedContentRequest` per input, each naming the model (`models/{model}`) and holding the
 * input as one text part, with `outputDimensionality` from `dimensions`; this adapter's `provider_options`
 * (`taskType`, `title`: `call_options_schemas.embed` in `adapters/gemini.adapter.json`, checked by its generated
 * validator) go on every item. The response's `embeddings[i].values` belongs to `inputs[i]`; a
 * single `embedContent` answer (`{"embedding": {"values"}}`) is read too. Other members go to
 * `provider_metadata.gemini`.
 */

import { decode as decodeDocument } from "../../codec.js";
import { WireError } from "../../errors.js";
import type { EmbedRequest, EmbedResponse } from "../../generated/types.js";
import { CALL_OPTIONS_VALIDATORS } from "../../tables/options-validators.js";
import { ConversionRefused, ProviderShapeError } from "../shared/contract.js";
import { isObject } from "../shared/conversion.js";
import { checkOptions } from "../shared/options.js";
import { NAME, PROVIDER } from "./shapes.js";

type Body = Record<string, unknown>;

/** The model's resource name (`models/gemini-embedding-001`); a name already in that form is kept. */
export function modelPath(model: string): string {
  return model.startsWith("models/") || model.startsWith("tunedModels/") ? model : `models/${model}`;
}

/** The `batchEmbedContents` body; `ConversionRefused` without a model, `WireError` for bad options. */
export function encodeEmbedRequest(request: EmbedRequest, adapterName = NAME): Body {
  if (request.model === undefined) throw new ConversionRefused("model.absent", "the model is part of the Gemini URL: set EmbedRequest.model", "/model");
  const given = request.provider_options?.[adapterName];
  const extra: Body = given === undefined || given === null ? {} : { ...given };
  checkOptions(extra, adapterName, CALL_OPTIONS_VALIDATORS.gemini.embed, "EmbedRequest");
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
