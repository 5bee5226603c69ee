/**
 * Messages and parts between the go-model JSON and canonical wirechat JSON, both ways (Python's
 * `go_model/parts.py`).
 *
 * `messageToWirechat` reads one go-model Message (as parsed JSON) into a canonical message document; what
 * wirechat cannot say throws `ProviderShapeError` naming the go-model pointer. `messageFromWirechat` writes a
 * canonical message the way Go's `encoding/json` writes the seed's structs (`omitempty` members left out when
 * empty), degrading or refusing through the manifest.
 */

import type { Message, Part, ToolCall } from "../../generated/types.js";
import { ProviderShapeError } from "../shared/contract.js";
import { reasoningFeature, truthy, type Conversion } from "../shared/conversion.js";
import { assertNever, expectMembers, PART_MEMBERS, PART_TYPES, PROVIDER, readObject, readString, ROLES } from "./shapes.js";

type Json = Record<string, unknown>;

// ---------------------------------------------------------------- go-model -> wirechat

/** The canonical message document for a go-model Message (`"parts": null`, Go's nil slice, is []). */
export function messageToWirechat(value: unknown, where = ""): Json {
  const obj = readObject(value, where);
  expectMembers(obj, ["role", "parts"], where, "Message");
  const role = readString(obj, "role", where, true)!;
  if (!ROLES.includes(role)) throw new ProviderShapeError(`${where}/role`, `${JSON.stringify(role)} is not a role (${ROLES.join(", ")})`);
  const parts = obj["parts"] ?? [];
  if (!Array.isArray(parts)) throw new ProviderShapeError(`${where}/parts`, "expected an array or null");
  return { role, parts: parts.map((part, i) => partToWirechat(part, `${where}/parts/${i}`)) };
}

function partToWirechat(value: unknown, where: string): Json {
  const obj = readObject(value, where);
  expectMembers(obj, PART_MEMBERS, where, "Part");
  const kind = readString(obj, "type", where, true)!;
  if (!PART_TYPES.includes(kind)) throw new ProviderShapeError(`${where}/type`, `${JSON.stringify(kind)} is not a part type (${PART_TYPES.join(", ")})`);
  for (const other of PART_TYPES) {
    if (other !== kind && Object.hasOwn(obj, other)) throw new ProviderShapeError(`${where}/${other}`, `a ${JSON.stringify(kind)} part carries a ${JSON.stringify(other)} payload; a wirechat part holds one`);
  }
  if (kind === "text") return { type: "text", text: readString(obj, "text", where) ?? "" };
  if (obj[kind] === undefined || obj[kind] === null) throw new ProviderShapeError(`${where}/${kind}`, `a ${JSON.stringify(kind)} part needs its ${JSON.stringify(kind)} payload`);
  const at = `${where}/${kind}`;
  const payload = readObject(obj[kind], at);
  if (kind === "image" || kind === "audio") return { type: kind, [kind]: mediaToWirechat(payload, at) };
  if (kind === "file") {
    expectMembers(payload, ["uri", "mime_type", "name"], at, "FileRef");
    const out: Json = { source: "uri", uri: readString(payload, "uri", at, true) };
    copyNonEmpty(payload, "mime_type", out, "media_type", at);
    copyNonEmpty(payload, "name", out, "name", at);
    return { type: "file", file: out };
  }
  if (kind === "data") {
    expectMembers(payload, ["mime_type", "value"], at, "DataRef");
    const dataValue = payload["value"] ?? null;
    if (dataValue !== null && (typeof dataValue !== "object" || Array.isArray(dataValue))) {
      throw new ProviderShapeError(`${at}/value`, "a DataRef value is an object or null (Go map[string]any)");
    }
    const data: Json = { value: dataValue };
    copyNonEmpty(payload, "mime_type", data, "media_type", at);
    return { type: "data", data };
  }
  if (kind === "tool_call") return { type: "tool_call", tool_call: toolCallToWirechat(payload, at) };
  expectMembers(payload, ["tool_call_id", "content", "is_error"], at, "ToolResult");
  const result: Json = { tool_call_id: readString(payload, "tool_call_id", at, true), content: readString(payload, "content", at, true) };
  const isError = payload["is_error"] ?? false;
  if (typeof isError !== "boolean") throw new ProviderShapeError(`${at}/is_error`, "expected a boolean");
  if (isError) result["is_error"] = true;
  return { type: "tool_result", tool_result: result };
}

/** The canonical tool call for a go-model ToolCall (`id`, `name`, `arguments`, byte for byte). */
export function toolCallToWirechat(payload: Json, at: string): { id: string; name: string; arguments: string } {
  expectMembers(payload, ["id", "name", "arguments"], at, "ToolCall");
  return { id: readString(payload, "id", at, true)!, name: readString(payload, "name", at, true)!, arguments: readString(payload, "arguments", at, true)! };
}

