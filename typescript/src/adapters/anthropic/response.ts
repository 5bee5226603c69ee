/**
 * Anthropic `message` bodies <-> canonical `ChatResponse`, as Python's `anthropic/response.py`. Content blocks
 * map to parts in order (`blocks.ts`; the same parts at the same indices as the stream gives); thinking keeps
 * its signature and redacted thinking its data byte for byte, with issuer `anthropic`; provider-run calls and
 * results and citations keep their blocks byte for byte. What has no canonical field goes to
 * `provider_metadata["anthropic"]` and is written back: the usage members beside the counts, the members of
 * `RESPONSE_KEPT`, and the blocks of a type this adapter does not know (`UNKNOWN_BLOCKS`, at their positions;
 * they are not parts, so a replayed conversation does not carry them). Every member neither mapped nor kept is
 * reported in `warnings` with its pointer.
 */

import type { ChatResponse, Part } from "../../generated/types.js";
import { Conversion, getList, isObject, metadataFor } from "../shared/conversion.js";
import { MANIFEST } from "../../tables/anthropic.js";
import { ProviderShapeError, type ConversionWarning } from "../shared/contract.js";
import { citationsOut, providerPartOut } from "../shared/provider-run.js";
import { unmappedMembers } from "../shared/unmapped.js";
import { decodeBlock } from "./blocks.js";
import * as finish from "./finish.js";
import { RESPONSE, RESPONSE_KEPT, unmappedBlock } from "./members.js";
import { encodeReasoning, encodeToolCall, PROVIDER, toolUseExtras } from "./shapes.js";
import * as usage from "./usage.js";

/**
 * The `provider_metadata.anthropic` key of the blocks of a type this adapter does not know: a list of
 * `{"index": <position in content>, "block": <the block>}`, written back where they were.
 */
export const UNKNOWN_BLOCKS = "unknown_blocks";

/**
 * The parts of a reply's content blocks, and its blocks of unknown types (`UNKNOWN_BLOCKS` entries); each
 * unknown block and each member no decoder maps is reported at its pointer.
 */
export function decodeContent(blocks: unknown[], where: string, conv: Conversion): [Part[], Record<string, unknown>[]] {
  const names = new Map<string, string>();
  const parts: Part[] = [];
  const unknown: Record<string, unknown>[] = [];
  blocks.forEach((block, i) => {
    const at = `${where}/${i}`;
    const part = decodeBlock(block, at, names);
    if (part === undefined) {
      conv.degrade("provider.unmapped", at);
      unknown.push({ index: i, block: { ...(block as Record<string, unknown>) } });
      return;
    }
    for (const pointer of unmappedBlock(block, at)) conv.degrade("provider.unmapped", pointer);
    parts.push(part);
  });
  return [parts, unknown];
}

export function decodeResponse(input: unknown, warnings?: ConversionWarning[]): ChatResponse {
  if (!isObject(input)) throw new ProviderShapeError("", "expected a message object");
  const body = input;
  const conv = new Conversion(MANIFEST, warnings);
  for (const pointer of unmappedMembers(body, RESPONSE, "")) conv.degrade("provider.unmapped", pointer);
  const [parts, unknown] = decodeContent(getList(body, "content", "") ?? [], "/content", conv);
  const rawFinish = typeof body["stop_reason"] === "string" ? body["stop_reason"] : undefined;
  const response: ChatResponse = {
    message: { role: "assistant", parts },
    finish_reason: finish.decode(rawFinish, parts.some((p) => p.type === "tool_call")),
  };
  const metadata: Record<string, unknown> = {};
  if (isObject(body["usage"])) {
    const [decoded, extra] = usage.decode(body["usage"]);
    response.usage = decoded;
    if (Object.keys(extra).length > 0) metadata["usage"] = extra;
  }
  for (const key of ["id", "model"] as const) {
    const value = body[key];
    if (typeof value === "string" && value) response[key] = value;
  }
  for (const key of RESPONSE_KEPT) if (body[key] !== undefined && body[key] !== null) metadata[key] = body[key];
  if (unknown.length > 0) metadata[UNKNOWN_BLOCKS] = unknown;
  if (Object.keys(metadata).length > 0) response.provider_metadata = { [PROVIDER]: metadata };
  return response;
}

