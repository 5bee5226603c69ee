/**
 * Reading `McpServerConfig` documents (the same documents Python's `wirechat.mcp.load_configs` reads) and
 * resolving the secrets they name.
 *
 * A config names secrets, never holds them: `secret_env` lists environment variables passed on to a stdio
 * server, `secret_headers` maps a header to the variable that holds its value. They are read from the
 * client's environment when connecting, and only those the program allows (`allowSecrets`; none by default):
 * a config is data that can come from anywhere, and `secret_headers: {"x-a": "OPENAI_API_KEY"}` would
 * otherwise send any variable to any URL (issue 27, decision 033).
 */

import { decode } from "../codec.js";
import type { McpHttpServer, McpServerConfig, McpStdioServer } from "../generated/types.js";
import { decodeUtf8 } from "../utf8.js";
import { McpConfigError, McpSecretNotAllowedError } from "./errors.js";

export type Environment = Readonly<Record<string, string | undefined>>;

/** The process's environment where there is one (Node, Deno, Bun), else an empty one. */
export function processEnvironment(): Environment {
  return (globalThis as { process?: { env?: Environment } }).process?.env ?? {};
}

function text(input: string | Uint8Array): string {
  return typeof input === "string" ? input : decodeUtf8(input);
}

/**
 * The configs a file holds (pass its content): one `McpServerConfig` or a JSON array of them, each decoded
 * and checked (a bad one throws `WireError` with its pointers); names must be unique (`McpConfigError`).
 */
export function loadConfigs(content: string | Uint8Array): McpServerConfig[] {
  const source = text(content);
  let configs: McpServerConfig[];
  if (source.trimStart().startsWith("[")) {
    const items: unknown = JSON.parse(source);
    if (!Array.isArray(items)) throw new McpConfigError("(list)", "a config list must be a JSON array");
    configs = items.map((item) => decode(JSON.stringify(item), "McpServerConfig"));
  } else {
    configs = [decode(source, "McpServerConfig")];
  }
  const seen = new Set<string>();
  for (const config of configs) {
    if (seen.has(config.name)) throw new McpConfigError(config.name, "two servers in one list have this name");
    seen.add(config.name);
  }
  return configs;
}

function lookup(server: string, variable: string, environ: Environment, allow: ReadonlySet<string>, where: string): string {
  if (!allow.has(variable)) throw new McpSecretNotAllowedError(server, variable, where);
  const value = environ[variable];
  if (value === undefined) throw new McpConfigError(server, `the secret's environment variable ${variable} is not set`);
  return value;
}

/** The environment for a stdio server: `env` plus each `secret_env` variable's value (each must be allowed). */
export function resolveEnv(config: McpStdioServer, environ: Environment, allow: ReadonlySet<string>): Record<string, string> {
  const env: Record<string, string> = { ...config.env };
  for (const variable of config.secret_env ?? []) env[variable] = lookup(config.name, variable, environ, allow, "secret_env");
  return env;
}

/** The headers for an HTTP server: `headers` plus each `secret_headers` value read from its variable (each must be allowed). */
export function resolveHeaders(config: McpHttpServer, environ: Environment, allow: ReadonlySet<string>): Record<string, string> {
  const headers: Record<string, string> = { ...config.headers };
  for (const [header, variable] of Object.entries(config.secret_headers ?? {})) {
    headers[header] = lookup(config.name, variable, environ, allow, `secret_headers['${header}']`);
  }
  return headers;
}
