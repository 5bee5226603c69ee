/**
 * The `gemini` adapter (the Gemini API, `POST /v1beta/models/{model}:generateContent`, streamed with
 * `:streamGenerateContent?alt=sse`, embeddings with `:batchEmbedContents`; key in `x-goog-api-key`): binds the
 * module set (shapes, media, spelling, provider-parts, grounding, partial-args, request-encode, request-tools,
 * request-decode, response, stream, stream-encode, usage, finish, errors, embed) and the generated tables
 * (`src/tables/gemini.ts`) into one `Adapter`, as Python's `adapters/gemini/__init__.py`. Gemini's URL holds
 * the model and the streaming method, so the adapter offers `RoutedCodec`: a chat body's `model` moves into
 * the path.
 */

import { API_KEY_ENV, AUTH_HEADERS, BASE_URL, MANIFEST, PATHS, STREAM_BODY, STREAM_PATHS } from "../../tables/gemini.js";
import { authHeadersOf, endpointPathOf, streamFlagsOf } from "../shared/binding.js";
import { type Adapter, ConversionRefused, type EmbedCodec, type RequestKind, type RoutedCodec } from "../shared/contract.js";
import { isObject } from "../shared/conversion.js";
import { decodeEmbedResponse, encodeEmbedRequest, modelPath } from "./embed.js";
import { decodeError, encodeError } from "./errors.js";
import { decodeRequest } from "./request-decode.js";
import { encodeRequest } from "./request-encode.js";
import { decodeResponse, encodeResponse } from "./response.js";
import { NAME, PROVIDER } from "./shapes.js";
import { StreamDecoder } from "./stream.js";
import { StreamEncoder } from "./stream-encode.js";

/** Python's `urllib.parse.quote(text, safe="/")`: every byte but letters, digits, `_.-~` and `/` percent-encoded. */
function quotePath(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%2F/g, "/");
}

/** The path (with the model, and `alt=sse` for a stream) and the body to send (see the module docstring). */
function requestTarget(kind: RequestKind, body: Record<string, unknown>, stream: boolean): [string, Record<string, unknown>] {
  const sent = { ...body };
  let model: unknown;
  let template: string;
  if (kind === "chat") {
    model = sent["model"];
    delete sent["model"];
    template = (stream ? STREAM_PATHS : PATHS)["chat"]!;
  } else if (kind === "embed") {
    const items = Array.isArray(sent["requests"]) && sent["requests"].length > 0 ? sent["requests"] : [{}];
    model = isObject(items[0]) ? items[0]["model"] : undefined;
    template = PATHS["embed"]!;
  } else {
    throw new ConversionRefused("endpoint", `no endpoint for '${kind}'; known: ${Object.keys(PATHS).join(", ")}`);
  }
  if (typeof model !== "string" || !model) throw new ConversionRefused("model.absent", "the model is part of the Gemini URL: set the request's model");
  // the tables spell the path for a base model (models/{model}); a tuned model's resource name replaces both
  return [template.replace("models/{model}", quotePath(modelPath(model))), sent];
}

export const gemini: Adapter & EmbedCodec & RoutedCodec = {
  name: NAME,
  provider: PROVIDER,
  manifest: MANIFEST,
  defaultBaseUrl: BASE_URL,
  apiKeyEnv: API_KEY_ENV,
  encodeRequest: (request) => encodeRequest(request),
  decodeRequest: (body) => decodeRequest(body),
  decodeResponse,
  encodeResponse,
  streamDecoder: () => new StreamDecoder(),
  streamEncoder: () => new StreamEncoder(),
  decodeError,
  encodeError,
  endpointPath: (kind) => endpointPathOf(PATHS, kind),
  authHeaders: (apiKey) => authHeadersOf(AUTH_HEADERS, apiKey),
  streamRequestFlags: (body) => streamFlagsOf(STREAM_BODY, body),
  encodeEmbedRequest: (request) => encodeEmbedRequest(request),
  decodeEmbedResponse,
  requestTarget,
};
