/**
 * The `openai-responses` adapter (OpenAI Responses, `POST /v1/responses`): binds the module set (shapes,
 * hosted, citations, request-encode, request-decode, response, stream, stream-encode, usage, finish, errors)
 * and the generated tables (`src/tables/openai-responses.ts`) into one `Adapter`. The Responses API has no
 * embeddings or text-completion call: `endpointPath` refuses them and the adapter offers neither codec, so
 * `Client.embed` / `Client.complete` throw `UnsupportedCallError`.
 */

import { API_KEY_ENV, AUTH_HEADERS, BASE_URL, MANIFEST, PATHS, STREAM_BODY } from "../../tables/openai-responses.js";
import { authHeadersOf, endpointPathOf, streamFlagsOf } from "../shared/binding.js";
import type { Adapter } from "../shared/contract.js";
import { decodeError, encodeError } from "./errors.js";
import { decodeRequest } from "./request-decode.js";
import { encodeRequest } from "./request-encode.js";
import { decodeResponse, encodeResponse } from "./response.js";
import { NAME, PROVIDER } from "./shapes.js";
import { StreamDecoder } from "./stream.js";
import { StreamEncoder } from "./stream-encode.js";

export const openaiResponses: Adapter = {
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
};
