/**
 * Canonical `ChatRequest` -> Gemini `generateContent` request body, rule for rule as Python's
 * `gemini/request_encode.py` (whose `request_fast` pass gives the same body as its full walk, the one ported).
 *
 * The first message, when it is a system message, becomes `systemInstruction` (role `user`, as Google's SDKs
 * write it); user messages are `user` contents, assistant messages `model` contents, tool messages `user`
 * contents of `functionResponse` parts. Sampling, limits and structured output go in `generationConfig`. The
 * body keeps the model as its `model` member; the client moves it into the URL (`requestTarget`).
 */

import type { ChatOptions, ChatRequest, Message, ProviderOptions, ToolDefinition } from "../../generated/types.js";
import { MANIFEST } from "../../tables/gemini.js";
import { OPTIONS_VALIDATORS } from "../../tables/options-validators.js";
import { ConversionRefused, type ConversionWarning } from "../shared/contract.js";
import { Conversion, isObject, mergeProviderOptions, toolDefinitionExtras } from "../shared/conversion.js";
import { checkOptions } from "../shared/options.js";
import { providerToolsOut } from "../shared/provider-run.js";
import { encodeModelParts, encodeToolResult, encodeUserPart, NAME, PROVIDER } from "./shapes.js";

type Body = Record<string, unknown>;

/** The name structured output reads back under (Gemini has none of its own). */
export const SCHEMA_NAME = "response";

export function encodeRequest(request: ChatRequest, adapterName = NAME): { body: Body; warnings: ConversionWarning[] } {
  const conv = new Conversion(MANIFEST);
  if (request.model === undefined) throw conv.refuse("model.absent", "/model");
  const body: Body = { model: request.model };
  body["contents"] = encodeMessages(request, body, conv);
  if (request.tools !== undefined) body["tools"] = [{ functionDeclarations: request.tools.map((tool, i) => encodeTool(tool, `/tools/${i}`, conv)) }];
  const ownTools = providerToolsOut(request, conv, PROVIDER);
  if (ownTools.length > 0) body["tools"] = [...((body["tools"] as Body[] | undefined) ?? []), ...ownTools];
  encodeToolChoice(request, body);
  const options: ChatOptions = request.options ?? {};
  if (options.parallel_tool_calls !== undefined) throw conv.refuse("options.parallel_tool_calls", "/options/parallel_tool_calls");
  const config = generationConfig(options, conv);
  if (Object.keys(config).length > 0) body["generationConfig"] = config;
  mergeOptions(request.provider_options, adapterName, body);
  return { body, warnings: conv.warnings };
}

function encodeMessages(request: ChatRequest, body: Body, conv: Conversion): Body[] {
  const names = new Map<string, string>();
  for (const message of request.messages) for (const part of message.parts) if (part.type === "tool_call") names.set(part.tool_call.id, part.tool_call.name);
  const contents: Body[] = [];
  request.messages.forEach((message, i) => {
    const where = `/messages/${i}`;
    messageMembers(message, where, conv);
    switch (message.role) {
      case "system":
        if (i !== 0) throw conv.refuse("system.later", where);
        body["systemInstruction"] = { role: "user", parts: systemParts(message, where, conv) };
        break;
      case "user":
        contents.push({ role: "user", parts: message.parts.map((part, j) => encodeUserPart(part, `${where}/parts/${j}`, conv)) });
        break;
      case "assistant":
        contents.push({ role: "model", parts: encodeModelParts(message.parts, `${where}/parts`, conv, false) });
        break;
      case "tool":
        contents.push({ role: "user", parts: toolParts(message, names, where, conv) });
        break;
    }
  });
  return contents;
}

/**
 * `provider_options[name]` checked against the options schema, then merged: `generationConfig` members into
 * the body's `generationConfig`, `tools` appended to its tools, the rest top-level; a member the adapter set
 * from the canonical request is refused.
 */
