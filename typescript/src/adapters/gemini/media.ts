/**
 * Gemini's media parts both ways, as Python's `gemini/media.py`: `inlineData` (base64 with its media type)
 * and `fileData` (a URI).
 *
 * `inlineData` is an image, audio or file part by its media type; its base64 reads in the standard alphabet
 * (the API also takes, and may send, the URL-safe one). `fileData` is a file by URI, or a file id when the
 * URI is under the Gemini API's base (`FILES_BASE` + `files/...`, the id being the rest). Writing checks the
 * media types the generated tables list and refuses media by URL (Gemini takes a URI only as `fileData`: a
 * file part); the same checks hold in a user's turn and in the model's.
 */

import type { AudioPart, FilePart, FileRef, ImagePart, MediaRef } from "../../generated/types.js";
import { MEDIA_TYPES, PROVIDER } from "../../tables/gemini.js";
import { ProviderShapeError } from "../shared/contract.js";
import { type Conversion, isObject } from "../shared/conversion.js";

declare function atob(data: string): string;
declare function btoa(data: string): string;
declare const TextDecoder: new (label: string, options?: { fatal: boolean }) => { decode(bytes: Uint8Array): string };

type Body = Record<string, unknown>;

/** Files API URIs are this base and the file's resource name (`files/abc`), the canonical file id. */
export const FILES_BASE = "https://generativelanguage.googleapis.com/v1beta/";
/** Base64 in the standard alphabet; anything else inline is read as the URL-safe one. */
export const STANDARD_B64 = /^[A-Za-z0-9+/]*={0,2}$/;

function typeName(value: unknown): string {
  if (value === null || value === undefined) return "NoneType";
  if (Array.isArray(value)) return "list";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "string") return "str";
  return "dict";
}

/** `value` when it is a string, else `ProviderShapeError` at `where`. */
export function string(value: unknown, where: string): string {
  if (typeof value !== "string") throw new ProviderShapeError(where, `expected a string, got ${typeName(value)}`);
  return value;
}

/** Python's `urlsafe_b64decode` (characters outside the alphabet discarded) re-encoded in the standard alphabet. */
function standardB64(data: unknown, where: string): string {
  if (typeof data !== "string") throw new ProviderShapeError(where, `expected base64 text, got ${typeName(data)}`);
  if (STANDARD_B64.test(data)) return data;
  const bare = data.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "").replace(/[^A-Za-z0-9+/]/g, "");
  if (bare.length % 4 === 1) throw new ProviderShapeError(where, "not base64");
  try {
    return btoa(atob(bare + "=".repeat((4 - (bare.length % 4)) % 4)));
  } catch {
    throw new ProviderShapeError(where, "not base64");
  }
}

export function decodeInline(blob: unknown, where: string): ImagePart | AudioPart | FilePart {
  if (!isObject(blob)) throw new ProviderShapeError(where, "expected an object");
  const mediaType = string(blob["mimeType"], `${where}/mimeType`);
  const data = standardB64(Object.hasOwn(blob, "data") ? blob["data"] : "", `${where}/data`);
  if (mediaType.startsWith("image/")) return { type: "image", image: { source: "base64", base64: data, media_type: mediaType } };
  if (mediaType.startsWith("audio/")) return { type: "audio", audio: { source: "base64", base64: data, media_type: mediaType } };
  const file: FileRef = { source: "base64", base64: data, media_type: mediaType };
  if (typeof blob["displayName"] === "string") file.name = blob["displayName"];
  return { type: "file", file };
}

export function decodeFileData(file: unknown, where: string): FilePart {
  if (!isObject(file)) throw new ProviderShapeError(where, "expected an object");
  const uri = string(file["fileUri"], `${where}/fileUri`);
  const source: Body =
    uri.startsWith(FILES_BASE) && uri.length > FILES_BASE.length ? { source: "file_id", file_id: uri.slice(FILES_BASE.length), issuer: PROVIDER } : { source: "uri", uri };
  if (typeof file["mimeType"] === "string") source["media_type"] = file["mimeType"];
  if (typeof file["displayName"] === "string") source["name"] = file["displayName"];
  return { type: "file", file: source as unknown as FileRef };
}

/** Standard base64 holding nothing but the alphabet and its padding (Python's `b64decode(validate=True)`), or undefined. */
function strictBytes(text: string): Uint8Array | undefined {
  if (text.length % 4 !== 0 || !STANDARD_B64.test(text)) return undefined;
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

function checkType(kind: string, mediaType: string, data: string, where: string, conv: Conversion): void {
  if (!(MEDIA_TYPES[kind] ?? []).includes(mediaType)) throw conv.refuse("media.unsupported_type", `${where}/media_type`);
  if (mediaType !== "text/plain") return;
  const bytes = strictBytes(data); // inline text must be UTF-8, kept byte for byte
  let valid = bytes !== undefined && btoa(atob(data)) === data;
  if (bytes !== undefined && valid) {
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      valid = false;
    }
  }
  if (!valid) throw conv.refuse("media.unsupported_type", `${where}/base64`);
}

function media(kind: "image" | "audio", source: MediaRef, where: string, conv: Conversion): Body {
  if (source.source === "url") throw conv.refuse(`${kind}.url`, `${where}/url`);
  checkType(kind, source.media_type, source.base64, where, conv);
  return { inlineData: { mimeType: source.media_type, data: source.base64 } };
}

function fileOut(source: FileRef, where: string, conv: Conversion): Body {
  let out: Body;
  let inner: Body;
  if (source.source === "base64") {
    checkType("file", source.media_type, source.base64, where, conv);
    inner = { mimeType: source.media_type, data: source.base64 };
    out = { inlineData: inner };
  } else {
    let uri: string;
    if (source.source === "file_id") {
      if (source.issuer !== PROVIDER) throw conv.refuse("file.file_id_foreign", `${where}/issuer`);
      uri = FILES_BASE + source.file_id;
    } else {
      uri = source.uri; // a data: URI too: fileData takes any URI, kept as given
    }
    inner = { fileUri: uri };
    if (source.media_type !== undefined) inner["mimeType"] = source.media_type;
    out = { fileData: inner };
  }
  if (source.name !== undefined) inner["displayName"] = source.name;
  return out;
}

/** `inlineData` or `fileData` for an image, audio or file part, in any turn. */
export function encodeMedia(part: ImagePart | AudioPart | FilePart, where: string, conv: Conversion): Body {
  if (part.type === "image") return media("image", part.image, `${where}/image`, conv);
  if (part.type === "audio") return media("audio", part.audio, `${where}/audio`, conv);
  return fileOut(part.file, `${where}/file`, conv);
}
