/**
 * Reasoning on OpenAI-compatible servers, both ways (Python's `reasoning.py`): the plain text a server writes
 * beside `content` (`reasoning_content`, `reasoning`: the profile's `reasoningFields`) and OpenRouter's typed
 * `reasoning_details`.
 *
 * Reading: each detail becomes a reasoning part with the profile's `issuer`: `reasoning.text` gives `text` (and
 * `signature`), `reasoning.summary` its `summary` as `text`, `reasoning.encrypted` its `data` as
 * `redacted_data`; the detail's other members are kept in the part's `provider_metadata[issuer]`, so it is
 * written back byte for byte. The plain text is one reasoning part before them, unless it only repeats the
 * details' texts.
 *
 * Writing (`ReasoningWriter`): a part the server issued goes back as its detail where the message takes
 * details, their texts joined into `reasoning` beside them. Plain text goes into the member a reply was read
 * from, in a reply, and in a request only where the profile replays text; elsewhere it is dropped with
 * `reasoning.text_not_sent`. A message has one text: several parts are joined (`reasoning.text_merged`).
 * Signed reasoning of anyone else follows the replay rule: dropped with its `reasoning.*` warning.
 */

import type { Reasoning, ReasoningPart } from "../../generated/types.js";
import { ProviderShapeError } from "../shared/contract.js";
import { type Conversion, isObject, reasoningFeature } from "../shared/conversion.js";
import { type Profile, reasoningRead } from "../shared/profile.js";
import { PROVIDER, pythonKind } from "./shapes.js";

export const DETAILS = "reasoning_details";
/** The text member OpenRouter writes beside `reasoning_details` (their texts joined). */
const WITH_DETAILS = "reasoning";
const ALL_FIELDS = ["reasoning_content", "reasoning", DETAILS];
/** Per detail type, the members read into the `Reasoning` (the rest are kept as they are). */
const MAPPED: Readonly<Record<string, Readonly<Record<string, keyof Reasoning>>>> = {
  "reasoning.text": { text: "text", signature: "signature" },
  "reasoning.summary": { summary: "text" },
  "reasoning.encrypted": { data: "redacted_data" },
};
const mappedOf = (type: unknown): Readonly<Record<string, keyof Reasoning>> => (typeof type === "string" && Object.hasOwn(MAPPED, type) ? MAPPED[type]! : {});

export function hasReasoning(message: unknown): boolean {
  return isObject(message) && ALL_FIELDS.some((name) => message[name] !== undefined && message[name] !== null);
}

/** The reasoning part of one `reasoning_details` entry (module docstring). */
export function detailPart(raw: unknown, where: string, issuer: string): ReasoningPart {
  if (!isObject(raw)) throw new ProviderShapeError(where, `expected a reasoning detail object, got ${pythonKind(raw)}`);
  const mapping = mappedOf(raw["type"]);
  const fields: Record<string, unknown> = { issuer };
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const field = Object.hasOwn(mapping, key) ? mapping[key] : undefined;
    if (field !== undefined && typeof value === "string" && (value || field === "text")) fields[field] = value;
    else kept[key] = value;
  }
  return { type: "reasoning", reasoning: fields as Reasoning, provider_metadata: { [issuer]: kept } as NonNullable<ReasoningPart["provider_metadata"]> };
}

/** The `reasoning_details` entry of a part the server issued (`detailPart` read backwards). */
export function detail(part: ReasoningPart, issuer: string): Record<string, unknown> {
  const reasoning = part.reasoning;
  const out: Record<string, unknown> = { ...((part.provider_metadata?.[issuer] as Record<string, unknown> | undefined) ?? {}) };
  if (!("type" in out)) out["type"] = reasoning.redacted_data !== undefined ? "reasoning.encrypted" : "reasoning.text";
  for (const [member, field] of Object.entries(mappedOf(out["type"]))) {
    const value = reasoning[field];
    if (value !== undefined) out[member] = value;
  }
  return out;
}

const texts = (parts: readonly ReasoningPart[]): string => parts.map((p) => p.reasoning.text ?? "").join("");

