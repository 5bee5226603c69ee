/**
 * Several MCP servers as one tool set (Python's `wirechat.mcp.McpServers`).
 *
 * A tool name that more than one server offers is prefixed with the server's config name and two
 * underscores (`github__search` and `jira__search`); a name only one server offers stays as it is, so adding
 * a server renames only the tools it collides with. `call` routes a `ToolCall` by the name `listTools` gave
 * and calls the server with the tool's own name; the call's id is kept.
 */

import type { McpServerConfig, Message, ToolCall, ToolDefinition, ToolResult } from "../generated/types.js";
import { McpClient, type McpClientOptions } from "./client.js";
import { McpConfigError, McpError, McpMalformedResultError } from "./errors.js";

export const SEPARATOR = "__";

/** Connections to several servers (unique config names), their tools merged under unique names. The options apply to each server. */
export class McpServers {
  readonly clients = new Map<string, McpClient>();
  private routes = new Map<string, [McpClient, string]>();

  constructor(configs: Iterable<McpServerConfig>, options: McpClientOptions = {}) {
    for (const config of configs) {
      if (this.clients.has(config.name)) throw new McpConfigError(config.name, "two servers in one list have this name");
      this.clients.set(config.name, new McpClient(config, options));
    }
  }

  /** Connect to every server at once; the first failure is thrown after the others are closed. */
  async start(): Promise<this> {
    const results = await Promise.allSettled([...this.clients.values()].map((client) => client.start()));
    const failed = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
    if (failed !== undefined) {
      await this.close();
      throw failed.reason;
    }
    return this;
  }

  async close(): Promise<void> {
    await Promise.all([...this.clients.values()].map((client) => client.close()));
  }

  /** Every server's tools, in config order, colliding names prefixed (see the module's text). */
  async listTools(): Promise<ToolDefinition[]> {
    const clients = [...this.clients.values()];
    const perServer = await Promise.all(clients.map((client) => client.listTools()));
    const count = new Map<string, number>();
    for (const tools of perServer) for (const tool of tools) count.set(tool.name, (count.get(tool.name) ?? 0) + 1);
    const routes = new Map<string, [McpClient, string]>();
    const merged: ToolDefinition[] = [];
    clients.forEach((client, index) => {
      for (const tool of perServer[index]!) {
        const name = count.get(tool.name) === 1 ? tool.name : `${client.name}${SEPARATOR}${tool.name}`;
        if ([...name].length > 128 || routes.has(name)) {
          throw new McpMalformedResultError(client.name, `tool '${tool.name}': its prefixed name '${name}' is too long or taken`);
        }
        routes.set(name, [client, tool.name]);
        merged.push({ ...tool, name });
      }
    });
    this.routes = routes;
    return merged;
  }

  private async route(toolCall: ToolCall): Promise<[McpClient, ToolCall]> {
    if (this.routes.size === 0) await this.listTools();
    const route = this.routes.get(toolCall.name);
    if (route === undefined) throw new McpError([...this.clients.keys()].join(","), `no server offers a tool named '${toolCall.name}'`);
    return [route[0], { ...toolCall, name: route[1] }];
  }

  /** Route the call to the server that offers the tool (by the name `listTools` gave); its `ToolResult`. */
  async callResult(toolCall: ToolCall): Promise<ToolResult> {
    const [client, call] = await this.route(toolCall);
    return client.callResult(call);
  }

  /** Like `callResult`, as a `tool` message. */
  async call(toolCall: ToolCall): Promise<Message> {
    const [client, call] = await this.route(toolCall);
    return client.call(call);
  }
}
