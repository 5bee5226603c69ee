/**
 * The `go-model` format: the JSON of a Go LLM SDK's `model` package (seed 003, decision 013), in and out of
 * wirechat, as Python's `wirechat.adapters.go_model` and Go's `go/gomodel`. Not a provider API: no endpoint,
 * no credentials; the SDK's JSON is stored and passed in-process. Binds the module set (shapes, parts, tools,
 * request-encode, request-decode, response, stream, stream-encode, usage, finish, errors) and the generated
 * tables (`src/tables/go-model.ts`) into one `Adapter`; `documents.ts` converts the document kinds the adapter
 * contract has no method for (a lone Message, `[]Message`, ToolDefinition, TokenUsage).
 */

import { API_KEY_ENV, BASE_URL, MANIFEST } from "../../tables/go-model.js";
import { ConversionRefused, type Adapter } from "../shared/contract.js";
import { decodeError, encodeError } from "./errors.js";
import { decodeRequest } from "./request-decode.js";
import { encodeRequest } from "./request-encode.js";
import { decodeResponse, encodeResponse } from "./response.js";
import { NAME, PROVIDER } from "./shapes.js";
import { StreamDecoder } from "./stream.js";
import { StreamEncoder } from "./stream-encode.js";

export const goModel: Adapter = {
  name: NAME,
  provider: PROVIDER,
  manifest: MANIFEST,
  defaultBaseUrl: BASE_URL,
  apiKeyEnv: API_KEY_ENV,
  encodeRequest: (request) => encodeRequest(request),
  decodeRequest,
  decodeResponse,
  encodeResponse,
  streamDecoder: () => new StreamDecoder(),
  streamEncoder: () => new StreamEncoder(),
  decodeError: (status, headers, body) => decodeError(status, headers, body),
  encodeError,
  endpointPath: () => {
    throw new ConversionRefused("endpoint", "go-model is a stored format, not an API: it has no endpoint");
  },
  authHeaders: () => ({}),
  streamRequestFlags: (body) => ({ ...body }),
};
