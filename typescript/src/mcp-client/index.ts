/**
 * The MCP client (spec section 13; Python's `wirechat.mcp`) on the official SDK `@modelcontextprotocol/sdk`,
 * an optional peer dependency loaded on first connect: stdio and streamable HTTP, several servers from the
 * same `McpServerConfig` documents Python reads, errors under `McpError`, the limits of decision 033, and
 * the servers' tools for the tool loop.
 *
 *     const servers = await new mcp.McpServers(mcp.loadConfigs(readFileSync("mcp.json")), { allowSecrets: ["GITHUB_TOKEN"] }).start();
 *     const result = await loop.run(client, request, await mcp.mcpTools(servers));
 *     await servers.close();
 */

export { ACCEPT_ENCODING } from "./capped-fetch.js";
export { DEFAULT_CALL_TIMEOUT_MS, DEFAULT_CONNECT_TIMEOUT_MS, PROTOCOL_META_PREFIX, McpClient, connect, withoutProtocolMembers, type McpClientOptions } from "./client.js";
export { loadConfigs, resolveEnv, resolveHeaders, type Environment } from "./config.js";
export {
  McpConfigError,
  McpConnectError,
  McpError,
  McpLimitError,
  McpMalformedResultError,
  McpRpcError,
  McpSecretNotAllowedError,
  McpServerDiedError,
  McpTimeoutError,
  McpUnsupportedTransportError,
} from "./errors.js";
export { DEFAULT_MAX_LIST_PAGES, DEFAULT_MAX_RESPONSE_BYTES, type McpLimits } from "./limits.js";
export { SEPARATOR, McpServers } from "./servers.js";
export { mcpTools } from "./tools.js";
