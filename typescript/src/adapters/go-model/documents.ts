/**
 * Every go-model document kind, both ways, as plain JSON (Python's `go_model/documents.py`): what the
 * conversion vectors (`conformance/conversions/go-model`) and a program holding the SDK's stored JSON call.
 *
 * Kinds: `message`, `messages` (a `[]Message`), `tool_definition`, `usage` (TokenUsage), `request`,
 * `response` and `stream` (a list of `{"event", "data"}` records, see `stream.ts`). `toWirechat` throws
 * `ProviderShapeError` naming the go-model pointer (or `WireError`) when wirechat cannot hold the document;
 * `fromWirechat` throws `ConversionRefused` (or `WireError` for a document that is not wirechat's) and
 * returns the warnings it applied.
 */

import { validate } from "../../codec.js";
import type { ChatRequest, ChatResponse, StreamEvent } from "../../generated/types.js";
import { MANIFEST } from "../../tables/go-model.js";
import type { ConversionWarning } from "../shared/contract.js";
import { Conversion, isObject } from "../shared/conversion.js";
import { messageFromWirechat, messageToWirechat } from "./parts.js";
import { decodeRequest } from "./request-decode.js";
import { encodeRequest } from "./request-encode.js";
import { decodeResponse, encodeResponse } from "./response.js";
import { StreamDecoder } from "./stream.js";
import { StreamEncoder } from "./stream-encode.js";
import { toolFromWirechat, toolToWirechat } from "./tools.js";
import { usageFromWirechat, usageToWirechat } from "./usage.js";

export const KINDS = ["message", "messages", "tool_definition", "usage", "request", "response", "stream"] as const;
export type Kind = (typeof KINDS)[number];

function list(document: unknown): unknown[] {
  if (!Array.isArray(document)) throw new TypeError("(root): expected an array");
  return document;
}

/** The canonical JSON for a go-model document of `kind`. */
export function toWirechat(kind: Kind, document: unknown): unknown {
  switch (kind) {
    case "message":
      return validate(messageToWirechat(document), "Message");
    case "messages":
      return list(document).map((message, i) => validate(messageToWirechat(message, `/${i}`), "Message"));
    case "tool_definition":
      return validate(toolToWirechat(document), "ToolDefinition");
    case "usage":
      return validate(usageToWirechat(document), "TokenUsage");
    case "request":
      return decodeRequest(document).request;
    case "response":
      return decodeResponse(document);
    case "stream": {
      const decoder = new StreamDecoder();
      const events = list(document).flatMap((record) => {
        if (!isObject(record) || !Object.hasOwn(record, "data")) throw new TypeError('a stream record is {"event": name or null, "data": JSON}');
        const data = record["data"];
        return decoder.feed({ event: (record["event"] as string | null | undefined) ?? undefined, data: typeof data === "string" ? data : JSON.stringify(data) });
      });
      return [...events, ...decoder.close()];
    }
  }
}

/** The go-model JSON for a canonical document of `kind`, and the degradations applied. */
export function fromWirechat(kind: Kind, document: unknown): [unknown, ConversionWarning[]] {
  const conv = new Conversion(MANIFEST);
  switch (kind) {
    case "message":
      return [messageFromWirechat(validate(document, "Message"), "", conv), conv.warnings];
    case "messages":
      return [list(document).map((message, i) => messageFromWirechat(validate(message, "Message"), `/${i}`, conv)), conv.warnings];
    case "tool_definition":
      return [toolFromWirechat(validate(document, "ToolDefinition"), "", conv), conv.warnings];
    case "usage":
      return [usageFromWirechat(validate(document, "TokenUsage"), "", conv), conv.warnings];
    case "request": {
      const { body, warnings } = encodeRequest(validate(document, "ChatRequest") as ChatRequest);
      return [body, warnings];
    }
    case "response":
      return [encodeResponse(validate(document, "ChatResponse") as ChatResponse, conv.warnings), conv.warnings];
    case "stream": {
      const encoder = new StreamEncoder();
      const records = list(document).flatMap((event) => encoder.feed(validate(event, "StreamEvent") as StreamEvent));
      records.push(...encoder.close());
      return [records.map((record) => ({ event: record.event ?? null, data: JSON.parse(record.data) as unknown })), encoder.warnings];
    }
  }
}
