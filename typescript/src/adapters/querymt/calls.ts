/**
 * QueryMT's `embed` and `complete` exports <-> canonical `EmbedRequest`/`EmbedResponse` and
 * `CompleteRequest`/`CompleteResponse`, as Python's `querymt/calls.py`.
 *
 * `ExtismEmbedRequest` is `{cfg, inputs}` and the plugin answers `[[f32]]` (one vector per input);
 * `ExtismCompleteRequest` is `{cfg, req: {prompt, suffix, max_tokens, temperature}}` and the answer is
 * `CompletionResponse` `{text}`, which has no finish reason (`other`, no raw value) and no usage. The model goes
 * in `cfg.model`, as for chat; what the requests cannot carry (`dimensions`, options other than `max_tokens`
 * and `temperature`) is refused with where to put it instead (the plugin's cfg).
 */

import { validate } from "../../codec.js";
import type { CompleteRequest, CompleteResponse, EmbedRequest, EmbedResponse } from "../../generated/types.js";
import { ConversionRefused, ProviderShapeError } from "../shared/contract.js";
import { isObject } from "../shared/conversion.js";
import { pluginCfg } from "./request-encode.js";
import { NAME, PROVIDER } from "./shapes.js";

const IN_CFG = "QueryMT's request has no place for it: set it in the plugin's cfg (provider_options.querymt.cfg)";
/** The options in the order the canonical type declares them (the first one the request cannot carry is refused). */
const OPTIONS = ["temperature", "top_p", "max_tokens", "stop", "seed", "parallel_tool_calls", "response_format"] as const;

export function encodeEmbedRequest(request: EmbedRequest, adapterName = NAME): Record<string, unknown> {
  if (request.dimensions !== undefined) throw new ConversionRefused("embed.dimensions", IN_CFG, "/dimensions");
  return { cfg: pluginCfg(request, adapterName, "EmbedRequest"), inputs: [...request.inputs] };
}

/** The canonical response for the plugin's `[[f32]]` (or `{"embeddings": [[f32]]}`). */
export function decodeEmbedResponse(body: unknown): EmbedResponse {
  const vectors = isObject(body) ? body["embeddings"] : body;
  if (!Array.isArray(vectors) || vectors.length === 0) throw new ProviderShapeError("", "expected a non-empty array of vectors ([[f32]])");
  vectors.forEach((vector, i) => {
    if (!Array.isArray(vector) || vector.length === 0) throw new ProviderShapeError(`/${i}`, "expected a non-empty array of numbers");
    vector.forEach((number, j) => {
      if (typeof number !== "number") throw new ProviderShapeError(`/${i}/${j}`, `expected a number, got ${JSON.stringify(number)?.slice(0, 40)}`);
    });
  });
  return validate({ embeddings: vectors }, "EmbedResponse");
}

export function encodeCompleteRequest(request: CompleteRequest, adapterName = NAME): Record<string, unknown> {
  const req: Record<string, unknown> = { prompt: request.prompt, suffix: null, max_tokens: null, temperature: null };
  const options = request.options;
  if (options !== undefined) {
    for (const name of OPTIONS) {
      if (options[name] === undefined) continue;
      if (name !== "max_tokens" && name !== "temperature") throw new ConversionRefused(`options.${name}`, IN_CFG, `/options/${name}`);
      req[name] = options[name];
    }
  }
  return { cfg: pluginCfg(request, adapterName, "CompleteRequest"), req };
}

export function decodeCompleteResponse(body: unknown): CompleteResponse {
  if (!isObject(body) || typeof body["text"] !== "string") throw new ProviderShapeError("/text", "expected the completion's text (a string)");
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (key !== "text") rest[key] = value;
  const fields: Record<string, unknown> = { text: body["text"], finish_reason: { kind: "other" } };
  if (Object.keys(rest).length > 0) fields["provider_metadata"] = { [PROVIDER]: rest };
  return validate(fields, "CompleteResponse");
}
