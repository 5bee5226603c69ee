/**
 * Typed client errors, one class per canonical error kind (Python's `transport/errors.py`): each carries the
 * canonical `Error` value (`.error`), its status, provider code, request id, retry verdict and wait, the
 * usage reported before the failure and, for a stream, the partial message that arrived (`.partial`).
 * `errorFor(kind)` picks the class; catch `RateLimitedError`, or test `error.kind`.
 */

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

/** A failed call: the canonical error, and what arrived before it. */
export class WirechatError extends Error {
  readonly error: WireErrorValue;
  readonly partial: Message | undefined;
  readonly attempts: number;

  constructor(error: WireErrorValue, partial?: Message, attempts = 1) {
    super(describe(error, partial, attempts));
    this.name = new.target.name;
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
export class NetworkError extends WirechatError {}
/** The connection broke in the middle of a streamed answer (`.partial` holds what arrived). */
export class StreamInterruptedError extends NetworkError {}
/** No answer (or no next bytes of a stream) within the timeout. */
export class ApiTimeoutError extends WirechatError {}
export class RateLimitedError extends WirechatError {}
export class OverloadedError extends WirechatError {}
export class AuthenticationError extends WirechatError {}
export class PermissionDeniedError extends WirechatError {}
export class NotFoundError extends WirechatError {}
export class InvalidRequestError extends WirechatError {}
export class ContextLengthExceededError extends InvalidRequestError {}
export class ContentFilterError extends WirechatError {}
export class ProviderError extends WirechatError {}
/** The provider's answer was not what its API documents (bad JSON, a cut stream, a call without an id). */
export class InvalidResponseError extends WirechatError {}
/** The caller's AbortSignal fired. */
export class CancelledError extends WirechatError {}

const CLASSES: Record<ErrorKind, typeof WirechatError> = {
  network: NetworkError,
  timeout: ApiTimeoutError,
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
  cancelled: CancelledError,
};

/** The error class for a canonical error kind. */
export function errorFor(kind: ErrorKind): typeof WirechatError {
  return CLASSES[kind];
}

/** The typed error for a canonical error value. */
export function toError(error: WireErrorValue, partial?: Message, attempts = 1): WirechatError {
  const Class = errorFor(error.kind);
  return new Class(error, partial, attempts);
}
