/**
 * The bounds an MCP client keeps on what a server sends (issue 27, decision 033; Python's `McpLimits`, the same
 * defaults). A server is not trusted to end: `tools/list` pages are counted and the whole listing has one
 * deadline; a response is capped after decompression (HTTP, `capped-fetch.ts`) and a stdio message at the
 * same size (the SDK's read buffer).
 */

export const DEFAULT_MAX_LIST_PAGES = 100;
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024; // the size limit of spec section 5.3

/**
 * `maxListPages`: pages one `listTools` reads (100). `listTimeoutMs`: the whole listing, all pages (absent:
 * the config's call timeout, 60 s by default). `maxResponseBytes`: one HTTP response body after
 * decompression, or one stdio message (64 MiB); only `gzip` and `deflate` are asked for, and a body in
 * another coding is refused.
 */
export interface McpLimits {
  maxListPages?: number;
  listTimeoutMs?: number;
  maxResponseBytes?: number;
}

export interface ResolvedLimits {
  maxListPages: number;
  listTimeoutMs: number | undefined;
  maxResponseBytes: number;
}

/** The limits with their defaults; a limit that is not a positive whole number throws a `RangeError` naming it. */
export function resolveMcpLimits(limits: McpLimits | undefined): ResolvedLimits {
  const out: ResolvedLimits = {
    maxListPages: limits?.maxListPages ?? DEFAULT_MAX_LIST_PAGES,
    listTimeoutMs: limits?.listTimeoutMs,
    maxResponseBytes: limits?.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
  };
  for (const [name, value] of Object.entries(out)) {
    if (value === undefined) continue;
    if (!(Number.isSafeInteger(value) && (value as number) >= 1)) {
      throw new RangeError(`McpLimits.${name} must be a whole number of at least 1 (got ${String(value)})`);
    }
  }
  return out;
}
