/**
 * What every adapter binds the same way from its generated tables (`src/tables/<name>.ts`, decision 028):
 * the endpoint of a kind of call, the auth headers and the flags that stream a request. Python's
 * `wirechat.adapters._binding.ModuleAdapter` does the same.
 */

import { ConversionRefused, type RequestKind } from "./contract.js";

/** The path of `kind`, or `ConversionRefused` naming the paths there are. */
export function endpointPathOf(paths: Readonly<Partial<Record<RequestKind, string>>>, kind: RequestKind): string {
  const path = paths[kind];
  if (path === undefined) throw new ConversionRefused("endpoint", `no endpoint for '${kind}'; known: ${Object.keys(paths).join(", ")}`);
  return path;
}

/** The headers of every request: `{api_key}` in each template replaced by the key. */
export function authHeadersOf(templates: Readonly<Record<string, string>>, apiKey: string): Record<string, string> {
  return Object.fromEntries(Object.entries(templates).map(([name, value]) => [name, value.replaceAll("{api_key}", apiKey)]));
}

/** A copy of `body` that asks for a stream: each member of `streamBody` set, an object member merged into the body's own. */
export function streamFlagsOf(streamBody: Readonly<Record<string, unknown>>, body: Record<string, unknown>): Record<string, unknown> {
  const flagged: Record<string, unknown> = { ...body };
  for (const [key, value] of Object.entries(streamBody)) {
    const own = flagged[key];
    flagged[key] = typeof value === "object" && value !== null && !Array.isArray(value)
      ? { ...(typeof own === "object" && own !== null ? (own as Record<string, unknown>) : {}), ...(value as Record<string, unknown>) }
      : value;
  }
  return flagged;
}
