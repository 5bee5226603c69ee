/**
 * An MCP client on the official SDK that speaks wirechat types (Python's `wirechat.mcp.McpClient`).
 *
 *     const client = await connect(config, { allowSecrets: ["GITHUB_TOKEN"] });
 *     const tools = await client.listTools();            // ToolDefinition[]
 *     const message = await client.call(toolCall);        // a `tool` message holding the ToolResult
 *     await client.close();
 *
 * `start` starts (stdio) or reaches (streamable HTTP) the server and completes `initialize` within the
 * connect timeout. Failures are `McpError`s: a dead server, a timeout, a JSON-RPC error, a malformed result,
 * a limit passed; after each the client stays usable (a dead server is started again by the next request).
 */

import { validate } from "../codec.js";
import { WireError } from "../errors.js";
import type { McpServerConfig, Message, ToolCall, ToolDefinition, ToolResult } from "../generated/types.js";
import { VERSION } from "../generated/version.js";
import { toolToDefinition, type MappingWarning } from "../mcp.js";
import { callResultToToolResult } from "../mcp-results.js";
import { parseArguments } from "../tool-arguments.js";
import { cappedFetch } from "./capped-fetch.js";
import { processEnvironment, resolveEnv, resolveHeaders, type Environment } from "./config.js";
import {
  McpConnectError,
  McpError,
  McpLimitError,
  McpMalformedResultError,
  McpRpcError,
  McpServerDiedError,
  McpTimeoutError,
  McpUnsupportedTransportError,
} from "./errors.js";
import { resolveMcpLimits, type McpLimits, type ResolvedLimits } from "./limits.js";
import { loadSdk, type Sdk, type SdkClient, type SdkRpcError, type SdkTransport } from "./sdk.js";

declare function setTimeout(callback: () => void, ms: number): unknown;
declare function clearTimeout(handle: unknown): void;
declare const URL: new (url: string) => unknown;

export const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;
export const DEFAULT_CALL_TIMEOUT_MS = 60_000;
const GRACE_MS = 1_000; // past the SDK's own timeout, our timer ends a request the SDK did not

export interface McpClientOptions {
  /** The environment variables a config's `secret_env` / `secret_headers` may send to the server (none by default). */
  allowSecrets?: Iterable<string>;
  /** Bounds on what the server may send (`McpLimits`). */
  limits?: McpLimits;
  /** Where secrets are read from (default: the process's environment). */
  environment?: Environment;
  /** Receives each member of an MCP value wirechat could not carry (default: `process.emitWarning`, as `McpMappingWarning`). */
  onWarning?: (message: string) => void;
  /** A stdio server's stderr (default: inherited). */
  stderr?: "inherit" | "ignore" | "pipe";
}

function defaultWarning(message: string): void {
  (globalThis as { process?: { emitWarning?: (message: string, type: string) => void } }).process?.emitWarning?.(message, "McpMappingWarning");
}

export function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  const text = error.message ? `${error.name}: ${error.message}` : error.name;
  return cause instanceof Error && cause.message ? `${text} (${cause.message})` : text;
}

function timer(ms: number, what: () => Error): { promise: Promise<never>; clear(): void } {
  let handle: unknown;
  const promise = new Promise<never>((_, reject) => {
    handle = setTimeout(() => reject(what()), ms);
  });
  promise.catch(() => undefined);
  return { promise, clear: () => clearTimeout(handle) };
}

/** The `_meta` keys the protocol reserves for itself (SDKs speaking protocol 2026-07-28 stamp `io.modelcontextprotocol/serverInfo` on every result). */
export const PROTOCOL_META_PREFIX = "io.modelcontextprotocol/";

/**
 * A result without what the SDK and protocol add to every result, which is not the tool's answer:
 * `resultType: "complete"` and the protocol's `_meta` keys (an `_meta` left empty goes too). The mapping
 * would otherwise warn about them on every call. The same rule as Go's client.
 */
