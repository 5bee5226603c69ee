/**
 * `WirechatError`, the root of every error wirechat throws on purpose (its tree below), and `WireError`,
 * the one error for a document that is not valid wirechat.
 *
 * It lists the problems found (spec section 5), each as an RFC 6901 JSON pointer into the document, a
 * plain message and the name of the rule it broke, so a caller can show all of them at once or act on
 * one. A text fault (bad syntax or encoding, a duplicate member name, a lone surrogate, too deep a
 * nesting) is the only problem of its error and also says where it is, by line and column. The list
 * is in the spec's order, one problem per pointer and rule, at most 100 then a count of the rest.
 */

import { orderProblems } from "./problem-order.js";

/**
 * The root of every error wirechat throws on purpose: `catch (e) { if (e instanceof WirechatError) ... }`
 * catches them all. The same names as Python's `wirechat.WirechatError` tree and Go's sentinels
 * (`docs/decisions/030-everyday-surface.md`):
 *
 * ```text
 * WirechatError
 * ├── WireError                 a document or value is not valid wirechat
 * ├── StreamError               events that do not fold to a response
 * ├── TolerantRestoreError      a kept unknown value cannot be put back
 * ├── ConversionRefused         an adapter cannot carry a feature
 * ├── ProviderShapeError        a provider document an adapter cannot read
 * ├── UnknownAdapterError       no adapter of that name; lists the names
 * ├── UnsupportedCallError      the provider has no such call
 * ├── McpMappingError           an MCP value wirechat cannot map
 * ├── McpError                  an MCP server or its config failed (mcp.*); `.server` names it
 * │   ├── McpConfigError        a config that cannot be used as it is
 * │   │   ├── McpUnsupportedTransportError  websocket: the SDK has no client for it
 * │   │   └── McpSecretNotAllowedError      a secret the program did not allow
 * │   ├── McpConnectError       could not start or reach the server, or initialize
 * │   ├── McpServerDiedError    the connection ended in a request; the next reconnects
 * │   ├── McpTimeoutError       no answer within the call timeout
 * │   ├── McpRpcError           a JSON-RPC error answer (`.code`, `.rpcMessage`, `.data`)
 * │   ├── McpMalformedResultError  not a valid MCP result
 * │   └── McpLimitError         past a limit (`.limit`: pages, time, bytes, content-encoding)
 * ├── SseTooLargeError          an SSE line or event past its cap (SseDecoder)
 * ├── ToolArgumentsInvalidError a tool's arguments do not match its schema (loop.*)
 * ├── StructuredOutputError     an answer does not match chat's output schema
 * ├── ToolLoopError             the tool loop stopped; `.state` resumes it (loop.*)
 * │   ├── MaxStepsExceeded
 * │   └── DecisionError         a decision names no pending call
 * └── APIError                  a provider call failed; `.error` is the canonical Error
 *     ├── NetworkError
 *     │   └── StreamInterruptedError
 *     ├── APITimeoutError       (was ApiTimeoutError, still exported)
 *     ├── RateLimitedError
 *     ├── OverloadedError
 *     ├── AuthenticationError
 *     ├── PermissionDeniedError
 *     ├── NotFoundError
 *     ├── InvalidRequestError
 *     │   └── ContextLengthExceededError
 *     ├── ContentFilterError
 *     ├── ProviderError
 *     ├── InvalidResponseError
 *     │   ├── ResponseTooLargeError  a body past its cap
 *     │   └── RedirectRefusedError   a 3xx: no redirect is followed
 *     └── RequestCancelledError (was CancelledError, still exported)
 * ```
 */
export class WirechatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** One thing wrong with a document: where (a JSON pointer, `""` for the root), what, and which rule. */
export interface Problem {
  /** RFC 6901 pointer to the offending member or element; `""` is the whole document. */
  readonly pointer: string;
  /** A plain description of what is wrong. */
  readonly message: string;
  /**
   * The rule broken: a JSON Schema keyword (`required`, `additionalProperties`, `discriminator`, `type`,
   * `pattern`, ...), one of the decoding rules (`syntax`, `utf8`, `bom`, `duplicate-key`,
   * `lone-surrogate`, `number-overflow`, `unsafe-integer`, `integer-literal`, `depth`, `json-value`) or
   * a limit (`too-large`, `too-many-problems`).
   */
  readonly rule: string;
  /** For a text fault only: the line of the fault, 1-based (1 plus the line feeds before it). */
  readonly line?: number;
  /** For a text fault only: the column of the fault, 1-based, counted in Unicode code points. */
  readonly column?: number;
}

/** How a pointer is written in messages: `""` is `(root)`. */
export function showPointer(pointer: string): string {
  return pointer === "" ? "(root)" : pointer;
}

/** A document (or value) is not valid wirechat: `problems` says where and why, one entry per problem. */
export class WireError extends WirechatError {
  /** The problems in the spec's order (section 5.2), capped at 100 plus one `too-many-problems`. */
  readonly problems: readonly Problem[];
  /** The wire type the document was checked against, when there was one. */
  readonly typeName: string | undefined;

  constructor(problems: readonly Problem[], typeName?: string) {
    if (problems.length === 0) throw new RangeError("a WireError needs at least one problem");
    const ordered = orderProblems(problems);
    const what = typeName === undefined ? "invalid document" : `invalid ${typeName}`;
    const count = ordered.length === 1 ? "1 problem" : `${ordered.length} problems`;
    const lines = ordered.map((p) => {
      const where = p.line === undefined ? "" : ` (line ${p.line}, column ${p.column ?? "?"})`;
      return `  ${showPointer(p.pointer)}: ${p.message}${where}`;
    });
    super(`${what} (${count}):\n${lines.join("\n")}`);
    this.name = "WireError";
    this.problems = ordered;
    this.typeName = typeName;
  }
}

/** Escape one reference token for a JSON pointer: `~` -> `~0`, `/` -> `~1`. */
export function escapePointerToken(token: string | number): string {
  const text = String(token);
  return text.includes("~") || text.includes("/") ? text.replace(/~/g, "~0").replace(/\//g, "~1") : text;
}

/** `["parts", 0, "text"]` -> `"/parts/0/text"`. */
export function pointerFromPath(path: readonly (string | number)[]): string {
  let pointer = "";
  for (const token of path) pointer += "/" + escapePointerToken(token);
  return pointer;
}
