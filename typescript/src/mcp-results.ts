/**
 * MCP `CallToolResult` and the JSON-RPC response that carries it <-> wirechat `ToolResult` (spec section
 * 13), as Python's `wirechat.mcp` and Go's `mcp_results.go` do; the tool mappings are in `mcp.ts`.
 */

import {
  McpMappingError,
  field,
  has,
  isObj,
  kind,
  obj,
  ordered,
  pick,
  token,
  type Json,
  type Mapped,
  type MappingWarning,
  type Obj,
} from "./mcp.js";
import { decodeUtf8 } from "./utf8.js";

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const MEDIA_TYPE = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/[A-Za-z0-9*][A-Za-z0-9!#$&^_.+*-]*/;
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const KEEP_ON_BLOCK = ["annotations", "_meta"];
const KEEP_ON_LINK = ["title", "description", "size", "icons", "annotations", "_meta"];

function unknown(block: Obj, known: string[], pointer: string, warnings: MappingWarning[]): void {
  for (const key of Object.keys(block))
    if (!known.includes(key))
      warnings.push({
        pointer: `${pointer}/${token(key)}`,
        message: "not an MCP member wirechat knows; dropped",
      });
}

function withMeta(part: Obj, kept: Obj): Obj {
  if (Object.keys(kept).length > 0) part.provider_metadata = { mcp: kept };
  return part;
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Standard base64 with padding of the UTF-8 bytes of `text` (no lone surrogates: wirechat text has none). */
function utf8ToBase64(text: string): string {
  const bytes: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) bytes.push(c);
    else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    out += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63]! : "=";
    out += i + 2 < bytes.length ? ALPHABET[n & 63]! : "=";
  }
  return out;
}

/** The text whose UTF-8 bytes `data` (standard base64) holds; ill-formed UTF-8 throws. */
function base64ToUtf8(data: string, pointer: string): string {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of data.replace(/=+$/, "")) {
    value = (value << 6) | ALPHABET.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >> bits) & 0xff);
    }
  }
  try {
    return decodeUtf8(Uint8Array.from(bytes));
  } catch {
    throw new McpMappingError(pointer, "the resource was text, but these bytes are not UTF-8");
  }
}

function blockToPart(input: Json, pointer: string, warnings: MappingWarning[]): Obj {
  const block = obj(input, pointer);
  const type = block.type;
  let kept = pick(block, KEEP_ON_BLOCK);
  if (type === "text") {
    unknown(block, ["type", "text", ...KEEP_ON_BLOCK], pointer, warnings);
    return withMeta({ type: "text", text: field(block, "text", pointer) }, kept);
  }
  if (type === "image" || type === "audio") {
    unknown(block, ["type", "data", "mimeType", ...KEEP_ON_BLOCK], pointer, warnings);
    const media = {
      source: "base64",
      base64: field(block, "data", pointer, BASE64),
      media_type: field(block, "mimeType", pointer, MEDIA_TYPE),
    };
    return withMeta({ type, [type]: media }, kept);
  }
  if (type === "resource_link") {
    unknown(block, ["type", "uri", "name", "mimeType", ...KEEP_ON_LINK], pointer, warnings);
    kept = pick(block, KEEP_ON_LINK);
    const ref: Obj = { source: "uri", uri: field(block, "uri", pointer, URI) };
    const name = field(block, "name", pointer);
    if (name) ref.name = name;
    else kept.name = name;
    if (has(block, "mimeType")) ref.media_type = field(block, "mimeType", pointer, MEDIA_TYPE);
    return withMeta({ type: "file", file: ref }, kept);
  }
  if (type === "resource") {
    unknown(block, ["type", "resource", ...KEEP_ON_BLOCK], pointer, warnings);
    const inner = `${pointer}/resource`;
    const res = obj(block.resource, inner);
    unknown(res, ["uri", "mimeType", "text", "blob", "_meta"], inner, warnings);
    if (has(res, "text") === has(res, "blob"))
      throw new McpMappingError(inner, "an embedded resource has exactly one of text and blob");
    const meta = pick(res, ["uri", "mimeType", "_meta"]);
    field(res, "uri", inner);
    let data: string;
    let fallback: string;
    if (has(res, "text")) {
      data = utf8ToBase64(field(res, "text", inner));
      meta.text = true;
      fallback = "text/plain";
    } else {
      data = field(res, "blob", inner, BASE64);
      fallback = "application/octet-stream";
    }
    const mediaType = has(res, "mimeType") ? field(res, "mimeType", inner, MEDIA_TYPE) : fallback;
    kept.resource = meta;
    return withMeta(
      {
        type: "file",
        file: { source: "base64", base64: data, media_type: mediaType },
      },
      kept,
    );
  }
  throw new McpMappingError(`${pointer}/type`, `not an MCP content block type (got ${JSON.stringify(type)})`);
}

