/**
 * The MCP client (`mcp.*`) against the same kinds of servers as Python's tests: the reference server
 * `@modelcontextprotocol/server-everything` over stdio (installed by `npm ci --prefix tests/mcp/npm`; the
 * test fails rather than skips under CI), a server written with the SDK (`mcp-server-app.ts`) over stdio and
 * over streamable HTTP on 127.0.0.1, and a hostile HTTP server (`mcp-hostile-server.ts`) for the limits.
 */

import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";

import type { McpServerConfig, ToolResult } from "../src/generated/types.js";
import { WirechatError, mcp } from "../src/index.js";
import { run } from "../src/loop/index.js";
import { toolResults } from "../src/messages.js";
import { gzipOfZeros, startHostile, type Hostile } from "./mcp-hostile-server.js";
import { startHttpServer } from "./mcp-server-app.js";
import { REQUEST, scriptedClient } from "./loop-support.js";
import { repoRoot } from "./support.js";

const EVERYTHING = join(repoRoot(), "tests", "mcp", "npm", "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js");
const everythingMissing = existsSync(EVERYTHING) ? false : "run `npm ci --prefix tests/mcp/npm` to test against server-everything";
if (everythingMissing && process.env.CI) throw new Error(`CI must test the MCP client against server-everything: ${everythingMissing}`);

const APP = fileURLToPath(new URL("./mcp-server-app.js", import.meta.url));
const appConfig = (fields: Partial<McpServerConfig> = {}): McpServerConfig => ({ transport: "stdio", name: "app", command: process.execPath, args: [APP, "stdio"], ...fields }) as McpServerConfig;
const everythingConfig: McpServerConfig = { transport: "stdio", name: "everything", command: process.execPath, args: [EVERYTHING, "stdio"] };

const call = (id: string, name: string, args: object = {}) => ({ id, name, arguments: JSON.stringify(args) });

async function rejects<E extends Error>(promise: Promise<unknown>, kind: new (...args: never[]) => E, match: RegExp): Promise<E> {
  let caught: unknown;
  await promise.then(
    () => assert.fail(`expected a ${kind.name}`),
    (error: unknown) => (caught = error),
  );
  assert.ok(caught instanceof kind, `expected a ${kind.name}, got ${String(caught)}`);
  assert.ok(caught instanceof mcp.McpError && caught instanceof WirechatError);
  assert.match((caught as Error).message, match);
  return caught as E;
}

describe("mcp: server-everything over stdio", { skip: everythingMissing }, () => {
  test("tools listed and mapped, each kind of result, a refused call as an error result", async () => {
    const warnings: string[] = [];
    const client = await mcp.connect(everythingConfig, { onWarning: (w) => warnings.push(w), stderr: "ignore" });
    try {
      const tools = new Map((await client.listTools()).map((t) => [t.name, t]));
      assert.ok(["echo", "get-sum", "get-tiny-image", "get-structured-content"].every((name) => tools.has(name)), [...tools.keys()].join());
      assert.equal(tools.get("get-tiny-image")!.annotations?.read_only_hint, true);
      assert.ok(tools.get("get-structured-content")!.output_schema);
      assert.ok(warnings.some((w) => /\/execution: ToolDefinition has no field for it/.test(w)), warnings.join("\n"));

      assert.equal((await client.callResult(call("c-echo", "echo", { message: "hi" }))).content, "Echo: hi");
      const image = await client.callResult(call("c-img", "get-tiny-image"));
      assert.equal(image.tool_call_id, "c-img");
      const png = image.parts?.find((p) => p.type === "image");
      assert.ok(png?.type === "image" && png.image.source === "base64" && png.image.media_type === "image/png" && png.image.base64.length > 100);
      const structured = await client.callResult(call("c-s", "get-structured-content", { location: "New York" }));
      const data = structured.parts?.filter((p) => p.type === "data") ?? [];
      assert.equal(data.length, 1);
      const links = await client.callResult(call("c-l", "get-resource-links", { count: 2 }));
      assert.equal(links.parts?.filter((p) => p.type === "file").length, 2);
      const refused = await client.callResult(call("c-sum", "get-sum", { a: "one", b: 2 }));
      assert.equal(refused.is_error, true);
      assert.ok(refused.content.length > 0);
    } finally {
      await client.close();
    }
  });
});