export function withoutProtocolMembers(result: Record<string, unknown>): Record<string, unknown> {
  const { resultType, _meta: meta, ...rest } = result;
  const out: Record<string, unknown> = resultType === undefined || resultType === "complete" ? rest : { ...rest, resultType };
  if (typeof meta === "object" && meta !== null && !Array.isArray(meta)) {
    const kept = Object.fromEntries(Object.entries(meta).filter(([key]) => !key.startsWith(PROTOCOL_META_PREFIX)));
    if (Object.keys(kept).length > 0) out._meta = kept;
  } else if (meta !== undefined) out._meta = meta;
  return out;
}

/** One connection to one MCP server, described by an `McpServerConfig` (stdio or http). */
export class McpClient {
  readonly name: string;
  readonly connectTimeoutMs: number;
  readonly callTimeoutMs: number;
  readonly limits: ResolvedLimits;
  private readonly allow: ReadonlySet<string>;
  private readonly environment: Environment;
  private readonly onWarning: (message: string) => void;
  private readonly stderr: "inherit" | "ignore" | "pipe";
  private session: SdkClient | undefined;
  private starting: Promise<void> | undefined;
  private sdk: Sdk | undefined;
  private readonly limitListeners = new Set<(error: McpLimitError) => void>();

  constructor(
    readonly config: McpServerConfig,
    options: McpClientOptions = {},
  ) {
    if (config.transport === "websocket") {
      throw new McpUnsupportedTransportError(config.name, "the official MCP SDK has no WebSocket client transport; use stdio or http");
    }
    this.name = config.name;
    this.connectTimeoutMs = config.connect_timeout_ms ?? DEFAULT_CONNECT_TIMEOUT_MS;
    this.callTimeoutMs = config.call_timeout_ms ?? DEFAULT_CALL_TIMEOUT_MS;
    this.limits = resolveMcpLimits(options.limits);
    this.allow = new Set(options.allowSecrets ?? []);
    this.environment = options.environment ?? processEnvironment();
    this.onWarning = options.onWarning ?? defaultWarning;
    this.stderr = options.stderr ?? "inherit";
  }

  /** The config holds no secret values; the resolved env and headers are not kept. */
  toString(): string {
    return `McpClient(name='${this.name}', transport='${this.config.transport}')`;
  }

