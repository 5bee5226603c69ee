/**
 * The errors an MCP connection throws (Python's `wirechat.mcp._errors`): one tree under `McpError`, itself a
 * `WirechatError`, each naming the server. Messages name the server, the tool and what went wrong; they
 * never carry a secret (a config holds only the NAMES of the variables that hold secrets).
 */

import { WirechatError } from "../errors.js";

/** Something went wrong talking to an MCP server; `server` is its config name. */
export class McpError extends WirechatError {
  constructor(
    readonly server: string,
    message: string,
  ) {
    super(`MCP server '${server}': ${message}`);
  }
}

/** The config cannot be used as it is (a secret's environment variable is not set, two servers of one name). */
export class McpConfigError extends McpError {}

/** The config names a transport this client has no implementation of (`websocket`). */
export class McpUnsupportedTransportError extends McpConfigError {}

/** The config names an environment variable (`secret_env`, `secret_headers`) the program did not allow. */
export class McpSecretNotAllowedError extends McpConfigError {
  constructor(
    server: string,
    readonly variable: string,
    where: string,
  ) {
    super(
      server,
      `${where} names the environment variable ${variable}, which this program does not allow to be sent: ` +
        `pass allowSecrets: ["${variable}"] to let this server have it`,
    );
  }
}

/** The server could not be started or reached, or did not complete `initialize`. */
export class McpConnectError extends McpError {}

/** The connection ended while a request was in flight (the process exited, the stream closed); the next request reconnects. */
export class McpServerDiedError extends McpError {}

/** A request got no answer within its timeout. The connection stays open for the next request. */
export class McpTimeoutError extends McpError {}

/** The server answered with a JSON-RPC error (`code`, `rpcMessage`, `data`). */
export class McpRpcError extends McpError {
  constructor(
    server: string,
    readonly code: number,
    readonly rpcMessage: string,
    readonly data: unknown = undefined,
  ) {
    super(server, `JSON-RPC error ${code}: ${rpcMessage}`);
  }
}

/** The server answered with something that is not a valid MCP result, or that wirechat cannot map. */
export class McpMalformedResultError extends McpError {}

/**
 * The server's answer passed a limit the client sets (`McpLimits`): `limit` names it (`pages`, `time`,
 * `bytes`, `content-encoding`) and `value` is the limit's value; `detail` is the message without the server.
 */
export class McpLimitError extends McpError {
  constructor(
    server: string,
    readonly limit: "pages" | "time" | "bytes" | "content-encoding",
    readonly value: number | string,
    readonly detail: string,
  ) {
    super(server, detail);
  }
}