describe("mcp: an SDK-written server over stdio and streamable HTTP", () => {
  let http: Awaited<ReturnType<typeof startHttpServer>>;
  before(async () => (http = await startHttpServer()));
  after(async () => http.close());
  const web = (fields: Partial<McpServerConfig> = {}): McpServerConfig => ({ transport: "http", name: "web", url: http.url, ...fields }) as McpServerConfig;

  for (const transport of ["stdio", "http"] as const) {
    test(`${transport}: tools, results, an error result, a JSON-RPC error`, async () => {
      const client = await mcp.connect(transport === "stdio" ? appConfig() : web(), { onWarning: assert.fail });
      try {
        const tools = await client.listTools();
        const echo = tools.find((t) => t.name === "echo")!;
        assert.deepEqual(echo.annotations, { title: "Echo", read_only_hint: true, idempotent_hint: true });
        assert.deepEqual(await client.call(call("c1", "echo", { text: "hi" })), { role: "tool", parts: [{ type: "tool_result", tool_result: { tool_call_id: "c1", content: "hi" } }] });
        const weather = await client.callResult(call("c2", "weather", { city: "Paris" }));
        assert.deepEqual(weather.parts?.[1], { type: "data", data: { value: { city: "Paris", celsius: 21.5 } } });
        assert.equal((await client.callResult(call("c3", "fail", { reason: "no" }))).is_error, true);
        const rpc = await rejects(client.callResult(call("c4", "rpc")), mcp.McpRpcError, /MCP server 'web|app': JSON-RPC error -32099: refused on purpose/);
        assert.equal(rpc.code, -32099);
        await rejects(client.callResult(call("c5", "echo", ["not", "an", "object"])), mcp.McpMalformedResultError, /tool call c5: bad arguments/);
      } finally {
        await client.close();
      }
    });
  }

  for (const transport of ["stdio", "http"] as const) {
    test(`${transport}: a message past maxResponseBytes is a McpLimitError, and the next call reconnects`, async () => {
      const client = await mcp.connect(transport === "stdio" ? appConfig() : web(), { limits: { maxResponseBytes: 1 << 20 } });
      try {
        const error = await rejects(client.callResult(call("c1", "big", { bytes: 2 << 20 })), mcp.McpLimitError, new RegExp(`tools/call 'big': a ${transport === "stdio" ? "message" : "response body"} is larger than 1048576 bytes`));
        assert.equal(error.limit, "bytes");
        assert.equal((await client.callResult(call("c2", "big", { bytes: 1000 }))).content.length, 1000);
      } finally {
        await client.close();
      }
    });
  }

  test("a timeout leaves the connection usable", async () => {
    const client = await mcp.connect(appConfig({ call_timeout_ms: 300 }));
    try {
      await rejects(client.callResult(call("c1", "sleep", { seconds: 5 })), mcp.McpTimeoutError, /tools\/call 'sleep': no answer within 0.3 s/);
      assert.equal((await client.callResult(call("c2", "echo", { text: "still here" }))).content, "still here");
    } finally {
      await client.close();
    }
  });

  test("a server that dies in a call is a McpServerDiedError, and the next call starts it again", async () => {
    const client = await mcp.connect(appConfig());
    try {
      await rejects(client.callResult(call("c1", "die")), mcp.McpServerDiedError, /tools\/call 'die': the connection ended/);
      assert.equal((await client.callResult(call("c2", "echo", { text: "back" }))).content, "back");
    } finally {
      await client.close();
    }
  });

  test("a server that cannot start, or is not there, is a McpConnectError", async () => {
    await rejects(mcp.connect({ transport: "stdio", name: "gone", command: "/nonexistent/wirechat-mcp-server" }), mcp.McpConnectError, /'gone': could not connect: .*ENOENT/);
    await rejects(mcp.connect({ transport: "http", name: "closed", url: "http://127.0.0.1:9/mcp", connect_timeout_ms: 2000 }), mcp.McpConnectError, /'closed': could not connect/);
    assert.throws(() => new mcp.McpClient({ transport: "websocket", name: "ws", url: "ws://127.0.0.1:9" }), mcp.McpUnsupportedTransportError);
  });

  test("secrets: none leave without allowSecrets; an allowed header reaches the server", async () => {
    const environment = { WIRECHAT_TEST_TOKEN: "s3cret", OPENAI_API_KEY: "sk-no" };
    const leaky = web({ secret_headers: { "x-token": "WIRECHAT_TEST_TOKEN" } });
    const refused = await rejects(mcp.connect(leaky, { environment }), mcp.McpSecretNotAllowedError, /secret_headers\['x-token'\] names the environment variable WIRECHAT_TEST_TOKEN/);
    assert.equal(refused.variable, "WIRECHAT_TEST_TOKEN");
    assert.ok(refused instanceof mcp.McpConfigError);
    await rejects(mcp.connect(appConfig({ secret_env: ["OPENAI_API_KEY"] }), { environment }), mcp.McpSecretNotAllowedError, /secret_env names the environment variable OPENAI_API_KEY/);
    await rejects(mcp.connect(leaky, { environment: {}, allowSecrets: ["WIRECHAT_TEST_TOKEN"] }), mcp.McpConfigError, /WIRECHAT_TEST_TOKEN is not set/);
    const client = await mcp.connect(leaky, { environment, allowSecrets: ["WIRECHAT_TEST_TOKEN"] });
    try {
      const seen = JSON.parse((await client.callResult(call("c1", "headers"))).content) as Record<string, string>;
      assert.equal(seen["x-token"], "s3cret");
      assert.equal(seen["accept-encoding"], mcp.ACCEPT_ENCODING);
      assert.doesNotMatch(String(client), /s3cret/);
    } finally {
      await client.close();
    }
  });

  test("several servers from one config document: colliding names prefixed, calls routed, tools in the loop", async () => {
    const document = JSON.stringify([appConfig(), web()]);
    const configs = mcp.loadConfigs(document);
    assert.equal(configs.length, 2);
    assert.throws(() => mcp.loadConfigs(JSON.stringify([appConfig(), appConfig()])), /'app': two servers in one list have this name/);
    assert.throws(() => mcp.loadConfigs(JSON.stringify({ transport: "stdio", name: "x" })), /command/);
    const servers = await new mcp.McpServers(configs).start();
    try {
      const names = (await servers.listTools()).map((t) => t.name);
      assert.ok(names.includes("app__echo") && names.includes("web__echo") && !names.includes("echo"), names.join());
      assert.equal((await servers.callResult(call("c1", "web__echo", { text: "routed" }))).content, "routed");
      await rejects(servers.callResult(call("c2", "echo", { text: "x" })), mcp.McpError, /no server offers a tool named 'echo'/);

      const tools = await mcp.mcpTools(servers);
      const turns = [
        { role: "assistant" as const, parts: [{ type: "tool_call" as const, tool_call: call("call_1", "app__weather", { city: "Oslo" }) }, { type: "tool_call" as const, tool_call: call("call_2", "web__fail", { reason: "down" }) }] },
        { role: "assistant" as const, parts: [{ type: "text" as const, text: "done" }] },
      ];
      const result = await run(scriptedClient(turns), REQUEST, tools);
      const results: ToolResult[] = toolResults(result.messages.find((m) => m.role === "tool")!);
      assert.deepEqual(
        results.map((r) => [r.tool_call_id, r.status, r.is_error ?? false]),
        [
          ["call_1", "completed", false],
          ["call_2", "failed", true],
        ],
      );
      assert.match(results[0]!.content, /"city":"Oslo"/);
    } finally {
      await servers.close();
    }
  });
});

