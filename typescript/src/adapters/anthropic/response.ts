/**
 * Anthropic `message` bodies -> canonical `ChatResponse`. Content blocks map to parts in order (block
 * index = part index, as in the stream); thinking keeps its signature and redacted thinking its data byte
 * for byte, with issuer `anthropic`; what has no canonical field goes to `provider_metadata["anthropic"]`.
 */

import type { ChatResponse } from "../../generated/types.js";
import { getList, isObject } from "../shared/conversion.js";
import { ProviderShapeError } from "../shared/contract.js";
import * as finish from "./finish.js";
import { decodeBlock, PROVIDER } from "./shapes.js";
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
