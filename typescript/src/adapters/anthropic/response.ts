/**
 * Anthropic `message` bodies -> canonical `ChatResponse`. Content blocks map to parts in order (block
 * index = part index, as in the stream); thinking keeps its signature and redacted thinking its data byte
 * for byte, with issuer `anthropic`; what has no canonical field goes to `provider_metadata["anthropic"]`.
 */

import type { ChatResponse } from "../../generated/types.js";
import { Conversion, getList, isObject, metadataFor } from "../shared/conversion.js";
import { MANIFEST } from "./manifest.js";
import { ProviderShapeError, type ConversionWarning } from "../shared/contract.js";
import * as finish from "./finish.js";
import { citationsOut, providerPartOut } from "../shared/provider-run.js";
import { decodeBlock, encodeReasoning, encodeToolCall, PROVIDER } from "./shapes.js";
import * as usage from "./usage.js";

export const METADATA_KEYS = ["stop_sequence", "stop_details", "container", "diagnostics"] as const;

export function decodeResponse(input: unknown): ChatResponse {
  if (!isObject(input)) throw new ProviderShapeError("", "expected a message object");
  const body = input;
  const parts = (getList(body, "content", "") ?? []).map((block, i) => decodeBlock(block, `/content/${i}`));
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
  for (const key of METADATA_KEYS) if (body[key] !== undefined && body[key] !== null) metadata[key] = body[key];
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
    if (foreign || Object.keys(own).some((key) => key !== "citations" && key !== "block")) conv.degrade("part.provider_metadata", `${where}/provider_metadata`);
    if (part.type === "text") {
      const block: Record<string, unknown> = { type: "text", text: part.text };
      if ("citations" in own) block["citations"] = own["citations"];
      const citations = citationsOut(part, where, conv, PROVIDER);
      if (citations.length > 0) block["citations"] = citations;
      content.push(block);
    } else if (part.type === "tool_call") content.push(encodeToolCall(part.tool_call, `${where}/tool_call`, conv));
    else if (part.type === "reasoning") {
      const encoded = encodeReasoning(part, where, conv);
      if (encoded !== undefined) content.push(encoded);
    } else if (part.type === "data" && own["block"] === true && isObject(part.data.value)) content.push({ ...part.data.value });
    else if (part.type === "provider_tool_call" || part.type === "provider_tool_result") {
      const written = providerPartOut(part, where, conv, PROVIDER);
      if (written !== undefined) content.push(written);
    }
    else throw conv.refuse("response.part_unsupported", where);
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
  for (const key of METADATA_KEYS) if (key in ownMeta && key !== "stop_sequence") body[key] = ownMeta[key];
  warnings?.push(...conv.warnings);
  return body;
}