describe("mcp: limits against a hostile HTTP server (decision 033)", () => {
  let hostile: Hostile;
  const BOMB = 128 << 20;
  before(async () => (hostile = await startHostile(await gzipOfZeros(BOMB))));
  after(async () => hostile.close());
  const at = (path: string, fields: Partial<McpServerConfig> = {}): McpServerConfig => ({ transport: "http", name: "hostile", url: hostile.url + path, ...fields }) as McpServerConfig;

  test("a server paging forever ends at maxListPages", async () => {
    const client = await mcp.connect(at("/paging"), { limits: { maxListPages: 7 } });
    try {
      const before = hostile.lists;
      const error = await rejects(client.listTools(), mcp.McpLimitError, /a next page is still offered after 7 pages/);
      assert.deepEqual([error.limit, error.value, hostile.lists - before], ["pages", 7, 7]);
    } finally {
      await client.close();
    }
  });

  test("slow pages end at the listing's deadline", async () => {
    const client = await mcp.connect(at("/slow"), { limits: { listTimeoutMs: 700 } });
    try {
      const started = Date.now();
      const error = await rejects(client.listTools(), mcp.McpLimitError, /the pages took longer than 0.7 s in all/);
      assert.equal(error.limit, "time");
      assert.ok(Date.now() - started < 5000);
    } finally {
      await client.close();
    }
  });

  test("a gzip bomb stops at maxResponseBytes, with bounded memory", async () => {
    const client = await mcp.connect(at("/bomb"), { limits: { maxResponseBytes: 4 << 20 } });
    try {
      const rss = process.memoryUsage().rss;
      const error = await rejects(client.listTools(), mcp.McpLimitError, /tools\/list: a response body is larger than 4194304 bytes decompressed/);
      assert.deepEqual([error.limit, error.value], ["bytes", 4 << 20]);
      const grown = (process.memoryUsage().rss - rss) / 2 ** 20;
      assert.ok(grown < 64, `RSS grew ${grown.toFixed(0)} MiB reading a body capped at 4 MiB`);
    } finally {
      await client.close();
    }
  });

  test("a coding not asked for is refused; a result that is not MCP's is malformed", async () => {
    for (const [path, kind, match] of [
      ["/brotli", mcp.McpLimitError, /the response is encoded br; the client asked for gzip, deflate only/],
      ["/malformed", mcp.McpMalformedResultError, /tools\/list: not a valid MCP result/],
    ] as const) {
      const client = await mcp.connect(at(path));
      try {
        await rejects(client.listTools(), kind as new (...args: never[]) => mcp.McpError, match);
      } finally {
        await client.close();
      }
    }
  });

  test("limits that are not positive whole numbers are refused by name", () => {
    assert.throws(() => new mcp.McpClient(at("/paging"), { limits: { maxListPages: 0 } }), /McpLimits.maxListPages must be a whole number of at least 1 \(got 0\)/);
  });
});

describe("mcp: the protocol's own result members", () => {
  test("resultType complete and io.modelcontextprotocol/ _meta keys are dropped before mapping, the tool's own _meta kept", () => {
    const stamped = { content: [], resultType: "complete", _meta: { "io.modelcontextprotocol/serverInfo": { name: "s", version: "1" } } };
    assert.deepEqual(mcp.withoutProtocolMembers(stamped), { content: [] });
    const own = { content: [], resultType: "input_required", _meta: { "io.modelcontextprotocol/serverInfo": {}, trace: "t1" } };
    assert.deepEqual(mcp.withoutProtocolMembers(own), { content: [], resultType: "input_required", _meta: { trace: "t1" } });
  });
});
