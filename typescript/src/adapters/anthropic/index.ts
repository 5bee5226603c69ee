/**
 * The `anthropic` adapter (Anthropic Messages, `POST /v1/messages`, API version 2026-10-21): binds the
 * module set (shapes, blocks, citations, provider-run, members, request-encode, request-decode, response, stream,
 * stream-encode, usage, finish, errors, manifest) into one `Adapter`.
 */

import type { Adapter } from "../shared/contract.js";
import { ConversionRefused } from "../shared/contract.js";
import { decodeError, encodeError } from "./errors.js";
import { MANIFEST } from "./manifest.js";
import { decodeRequest } from "./request-decode.js";
import { encodeRequest } from "./request-encode.js";
import { decodeResponse, encodeResponse } from "./response.js";
import { API_VERSION, NAME, PROVIDER } from "./shapes.js";
import { StreamDecoder } from "./stream.js";
import { StreamEncoder } from "./stream-encode.js";

export const anthropic: Adapter = {
  name: NAME,
  provider: PROVIDER,
  manifest: MANIFEST,
  defaultBaseUrl: "https://api.anthropic.com",
  apiKeyEnv: "ANTHROPIC_API_KEY",
  encodeRequest: (request) => encodeRequest(request),
  decodeRequest: (body) => decodeRequest(body),
  decodeResponse,
  encodeResponse,
  streamDecoder: () => new StreamDecoder(),
  streamEncoder: () => new StreamEncoder(),
  decodeError,
  encodeError,
  endpointPath(kind) {
    if (kind !== "chat") throw new ConversionRefused("endpoint", `no endpoint for '${kind}'; known: chat`);
    return "/v1/messages";
  },
  authHeaders: (apiKey) => ({ "x-api-key": apiKey, "anthropic-version": API_VERSION }),
  streamRequestFlags: (body) => ({ ...body, stream: true }),
};
