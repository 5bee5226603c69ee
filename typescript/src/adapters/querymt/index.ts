/**
 * The `querymt` adapter: QueryMT's Extism plugin interface (decision 014), the JSON a QueryMT provider plugin's
 * `chat`, `embed` and `complete` exports take and return. A plugin format, not an HTTP API: no endpoint, no
 * credentials; a host runs the plugin and this adapter translates. Binds the module set (shapes,
 * request-encode, request-decode, response, thinking, stream, stream-encode, usage, finish, errors, plus calls
 * for embed and complete) and the generated tables (`src/tables/querymt.ts`) into one `Adapter`, as Python's
 * `wirechat.adapters.querymt`.
 */

import { API_KEY_ENV, AUTH_HEADERS, BASE_URL, MANIFEST, PATHS, STREAM_BODY } from "../../tables/querymt.js";
import { authHeadersOf, endpointPathOf, streamFlagsOf } from "../shared/binding.js";
import type { Adapter, CompleteCodec, EmbedCodec } from "../shared/contract.js";
import { decodeCompleteResponse, decodeEmbedResponse, encodeCompleteRequest, encodeEmbedRequest } from "./calls.js";
import { decodeError, encodeError } from "./errors.js";
import { decodeRequest } from "./request-decode.js";
import { encodeRequest } from "./request-encode.js";
import { decodeResponse, encodeResponse } from "./response.js";
import { NAME, PROVIDER } from "./shapes.js";
import { StreamDecoder } from "./stream.js";
import { StreamEncoder } from "./stream-encode.js";

export const querymt: Adapter & EmbedCodec & CompleteCodec = {
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
  decodeError: (status, headers, body) => decodeError(status, headers, body),
  encodeError,
  endpointPath: (kind) => endpointPathOf(PATHS, kind),
  authHeaders: (apiKey) => authHeadersOf(AUTH_HEADERS, apiKey),
  streamRequestFlags: (body) => streamFlagsOf(STREAM_BODY, body),
  encodeEmbedRequest: (request) => encodeEmbedRequest(request),
  decodeEmbedResponse,
  encodeCompleteRequest: (request) => encodeCompleteRequest(request),
  decodeCompleteResponse,
};