/** The `message` body for a canonical response; degradations go to `warnings` when given. */
export function encodeResponse(response: ChatResponse, warnings?: ConversionWarning[]): Record<string, unknown> {
  const conv = new Conversion(MANIFEST);
  const message = response.message;
  for (const name of ["name", "id", "provider_metadata"] as const) if (message[name] !== undefined) conv.degrade("response.message_members", `/message/${name}`);
  const content: Record<string, unknown>[] = [];
  message.parts.forEach((part, j) => {
    const where = `/message/parts/${j}`;
    const [own, foreign] = metadataFor(part.provider_metadata, PROVIDER);
    if (foreign || (Object.keys(own).length > 0 && part.type !== "tool_call")) conv.degrade("part.provider_metadata", `${where}/provider_metadata`);
    switch (part.type) {
      case "text": {
        const block: Record<string, unknown> = { type: "text", text: part.text };
        const citations = citationsOut(part, where, conv, PROVIDER);
        if (citations.length > 0) block["citations"] = citations;
        content.push(block);
        return;
      }
      case "tool_call": {
        const extras = toolUseExtras(own, where, conv);
        content.push({ ...encodeToolCall(part.tool_call, `${where}/tool_call`, conv), ...extras });
        return;
      }
      case "reasoning": {
        const encoded = encodeReasoning(part, where, conv);
        if (encoded !== undefined) content.push(encoded);
        return;
      }
      case "provider_tool_call":
      case "provider_tool_result": {
        const written = providerPartOut(part, where, conv, PROVIDER);
        if (written !== undefined) content.push(written);
        return;
      }
      case "image":
      case "audio":
      case "file":
      case "data":
      case "tool_result":
        throw conv.refuse("response.part_unsupported", where);
      default:
        return part satisfies never;
    }
  });
  const [ownMeta, foreignMeta] = metadataFor(response.provider_metadata, PROVIDER);
  if (foreignMeta) conv.degrade("response.provider_metadata.foreign", "/provider_metadata");
  let usageBody: Record<string, unknown>;
  if (response.usage === undefined) {
    conv.degrade("usage.absent", "/usage");
    usageBody = { input_tokens: 0, output_tokens: 0 };
  } else usageBody = usage.encode(response.usage, conv, ownMeta["usage"] as Record<string, unknown> | undefined);
  const body: Record<string, unknown> = {
    id: response.id ?? "",
    type: "message",
    role: "assistant",
    content,
    model: response.model ?? "",
    stop_reason: finish.encode(response.finish_reason, conv),
    stop_sequence: ownMeta["stop_sequence"] ?? null,
    usage: usageBody,
  };
  for (const key of RESPONSE_KEPT) if (key in ownMeta && key !== "stop_sequence") body[key] = ownMeta[key];
  putBack(content, ownMeta[UNKNOWN_BLOCKS]);
  warnings?.push(...conv.warnings);
  return body;
}

/** Write the reply's blocks of unknown types back at their positions. */
function putBack(content: Record<string, unknown>[], unknown: unknown): void {
  const entries: [number, Record<string, unknown>][] = [];
  for (const entry of Array.isArray(unknown) ? unknown : []) {
    if (isObject(entry) && typeof entry["index"] === "number" && Number.isInteger(entry["index"]) && isObject(entry["block"])) entries.push([entry["index"], { ...entry["block"] }]);
  }
  entries.sort((a, b) => a[0] - b[0]);
  for (const [index, block] of entries) content.splice(Math.min(Math.max(index, 0), content.length), 0, block);
}
