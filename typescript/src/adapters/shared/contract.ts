/**
 * The adapter contract in TypeScript: the manifest types, conversion warnings and refusals, and the
 * `Adapter` interface each provider folder binds its modules into (the same module set as Python's
 * `wirechat.adapters._module_set`: shapes, request-encode, request-decode, response, stream, usage,
 * finish, errors; the manifest and the other tables are generated into `src/tables/`, decision 028). Every
 * adapter function is pure: no I/O, no clock, no randomness.
 */

import { WirechatError } from "../../errors.js";
import type { ChatRequest, ChatResponse, CompleteRequest, CompleteResponse, EmbedRequest, EmbedResponse, Error as WireErrorValue, ErrorKind, FinishKind, StreamEvent, TokenUsage } from "../../generated/types.js";
import type { ConversionWarning, HeaderSource, SseEvent, StreamDecoder } from "../../exchange.js";

export type { ConversionWarning } from "../../exchange.js";

export type Level = "lossless" | "degraded" | "refused";

/** How an adapter carries one feature; `message` is the warning text (degraded) or the reason (refused). */
export interface Support {
  readonly level: Level;
  readonly message: string;
}

/** The capability manifest: per feature its support, and the finish-reason tables. */
export interface Manifest {
  readonly features: Readonly<Record<string, Support>>;
  /** The provider's finish reasons and the kind each maps to. */
  readonly finishReasons: Readonly<Record<string, FinishKind>>;
  /** The provider value sent for each kind when the raw value is not the provider's own. */
  readonly finishDefaults: Readonly<Partial<Record<FinishKind, string>>>;
  /** The JSON Schema of the adapter's own `provider_options` entry (checked before encoding). */
  readonly optionsSchema: Readonly<Record<string, unknown>>;
  /** Per other call kind (embed, complete), the JSON Schema of `provider_options[name]` on that call; a kind
   * not listed has its options merged unchecked. Checked by `CALL_OPTIONS_VALIDATORS`. */
  readonly callOptionsSchemas?: Readonly<Partial<Record<RequestKind, Readonly<Record<string, unknown>>>>>;
  /** The `max_tokens` sent when a request has none and the provider requires one. */
  readonly defaultMaxTokens?: number;
  /** Statuses whose retry verdict the provider documents differently from the shared table. */
  readonly statusRetryable: Readonly<Record<number, boolean>>;
}

/**
 * An adapter's error tables (generated from `adapters/<name>.adapter.json` into `src/tables/`): per body
 * member read (`type`, `code`, `status`), value -> kind; kinds by HTTP status where the adapter's differ from
 * the shared table; values never worth retrying; and what an encoded error carries.
 */
export interface ErrorTables {
  readonly kindOf: Readonly<Record<string, Readonly<Record<string, ErrorKind>>>>;
  readonly kindOfStatus: Readonly<Record<number, ErrorKind>>;
  readonly notRetryable: Readonly<Record<string, readonly string[]>>;
  readonly statusOfType: Readonly<Record<string, number>>;
  readonly typeOfKind: Readonly<Partial<Record<ErrorKind, string>>>;
  readonly statusOfKind: Readonly<Partial<Record<ErrorKind, number>>>;
  readonly typeOfStatus: Readonly<Record<number, string>>;
  readonly defaultType?: string;
  readonly defaultStatus?: number;
  readonly requestIdHeader?: string;
}

/**
 * An adapter's usage map (generated from `adapters/<name>.adapter.json`'s `usage` into `src/tables/`): where
 * the usage object sits (`at`, a JSON pointer), and per canonical count the provider members it is read from,
 * each a path of member names under the usage object, summed (`sum`) or the first present (`first`).
 */
export interface UsageMap {
  readonly at: string;
  readonly counts: Readonly<Partial<Record<keyof TokenUsage, UsageCount>>>;
}

/** One canonical count's provider members: summed, or the first one present. */
export interface UsageCount {
  readonly sum?: readonly (readonly string[])[];
  readonly first?: readonly (readonly string[])[];
}

/** A conversion the target cannot express without changing meaning. */
export class ConversionRefused extends WirechatError {
  readonly feature: string;
  readonly reason: string;
  readonly where: string;
  constructor(feature: string, reason: string, where = "") {
    super(`refused (${feature})${where ? ` at ${where}` : ""}: ${reason}`);
    this.name = "ConversionRefused";
    this.feature = feature;
    this.reason = reason;
    this.where = where;
  }
}

