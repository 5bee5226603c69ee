/**
 * The few platform types the client uses (fetch, AbortController, timers), declared here so the package
 * compiles without DOM or Node type libraries, as `utf8.ts` does for `TextDecoder`. Node 20+, browsers,
 * Deno and workers all provide them.
 */

export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

export interface ByteReader {
  read(): Promise<{ done: boolean; value?: Uint8Array | undefined }>;
  cancel(reason?: unknown): Promise<void>;
}

export interface FetchResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  readonly body: { getReader(): ByteReader } | null;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body: string;
  signal: AbortSignalLike;
  /** Always "manual": a redirect comes back as the answer and is refused, never followed with the key. */
  redirect?: "manual";
}

export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponse>;

interface AbortControllerLike {
  readonly signal: AbortSignalLike;
  abort(reason?: unknown): void;
}

declare const AbortController: new () => AbortControllerLike;
declare function setTimeout(callback: () => void, ms: number): unknown;
declare function clearTimeout(handle: unknown): void;
declare const fetch: FetchLike | undefined;

export function newController(): AbortControllerLike {
  return new AbortController();
}

export function platformFetch(): FetchLike {
  if (typeof fetch !== "function") throw new Error("no global fetch: pass options.fetch (Node 20+ has one)");
  return fetch;
}

/** A restartable one-shot timer (the silence allowed before the next bytes). */
export class Deadline {
  private handle: unknown;
  constructor(private readonly ms: number, private readonly onExpire: () => void) {
    this.reset();
  }
  reset(): void {
    this.clear();
    this.handle = setTimeout(this.onExpire, this.ms);
  }
  clear(): void {
    if (this.handle !== undefined) clearTimeout(this.handle);
    this.handle = undefined;
  }
}

export function sleep(ms: number, signal: AbortSignalLike | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(handle);
      reject(signal?.reason);
    };
    const handle = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
