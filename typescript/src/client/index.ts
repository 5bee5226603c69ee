/** The client over fetch: `Client`, `ChatStream`, typed errors per canonical kind, `RetryPolicy`, `Secret`, SSE framing. */

export { Client, ChatStream, UnsupportedCallError, type ClientOptions, type CallOptions } from "./client.js";
export * from "./errors.js";
export { RetryPolicy, type RetryOptions } from "./retry.js";
export { Secret } from "./secret.js";
export { SseDecoder } from "./sse.js";
export type { FetchLike, FetchResponse, AbortSignalLike } from "./fetch-types.js";