export function mergeOptions(providerOptions: ProviderOptions | undefined, name: string, body: Body): void {
  const given = providerOptions?.[name];
  if (given === undefined || given === null) return;
  const own: Body = { ...given };
  checkOptions(own, name, OPTIONS_VALIDATORS.gemini);
  const config = own["generationConfig"];
  delete own["generationConfig"];
  if (isObject(config) && Object.keys(config).length > 0) {
    const target = (body["generationConfig"] ??= {}) as Body;
    for (const [key, value] of Object.entries(config)) {
      if (key in target) throw new ConversionRefused("provider_options", `'${key}' is set from the canonical request; set it there`, `/provider_options/${name}/generationConfig/${key}`);
      target[key] = value;
    }
  }
  const tools = own["tools"];
  delete own["tools"];
  if (Array.isArray(tools) && tools.length > 0) body["tools"] = [...((body["tools"] as unknown[] | undefined) ?? []), ...tools];
  mergeProviderOptions({ [name]: own }, name, body);
}

function messageMembers(message: Message, where: string, conv: Conversion): void {
  if (message.name !== undefined) conv.degrade(message.role === "tool" ? "message.name_tool" : "message.name", `${where}/name`);
  if (message.id !== undefined) conv.degrade("message.id", `${where}/id`);
  if (message.provider_metadata !== undefined) conv.degrade("message.provider_metadata", `${where}/provider_metadata`);
}

function systemParts(message: Message, where: string, conv: Conversion): Body[] {
  return message.parts.map((part, j) => {
    if (part.type !== "text") throw conv.refuse("system.non_text", `${where}/parts/${j}`);
    return encodeUserPart(part, `${where}/parts/${j}`, conv);
  });
}

function toolParts(message: Message, names: ReadonlyMap<string, string>, where: string, conv: Conversion): Body[] {
  const parts = message.parts.map((part, j) => {
    if (part.type !== "tool_result") throw conv.refuse("part.misplaced", `${where}/parts/${j}`);
    return encodeToolResult(part, names, `${where}/parts/${j}`, conv);
  });
  if (parts.length === 0) conv.degrade("tool_result.empty", `${where}/parts`);
  return parts;
}

function encodeTool(tool: ToolDefinition, where: string, conv: Conversion): Body {
  toolDefinitionExtras(tool, where, conv);
  const out: Body = { name: tool.name };
  if (tool.description !== undefined) {
    if (tool.description) out["description"] = tool.description;
    else conv.degrade("zero_values", `${where}/description`);
  }
  if (tool.strict !== undefined) conv.degrade("tools.strict", `${where}/strict`);
  out["parametersJsonSchema"] = tool.input_schema;
  if (tool.output_schema !== undefined) out["responseJsonSchema"] = tool.output_schema;
  return out;
}

function encodeToolChoice(request: ChatRequest, body: Body): void {
  const choice = request.tool_choice;
  if (choice === undefined) return;
  let config: Body;
  switch (choice.type) {
    case "auto":
      config = { mode: "AUTO" };
      break;
    case "none":
      config = { mode: "NONE" };
      break;
    case "required":
      config = { mode: "ANY" };
      break;
    case "tool":
      config = { mode: "ANY", allowedFunctionNames: [choice.tool] };
      break;
    default:
      return;
  }
  body["toolConfig"] = { functionCallingConfig: config };
}

function generationConfig(options: ChatOptions, conv: Conversion): Body {
  const config: Body = {};
  if (options.temperature !== undefined) config["temperature"] = options.temperature;
  if (options.top_p !== undefined) config["topP"] = options.top_p;
  if (options.max_tokens !== undefined) config["maxOutputTokens"] = options.max_tokens;
  if (options.seed !== undefined) config["seed"] = options.seed;
  if (options.stop !== undefined) config["stopSequences"] = [...options.stop];
  const format = options.response_format;
  if (format === undefined) return config;
  switch (format.type) {
    case "text":
      config["responseMimeType"] = "text/plain";
      break;
    case "json_object":
      config["responseMimeType"] = "application/json";
      break;
    case "json_schema": {
      const spec = format.json_schema;
      if (spec.name !== SCHEMA_NAME || spec.description !== undefined || spec.strict !== undefined) conv.degrade("response_format.json_schema", "/options/response_format/json_schema");
      config["responseMimeType"] = "application/json";
      config["responseJsonSchema"] = spec.schema;
      break;
    }
  }
  return config;
}
