/**
 * The `fetch` the MCP SDK's streamable-HTTP transport is given: each response body is capped after
 * decompression (Python's `_capped_http.py`; issue 27 found a 1 MB gzip body reaching 5.2 GB).
 *
 * It asks for `gzip, deflate` only and refuses a response in any other coding before reading it. The
 * platform's fetch inflates as the body is read, so the body is handed on through a stream that counts the
 * decompressed bytes and, past `McpLimits.maxResponseBytes`, cancels the read (nothing more is inflated)
 * and fails the stream. The SDK reports that as a failed send or an ended SSE stream; `onLimit` receives the
 * typed `McpLimitError` first, so the client throws it instead. Redirects are not followed (`redirect:
 * "manual"` gives the SDK the 3xx, which it reports as an error): the request may carry a secret header.
 */

import { McpLimitError } from "./errors.js";

export const ACCEPT_ENCODING = "gzip, deflate";

interface Reader {
  read(): Promise<{ done: boolean; value?: Uint8Array }>;
  cancel(reason?: unknown): Promise<void>;
}
interface PlatformResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: { get(name: string): string | null; forEach(callback: (value: string, name: string) => void): void };
  readonly body: { getReader(): Reader } | null;
}
interface StreamController {
  enqueue(chunk: Uint8Array): void;
  close(): void;
  error(reason: unknown): void;
}
interface RequestInitLike {
  headers?: unknown;
  [key: string]: unknown;
}
declare const fetch: (url: unknown, init?: RequestInitLike) => Promise<PlatformResponse>;
declare const Headers: new (init?: unknown) => { set(name: string, value: string): void };
declare const ReadableStream: new (source: {
  pull(controller: StreamController): Promise<void>;
  cancel(reason: unknown): Promise<void>;
}) => unknown;
declare const Response: new (body: unknown, init: { status: number; statusText: string; headers: [string, string][] }) => PlatformResponse;

export type CappedFetch = (url: unknown, init?: RequestInitLike) => Promise<PlatformResponse>;

/** A fetch whose response bodies stop at `cap` decompressed bytes; `onLimit` gets the error before the stream fails with it. */
export function cappedFetch(server: string, cap: number, onLimit: (error: McpLimitError) => void): CappedFetch {
  return async (url, init) => {
    const headers = new Headers(init?.headers);
    headers.set("accept-encoding", ACCEPT_ENCODING);
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    const codings = (response.headers.get("content-encoding") ?? "")
      .split(",")
      .map((coding) => coding.trim().toLowerCase())
      .filter((coding) => coding !== "" && coding !== "identity");
    if (codings.length > 1 || (codings.length === 1 && codings[0] !== "gzip" && codings[0] !== "deflate")) {
      await response.body?.getReader().cancel();
      const error = new McpLimitError(server, "content-encoding", ACCEPT_ENCODING, `the response is encoded ${codings.join(", ")}; the client asked for ${ACCEPT_ENCODING} only`);
      onLimit(error);
      throw error;
    }
    if (response.body === null) return response;
    const reader = response.body.getReader();
    let total = 0;
    const body = new ReadableStream({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done || value === undefined) return controller.close();
        total += value.byteLength;
        if (total > cap) {
          const error = new McpLimitError(server, "bytes", cap, `a response body is larger than ${cap} bytes decompressed (McpLimits.maxResponseBytes)`);
          onLimit(error);
          await reader.cancel(error);
          return controller.error(error);
        }
        controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    const kept: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (name !== "content-encoding" && name !== "content-length") kept.push([name, value]);
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: kept });
  };
}
