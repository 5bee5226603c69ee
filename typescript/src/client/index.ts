/** The client over fetch: `Client`, `ChatStream`, typed errors per canonical kind, `RetryPolicy`, `Secret`, SSE framing. */

export { Client, ChatStream, UnsupportedCallError, type ClientOptions, type CallOptions, type StructuredCallOptions } from "./client.js";
export * from "./errors.js";
export { DEFAULT_LIMITS, RedirectRefusedError, ResponseTooLargeError, type Limits } from "./limits.js";
export { RetryPolicy, type RetryOptions } from "./retry.js";
export { Secret } from "./secret.js";
export { SseDecoder, SseTooLargeError } from "./sse.js";
export type { FetchLike, FetchResponse, AbortSignalLike } from "./fetch-types.js";
