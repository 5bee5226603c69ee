/**
 * Chat Completions audio output (`modalities: ["audio"]`, gpt-4o-audio) <-> canonical audio parts, as Python's
 * `openai_chat/audio.py`.
 *
 * A reply's `message.audio` is `{id, data, expires_at, transcript}`: `data` becomes the part's base64 source;
 * `id`, `expires_at` and `transcript` go to the part's `provider_metadata.openai`, from where a reply writes
 * them back. A stream sends the same members in `delta.audio` fragments (the id first, base64 `data` and
 * `transcript` pieces, `expires_at` last); `StreamedAudio` collects them into the same part.
 *
 * The media type is not in the reply: the request's `audio.format` chose it. It is read from the bytes where
 * they say it for certain (a WAV, MP3, AAC, FLAC or Ogg header); otherwise (`pcm16`, headerless, which
 * streaming uses) the part says `application/octet-stream` and `provider_metadata.openai.media_type_unknown`
 * is `true`: the request's `audio.format` is the only place that says it.
 *
 * Replay: an assistant audio part with its OpenAI `id` goes back as the message's `audio: {"id": ...}`, the
 * API's documented way to refer to an earlier audio reply (the data stays with OpenAI until `expires_at`).
 */

import type { AudioPart } from "../../generated/types.js";
import { ProviderShapeError } from "../shared/contract.js";
import { type Conversion, isObject, metadataFor } from "../shared/conversion.js";
import { PROVIDER } from "./shapes.js";

declare function atob(data: string): string;
declare function btoa(data: string): string;

export const UNKNOWN = "application/octet-stream";
const KEPT = ["id", "expires_at", "transcript"] as const;

const ascii = (bytes: Uint8Array, from: number, to: number): string => String.fromCharCode(...bytes.subarray(from, to));

/** The media type the first bytes of an audio file announce, or undefined (headerless PCM, or unknown). */
export function sniff(head: Uint8Array): string | undefined {
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WAVE") return "audio/wav";
  if (ascii(head, 0, 4) === "fLaC") return "audio/flac";
  if (ascii(head, 0, 4) === "OggS") return "audio/ogg";
  if (ascii(head, 0, 3) === "ID3") return "audio/mpeg";
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xf0) === 0xf0) return (head[1]! & 0x06) === 0 ? "audio/aac" : "audio/mpeg"; // ADTS has layer 00
  return undefined;
}

/** Standard base64 holding nothing but the alphabet and its padding (Python's `b64decode(validate=True)`), or undefined. */
function strictBase64(text: string): Uint8Array | undefined {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return undefined;
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** The audio part of a reply's `message.audio`; `ProviderShapeError` naming the pointer if it has no base64 `data`. */
export function decodeAudio(raw: unknown, where: string): AudioPart {
  if (!isObject(raw)) throw new ProviderShapeError(where, "expected an audio object");
  const data = raw["data"];
  if (typeof data !== "string") throw new ProviderShapeError(`${where}/data`, "expected the audio as base64 text");
  const mediaType = sniff(strictBase64(data.slice(0, 16)) ?? new Uint8Array());
  const metadata: Record<string, unknown> = {};
  for (const key of KEPT) if (raw[key] !== undefined && raw[key] !== null) metadata[key] = raw[key];
  if (mediaType === undefined) metadata["media_type_unknown"] = true;
  return { type: "audio", audio: { source: "base64", base64: data, media_type: mediaType ?? UNKNOWN }, provider_metadata: { [PROVIDER]: metadata } };
}

/**
 * A reply's `message.audio` for an audio part read from OpenAI (base64, with its `id`); any other audio part
 * has no place in a Chat Completions reply (refused).
 */
export function encodeAudio(part: AudioPart, where: string, conv: Conversion): Record<string, unknown> {
  const [own, foreign] = metadataFor(part.provider_metadata, PROVIDER);
  if (foreign) conv.degrade("part.provider_metadata", `${where}/provider_metadata`);
  if (part.audio.source !== "base64" || typeof own["id"] !== "string") throw conv.refuse("response.part_unsupported", where);
  const out: Record<string, unknown> = { id: own["id"], data: part.audio.base64 };
  for (const key of ["expires_at", "transcript"]) if (key in own) out[key] = own[key];
  return out;
}

/** `{"id": ...}` for an assistant audio part OpenAI issued (what a request sends back), else undefined. */
export function audioReference(part: AudioPart): Record<string, unknown> | undefined {
  const [own] = metadataFor(part.provider_metadata, PROVIDER);
  return typeof own["id"] === "string" && own["id"] ? { id: own["id"] } : undefined;
}

/**
 * The `delta.audio` fragments of one streamed reply, collected into what `decodeAudio` reads from the whole
 * `message.audio`: base64 pieces decoded and joined as bytes (a piece is base64 of its own bytes, so its
 * padding does not survive a plain join), transcript pieces joined as text.
 */
export class StreamedAudio {
  private readonly members: Record<string, unknown> = {};
  private readonly data: string[] = [];
  private readonly transcript: string[] = [];

  constructor(readonly index: number) {}

  add(fragment: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(fragment)) {
      if (key === "data" && typeof value === "string") this.data.push(value);
      else if (key === "transcript" && typeof value === "string") this.transcript.push(value);
      else if (value !== null && value !== undefined) this.members[key] = value;
    }
  }

  private joinedData(): string {
    let binary = "";
    for (const piece of this.data) {
      const bytes = strictBase64(piece);
      if (bytes === undefined) return this.data.join(""); // not base64 piece by piece: the pieces are one text
      for (const byte of bytes) binary += String.fromCharCode(byte);
    }
    return btoa(binary);
  }

  part(where: string): AudioPart {
    const whole: Record<string, unknown> = { ...this.members, data: this.joinedData() };
    if (this.transcript.length > 0) whole["transcript"] = this.transcript.join("");
    return decodeAudio(whole, where);
  }
}