/** A provider body that is not what the API documents: `pointer` names the member, `message` says why. */
export class ProviderShapeError extends WirechatError {
  readonly pointer: string;
  constructor(pointer: string, detail: string) {
    super(`${pointer || "/"}: ${detail}`);
    this.name = "ProviderShapeError";
    this.pointer = pointer;
  }
}

export type RequestKind = "chat" | "embed" | "complete";

/** A provider adapter: pure codecs plus the few facts a transport needs. */
export interface Adapter {
  /** The registry name and `provider_options` key (`openai-chat`, `anthropic`). */
  readonly name: string;
  /** The `provider_metadata` key and reasoning issuer (`openai`, `anthropic`). */
  readonly provider: string;
  readonly manifest: Manifest;
  /** Scheme and host, without the version path. */
  readonly defaultBaseUrl: string;
  readonly apiKeyEnv: string;
  /** A placeholder key for servers that check none (local OpenAI-compatible servers): sent when no key is given. */
  readonly defaultApiKey?: string;
  encodeRequest(request: ChatRequest): { body: Record<string, unknown>; warnings: ConversionWarning[] };
  /** Provider request body -> canonical request (the warnings list members it does not map). */
  decodeRequest(body: unknown): { request: ChatRequest; warnings: ConversionWarning[] };
  /**
   * Throws `ProviderShapeError` for a body that is not a response of this API; what it sets aside or
   * changes is appended to `warnings` when given, each with its pointer into `body`.
   */
  decodeResponse(body: unknown, warnings?: ConversionWarning[]): ChatResponse;
  /** Canonical response -> the provider's response body; degradations are appended to `warnings`. */
  encodeResponse(response: ChatResponse, warnings?: ConversionWarning[]): Record<string, unknown>;
  streamDecoder(): StreamDecoder;
  /** A fresh encoder: canonical stream events -> the provider's SSE events. */
  streamEncoder(): { feed(event: StreamEvent): SseEvent[]; close(): SseEvent[] };
  /** Never throws: an unreadable body gives the status's default kind (or `invalid_response`). */
  decodeError(status: number | undefined, headers: HeaderSource, body: Uint8Array | string | object | undefined): WireErrorValue;
  /** The HTTP status, headers and body this provider would send for `error`. */
  encodeError(error: WireErrorValue): [number, Record<string, string>, Record<string, unknown>];
  endpointPath(kind: RequestKind): string;
  authHeaders(apiKey: string): Record<string, string>;
  streamRequestFlags(body: Record<string, unknown>): Record<string, unknown>;
}

/**
 * Optional capability: an adapter with these two methods offers embeddings (`Client.embed`), sent to
 * `endpointPath("embed")`. Without them the client throws `UnsupportedCallError` before sending.
 */
export interface EmbedCodec {
  encodeEmbedRequest(request: EmbedRequest): Record<string, unknown>;
  /** Throws `ProviderShapeError` for a body that is not an embeddings response. */
  decodeEmbedResponse(body: unknown): EmbedResponse;
}

/** Optional capability: text completions (`Client.complete`), sent to `endpointPath("complete")`. */
export interface CompleteCodec {
  encodeCompleteRequest(request: CompleteRequest): Record<string, unknown>;
  /** Throws `ProviderShapeError` for a body that is not a completions response. */
  decodeCompleteResponse(body: unknown): CompleteResponse;
}

/**
 * Optional capability: an API whose URL depends on the request (Gemini's
 * `/v1beta/models/{model}:streamGenerateContent?alt=sse`). The client sends each encoded body to the path this
 * returns instead of `endpointPath(kind)`; throws `ConversionRefused` when the body lacks what the URL needs.
 */
export interface RoutedCodec {
  /** The path (query included) for an encoded `body` of `kind`, and the body to send (members that travel in the URL removed). */
  requestTarget(kind: RequestKind, body: Record<string, unknown>, stream: boolean): [string, Record<string, unknown>];
}

export function hasRoute(adapter: Adapter): adapter is Adapter & RoutedCodec {
  return typeof (adapter as Partial<RoutedCodec>).requestTarget === "function";
}

export function hasEmbed(adapter: Adapter): adapter is Adapter & EmbedCodec {
  return typeof (adapter as Partial<EmbedCodec>).encodeEmbedRequest === "function";
}

export function hasComplete(adapter: Adapter): adapter is Adapter & CompleteCodec {
  return typeof (adapter as Partial<CompleteCodec>).encodeCompleteRequest === "function";
}