/** MCP `CallToolResult` -> `ToolResult` answering `toolCallId`. */
export function callResultToToolResult(input: Json, toolCallId: string): Mapped<Obj> {
  const result = obj(input, "");
  const warnings: MappingWarning[] = [];
  if (!Array.isArray(result.content)) throw new McpMappingError("/content", "a CallToolResult needs a content array");
  const parts = (result.content as Json[]).map((b, i) => blockToPart(b, `/content/${i}`, warnings));
  const out: Obj = {
    tool_call_id: toolCallId,
    content: parts
      .filter((p) => p.type === "text")
      .map((p) => p.text as string)
      .join("\n"),
  };
  for (const [key, value] of Object.entries(result)) {
    if (key === "structuredContent")
      parts.push({
        type: "data",
        data: { value: obj(value, "/structuredContent") },
      });
    else if (key === "isError") {
      if (typeof value !== "boolean") throw new McpMappingError("/isError", `must be a boolean (got ${kind(value)})`);
      if (value) out.is_error = true;
    } else if (key !== "content")
      warnings.push({
        pointer: "/" + token(key),
        message: "ToolResult has no field for it; dropped",
      });
  }
  const plainText = parts.length === 1 && parts[0]!.type === "text" && !has(parts[0]!, "provider_metadata");
  if (!plainText) out.parts = parts;
  return ordered(out, warnings);
}

function partToBlock(part: Obj, pointer: string, warnings: MappingWarning[]): Obj {
  const metadata: Obj = part.provider_metadata ?? {};
  for (const provider of Object.keys(metadata))
    if (provider !== "mcp")
      warnings.push({
        pointer: `${pointer}/provider_metadata/${token(provider)}`,
        message: "MCP has no place for it; dropped",
      });
  const kept: Obj = { ...(metadata.mcp ?? {}) };
  const type = part.type as string;
  if (type === "text") return { type: "text", text: part.text, ...pick(kept, KEEP_ON_BLOCK) };
  if (type === "image" || type === "audio") {
    const media = part[type];
    if (media.source !== "base64")
      throw new McpMappingError(`${pointer}/${type}/source`, "MCP images and audio are inline base64, not URLs");
    return {
      type,
      data: media.base64,
      mimeType: media.media_type,
      ...pick(kept, KEEP_ON_BLOCK),
    };
  }
  if (type !== "file") throw new McpMappingError(`${pointer}/type`, `MCP has no content block for a ${type} part`);
  const ref = part.file;
  if (ref.source === "uri") {
    const block: Obj = { type: "resource_link", uri: ref.uri };
    if (has(ref, "name")) block.name = ref.name;
    else if (has(kept, "name")) block.name = kept.name;
    else {
      block.name = ref.uri;
      warnings.push({
        pointer: `${pointer}/file`,
        message: "an MCP resource link needs a name; the uri stands in",
      });
    }
    if (has(ref, "media_type")) block.mimeType = ref.media_type;
    return { ...block, ...pick(kept, KEEP_ON_LINK) };
  }
  if (ref.source === "base64" && isObj(kept.resource)) {
    const meta = kept.resource;
    const resource = pick(meta, ["uri", "mimeType", "_meta"]);
    if (meta.text === true) resource.text = base64ToUtf8(ref.base64, `${pointer}/file/base64`);
    else resource.blob = ref.base64;
    if (has(ref, "name"))
      warnings.push({
        pointer: `${pointer}/file/name`,
        message: "an embedded MCP resource has no name; dropped",
      });
    return { type: "resource", resource, ...pick(kept, KEEP_ON_BLOCK) };
  }
  if (ref.source === "base64")
    throw new McpMappingError(`${pointer}/file`, "an embedded MCP resource needs a uri, and this file has none");
  throw new McpMappingError(`${pointer}/file/source`, "MCP cannot reference a provider's file id");
}

