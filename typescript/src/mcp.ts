/**
 * MCP <-> wirechat mappings (spec section 13), the same pure functions as Python's `wirechat.mcp` and
 * Go's `wirechat/mcp.go`, held to the shared vectors in `conformance/cases/mcp/mappings.json`.
 *
 * MCP values use MCP's member names (`inputSchema`, `isError`); wirechat values are as its schema
 * writes them. Every MCP member is carried, dropped with a warning naming its JSON pointer, or makes the
 * mapping throw `McpMappingError` with the pointer of the value at fault. This module holds the tool
 * mappings and the helpers; `mcp-results.ts` holds the result and JSON-RPC mappings.
 */

import { WirechatError } from "./errors.js";
import { comparePointers } from "./problem-order.js";

export type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
export type Obj = Record<string, Json>;

/** A value the mapping could not carry: where it was (a pointer into the input) and why. */
export interface MappingWarning {
  pointer: string;
  message: string;
}

/** The input cannot be mapped: `pointer` names the value, `reason` says why. */
export class McpMappingError extends WirechatError {
  constructor(
    readonly pointer: string,
    readonly reason: string,
  ) {
    super(`${pointer || "(root)"}: ${reason}`);
    this.name = "McpMappingError";
  }
}

/** Warnings in the order of their pointers (spec section 5.2), the same in every language. */
export function ordered<T>(value: T, warnings: MappingWarning[]): Mapped<T> {
  return {
    value,
    warnings: [...warnings].sort((a, b) => comparePointers(a.pointer, b.pointer)),
  };
}

export interface Mapped<T> {
  value: T;
  warnings: MappingWarning[];
}

const HINTS: Record<string, string> = {
  readOnlyHint: "read_only_hint",
  destructiveHint: "destructive_hint",
  idempotentHint: "idempotent_hint",
  openWorldHint: "open_world_hint",
};

export const token = (key: string): string => key.replace(/~/g, "~0").replace(/\//g, "~1");
export const kind = (v: Json): string => (v === null ? "NoneType" : Array.isArray(v) ? "list" : typeof v);
export const isObj = (v: Json): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
export const has = (o: Obj, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

export function obj(value: Json, pointer: string, what = "value"): Obj {
  if (!isObj(value)) throw new McpMappingError(pointer, `${what} must be a JSON object (got ${kind(value)})`);
  return value;
}

export function str(value: Json, pointer: string): string {
  if (typeof value !== "string") throw new McpMappingError(pointer, `must be a string (got ${kind(value)})`);
  return value;
}

export function field(block: Obj, key: string, pointer: string, check?: RegExp): string {
  if (!has(block, key)) throw new McpMappingError(`${pointer}/${key}`, "required member is missing");
  const value = str(block[key], `${pointer}/${key}`);
  if (check && !check.test(value)) throw new McpMappingError(`${pointer}/${key}`, `does not match ${check.source}`);
  return value;
}

export function pick(from: Obj, keys: string[]): Obj {
  const out: Obj = {};
  for (const k of keys) if (has(from, k)) out[k] = from[k];
  return out;
}

/** MCP `Tool` -> `ToolDefinition`. */
export function toolToDefinition(input: Json): Mapped<Obj> {
  const tool = obj(input, "", "an MCP Tool");
  const warnings: MappingWarning[] = [];
  if (!has(tool, "name")) throw new McpMappingError("/name", "an MCP Tool needs a name");
  const name = str(tool.name, "/name");
  const length = [...name].length;
  if (length < 1 || length > 128)
    throw new McpMappingError("/name", `a tool name is 1 to 128 characters (got ${length})`);
  if (!has(tool, "inputSchema")) throw new McpMappingError("/inputSchema", "an MCP Tool needs an inputSchema");
  const out: Obj = {
    name,
    input_schema: obj(tool.inputSchema, "/inputSchema", "inputSchema"),
  };
  const annotations: Obj = {};
  for (const [key, value] of Object.entries(tool)) {
    const pointer = "/" + token(key);
    if (key === "name" || key === "inputSchema") continue;
    if (key === "description") out.description = str(value, pointer);
    else if (key === "outputSchema") out.output_schema = obj(value, pointer, "outputSchema");
    else if (key === "title") annotations.title = str(value, pointer);
    else if (key === "annotations") {
      for (const [hint, v] of Object.entries(obj(value, pointer, "annotations"))) {
        const at = "/annotations/" + token(hint);
        if (has(HINTS, hint)) {
          if (typeof v !== "boolean") throw new McpMappingError(at, `must be a boolean (got ${kind(v)})`);
          annotations[HINTS[hint]!] = v;
        } else if (hint === "title") {
          const title = str(v, at);
          if (!has(tool, "title")) annotations.title = title;
          else if (tool.title !== title)
            warnings.push({
              pointer: at,
              message: "differs from the tool's title, which MCP shows first and is kept; dropped",
            });
        } else
          warnings.push({
            pointer: at,
            message: "ToolAnnotations has no field for it; dropped",
          });
      }
    } else
      warnings.push({
        pointer,
        message: "ToolDefinition has no field for it; dropped",
      });
  }
  if (Object.keys(annotations).length > 0) out.annotations = annotations;
  return ordered(out, warnings);
}

/** `ToolDefinition` -> MCP `Tool`; `annotations.title` becomes `title`, `strict` is dropped with a warning. */
export function definitionToTool(input: Json): Mapped<Obj> {
  const definition = obj(input, "", "a ToolDefinition");
  const warnings: MappingWarning[] = [];
  const tool: Obj = { name: str(definition.name, "/name") };
  if (!has(definition, "input_schema"))
    throw new McpMappingError("/input_schema", "a ToolDefinition needs an input_schema");
  for (const [key, value] of Object.entries(definition)) {
    if (key === "name") continue;
    if (key === "input_schema") tool.inputSchema = obj(value, "/input_schema", "input_schema");
    else if (key === "description") tool.description = str(value, "/description");
    else if (key === "output_schema") tool.outputSchema = obj(value, "/output_schema", "output_schema");
    else if (key === "annotations") {
      const hints: Obj = {};
      for (const [hint, v] of Object.entries(obj(value, "/annotations", "annotations"))) {
        const mcpKey = Object.keys(HINTS).find((m) => HINTS[m] === hint);
        if (hint === "title") tool.title = str(v, "/annotations/title");
        else if (mcpKey !== undefined) {
          if (typeof v !== "boolean")
            throw new McpMappingError(`/annotations/${hint}`, `must be a boolean (got ${kind(v)})`);
          hints[mcpKey] = v;
        } else throw new McpMappingError(`/annotations/${hint}`, "not a ToolAnnotations member");
      }
      if (Object.keys(hints).length > 0) tool.annotations = hints;
    } else if (key === "strict")
      warnings.push({
        pointer: "/strict",
        message: "MCP tools have no strict mode; dropped",
      });
    else throw new McpMappingError("/" + key, "not a ToolDefinition member");
  }
  return ordered(tool, warnings);
}
