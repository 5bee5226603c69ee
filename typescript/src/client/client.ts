/**
 * `Client`: canonical chat requests to one provider over `fetch`, answers back as canonical values.
 *
 * `chat(request, {signal})` gives a `ChatResponse`; `stream(request, {signal})` gives a `ChatStream`, an
 * async iterable of canonical `StreamEvent`s whose `response()` is the folded `ChatResponse`. Timeouts are
 * on by default (`timeoutMs`, 600 s, bounds the wait for the answer and every silence between two chunks of
 * a stream); retries follow `RetryPolicy` (Python's policy and caps, honouring `retry-after-ms`,
 * `retry-after` and `x-should-retry`) and happen only before a 2xx status arrives. Failures are typed
 * (`errorFor(kind)`), carrying status, provider code, request id, usage and a stream's partial message. An
 * AbortSignal aborts the fetch, which closes the connection; so does leaving a stream's loop early. The API
 * key is a `Secret`: never in error text or string forms.
 *
 * Bounded (spec section 5.3, `limits.ts`): bodies are read chunk by chunk up to `limits` (a typed
 * `ResponseTooLargeError`), a call ends at `totalTimeoutMs` (default 3600 s) whatever the server trickles,
 * and no redirect is followed (`RedirectRefusedError`). `HTTP_PROXY` is not read here: Node's fetch ignores
 * it unless run with `NODE_USE_ENV_PROXY=1`; or pass `fetch` with a proxy dispatcher (spec section 5.3).
 */

import { validate } from "../codec.js";
import { WirechatError } from "../errors.js";
import type { Adapter, ConversionWarning, RequestKind } from "../adapters/shared/contract.js";
import { ConversionRefused, hasComplete, hasEmbed, hasRoute, ProviderShapeError } from "../adapters/shared/contract.js";
import { ADAPTERS, getAdapter } from "../adapters/index.js";
import type { ChatRequest, ChatResponse, CompleteRequest, CompleteResponse, EmbedRequest, EmbedResponse, Error as WireErrorValue, StreamEvent } from "../generated/types.js";
import { APIError, toError, type InvalidResponseError } from "./errors.js";
import { Deadline, newController, platformFetch, sleep, type AbortSignalLike, type ByteReader, type FetchLike, type FetchResponse } from "./fetch-types.js";
import { resolveBaseUrl } from "./base-url.js";
import { EventPump } from "./pump.js";
import { isRedirect, readCapped, RedirectRefusedError, redirectError, resolveLimits, tooLarge, type Limits } from "./limits.js";
import { RetryPolicy, type RetryOptions } from "./retry.js";
import { redactError, Secret } from "./secret.js";
import { structuredChat, type Output, type Structured } from "../structured-output.js";

declare const TextDecoder: new (label: string, options?: { fatal: boolean }) => { decode(bytes: Uint8Array): string };

export interface ClientOptions {
  /** The key; defaults to the provider's environment variable (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`) where there is one. */
  apiKey?: string | Secret;
  /** Scheme and host (and port), with or without the version path; defaults to OPENAI_BASE_URL / ANTHROPIC_BASE_URL, then the provider's. */
  baseUrl?: string;
  retry?: RetryOptions | RetryPolicy;
  /** Milliseconds allowed for the answer to start, and between two chunks of it (default 600000). */
  timeoutMs?: number;
  /** Milliseconds the whole call may take, retries and the reading of a stream included (default 3600000). */
  totalTimeoutMs?: number;
  /** Caps on what the provider may send back (defaults: 64 MiB body, 1 MiB error body, 16 MiB SSE event). */
  limits?: Limits;
  /** The fetch to use (default the global one). */
  fetch?: FetchLike;
  /** A named profile of the adapter given by name: `new Client("openai-compatible", { profile: "ollama" })` is `openai-compatible:ollama`. */
  profile?: string;
}

export interface CallOptions {
  signal?: AbortSignalLike;
}

/** `chat`'s options for structured output: the schema of the answer and how many times to ask again. */
export interface StructuredCallOptions<T> extends CallOptions {
  output: Output<T>;
  outputRetries?: number;
}

