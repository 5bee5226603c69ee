/**
 * OpenAI Responses request body -> canonical `ChatRequest`, rule for rule as Python's
 * `openai_responses/request_decode.py`.
 *
 * `instructions` becomes the first system message; message items with role `system` or `developer` are
 * system messages (`developer` kept as `provider_metadata.openai.role`); a user message item is a user
 * message; a run of assistant-side items (assistant messages, `reasoning`, `function_call`, `custom_tool_call`
 * and the provider-run items of `hosted.ts`) is one assistant message; each `function_call_output` /
 * `custom_tool_call_output` is a tool message. Function tools are `tools`; every other tool is a provider tool
 * (issuer `openai`, the definition unchanged). A member given as `null` is absent. Top-level members with no
 * canonical field travel whole in `provider_options`; members of items this decoder does not map are reported
 * (`provider.unmapped`). An item type it does not know is an error.
 */

import type { ChatRequest } from "../../generated/types.js";
import { validate } from "../../codec.js";
import { MANIFEST } from "../../tables/openai-responses.js";
import { ProviderShapeError, type ConversionWarning } from "../shared/contract.js";
import { Conversion, getList, getMap, getStr, isObject, parseDataUrl, truthy } from "../shared/conversion.js";
import type { Shape } from "../shared/unmapped.js";
import { isProviderRun, Pairing } from "./hosted.js";
import { decodeOutputItem, kindOf, NAME, presentUnmapped, PROVIDER, REQUEST_STATUS, unmappedInItem } from "./shapes.js";

type Body = Record<string, unknown>;

const OWN_KEYS: ReadonlySet<string> = new Set(["model", "instructions", "input", "tools", "tool_choice", "temperature", "top_p", "max_output_tokens", "parallel_tool_calls", "text"]);
const of = (...keys: string[]): Shape => Object.fromEntries(keys.map((key) => [key, null]));
const PART: Readonly<Record<string, Shape>> = {
  input_text: of("type", "text"),
  input_image: of("type", "image_url", "detail"),
  input_file: of("type", "file_data", "file_url", "file_id", "filename"),
  output_text: of("type", "text", "annotations", "logprobs"),
  refusal: of("type", "refusal"),
};
const USER_SIDE: Readonly<Record<string, Shape>> = {
  message: of("type", "role", "content", "id", "status"),
  function_call_output: of("type", "id", "call_id", "output", "status"),
  custom_tool_call_output: of("type", "id", "call_id", "output", "status"),
};
const TOOL: Shape = of("type", "name", "description", "parameters", "strict");
const RESULTS: ReadonlySet<string> = new Set(["function_call_output", "custom_tool_call_output"]);
const ASSISTANT_ITEMS: ReadonlySet<string> = new Set(["reasoning", "compaction", "function_call", "custom_tool_call"]);

function assistantSide(kind: string, role: unknown): boolean {
  return ASSISTANT_ITEMS.has(kind) || isProviderRun(kind) || role === "assistant";
}

function unmapped(body: Body): string[] {
  const found: string[] = [];
  const items = body["input"];
  (Array.isArray(items) ? items : []).forEach((item, i) => {
    if (!isObject(item)) return;
    const where = `/input/${i}`;
    const kind = kindOf(item);
    if (assistantSide(kind, item["role"])) {
      found.push(...unmappedInItem(item, where));
      return;
    }
    found.push(...presentUnmapped(item, where, Object.hasOwn(USER_SIDE, kind) ? USER_SIDE[kind]! : {}));
    const key = kind === "message" ? "content" : "output";
    const content = item[key];
    (Array.isArray(content) ? content : []).forEach((part, k) => {
      const type = isObject(part) ? String(part["type"]) : undefined;
      if (type !== undefined && Object.hasOwn(PART, type)) found.push(...presentUnmapped(part, `${where}/${key}/${k}`, PART[type]!));
    });
  });
  const tools = body["tools"];
  (Array.isArray(tools) ? tools : []).forEach((tool, i) => {
    if (isObject(tool) && tool["type"] === "function") found.push(...presentUnmapped(tool, `/tools/${i}`, TOOL));
  });
  return found;
}

/** A JSON number read as Python's `float()` reads it (a bool is 0 or 1; a numeric string its number); anything else is an error. */
function float(value: unknown, where: string): number {
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  throw new ProviderShapeError(where, `expected a number, got ${JSON.stringify(value)}`);
}

