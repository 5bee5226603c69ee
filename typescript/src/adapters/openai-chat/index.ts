/**
 * The `openai-chat` adapter (OpenAI Chat Completions, `POST /v1/chat/completions`): binds the module set
 * (shapes, request-encode, request-decode, response, stream, usage, finish, errors) and the generated tables
 * (`src/tables/openai-chat.ts`) into one `Adapter`.
 */

import { API_KEY_ENV, AUTH_HEADERS, BASE_URL, MANIFEST, PATHS, STREAM_BODY } from "../../tables/openai-chat.js";
import { authHeadersOf, endpointPathOf, streamFlagsOf } from "../shared/binding.js";
import type { Adapter, CompleteCodec, EmbedCodec } from "../shared/contract.js";
import { decodeError, encodeError } from "./errors.js";
import { decodeCompleteResponse, decodeEmbedResponse, encodeCompleteRequest, encodeEmbedRequest } from "./extra-calls.js";
import { decodeRequest } from "./request-decode.js";
import { encodeRequest } from "./request-encode.js";
import { decodeResponse, encodeResponse } from "./response.js";
import { NAME, PROVIDER } from "./shapes.js";
import { StreamDecoder } from "./stream.js";
import { StreamEncoder } from "./stream-encode.js";

/** The adapter; it offers embeddings and completions too (`EmbedCodec`, `CompleteCodec`). */
export const openaiChat: Adapter & EmbedCodec & CompleteCodec = {
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
  encodeEmbedRequest,
  decodeEmbedResponse,
  encodeCompleteRequest,
  decodeCompleteResponse,
  endpointPath: (kind) => endpointPathOf(PATHS, kind),
  authHeaders: (apiKey) => authHeadersOf(AUTH_HEADERS, apiKey),
  streamRequestFlags: (body) => streamFlagsOf(STREAM_BODY, body),
};
