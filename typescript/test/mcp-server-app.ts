/**
 * An MCP server written with the official TypeScript SDK for the client tests (the counterpart of Python's
 * `tests/mcp/server_app.py`): `node build/test/mcp-server-app.js stdio`, or `startHttpServer()` for
 * streamable HTTP on 127.0.0.1 in the test's own process. Its tools cover each kind of result and each way
 * a call can go wrong; `headers` answers with the request headers it saw (for the secret-header tests).
 */

import { createServer, type IncomingMessage, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";

// The SDK is imported by computed specifiers, untyped: its declarations need the DOM library (HeadersInit),
// which the test build does not load, and compiling its zod types triples the test build's time.
type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const sdk = async (path: string): Promise<Any> => import(`@modelcontextprotocol/sdk/${path}`);
const { Server } = await sdk("server/index.js");
const { StdioServerTransport } = await sdk("server/stdio.js");
const { StreamableHTTPServerTransport } = await sdk("server/streamableHttp.js");
const { CallToolRequestSchema, ListToolsRequestSchema } = await sdk("types.js");
type CallToolResult = Record<string, unknown>;

const PNG = Buffer.from("89504e470d0a1a0a", "hex").toString("base64");
const object = (properties: Record<string, object>, required: string[] = Object.keys(properties)) => ({ type: "object" as const, properties, required });

export const TOOLS = [
  { name: "echo", title: "Echo", description: "Return the text unchanged.", inputSchema: object({ text: { type: "string" } }), annotations: { readOnlyHint: true, idempotentHint: true } },
  {
    name: "weather",
    description: "Structured weather for a city.",
    inputSchema: object({ city: { type: "string" } }),
    outputSchema: object({ city: { type: "string" }, celsius: { type: "number" } }),
  },
  { name: "picture", description: "A tiny PNG header.", inputSchema: object({}) },
  { name: "fail", description: "Always fails with the reason.", inputSchema: object({ reason: { type: "string" } }) },
  { name: "sleep", description: "Answer after a while.", inputSchema: object({ seconds: { type: "number" } }) },
  { name: "die", description: "Exit the process in the middle of the call.", inputSchema: object({}) },
  { name: "headers", description: "The request headers this call came with.", inputSchema: object({}) },
  { name: "big", description: "A text of the given size.", inputSchema: object({ bytes: { type: "number" } }) },
  { name: "rpc", description: "Answers with a JSON-RPC error.", inputSchema: object({}) },
];

function answer(name: string, args: Record<string, unknown>, headers: IncomingMessage["headers"] | undefined): Promise<CallToolResult> | CallToolResult {
  switch (name) {
    case "echo":
      return { content: [{ type: "text", text: String(args.text) }] };
    case "weather": {
      const value = { city: String(args.city), celsius: 21.5 };
      return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
    }
    case "picture":
      return { content: [{ type: "image", data: PNG, mimeType: "image/png" }] };
    case "fail":
      return { content: [{ type: "text", text: `Error executing tool fail: ${String(args.reason)}` }], isError: true };
    case "sleep":
      return new Promise((resolve) => setTimeout(() => resolve({ content: [{ type: "text", text: "awake" }] }), Number(args.seconds) * 1000));
    case "die":
      process.exit(3);
    // falls through (never reached)
    case "headers":
      return { content: [{ type: "text", text: JSON.stringify(headers ?? {}) }] };
    case "big":
      return { content: [{ type: "text", text: "x".repeat(Number(args.bytes)) }] };
    case "rpc":
      throw Object.assign(new Error("refused on purpose"), { code: -32099 });
    default:
      return { content: [{ type: "text", text: `unknown tool ${name}` }], isError: true };
  }
}

function server(headers?: IncomingMessage["headers"]): Any {
  const mcp = new Server({ name: "wirechat-test", version: "1.0.0" }, { capabilities: { tools: {} } });
  mcp.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS }));
  mcp.setRequestHandler(CallToolRequestSchema, (request: Any) => answer(request.params.name, request.params.arguments ?? {}, headers));
  return mcp;
}

/** The server over streamable HTTP on 127.0.0.1 (stateless: a server and transport per request), at `url`. */
export async function startHttpServer(): Promise<{ url: string; server: HttpServer; close(): Promise<void> }> {
  const http = createServer((request, response) => {
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const mcp = server(request.headers);
    response.on("close", () => void transport.close().then(() => mcp.close()));
    void mcp.connect(transport).then(() => transport.handleRequest(request, response));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const port = (http.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    server: http,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv[2] === "stdio") {
  await server().connect(new StdioServerTransport());
}