export function decodeRequest(input: unknown, adapterName = NAME): { request: ChatRequest; warnings: ConversionWarning[] } {
  if (!isObject(input)) throw new ProviderShapeError("", "expected a Responses request object");
  const body: Body = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null)); // an explicit null is absent
  const fields: Body = {};
  if (typeof body["model"] === "string" && body["model"]) fields["model"] = body["model"];
  const messages: Body[] = [];
  const instructions = getStr(body, "instructions", "", false);
  if (instructions !== undefined) messages.push({ role: "system", parts: [{ type: "text", text: instructions }] });
  const rawInput = body["input"];
  if (typeof rawInput === "string") messages.push({ role: "user", parts: [{ type: "text", text: rawInput }] });
  else messages.push(...decodeItems(getList(body, "input", "") ?? []));
  fields["messages"] = messages;
  const tools = getList(body, "tools", "", false);
  if (tools !== undefined) decodeTools(tools, fields);
  const extra: Body = Object.fromEntries(Object.entries(body).filter(([key]) => !OWN_KEYS.has(key)));
  decodeToolChoice(body, fields, extra);
  const options: Body = {};
  for (const name of ["temperature", "top_p"]) if (body[name] !== undefined) options[name] = float(body[name], `/${name}`);
  if (body["max_output_tokens"] !== undefined) options["max_tokens"] = body["max_output_tokens"];
  if (typeof body["parallel_tool_calls"] === "boolean") options["parallel_tool_calls"] = body["parallel_tool_calls"];
  decodeText(body, options, extra);
  if (Object.keys(options).length > 0) fields["options"] = options;
  if (Object.keys(extra).length > 0) fields["provider_options"] = { [adapterName]: extra };
  const conv = new Conversion(MANIFEST);
  for (const where of unmapped(body)) conv.degrade("provider.unmapped", where);
  return { request: validate(fields, "ChatRequest"), warnings: conv.warnings };
}

function decodeItems(items: unknown[]): Body[] {
  const messages: Body[] = [];
  let run: unknown[] | undefined; // the parts of the assistant message being read
  const pairing = new Pairing();
  items.forEach((item, i) => {
    const where = `/input/${i}`;
    if (!isObject(item)) throw new ProviderShapeError(where, "expected an input item object");
    const kind = kindOf(item);
    const role = kind === "message" ? item["role"] : undefined;
    if (assistantSide(kind, role)) {
      if (run === undefined) {
        run = [];
        messages.push({ role: "assistant", parts: run });
      }
      run.push(...decodeOutputItem(item, where, pairing, undefined, REQUEST_STATUS));
      return;
    }
    run = undefined;
    if (RESULTS.has(kind)) messages.push({ role: "tool", parts: [toolResult(item, where)] });
    else if (kind !== "message") throw new ProviderShapeError(`${where}/type`, `an input item type this adapter does not map: '${kind}'`);
    else if (role === "user" || role === "system" || role === "developer") {
      const message: Body = { role: role === "user" ? "user" : "system", parts: decodeContent(item["content"], `${where}/content`) };
      if (role === "developer") message["provider_metadata"] = { [PROVIDER]: { role: "developer" } };
      messages.push(message);
    } else throw new ProviderShapeError(`${where}/role`, `expected user, system, developer or assistant, got ${JSON.stringify(role) ?? "None"}`);
  });
  return messages;
}

function decodeContent(content: unknown, where: string): Body[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  if (!Array.isArray(content)) throw new ProviderShapeError(where, "expected a string or an array of content parts");
  return content.map((part, k) => decodePart(part, `${where}/${k}`));
}

function decodePart(part: unknown, where: string): Body {
  if (!isObject(part)) throw new ProviderShapeError(where, "expected a content part object");
  const kind = part["type"];
  if (kind === "input_text") return { type: "text", text: getStr(part, "text", where) };
  if (kind === "input_image") {
    const url = getStr(part, "image_url", where);
    const parsed = parseDataUrl(url ?? "");
    const image = parsed === undefined ? { source: "url", url } : { source: "base64", base64: parsed[1], media_type: parsed[0] };
    const out: Body = { type: "image", image };
    if (part["detail"] !== undefined && part["detail"] !== null && part["detail"] !== "auto") out["provider_metadata"] = { [PROVIDER]: { detail: part["detail"] } };
    return out;
  }
  if (kind === "input_file") return { type: "file", file: decodeFile(part, where) };
  throw new ProviderShapeError(`${where}/type`, `expected input_text, input_image or input_file, got ${JSON.stringify(kind) ?? "None"}`);
}

