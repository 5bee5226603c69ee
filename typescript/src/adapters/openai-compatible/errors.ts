/**
 * Errors of OpenAI-compatible servers (Python's `errors.py`): OpenAI's body, read by `openai-chat/errors.ts`;
 * a bare `{"error": "text"}` (some llama.cpp and Ollama builds) keeps its text as the message, and the flat
 * `{"object": "error", "message", "type", "code"}` that vLLM and Mistral send is read as that object inside
 * `error`.
 */

import type { Error as WireErrorValue } from "../../generated/types.js";
import type { HeaderSource } from "../../exchange.js";
import { parseBody } from "../shared/errors.js";
import * as openaiErrors from "../openai-chat/errors.js";

export { encodeError } from "../openai-chat/errors.js";

export function decodeError(status: number | undefined, headers: HeaderSource, body: Uint8Array | string | object | undefined): WireErrorValue {
  const parsed = parseBody(body);
  let read: Uint8Array | string | object | undefined = body;
  if (parsed !== undefined && typeof parsed["error"] === "string") read = { ...parsed, error: { message: parsed["error"] } };
  else if (parsed !== undefined && parsed["object"] === "error" && !("error" in parsed)) read = { error: Object.fromEntries(Object.entries(parsed).filter(([key]) => key !== "object")) };
  return openaiErrors.decodeError(status, headers, read);
}
