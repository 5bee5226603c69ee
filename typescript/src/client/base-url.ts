/**
 * Where a client sends its calls, as Python's `wirechat/_base_url.py` decides it: `baseUrl`, else the
 * provider SDK's own variable (`OPENAI_BASE_URL`, `ANTHROPIC_BASE_URL`), else the adapter's default; the
 * server root, with or without the version its endpoint paths begin with (`https://api.openai.com/v1` is
 * accepted: no call goes to `/v1/v1/...`). Decision 030.
 */

import type { Adapter } from "../adapters/shared/contract.js";

/** Adapter name -> the base-URL variable its provider's own SDK reads (sources in Python's table). */
export const BASE_URL_ENV: Readonly<Record<string, string>> = {
  "openai-chat": "OPENAI_BASE_URL",
  "openai-responses": "OPENAI_BASE_URL",
  anthropic: "ANTHROPIC_BASE_URL",
  gemini: "GOOGLE_GEMINI_BASE_URL",
  "openai-compatible:groq": "GROQ_BASE_URL",
};

/**
 * The prefix a provider SDK adds to its variable's value before its endpoint paths, where wirechat's profile
 * holds it in the base URL instead (groq-python's `GROQ_BASE_URL` is `https://api.groq.com`).
 */
export const BASE_URL_ENV_PREFIX: Readonly<Record<string, string>> = { "openai-compatible:groq": "/openai/v1" };

function env(name: string): string | undefined {
  const vars = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return vars?.[name]?.trim() || undefined;
}

/** The SDK variable's value for `adapter`, with the prefix that SDK would add (Python's `_from_env`). */
function fromEnv(adapter: string): string | undefined {
  const variable = Object.hasOwn(BASE_URL_ENV, adapter) ? BASE_URL_ENV[adapter] : undefined;
  const value = variable === undefined ? undefined : env(variable)?.replace(/\/+$/, "");
  if (value === undefined || value === "") return undefined;
  const prefix = Object.hasOwn(BASE_URL_ENV_PREFIX, adapter) ? BASE_URL_ENV_PREFIX[adapter]! : "";
  return !prefix || value.endsWith(prefix) ? value : value + prefix;
}

/** The base URL for `adapter`, without a trailing `/` or the version segment its paths begin with. */
export function resolveBaseUrl(adapter: Adapter, baseUrl: string | undefined): string {
  let chosen = (baseUrl || fromEnv(adapter.name) || adapter.defaultBaseUrl).replace(/\/+$/, "");
  let path = "";
  try {
    path = adapter.endpointPath("chat");
  } catch {
    return chosen;
  }
  const version = /^\/(v\d+[a-z0-9]*)\//.exec(path)?.[1];
  if (version !== undefined && chosen.endsWith(`/${version}`)) chosen = chosen.slice(0, -version.length - 1);
  return chosen;
}
