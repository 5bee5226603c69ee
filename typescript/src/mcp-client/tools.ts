/**
 * Tools from MCP servers for the tool loop (Python's `wirechat.tools.mcp_tools`): each server tool becomes a
 * loop `Tool` whose call goes to the server with the model's call id, and whose `ToolResult` (text, rich
 * parts, `is_error`) the model receives as it is. The server checks the arguments against its own schema;
 * a failure comes back as an error result.
 */

import type { JsonObject, ToolResult } from "../generated/types.js";
import type { Tool } from "../loop/tool.js";
import { buildArguments } from "../tool-arguments.js";
import type { McpClient } from "./client.js";
import type { McpServers } from "./servers.js";

/** The tools of a started `McpClient` or `McpServers`, ready for `loop.run` / `loop.stream` / `loop.resume`. */
export async function mcpTools(target: McpClient | McpServers): Promise<Tool<JsonObject>[]> {
  const definitions = await target.listTools();
  return definitions.map((definition) => ({
    definition,
    validate: (args: JsonObject) => args,
    execute: (args: JsonObject, context): Promise<ToolResult> =>
      target.callResult({ id: context.callId, name: definition.name, arguments: buildArguments(args) }),
  }));
}
