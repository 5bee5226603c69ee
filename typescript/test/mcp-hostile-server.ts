/**
 * A hand-written MCP server over streamable HTTP on 127.0.0.1 that misbehaves on purpose (Python's
 * `tests/mcp/hostile_http_server.py`), by path: `/paging` offers a next page forever, `/slow` does so 200 ms
 * a page, `/bomb` answers `tools/list` with a small gzip body that inflates to `bombBytes`, `/brotli` with a
 * body in a coding the client did not ask for, `/malformed` with a result that is not MCP's. It counts the
 * `tools/list` requests it answered.
 */

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createGzip } from "node:zlib";

export interface Hostile {
  url: string;
  lists: number;
  close(): Promise<void>;
}

/** A gzip body of `bytes` zero bytes, made a MiB at a time (the test process never holds the inflated form). */
export async function gzipOfZeros(bytes: number): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const out: Buffer[] = [];
  gzip.on("data", (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => gzip.on("end", resolve));
  const mib = Buffer.alloc(1 << 20);
  for (let sent = 0; sent < bytes; sent += mib.length) {
    if (!gzip.write(mib)) await new Promise((resolve) => gzip.once("drain", resolve));
  }
  gzip.end();
  await done;
  return Buffer.concat(out);
}

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function json(response: ServerResponse, value: unknown): void {
  response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(value));
}

export async function startHostile(bomb: Buffer): Promise<Hostile> {
  const state = { lists: 0 };
  const http = createServer((request, response) => {
    void (async () => {
      if (request.method !== "POST") return void response.writeHead(405).end();
      const message = JSON.parse(await body(request)) as { id?: number; method: string; params?: { protocolVersion?: string; cursor?: string } };
      if (message.id === undefined) return void response.writeHead(202).end();
      const reply = (result: unknown) => json(response, { jsonrpc: "2.0", id: message.id, result });
      if (message.method === "initialize") {
        return reply({ protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "hostile", version: "0" } });
      }
      state.lists += 1;
      const page = Number(message.params?.cursor ?? "0");
      const tools = [{ name: `t${page}`, inputSchema: { type: "object" } }];
      switch (request.url) {
        case "/paging":
          return reply({ tools, nextCursor: String(page + 1) });
        case "/slow":
          return void setTimeout(() => reply({ tools, nextCursor: String(page + 1) }), 200);
        case "/bomb":
          return void response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" }).end(bomb);
        case "/brotli":
          return void response.writeHead(200, { "content-type": "application/json", "content-encoding": "br" }).end(Buffer.alloc(64));
        case "/malformed":
          return reply({ tools: "not a list" });
        default:
          return void response.writeHead(404).end();
      }
    })();
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const port = (http.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    get lists() {
      return state.lists;
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
