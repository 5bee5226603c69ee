/**
 * The official MCP SDK (`@modelcontextprotocol/sdk`, an optional peer dependency), loaded on first connect,
 * and the few of its shapes the client uses, declared here so that wirechat's published types never name
 * the SDK (a program that does not use MCP does not install it).
 */

import { McpConnectError } from "./errors.js";

/** The SDK's `McpError`: a JSON-RPC error, or the SDK's own timeout (-32001) and closed connection (-32000). */
export interface SdkRpcError extends Error {
  code: number;
  data?: unknown;
}

export interface SdkTransport {
  close(): Promise<void>;
}

export interface RequestOptions {
  timeout: number;
  signal?: unknown;
}

export interface SdkClient {
  connect(transport: SdkTransport, options: RequestOptions): Promise<void>;
  close(): Promise<void>;
  listTools(params: { cursor?: string } | undefined, options: RequestOptions): Promise<{ tools: unknown[]; nextCursor?: string }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }, schema: undefined, options: RequestOptions): Promise<Record<string, unknown>>;
  onclose?: () => void;
  onerror?: (error: Error) => void;
}

export interface Sdk {
  Client: new (info: { name: string; version: string }, options: { capabilities: object }) => SdkClient;
  StdioClientTransport: new (params: { command: string; args: string[]; env: Record<string, string>; cwd?: string; stderr: "inherit" | "ignore" | "pipe"; maxBufferSize: number }) => SdkTransport;
  StreamableHTTPClientTransport: new (url: unknown, options: { requestInit: { headers: Record<string, string> }; fetch: unknown }) => SdkTransport;
  McpError: new (...args: never[]) => SdkRpcError;
}

const PACKAGE = "@modelcontextprotocol/sdk";
let loading: Promise<Sdk> | undefined;

async function load(path: string): Promise<Record<string, unknown>> {
  const specifier = `${PACKAGE}/${path}`; // a computed specifier: tsc does not resolve (and type) the optional package
  return (await import(specifier)) as Record<string, unknown>;
}

/** The SDK's classes; a missing package is an `McpConnectError` that says what to install. */
export function loadSdk(server: string): Promise<Sdk> {
  loading ??= Promise.all([load("client/index.js"), load("client/stdio.js"), load("client/streamableHttp.js"), load("types.js")]).then(
    ([client, stdio, http, types]) => ({
      Client: client.Client as Sdk["Client"],
      StdioClientTransport: stdio.StdioClientTransport as Sdk["StdioClientTransport"],
      StreamableHTTPClientTransport: http.StreamableHTTPClientTransport as Sdk["StreamableHTTPClientTransport"],
      McpError: types.McpError as Sdk["McpError"],
    }),
    (error: unknown) => {
      loading = undefined;
      throw new McpConnectError(server, `the MCP client needs the package ${PACKAGE} (npm install ${PACKAGE}): ${error instanceof Error ? error.message : String(error)}`);
    },
  );
  return loading;
}