/** A call's path (query included) and the JSON text of its body. */
type Routed = [path: string, body: string];

const CANCELLED = Symbol("cancelled");
const TIMED_OUT = Symbol("timed out");
const DEADLINE = Symbol("deadline");

/** The adapter name for `name` with a named `profile` (`openai-compatible` + `ollama` is `openai-compatible:ollama`); an error listing the profiles there are otherwise. */
export function withProfile(name: string, profile: string | undefined): string {
  if (profile === undefined) return name;
  const known = Object.keys(ADAPTERS).filter((adapter) => adapter.startsWith(`${name}:`)).map((adapter) => adapter.slice(name.length + 1));
  if (!known.includes(profile)) throw new Error(`profile=${JSON.stringify(profile)}: the adapter ${JSON.stringify(name)} has no such profile; ${known.length > 0 ? `its profiles: ${known.join(", ")}` : "it has no profiles"}`);
  return `${name}:${profile}`;
}

function envKey(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.[name] || undefined;
}

/** One attempt's connection: the controller to abort and the silence deadline. */
interface Attempt {
  response: FetchResponse;
  abort(): void;
  deadline: Deadline;
  reason(): symbol | undefined;
  release(): void;
}

export class Client {
  readonly adapter: Adapter;
  readonly baseUrl: string;
  readonly retry: RetryPolicy;
  readonly timeoutMs: number;
  readonly totalTimeoutMs: number;
  readonly limits: Required<Limits>;
  readonly #secret: Secret;
  readonly #fetch: FetchLike;

  constructor(provider: string | Adapter, options: ClientOptions = {}) {
    if (options.profile !== undefined && typeof provider !== "string") throw new Error("options.profile names a profile of an adapter given by name, not of an adapter object");
    this.adapter = typeof provider === "string" ? getAdapter(withProfile(provider, options.profile)) : provider;
    if (this.adapter.defaultBaseUrl === "" && !options.baseUrl) {
      // querymt and go-model: formats read and written in-process, with no HTTP API to call
      throw new Error(`${this.adapter.name} is an in-process format, not an HTTP API: call its codec (encodeRequest, decodeResponse ...) directly, or give options.baseUrl for a server that speaks it`);
    }
    // servers that check no key still want one: the adapter's placeholder (local OpenAI-compatible servers)
    const key = (options.apiKey ?? envKey(this.adapter.apiKeyEnv)) || this.adapter.defaultApiKey;
    if (key === undefined || key === "") throw new Error(`no API key for ${this.adapter.name}: pass options.apiKey or set ${this.adapter.apiKeyEnv}`);
    this.#secret = key instanceof Secret ? key : new Secret(key);
    this.baseUrl = resolveBaseUrl(this.adapter, options.baseUrl);
    this.retry = options.retry instanceof RetryPolicy ? options.retry : new RetryPolicy(options.retry);
    this.timeoutMs = options.timeoutMs ?? 600_000;
    if (!(this.timeoutMs > 0 && Number.isFinite(this.timeoutMs))) throw new RangeError(`timeoutMs must be a positive number of milliseconds, got ${this.timeoutMs}`);
    this.totalTimeoutMs = options.totalTimeoutMs ?? 3_600_000;
    if (!(this.totalTimeoutMs > 0 && Number.isFinite(this.totalTimeoutMs))) throw new RangeError(`totalTimeoutMs must be a positive number of milliseconds, got ${this.totalTimeoutMs}`);
    this.limits = resolveLimits(options.limits);
    this.#fetch = options.fetch ?? platformFetch();
  }

