/**
 * The `openai-compatible` adapter: servers that speak OpenAI Chat Completions with quirks (Ollama, vLLM,
 * llama.cpp's llama-server, LM Studio, DeepSeek, Groq, OpenRouter, Mistral), one named profile each, as
 * Python's `wirechat.adapters.openai_compatible` (decision 017).
 *
 * Each profile is its own adapter, `openai-compatible:<profile>` (`openai-compatible` alone is the `generic`
 * profile), with its own manifest, options validator, default base URL (with the version path, as the OpenAI
 * SDK's `base_url`: `http://localhost:11434/v1`), key variable and placeholder key; the modules compose
 * openai-chat's codec (its `Dialect` and `PartSink`) with the profile's quirks. The profiles' tables are
 * generated into `src/tables/openai-compatible.ts` (decision 028).
 */

import { AUTH_HEADERS, MANIFESTS, PATHS, PROVIDER, STREAM_BODIES } from "../../tables/openai-compatible.js";
import { authHeadersOf, endpointPathOf, streamFlagsOf } from "../shared/binding.js";
import type { Adapter, EmbedCodec } from "../shared/contract.js";
import type { Profile } from "../shared/profile.js";
import { decodeEmbedResponse, encodeEmbedRequest } from "../openai-chat/extra-calls.js";
import { decodeError, encodeError } from "./errors.js";
import { adapterName, PROFILES } from "./profiles.js";
import { decodeRequest } from "./request-decode.js";
import { encodeRequest } from "./request-encode.js";
import { decodeResponse, encodeResponse } from "./response.js";
import { StreamDecoder } from "./stream.js";
import { StreamEncoder } from "./stream-encode.js";

/** The adapter of one profile; it offers embeddings where the server has `/embeddings`. */
export function compatibleAdapter(profile: Profile): Adapter & EmbedCodec {
  const name = adapterName(profile);
  const paths = PATHS[profile.name]!;
  return {
    name,
    provider: PROVIDER,
    manifest: MANIFESTS[profile.name]!,
    defaultBaseUrl: profile.baseUrl,
    apiKeyEnv: profile.apiKeyEnv,
    ...(profile.defaultApiKey !== null ? { defaultApiKey: profile.defaultApiKey } : {}),
    encodeRequest: (request) => encodeRequest(request, profile, name),
    decodeRequest: (body) => decodeRequest(body, profile, name),
    decodeResponse: (body, warnings) => decodeResponse(body, warnings, profile),
    encodeResponse: (response, warnings) => encodeResponse(response, warnings, profile),
    streamDecoder: () => new StreamDecoder(profile),
    streamEncoder: () => new StreamEncoder(profile),
    decodeError,
    encodeError,
    encodeEmbedRequest: (request) => {
      if (!profile.embeddings) endpointPathOf(paths, "embed"); // throws ConversionRefused naming the endpoints there are
      return encodeEmbedRequest(request, name);
    },
    decodeEmbedResponse,
    endpointPath: (kind) => endpointPathOf(paths, kind),
    authHeaders: (apiKey) => authHeadersOf(AUTH_HEADERS[profile.name]!, apiKey),
    streamRequestFlags: (body) => streamFlagsOf(STREAM_BODIES[profile.name]!, body),
  };
}

/** Every profile's adapter by registry name (`openai-compatible`, `openai-compatible:ollama`, ...). */
export const OPENAI_COMPATIBLE: Readonly<Record<string, Adapter & EmbedCodec>> = Object.fromEntries(Object.values(PROFILES).map((profile) => [adapterName(profile), compatibleAdapter(profile)]));