  private transport(sdk: Sdk): SdkTransport {
    const config = this.config;
    switch (config.transport) {
      case "stdio": {
        const params: ConstructorParameters<Sdk["StdioClientTransport"]>[0] = {
          command: config.command,
          args: config.args ?? [],
          env: resolveEnv(config, this.environment, this.allow),
          stderr: this.stderr,
          maxBufferSize: this.limits.maxResponseBytes,
        };
        if (config.cwd !== undefined) params.cwd = config.cwd;
        return new sdk.StdioClientTransport(params);
      }
      case "http": {
        const headers = resolveHeaders(config, this.environment, this.allow);
        const fetch = cappedFetch(this.name, this.limits.maxResponseBytes, (error) => this.hit(error));
        return new sdk.StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers }, fetch });
      }
      case "websocket":
        throw new McpUnsupportedTransportError(config.name, "the official MCP SDK has no WebSocket client transport; use stdio or http");
    }
  }

  /** A limit passed: every request in flight on this connection ends with it (the connection is dropped after a cut message). */
  private hit(error: McpLimitError): void {
    for (const listener of this.limitListeners) listener(error);
  }

  /** Start or reach the server and complete `initialize` (within the connect timeout). */
  async start(): Promise<this> {
    if (this.session !== undefined) return this;
    this.starting ??= this.open().finally(() => {
      this.starting = undefined;
    });
    await this.starting;
    return this;
  }

  private async open(): Promise<void> {
    const sdk = (this.sdk ??= await loadSdk(this.name));
    const transport = this.transport(sdk);
    const client = new sdk.Client({ name: "wirechat", version: VERSION }, { capabilities: {} });
    const cap = this.limits.maxResponseBytes;
    client.onerror = (error) => {
      // the stdio transport's read buffer past maxBufferSize; other transport errors reach the request they fail
      if (/ReadBuffer exceeded maximum size/.test(error.message)) {
        this.hit(new McpLimitError(this.name, "bytes", cap, `a message is larger than ${cap} bytes (McpLimits.maxResponseBytes)`));
      }
    };
    client.onclose = () => {
      if (this.session === client) this.session = undefined;
    };
    const seconds = this.connectTimeoutMs / 1000;
    const deadline = timer(this.connectTimeoutMs + GRACE_MS, () => new McpConnectError(this.name, `no answer to initialize within ${seconds} s`));
    try {
      await Promise.race([client.connect(transport, { timeout: this.connectTimeoutMs }), deadline.promise]);
    } catch (error) {
      await client.close().catch(() => undefined);
      if (error instanceof McpError) throw error;
      if (this.isTimeout(error)) throw new McpConnectError(this.name, `no answer to initialize within ${seconds} s`);
      throw new McpConnectError(this.name, `could not connect: ${describe(error)}`);
    } finally {
      deadline.clear();
    }
    this.session = client;
  }

  /** Stop the server (stdio) or end the session (http). The client can be started again. */
  async close(): Promise<void> {
    await this.starting?.catch(() => undefined);
    const session = this.session;
    this.session = undefined;
    await session?.close().catch(() => undefined);
  }

  /** Close `session` and forget it, unless a new one has replaced it. */
  private async drop(session: SdkClient): Promise<void> {
    if (this.session === session) this.session = undefined;
    await session.close().catch(() => undefined);
  }

  private isTimeout(error: unknown): boolean {
    return this.sdk !== undefined && error instanceof this.sdk.McpError && error.code === -32001 && typeof (error.data as { timeout?: unknown } | undefined)?.timeout === "number";
  }

  /** `make(session, timeout)` with every failure as an `McpError`: the limit a response passed when one did, else what went wrong. */
  private async request<T>(what: string, make: (session: SdkClient, timeoutMs: number) => Promise<T>, timeoutMs = this.callTimeoutMs): Promise<T> {
    if (this.session === undefined) await this.start();
    const session = this.session!;
    let hit: McpLimitError | undefined;
    let onLimit: (error: McpLimitError) => void = () => undefined;
    const limited = new Promise<never>((_, reject) => {
      onLimit = (error) => {
        hit = error;
        reject(error);
      };
      this.limitListeners.add(onLimit);
    });
    limited.catch(() => undefined);
    const seconds = timeoutMs / 1000;
    const deadline = timer(timeoutMs + GRACE_MS, () => new McpTimeoutError(this.name, `${what}: no answer within ${seconds} s`));
    try {
      return await Promise.race([make(session, timeoutMs), limited, deadline.promise]);
    } catch (error) {
      if (hit !== undefined) {
        if (hit.limit === "bytes") await this.drop(session); // the rest of that message is not read: a new connection next time
        throw new McpLimitError(hit.server, hit.limit, hit.value, `${what}: ${hit.detail}`);
      }
      throw await this.failure(what, error, seconds);
    } finally {
      this.limitListeners.delete(onLimit);
      deadline.clear();
    }
  }

  private async failure(what: string, error: unknown, seconds: number): Promise<McpError> {
    if (error instanceof McpError) return error;
    if (this.isTimeout(error)) return new McpTimeoutError(this.name, `${what}: no answer within ${seconds} s`);
    if (this.sdk !== undefined && error instanceof this.sdk.McpError) {
      const rpc = error as SdkRpcError;
      const message = rpc.message.replace(/^MCP error -?\d+: /, "");
      if (rpc.code !== -32000 || !/closed/i.test(message)) return new McpRpcError(this.name, rpc.code, message, rpc.data);
      await this.close();
      return new McpServerDiedError(this.name, `${what}: the connection ended (${message})`);
    }
    if (error instanceof Error && (error.name === "ZodError" || error.name === "$ZodError")) {
      const issues = (error as { issues?: { message?: string; path?: unknown[] }[] }).issues ?? [];
      const first = issues[0];
      const where = first?.path?.length ? ` at /${first.path.join("/")}` : "";
      return new McpMalformedResultError(this.name, `${what}: not a valid MCP result${where}: ${first?.message ?? error.message}`);
    }
    await this.close();
    return new McpServerDiedError(this.name, `${what}: the connection ended (${describe(error)})`);
  }

  private warn(where: string, warnings: readonly MappingWarning[]): void {
    for (const warning of warnings) this.onWarning(`MCP server '${this.name}': ${where}: ${warning.pointer}: ${warning.message}`);
  }

  /**
   * Every tool the server offers (all pages), as `ToolDefinition`s; what a definition cannot carry goes to
   * `onWarning`. At most `limits.maxListPages` pages within `limits.listTimeoutMs` (else the call timeout)
   * in all: past either, an `McpLimitError`.
   */
  async listTools(): Promise<ToolDefinition[]> {
    const definitions: ToolDefinition[] = [];
    let cursor: string | undefined;
    const total = this.limits.listTimeoutMs ?? this.callTimeoutMs;
    const deadline = Date.now() + total;
    for (let page = 0; page < this.limits.maxListPages; page++) {
      const remaining = deadline - Date.now();
      let result: { tools: unknown[]; nextCursor?: string };
      try {
        if (remaining <= 0) throw new McpTimeoutError(this.name, "tools/list: no time left");
        const params = cursor === undefined ? undefined : { cursor };
        result = await this.request("tools/list", (session, timeout) => session.listTools(params, { timeout }), Math.min(this.callTimeoutMs, remaining));
      } catch (error) {
        if (!(error instanceof McpTimeoutError) || remaining >= this.callTimeoutMs) throw error;
        throw new McpLimitError(this.name, "time", total, `tools/list: the pages took longer than ${total / 1000} s in all`);
      }
      result.tools.forEach((tool, index) => {
        try {
          const mapped = toolToDefinition(tool);
          const definition = validate(mapped.value, "ToolDefinition");
          this.warn(`tool '${definition.name}'`, mapped.warnings);
          definitions.push(definition);
        } catch (error) {
          throw new McpMalformedResultError(this.name, `tools/list: tool ${index}: ${error instanceof Error ? error.message : String(error)}`);
        }
      });
      cursor = result.nextCursor;
      if (!cursor) return definitions;
    }
    const pages = this.limits.maxListPages;
    throw new McpLimitError(this.name, "pages", pages, `tools/list: a next page is still offered after ${pages} pages (McpLimits.maxListPages); the server may be paging forever`);
  }

  /** Call the tool `toolCall` names with its arguments; the `ToolResult` answering it (`tool_call_id` is the call's id). */
  async callResult(toolCall: ToolCall): Promise<ToolResult> {
    let args: Record<string, unknown>;
    try {
      args = parseArguments(toolCall.arguments);
    } catch (error) {
      throw new McpMalformedResultError(this.name, `tool call ${toolCall.id}: bad arguments: ${error instanceof Error ? error.message : String(error)}`);
    }
    const what = `tools/call '${toolCall.name}'`;
    const result = await this.request(what, (session, timeout) => session.callTool({ name: toolCall.name, arguments: args }, undefined, { timeout }));
    try {
      const mapped = callResultToToolResult(withoutProtocolMembers(result), toolCall.id);
      const value = validate(mapped.value, "ToolResult");
      this.warn(what, mapped.warnings);
      return value;
    } catch (error) {
      if (error instanceof WireError || error instanceof Error) throw new McpMalformedResultError(this.name, `${what}: ${error.message}`);
      throw error;
    }
  }

  /** Like `callResult`, as a `tool` message with one `tool_result` part, ready to append to a conversation. */
  async call(toolCall: ToolCall): Promise<Message> {
    const result = await this.callResult(toolCall);
    return { role: "tool", parts: [{ type: "tool_result", tool_result: result }] };
  }
}

/** Connect to the server a config describes; throws an `McpError` (`McpConnectError`, `McpConfigError`, `McpUnsupportedTransportError`). */
export async function connect(config: McpServerConfig, options: McpClientOptions = {}): Promise<McpClient> {
  return new McpClient(config, options).start();
}