/** The reasoning parts of a message, the message without the members read, and the text member read. */
export function readMessage(message: Record<string, unknown>, profile: Profile, where: string): [ReasoningPart[], Record<string, unknown>, string | undefined] {
  const consumed = new Set<string>();
  let details: ReasoningPart[] = [];
  const raw = profile.reasoningDetails ? message[DETAILS] : undefined;
  if (raw !== undefined && raw !== null) {
    consumed.add(DETAILS);
    if (!Array.isArray(raw)) throw new ProviderShapeError(`${where}/${DETAILS}`, `expected an array of reasoning details, got ${pythonKind(raw)}`);
    details = raw.map((entry, i) => detailPart(entry, `${where}/${DETAILS}/${i}`, profile.issuer));
  }
  const parts: ReasoningPart[] = [];
  let read: string | undefined;
  for (const name of reasoningRead(profile)) {
    const value = message[name];
    if (value === undefined || value === null) continue;
    if (typeof value !== "string") throw new ProviderShapeError(`${where}/${name}`, `expected reasoning text (a string), got ${pythonKind(value)}`);
    consumed.add(name);
    read = name;
    if (value && value !== texts(details)) parts.push({ type: "reasoning", reasoning: { text: value } });
    break;
  }
  const remaining = Object.fromEntries(Object.entries(message).filter(([key]) => !consumed.has(key)));
  return [[...parts, ...details], remaining, details.length > 0 ? undefined : read]; // beside details the text member is a rule
}

/** Writes the reasoning parts of one assistant message at a time: `take` each part, then `members`. */
export class ReasoningWriter {
  private readonly field: string;
  private readonly withDetails: string;
  private readonly detailsHere: boolean;
  private readonly textHere: boolean;
  private texts: Array<[ReasoningPart, string]> = [];
  private details: ReasoningPart[] = [];

  constructor(
    private readonly profile: Profile,
    private readonly conv: Conversion,
    reply: boolean,
    field?: string,
  ) {
    const read = reasoningRead(profile);
    const known = field !== undefined && read.includes(field);
    this.field = known ? field : profile.reasoningFields[0]!;
    let withDetails = known ? field : WITH_DETAILS;
    if (!read.includes(withDetails)) withDetails = this.field;
    this.withDetails = withDetails;
    this.detailsHere = reply ? profile.reasoningDetails : profile.reasoningReplay === "details";
    this.textHere = reply || profile.reasoningReplay === "text";
  }

  take(part: ReasoningPart, where: string): void {
    const profile = this.profile;
    const reasoning = part.reasoning;
    const metadata = part.provider_metadata ?? {};
    const signed = reasoning.signature !== undefined || reasoning.redacted_data !== undefined;
    if (this.detailsHere && reasoning.issuer === profile.issuer && (signed || profile.issuer in metadata)) {
      this.details.push(part);
      if (Object.keys(metadata).some((key) => key !== profile.issuer)) this.conv.degrade("part.provider_metadata", `${where}/provider_metadata`);
      return;
    }
    if (Object.keys(metadata).some((key) => key !== PROVIDER)) this.conv.degrade("part.provider_metadata", `${where}/provider_metadata`);
    const feature = reasoningFeature(part, PROVIDER); // the replay rule as every adapter reads it
    if (feature !== "reasoning.text") this.conv.degrade(feature, where);
    else if (!this.textHere) this.conv.degrade("reasoning.text_not_sent", where);
    else this.texts.push([part, where]);
  }

  members(): Record<string, unknown> {
    const found = this.texts;
    const details = this.details;
    this.texts = [];
    this.details = [];
    const out: Record<string, unknown> = {};
    const plain = texts(found.map(([part]) => part));
    const first = found[0];
    if (first !== undefined) {
      const own = first[0].provider_metadata !== undefined && PROVIDER in first[0].provider_metadata;
      if (found.length !== 1 || plain === "" || first[0].reasoning.issuer !== undefined || own) this.conv.degrade("reasoning.text_merged", first[1]);
    }
    const written = plain + texts(details);
    if (written) out[details.length > 0 ? this.withDetails : this.field] = written;
    if (details.length > 0) out[DETAILS] = details.map((part) => detail(part, this.profile.issuer));
    return out;
  }
}