function mediaToWirechat(payload: Json, at: string): Json {
  expectMembers(payload, ["url", "base64", "media_type"], at, "MediaRef");
  // Presence decides, as Go's omitempty writes a member only when it is not empty.
  const url = readString(payload, "url", at);
  const data = readString(payload, "base64", at);
  const mediaType = readString(payload, "media_type", at);
  if (url !== undefined && data !== undefined) throw new ProviderShapeError(at, "both url and base64 are set; a wirechat MediaRef has exactly one source");
  if (url === undefined && data === undefined) throw new ProviderShapeError(at, "neither url nor base64 is set; a wirechat MediaRef needs one source");
  if (url !== undefined) return mediaType !== undefined ? { source: "url", url, media_type: mediaType } : { source: "url", url };
  if (mediaType === undefined) throw new ProviderShapeError(`${at}/media_type`, "inline (base64) media needs a media type in wirechat");
  return { source: "base64", base64: data, media_type: mediaType };
}

function copyNonEmpty(source: Json, key: string, target: Json, asKey: string, at: string): void {
  const value = readString(source, key, at);
  if (value) target[asKey] = value;
}

// ---------------------------------------------------------------- wirechat -> go-model

/** The go-model Message for a canonical message. */
export function messageFromWirechat(message: Message, where: string, conv: Conversion): Json {
  for (const member of ["name", "id", "provider_metadata"] as const) {
    if (message[member] === undefined) continue;
    conv.degrade(member === "name" && message.role === "tool" ? "message.name_tool" : `message.${member}`, `${where}/${member}`);
  }
  const parts: Json[] = [];
  message.parts.forEach((part, index) => {
    const converted = partFromWirechat(part, `${where}/parts/${index}`, conv);
    if (converted !== undefined) parts.push(converted);
  });
  return { role: message.role, parts };
}

/** The go-model Part for a canonical part; undefined when it is dropped (reasoning, provider-run parts). */
export function partFromWirechat(part: Part, where: string, conv: Conversion): Json | undefined {
  if (truthy(part.provider_metadata)) conv.degrade("part.provider_metadata", `${where}/provider_metadata`);
  switch (part.type) {
    case "reasoning":
      conv.degrade(reasoningFeature(part, PROVIDER), where);
      return undefined;
    case "text":
      (part.citations ?? []).forEach((citation, i) => {
        const own = citation.issuer === PROVIDER && citation.block !== undefined;
        conv.degrade(own ? "citations.own" : "citations.foreign", `${where}/citations/${i}`);
      });
      return part.text ? { type: "text", text: part.text } : { type: "text" };
    case "provider_tool_call":
      conv.degrade(part.provider_tool_call.issuer === PROVIDER ? "provider_tool.own" : "provider_tool.foreign", `${where}/provider_tool_call`);
      return undefined;
    case "provider_tool_result":
      conv.degrade(part.provider_tool_result.issuer === PROVIDER ? "provider_tool.own" : "provider_tool.foreign", `${where}/provider_tool_result`);
      return undefined;
    case "image":
    case "audio": {
      const source = part.type === "image" ? part.image : part.audio;
      const media: Json = source.source === "url" ? { url: source.url } : { base64: source.base64 };
      if (source.media_type !== undefined) media["media_type"] = source.media_type;
      return { type: part.type, [part.type]: media };
    }
    case "file": {
      const source = part.file;
      const at = `${where}/file`;
      if (source.source === "base64") throw conv.refuse("file.base64", at);
      if (source.source === "file_id") throw conv.refuse(source.issuer === PROVIDER ? "file.file_id" : "file.file_id_foreign", at);
      const file: Json = { uri: source.uri };
      if (source.media_type !== undefined) file["mime_type"] = source.media_type;
      if (source.name !== undefined) file["name"] = source.name;
      return { type: "file", file };
    }
    case "data": {
      const value = part.data.value;
      if (value !== null && (typeof value !== "object" || Array.isArray(value))) throw conv.refuse("data.not_object", `${where}/data/value`);
      return { type: "data", data: part.data.media_type !== undefined ? { mime_type: part.data.media_type, value } : { value } };
    }
    case "tool_call":
      return { type: "tool_call", tool_call: { ...(part.tool_call as ToolCall) } };
    case "tool_result": {
      const payload = part.tool_result;
      const at = `${where}/tool_result`;
      const result: Json = { tool_call_id: payload.tool_call_id, content: payload.content };
      if (payload.is_error === true) result["is_error"] = true;
      else if (payload.is_error !== undefined) conv.degrade("zero_values", `${at}/is_error`);
      if (payload.parts !== undefined) conv.degrade("tool_result.parts", `${at}/parts`);
      return { type: "tool_result", tool_result: result };
    }
    default:
      return assertNever(part);
  }
}
