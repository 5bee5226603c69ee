/**
 * Typed client errors, one class per canonical error kind (Python's `transport/errors.py`): each carries the
 * canonical `Error` value (`.error`), its status, provider code, request id, retry verdict and wait, the
 * usage reported before the failure and, for a stream, the partial message that arrived (`.partial`).
 * `errorFor(kind)` picks the class; catch `RateLimitedError`, or test `error.kind`.
 */

import { WirechatError } from "../errors.js";

export { WirechatError }; // its old import path; now the root of every wirechat error, `APIError` the call's
import type { Error as WireErrorValue, ErrorKind, Message, TokenUsage } from "../generated/types.js";

function describe(error: WireErrorValue, partial: Message | undefined, attempts: number): string {
  const details: string[] = [];
  if (error.status !== undefined) details.push(`status ${error.status}`);
  if (error.provider_code !== undefined) details.push(`code ${error.provider_code}`);
  if (error.request_id !== undefined) details.push(`request id ${error.request_id}`);
  if (attempts > 1) details.push(`after ${attempts} attempts`);
  if (partial !== undefined) details.push(`${partial.parts.length} parts arrived before it`);
  return `${error.kind}: ${error.message}${details.length > 0 ? ` (${details.join(", ")})` : ""}`;
}

/** A failed call: the canonical error, and what arrived before it (Python's `APIError`). */
export class APIError extends WirechatError {
  readonly error: WireErrorValue;
  readonly partial: Message | undefined;
  readonly attempts: number;

  constructor(error: WireErrorValue, partial?: Message, attempts = 1) {
    super(describe(error, partial, attempts));
    this.error = error;
    this.partial = partial;
    this.attempts = attempts;
  }
  get kind(): ErrorKind {
    return this.error.kind;
  }
  get retryable(): boolean {
    return this.error.retryable;
  }
  get status(): number | undefined {
    return this.error.status;
  }
  get providerCode(): string | undefined {
    return this.error.provider_code;
  }
  get requestId(): string | undefined {
    return this.error.request_id;
  }
  get retryAfterMs(): number | undefined {
    return this.error.retry_after_ms;
  }
  get usage(): TokenUsage | undefined {
    return this.error.usage;
  }
}

/** The connection failed or broke. */
export class NetworkError extends APIError {}
/** The connection broke in the middle of a streamed answer (`.partial` holds what arrived). */
export class StreamInterruptedError extends NetworkError {}
/** No answer (or no next bytes of a stream) within the timeout. */
export class APITimeoutError extends APIError {}
/** The old name of `APITimeoutError` (Python's and Go's spelling); the same class. */
export const ApiTimeoutError = APITimeoutError;
export type ApiTimeoutError = APITimeoutError;
export class RateLimitedError extends APIError {}
export class OverloadedError extends APIError {}
export class AuthenticationError extends APIError {}
export class PermissionDeniedError extends APIError {}
export class NotFoundError extends APIError {}
export class InvalidRequestError extends APIError {}
export class ContextLengthExceededError extends InvalidRequestError {}
export class ContentFilterError extends APIError {}
export class ProviderError extends APIError {}
/** The provider's answer was not what its API documents (bad JSON, a cut stream, a call without an id). */
export class InvalidResponseError extends APIError {}
/** The caller's AbortSignal fired. */
export class RequestCancelledError extends APIError {}
/** The old name of `RequestCancelledError`; the same class. */
export const CancelledError = RequestCancelledError;
export type CancelledError = RequestCancelledError;

const CLASSES: Record<ErrorKind, typeof APIError> = {
  network: NetworkError,
  timeout: APITimeoutError,
  rate_limited: RateLimitedError,
  overloaded: OverloadedError,
  authentication: AuthenticationError,
  permission_denied: PermissionDeniedError,
  not_found: NotFoundError,
  invalid_request: InvalidRequestError,
  context_length_exceeded: ContextLengthExceededError,
  content_filter: ContentFilterError,
  provider: ProviderError,
  invalid_response: InvalidResponseError,
  cancelled: RequestCancelledError,
};

/** The error class for a canonical error kind. */
export function errorFor(kind: ErrorKind): typeof APIError {
  return CLASSES[kind];
}

/** The typed error for a canonical error value. */
export function toError(error: WireErrorValue, partial?: Message, attempts = 1): APIError {
  const Class = errorFor(error.kind);
  return new Class(error, partial, attempts);
}
