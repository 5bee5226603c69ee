/**
 * QueryMT's Extism plugin JSON (decision 014, QueryMT as of `5ef33da4`), written once: the names, the
 * image-type table, `ToolCall` both ways, and the byte arrays serde writes for `Vec<u8>` (a JSON array of
 * numbers), as Python's `querymt/shapes.py`.
 *
 * Serde writes QueryMT's enums externally tagged with the variant names as spelled in Rust: `"User"`,
 * `"Text"`, `{"Image": ["PNG", [137, 80, ...]]}`, `{"ToolUse": [ToolCall]}`.
 */

import { MEDIA_TYPES, NAME, PROVIDER } from "../../tables/querymt.js";
import { isObject } from "../shared/conversion.js";
import { ProviderShapeError } from "../shared/contract.js";

export { NAME, PROVIDER };

export const FUNCTION = "function";

/**
 * Canonical media type -> QueryMT `ImageMime` variant: the image types the manifest takes inline
 * (`image/jpeg`, `image/png`, `image/gif`, `image/webp`), each QueryMT's variant being its subtype in capitals.
 */
export const IMAGE_MIME: Readonly<Record<string, string>> = Object.fromEntries((MEDIA_TYPES["image"] ?? []).map((type) => [type, type.slice("image/".length).toUpperCase()]));
/** QueryMT `ImageMime` variant -> canonical media type. */
export const MIME_OF: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(IMAGE_MIME).map(([type, variant]) => [variant, type]));

/** For the `default` of a `switch` over a union every member of which has its `case`. */
export function assertNever(value: never): never {
  throw new TypeError(`unexpected ${JSON.stringify(value)}`);
}

/** A QueryMT `ToolCall`. */
export function toolCall(id: string, name: string, args: string): Record<string, unknown> {
  return { id, type: FUNCTION, function: { name, arguments: args } };
}

/** `[id, name, arguments]` of a QueryMT `ToolCall`; `ProviderShapeError` naming the member otherwise. */
export function decodeToolCall(value: unknown, where: string): [string, string, string] {
  if (!isObject(value)) throw new ProviderShapeError(where, "expected a ToolCall object");
  const fn = value["function"];
  if (!isObject(fn)) throw new ProviderShapeError(`${where}/function`, "expected an object with name and arguments");
  const fields: string[] = [];
  for (const [key, holder, at] of [["id", value, where], ["name", fn, `${where}/function`], ["arguments", fn, `${where}/function`]] as const) {
    const item = holder[key];
    if (typeof item !== "string") throw new ProviderShapeError(`${at}/${key}`, `expected a string, got ${item === null ? "null" : typeof item}`);
    fields.push(item);
  }
  return [fields[0]!, fields[1]!, fields[2]!];
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
/** Standard base64 with its padding, nothing else (what Python's `b64decode(..., validate=True)` takes). */
const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The bytes of base64 text as serde's `Vec<u8>` (an array of numbers); `ProviderShapeError` at `where` for text that is not base64. */
export function base64Bytes(text: string, where: string): number[] {
  if (!STRICT_BASE64.test(text)) throw new ProviderShapeError(where, "not valid base64");
  const out: number[] = [];
  let bits = 0;
  let held = 0;
  for (const char of text) {
    if (char === "=") break;
    bits = ((bits << 6) | ALPHABET.indexOf(char)) & 0xffff; // the 6 new bits and the fewer than 8 held
    held += 6;
    if (held >= 8) {
      held -= 8;
      out.push((bits >> held) & 0xff);
    }
  }
  return out;
}

/** A byte array (`Vec<u8>`, integers 0-255) as base64 text; `ProviderShapeError` at `where` otherwise. */
export function bytesBase64(value: unknown, where: string): string {
  if (!Array.isArray(value) || !value.every((b) => typeof b === "number" && Number.isInteger(b) && b >= 0 && b <= 255)) {
    throw new ProviderShapeError(where, "expected the bytes as an array of integers from 0 to 255");
  }
  const bytes = value as number[];
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i]!, bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    out += b === undefined ? "=" : ALPHABET[(n >> 6) & 63]!;
    out += c === undefined ? "=" : ALPHABET[n & 63]!;
  }
  return out;
}