/** A valid `ToolResult` -> MCP `CallToolResult`. */
export function toolResultToCallResult(toolResult: Obj): Mapped<Obj> {
  const warnings: MappingWarning[] = [];
  const out: Obj = {};
  if (!has(toolResult, "parts")) out.content = [{ type: "text", text: toolResult.content }];
  else {
    const blocks: Obj[] = [];
    (toolResult.parts as Obj[]).forEach((part, i) => {
      const pointer = `/parts/${i}`;
      if (part.type !== "data") {
        blocks.push(partToBlock(part, pointer, warnings));
        return;
      }
      if (has(out, "structuredContent"))
        throw new McpMappingError(pointer, "MCP carries one structuredContent; this is a second data part");
      if (!isObj(part.data.value))
        throw new McpMappingError(`${pointer}/data/value`, "MCP structuredContent is a JSON object");
      for (const key of Object.keys(part.data))
        if (key !== "value")
          warnings.push({
            pointer: `${pointer}/data/${key}`,
            message: "structuredContent has no media type; dropped",
          });
      out.structuredContent = part.data.value;
    });
    out.content = blocks;
    const text = blocks
      .filter((b) => b.type === "text")
      .map((b) => b.text as string)
      .join("\n");
    if (toolResult.content !== text)
      warnings.push({
        pointer: "/content",
        message: "MCP has no text form beside its blocks; dropped",
      });
  }
  if (toolResult.is_error === true) out.isError = true;
  return ordered(out, warnings);
}

/** A JSON-RPC 2.0 response to `tools/call` (LibrAgent's `ToolCallResult`) -> `ToolResult`. */
export function jsonrpcToToolResult(input: Json, toolCallId: string): Mapped<Obj> {
  const envelope = obj(input, "");
  if (envelope.jsonrpc !== "2.0")
    throw new McpMappingError("/jsonrpc", `must be "2.0" (got ${JSON.stringify(envelope.jsonrpc)})`);
  const id = envelope.id;
  // an integer is a whole number (1.0 is 1, as MCP's JSON Schema counts it) within ±(2^53-1) (spec section 13)
  if (!(typeof id === "string" || (typeof id === "number" && Number.isSafeInteger(id))))
    throw new McpMappingError("/id", "a JSON-RPC response id is a string or an integer");
  if (has(envelope, "result") === has(envelope, "error"))
    throw new McpMappingError("", "a JSON-RPC response has exactly one of result and error");
  const warnings: MappingWarning[] = Object.keys(envelope)
    .filter((k) => !["jsonrpc", "id", "result", "error"].includes(k))
    .map((k) => ({
      pointer: "/" + token(k),
      message: "not a JSON-RPC response member; dropped",
    }));
  if (has(envelope, "result")) {
    let mapped: Mapped<Obj>;
    try {
      mapped = callResultToToolResult(envelope.result, toolCallId);
    } catch (error) {
      if (error instanceof McpMappingError) throw new McpMappingError("/result" + error.pointer, error.reason);
      throw error;
    }
    const more = mapped.warnings.map((w) => ({
      pointer: "/result" + w.pointer,
      message: w.message,
    }));
    return ordered(mapped.value, [...warnings, ...more]);
  }
  const rpcError = obj(envelope.error, "/error");
  if (typeof rpcError.code !== "number" || !Number.isSafeInteger(rpcError.code))
    throw new McpMappingError("/error/code", "a JSON-RPC error code is an integer");
  const text = `JSON-RPC error ${rpcError.code}: ${field(rpcError, "message", "/error")}`;
  const part = {
    type: "text",
    text,
    provider_metadata: { mcp: { jsonrpc_error: rpcError } },
  };
  return ordered({ tool_call_id: toolCallId, content: text, is_error: true, parts: [part] }, warnings);
}

/** `ToolResult` -> the JSON-RPC response answering request `requestId` (an error response when it came from one). */
export function toolResultToJsonrpc(toolResult: Obj, requestId: string | number): Mapped<Obj> {
  for (const part of (toolResult.parts ?? []) as Obj[]) {
    const error = part.provider_metadata?.mcp?.jsonrpc_error;
    if (error !== undefined) return { value: { jsonrpc: "2.0", id: requestId, error }, warnings: [] };
  }
  const mapped = toolResultToCallResult(toolResult);
  return {
    value: { jsonrpc: "2.0", id: requestId, result: mapped.value },
    warnings: mapped.warnings,
  };
}