  toString(): string {
    return `Client(${this.adapter.name}, ${this.baseUrl}, apiKey=${this.#secret})`;
  }
  toJSON(): string {
    return this.toString();
  }
  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return this.toString();
  }

  /**
   * Send `request` and return the provider's answer as a canonical `ChatResponse`. A request that is not
   * valid wirechat (`temperature: "hot"`, an OpenAI-shaped message with `content` and no `parts`) is
   * refused with a `WireError` naming each problem, before anything is sent.
   */
  chat(request: ChatRequest, options?: CallOptions): Promise<ChatResponse>;
  /**
   * With `output` (a JSON Schema, or `{ schema, jsonSchema }` with a Standard Schema such as zod 4's), ask
   * for JSON in the provider's native mode and return `{ value, response }` with the checked value, or
   * throw `StructuredOutputError`; `outputRetries` (default 0) shows the model its mistake and asks again.
   */
  chat<T = unknown>(request: ChatRequest, options: StructuredCallOptions<T>): Promise<Structured<T>>;
  async chat<T>(request: ChatRequest, options: CallOptions & Partial<StructuredCallOptions<T>> = {}): Promise<ChatResponse | Structured<T>> {
    const send = (sent: ChatRequest) => this.#call("chat", this.#body(sent, false), options, (body) => this.adapter.decodeResponse(body));
    if (options.output !== undefined) return structuredChat(send, request, options.output, options.outputRetries);
    return send(request);
  }

  /** Embeddings, where the adapter offers them (openai-chat): `embeddings[i]` belongs to `inputs[i]`. */
  async embed(request: EmbedRequest, options: CallOptions = {}): Promise<EmbedResponse> {
    const adapter = this.adapter;
    if (!hasEmbed(adapter)) throw new UnsupportedCallError(adapter.name, "embed");
    return this.#call("embed", this.#route("embed", adapter.encodeEmbedRequest(validate(request, "EmbedRequest")), false), options, (body) => adapter.decodeEmbedResponse(body));
  }

  /** A text completion, where the adapter offers it (openai-chat's `/v1/completions`). */
  async complete(request: CompleteRequest, options: CallOptions = {}): Promise<CompleteResponse> {
    const adapter = this.adapter;
    if (!hasComplete(adapter)) throw new UnsupportedCallError(adapter.name, "complete");
    return this.#call("complete", this.#route("complete", adapter.encodeCompleteRequest(validate(request, "CompleteRequest")), false), options, (body) => adapter.decodeCompleteResponse(body));
  }

  /** POST `body` to the `kind` endpoint (with retries), read the answer whole and decode it. */
  async #call<T>(kind: RequestKind, [path, requestBody]: Routed, options: CallOptions, decode: (body: unknown) => T): Promise<T> {
    const attempt = await this.#send(requestBody, options.signal, path);
    let bytes: Uint8Array | undefined;
    try {
      bytes = await readCapped(attempt.response, this.limits.maxBodyBytes);
    } catch (error) {
      throw this.#transportError(error, attempt.reason(), "reading the response");
    } finally {
      attempt.release();
    }
    if (bytes === undefined) throw tooLarge("max_body_bytes", this.limits.maxBodyBytes, "the response body");
    let body: unknown;
    try {
      // fatal: a body that is not UTF-8 is not JSON (RFC 8259), refused as Python and Go refuse it
      body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    } catch (error) {
      throw this.#invalid(`the response body is not JSON (${(error as Error).message})`);
    }
    try {
      return decode(body);
    } catch (error) {
      if (error instanceof ProviderShapeError) throw this.#invalid(`the response is not a ${this.adapter.name} response: ${error.message}`);
      throw error;
    }
  }

  /** Send `request` for a streamed answer; iterate the result for canonical events, then `await response()`. */
  stream(request: ChatRequest, options: CallOptions = {}): ChatStream {
    const [path, body] = this.#body(request, true);
    const pump = new EventPump(this.adapter.streamDecoder(), this.#secret, this.limits.maxEventBytes);
    return new ChatStream(() => this.#send(body, options.signal, path), pump, (error, reason) => this.#transportError(error, reason, "reading the stream"));
  }

  /** The path and body to send; a request that is not valid wirechat throws its `WireError` first (as Python's models do). */
  #body(request: ChatRequest, stream: boolean): Routed {
    const { body } = this.adapter.encodeRequest(validate(request, "ChatRequest"));
    return this.#route("chat", stream ? this.adapter.streamRequestFlags(body) : body, stream);
  }

  /** The path and bytes of a call: the endpoint's path, or the adapter's own for an API whose URL depends on the request (`RoutedCodec`, Gemini's model in the path). */
  #route(kind: RequestKind, body: Record<string, unknown>, stream: boolean): Routed {
    if (!hasRoute(this.adapter)) return [this.adapter.endpointPath(kind), JSON.stringify(body)];
    const [path, sent] = this.adapter.requestTarget(kind, body, stream);
    return [path, JSON.stringify(sent)];
  }

  #invalid(message: string): InvalidResponseError {
    return toError({ kind: "invalid_response", message: this.#secret.redact(message), retryable: false }) as InvalidResponseError;
  }

  /** The typed error for a fetch or body-read failure. */
  #transportError(error: unknown, reason: symbol | undefined, stage: string): APIError {
    if (error instanceof APIError) return error;
    if (reason === CANCELLED) return toError({ kind: "cancelled", message: `cancelled by the caller while ${stage}`, retryable: false });
    if (reason === TIMED_OUT) return toError({ kind: "timeout", message: `no bytes for ${this.timeoutMs} ms while ${stage}`, retryable: true });
    if (reason === DEADLINE) return toError({ kind: "timeout", message: `timed out ${stage}: the call's total deadline of ${this.totalTimeoutMs} ms passed`, retryable: true });
    const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
    const detail = [String((error as Error)?.message ?? error), cause?.code ?? cause?.message].filter(Boolean).join(": ");
    return toError({ kind: "network", message: this.#secret.redact(`${stage} failed (${detail})`), retryable: true });
  }

  /** POST with retries until a 2xx status arrives; the caller reads (and releases) the body. */
  async #send(body: string, signal: AbortSignalLike | undefined, path: string): Promise<Attempt> {
    const url = `${this.baseUrl}${path}`;
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", ...this.adapter.authHeaders(this.#secret.reveal()) };
    const end = Date.now() + this.totalTimeoutMs;
    for (let retry = 0; ; retry++) {
      if (signal?.aborted) throw this.#transportError(undefined, CANCELLED, "sending");
      const controller = newController();
      let reason: symbol | undefined;
      const onAbort = () => {
        reason ??= CANCELLED;
        controller.abort(CANCELLED);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      const deadline = new Deadline(this.timeoutMs, () => {
        reason ??= TIMED_OUT;
        controller.abort(TIMED_OUT);
      });
      const total = new Deadline(Math.max(end - Date.now(), 1), () => {
        reason ??= DEADLINE;
        controller.abort(DEADLINE);
      });
      const release = () => {
        deadline.clear();
        total.clear();
        signal?.removeEventListener("abort", onAbort);
      };
      let failure: WireErrorValue;
      let failureHeaders: Record<string, string> | FetchResponse["headers"] = {};
      try {
        const response = await this.#fetch(url, { method: "POST", headers, body, signal: controller.signal, redirect: "manual" });
        if (isRedirect(response.status)) {
          release();
          await response.body?.getReader().cancel().catch(() => undefined);
          throw redirectError(response, this.#secret, retry + 1);
        }
        if (response.status < 300) {
          return { response, deadline, release, abort: () => controller.abort(CANCELLED), reason: () => reason };
        }
        const bytes = await readCapped(response, this.limits.maxErrorBodyBytes);
        release();
        failureHeaders = response.headers;
        failure = this.adapter.decodeError(response.status, response.headers, bytes ?? new Uint8Array());
        if (bytes === undefined) failure = { ...failure, message: `HTTP ${response.status}: the error body is larger than the ${this.limits.maxErrorBodyBytes}-byte limit; not read` };
        failure = redactError(failure, this.#secret);
      } catch (error) {
        release();
        if (error instanceof RedirectRefusedError) throw error;
        failure = this.#transportError(error, reason, "sending the request").error;
      }
      const delay = failure.kind === "cancelled" ? undefined : this.retry.delay(failure, failureHeaders, retry);
      if (delay === undefined || Date.now() + delay >= end) throw toError(failure, undefined, retry + 1);
      try {
        await sleep(delay, signal);
      } catch {
        throw this.#transportError(undefined, CANCELLED, "waiting to retry");
      }
    }
  }
}

/**
 * The events of one streamed chat, as they arrive: `for await (const event of stream)`, then
 * `await stream.response()` for the folded response (it reads whatever is left first). A failure is thrown
 * from the loop (and again from `response()`) as a typed error with `.partial`. Leaving the loop early, or
 * `close()`, closes the connection. The iterator is written by hand rather than as an async generator:
 * events already decoded from a chunk are handed out without another read, and `yield*` cost 1.5 µs an
 * event, more than the SSE framing, JSON parse, decoding and fold together (bench/client.ts).
 */
export class ChatStream implements AsyncIterableIterator<StreamEvent> {
  #buffer: StreamEvent[] = [];
  #position = 0;
  #attempt: Attempt | undefined;
  #reader: ByteReader | undefined;
  #failure: unknown;
  #ended = false;
  #done = false;

  constructor(
    private readonly start: () => Promise<Attempt>,
    private readonly pump: EventPump,
    private readonly transportError: (error: unknown, reason: symbol | undefined) => APIError,
  ) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  /** How many canonical events have passed. */
  get events(): number {
    return this.pump.events;
  }

  /**
   * What the adapter set aside from the provider's stream so far (a member it does not map, an event it
   * cannot carry), each with its pointer `/<n>/...` into the n-th event (Python's `ChatStream.warnings`).
   */
  get warnings(): readonly ConversionWarning[] {
    return this.pump.warnings;
  }

  next(): Promise<IteratorResult<StreamEvent>> {
    if (this.#position < this.#buffer.length) return Promise.resolve({ value: this.#buffer[this.#position++]!, done: false });
    return this.#fill();
  }

  async #fill(): Promise<IteratorResult<StreamEvent>> {
    if (this.#failure !== undefined) throw this.#failure;
    try {
      while (!this.#ended) {
        this.#buffer = await this.#read();
        this.#position = 0;
        if (this.#buffer.length > 0) return { value: this.#buffer[this.#position++]!, done: false };
      }
    } catch (error) {
      this.#failure = error;
      await this.#shut();
      throw error;
    }
    return { value: undefined, done: true };
  }

  /** The events of the next chunk (or the closing events at the end of the body). */
  async #read(): Promise<StreamEvent[]> {
    if (this.#reader === undefined) {
      this.#attempt = await this.start();
      const body = this.#attempt.response.body;
      if (body === null) throw toError({ kind: "invalid_response", message: "the streamed response has no body", retryable: false });
      this.#reader = body.getReader();
    }
    const attempt = this.#attempt!;
    let chunk: { done: boolean; value?: Uint8Array | undefined };
    try {
      chunk = await this.#reader.read();
    } catch (error) {
      throw this.pump.broken(this.transportError(error, attempt.reason()));
    }
    if (!chunk.done) {
      attempt.deadline.reset();
      return chunk.value === undefined ? [] : this.pump.feed(chunk.value);
    }
    attempt.release();
    this.#ended = true;
    const closing = this.pump.finish();
    this.#done = true;
    return closing;
  }

  async #shut(): Promise<void> {
    this.#ended = true;
    this.#attempt?.release();
    if (!this.#done) {
      this.#attempt?.abort();
      await this.#reader?.cancel().catch(() => undefined);
    }
  }

  /** Leaving a `for await` loop early: the connection is closed. */
  async return(): Promise<IteratorResult<StreamEvent>> {
    await this.#shut();
    this.#buffer = [];
    return { value: undefined, done: true };
  }

  /** The folded response, reading the rest of the stream first. */
  async response(): Promise<ChatResponse> {
    while (this.#failure === undefined && !this.#done) {
      if (this.#ended) throw new Error("the stream was closed before its end: there is no response to fold");
      this.#position = this.#buffer.length;
      await this.#fill();
    }
    if (this.#failure !== undefined) throw this.#failure;
    return this.pump.response();
  }

  /** Stop reading and close the connection. */
  async close(): Promise<void> {
    await this.return();
  }
}

/** A call the provider (or its adapter) does not have, such as embeddings on Anthropic; nothing was sent. */
export class UnsupportedCallError extends WirechatError {
  constructor(
    readonly adapter: string,
    readonly call: RequestKind,
  ) {
    super(`the ${adapter} adapter has no ${call} call`);
    this.name = "UnsupportedCallError";
  }
}

export { ConversionRefused };
