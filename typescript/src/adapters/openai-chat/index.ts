/**
 * The `openai-chat` adapter (OpenAI Chat Completions, `POST /v1/chat/completions`): binds the module set
 * (shapes, request-encode, request-decode, response, stream, usage, finish, errors, manifest) into one `Adapter`.
 */

import type { Adapter, CompleteCodec, EmbedCodec, RequestKind } from "../shared/contract.js";
import { ConversionRefused } from "../shared/contract.js";
import { decodeError, encodeError } from "./errors.js";
import { decodeCompleteResponse, decodeEmbedResponse, encodeCompleteRequest, encodeEmbedRequest } from "./extra-calls.js";
import { MANIFEST } from "./manifest.js";
import { decodeRequest } from "./request-decode.js";
import { encodeRequest } from "./request-encode.js";
import { decodeResponse, encodeResponse } from "./response.js";
import { NAME, PROVIDER } from "./shapes.js";
import { StreamDecoder } from "./stream.js";
import { StreamEncoder } from "./stream-encode.js";

const PATHS: Partial<Record<RequestKind, string>> = { chat: "/v1/chat/completions", embed: "/v1/embeddings", complete: "/v1/completions" };

/** The adapter; it offers embeddings and completions too (`EmbedCodec`, `CompleteCodec`). */
export const openaiChat: Adapter & EmbedCodec & CompleteCodec = {
  name: NAME,
  provider: PROVIDER,
  manifest: MANIFEST,
  defaultBaseUrl: "https://api.openai.com",
  apiKeyEnv: "OPENAI_API_KEY",
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
  endpointPath(kind) {
    const path = PATHS[kind];
    if (path === undefined) throw new ConversionRefused("endpoint", `${NAME} has no ${kind} endpoint`);
    return path;
  },
  authHeaders: (apiKey) => ({ authorization: `Bearer ${apiKey}` }),
  streamRequestFlags(body) {
    const options = { ...((body["stream_options"] as Record<string, unknown> | undefined) ?? {}), include_usage: true };
    return { ...body, stream: true, stream_options: options };
  },
};