function decodeFile(part: Body, where: string): Body {
  let source: Body;
  const present = (key: string) => part[key] !== undefined && part[key] !== null;
  if (present("file_data")) {
    const parsed = parseDataUrl(getStr(part, "file_data", where) || "");
    if (parsed === undefined) throw new ProviderShapeError(`${where}/file_data`, "expected a data: URL with base64 content");
    source = { source: "base64", base64: parsed[1], media_type: parsed[0] };
  } else if (present("file_url")) source = { source: "uri", uri: getStr(part, "file_url", where) };
  else if (present("file_id")) source = { source: "file_id", file_id: getStr(part, "file_id", where), issuer: PROVIDER };
  else throw new ProviderShapeError(where, "an input_file needs file_data, file_url or file_id");
  if (typeof part["filename"] === "string") source["name"] = part["filename"];
  return source;
}

function toolResult(item: Body, where: string): Body {
  const callId = getStr(item, "call_id", where);
  if (!callId) throw new ProviderShapeError(`${where}/call_id`, "required non-empty string is missing");
  const result: Body = { tool_call_id: callId, content: "" };
  const output = item["output"];
  if (typeof output === "string") result["content"] = output;
  else if (Array.isArray(output)) {
    const parts = output.map((part, k) => decodePart(part, `${where}/output/${k}`));
    if (parts.length > 0 && parts[0]!["type"] === "text" && !("provider_metadata" in parts[0]!)) result["content"] = parts.shift()!["text"];
    if (parts.length > 0) result["parts"] = parts;
  } else throw new ProviderShapeError(`${where}/output`, "expected a string or an array of content parts");
  const part: Body = { type: "tool_result", tool_result: result };
  if (item["type"] === "custom_tool_call_output") part["provider_metadata"] = { [PROVIDER]: { item_type: "custom_tool_call_output" } };
  return part;
}

/** Function tools -> `tools`; any other tool -> `provider_tools` (issuer `openai`, unchanged). */
function decodeTools(tools: unknown[], fields: Body): void {
  const functions: Body[] = [];
  fields["tools"] = functions;
  tools.forEach((raw, i) => {
    const where = `/tools/${i}`;
    if (!isObject(raw) || typeof raw["type"] !== "string") throw new ProviderShapeError(where, "expected a tool object with a type");
    if (raw["type"] === "function") {
      functions.push(decodeTool(raw, where));
      return;
    }
    const tool: Body = { issuer: PROVIDER, type: raw["type"], definition: { ...raw } };
    if (typeof raw["name"] === "string" && raw["name"]) tool["name"] = raw["name"];
    ((fields["provider_tools"] ??= []) as Body[]).push(tool);
  });
  if (functions.length === 0 && "provider_tools" in fields) delete fields["tools"]; // only provider tools
}

function decodeTool(raw: Body, where: string): Body {
  const tool: Body = { name: getStr(raw, "name", where) };
  if (raw["description"] !== undefined && raw["description"] !== null) tool["description"] = getStr(raw, "description", where);
  const schema = getMap(raw, "parameters", where, false);
  tool["input_schema"] = schema !== undefined && Object.keys(schema).length > 0 ? schema : { type: "object" };
  if (typeof raw["strict"] === "boolean") tool["strict"] = raw["strict"];
  return tool;
}

function decodeToolChoice(body: Body, fields: Body, extra: Body): void {
  const choice = body["tool_choice"];
  if (choice === "auto" || choice === "none" || choice === "required") fields["tool_choice"] = { type: choice };
  else if (isObject(choice) && choice["type"] === "function") fields["tool_choice"] = { type: "tool", tool: getStr(choice, "name", "/tool_choice") };
  else if (choice !== undefined) extra["tool_choice"] = choice; // hosted-tool and allowed_tools choices travel as they are
}

function decodeText(body: Body, options: Body, extra: Body): void {
  const found = getMap(body, "text", "", false);
  if (found === undefined) return;
  const text = { ...found };
  const format = text["format"];
  delete text["format"];
  if (isObject(format) && (format["type"] === "text" || format["type"] === "json_object")) options["response_format"] = { type: format["type"] };
  else if (isObject(format) && format["type"] === "json_schema") {
    const spec: Body = { name: getStr(format, "name", "/text/format"), schema: truthy(format["schema"]) ? format["schema"] : {} };
    for (const key of ["description", "strict"]) if (format[key] !== undefined && format[key] !== null) spec[key] = format[key];
    options["response_format"] = { type: "json_schema", json_schema: spec };
  } else if (format !== undefined && format !== null) {
    throw new ProviderShapeError("/text/format/type", `expected text, json_object or json_schema, got ${JSON.stringify(isObject(format) ? format["type"] : undefined) ?? "None"}`);
  }
  if (Object.keys(text).length > 0) extra["text"] = text; // verbosity and the like, sent back as they came
}
