/**
 * Gemini `generateContent` request body -> canonical `ChatRequest`, as Python's `gemini/request_decode.py`.
 *
 * The body is first read in the spelling this adapter writes (`spelling.ts`, reported as `request.spelling`).
 * `systemInstruction` becomes the first (system) message; a `user` content made only of `functionResponse`
 * parts reads back as a tool message, a `model` content as an assistant message. Function calls without an
 * id get `gemini_call_<k>` (k counting the body's function calls from 0), and a `functionResponse` without an
 * id answers the first unanswered id-less call of the same name in the `model` content before it. `tools` and
 * `toolConfig` are `request-tools.ts`'. `generationConfig` members with no canonical option, and top-level
 * members other than contents, tools and toolConfig, travel whole in `provider_options.gemini` when the
 * options schema takes them (else reported, `provider.unmapped`, and left out). A `responseSchema` with
 * `responseMimeType: application/json` is structured output (`request.openapi_schema`).
 */

import { validate } from "../../codec.js";
import { WireError } from "../../errors.js";
import type { ChatOptions, ChatRequest, Message, Part } from "../../generated/types.js";
import { MANIFEST } from "../../tables/gemini.js";
import { OPTIONS_VALIDATORS } from "../../tables/options-validators.js";
import { ProviderShapeError, type ConversionWarning } from "../shared/contract.js";
import { Conversion, getList, getMap, isObject } from "../shared/conversion.js";
import { checkOptions } from "../shared/options.js";
import { CodeIds } from "./provider-parts.js";
import { SCHEMA_NAME } from "./request-encode.js";
import { decodeToolConfig, decodeTools, jsonSchema } from "./request-tools.js";
import { contentWarnings, decodePart, NAME } from "./shapes.js";
import { Spelling } from "./spelling.js";

type Body = Record<string, unknown>;

const MAPPED_CONFIG = new Set(["temperature", "topP", "maxOutputTokens", "seed", "stopSequences"]);
const OWN_KEYS = new Set(["model", "contents", "systemInstruction", "tools", "toolConfig", "generationConfig"]);

/** `obj[key]` when the member is there (null included, as Python's `dict.get(key, default)` reads it), else `fallback`. */
const member = (obj: Body, key: string, fallback: unknown): unknown => (Object.hasOwn(obj, key) ? obj[key] : fallback);

/** Numbers id-less function calls and pairs id-less function responses with them. */
class Calls {
  count = 0;
  open: [string, string][] = []; // (name, id) of the last model content's id-less calls
  readonly codes = new CodeIds();

  callIndex(raw: unknown, isModel: boolean): number {
    const k = this.count;
    const call = isObject(raw) ? raw["functionCall"] : undefined;
    if (isObject(call)) {
      this.count += 1;
      if (isModel && !call["id"] && typeof call["name"] === "string") this.open.push([call["name"], `gemini_call_${k}`]);
    }
    return k;
  }

  answer(raw: unknown): string | undefined {
    const response = isObject(raw) ? raw["functionResponse"] : undefined;
    if (!isObject(response) || response["id"]) return undefined;
    const at = this.open.findIndex(([name]) => name === response["name"]);
    if (at < 0) return undefined;
    const [[, id]] = this.open.splice(at, 1) as [[string, string]];
    return id;
  }
}

function parts(raw: unknown, where: string, calls: Calls, isModel: boolean): Part[] {
  if (!Array.isArray(raw)) throw new ProviderShapeError(where, "expected an array of parts");
  const out: Part[] = [];
  raw.forEach((part, j) => {
    const k = calls.callIndex(part, isModel);
    out.push(...decodePart(part, `${where}/${j}`, { callIndex: k, responseId: calls.answer(part), codes: calls.codes }));
  });
  return out;
}

function bodyContentWarnings(body: Body): [string, string][] {
  const contents = body["contents"];
  const system = body["systemInstruction"];
  const found: [string, string][] = [];
  if (isObject(system)) {
    if (member(system, "role", "user") !== "user") found.push(["provider.unmapped", "/systemInstruction/role"]);
    found.push(...contentWarnings(system, "/systemInstruction"));
  }
  (Array.isArray(contents) ? contents : []).forEach((content, i) => found.push(...contentWarnings(content, `/contents/${i}`)));
  return found;
}

export function decodeRequest(input: unknown, adapterName = NAME): { request: ChatRequest; warnings: ConversionWarning[] } {
  const spelled = new Spelling(input);
  if (!isObject(spelled.body)) throw new ProviderShapeError("", "expected a generateContent request object");
  const body = spelled.body;
  const conv = new Conversion(MANIFEST);
  for (const where of spelled.rewritten) conv.degrade("request.spelling", where);
  const messages: Message[] = [];
  const fields: ChatRequest = { messages };
  const extra: Body = {};
  for (const [key, value] of Object.entries(body)) if (!OWN_KEYS.has(key)) extra[key] = value;
  if (typeof body["model"] === "string" && body["model"]) fields.model = body["model"];
  const local = new Conversion(MANIFEST); // pointers into the body as read, taken back to the body as given below
  const calls = new Calls();
  const system = getMap(body, "systemInstruction", "", false);
  if (system !== undefined) messages.push({ role: "system", parts: parts(member(system, "parts", []), "/systemInstruction/parts", calls, false) });
  (getList(body, "contents", "") ?? []).forEach((content, i) => messages.push(decodeContent(content, `/contents/${i}`, calls, local)));
  // the canonical key order of Python's model: messages first, then tools, tool_choice, options
  decodeTools(body, fields, local);
  decodeToolConfig(body, fields, extra);
  generationConfig(body, fields, extra, local);
  for (const [feature, where] of bodyContentWarnings(body)) local.degrade(feature, where);
  checkedOptions(extra, adapterName, local);
  if (Object.keys(extra).length > 0) fields.provider_options = { [adapterName]: extra };
  for (const warning of local.warnings) conv.degrade(warning.feature, spelled.original(warning.where));
  return { request: validate(fields, "ChatRequest"), warnings: conv.warnings };
}

/** Leave out of `extra` each member the options schema does not take, with a warning (`encodeRequest` checks the options against it). */
function checkedOptions(extra: Body, name: string, conv: Conversion): void {
  const members: [string, string | undefined][] = Object.keys(extra).filter((key) => key !== "generationConfig").map((key) => [key, undefined]);
  const config = extra["generationConfig"];
  if (isObject(config)) members.push(...Object.keys(config).map((key): [string, string] => ["generationConfig", key]));
  for (const [key, inner] of members) {
    const value = inner === undefined ? { [key]: extra[key] } : { [key]: { [inner]: (extra[key] as Body)[inner] } };
    try {
      checkOptions(value, name, OPTIONS_VALIDATORS.gemini);
    } catch (error) {
      if (!(error instanceof WireError)) throw error;
      if (inner === undefined) delete extra[key];
      else delete (extra[key] as Body)[inner];
      conv.degrade("provider.unmapped", inner === undefined ? `/${key}` : `/${key}/${inner}`);
    }
  }
  if (isObject(extra["generationConfig"]) && Object.keys(extra["generationConfig"]).length === 0) delete extra["generationConfig"];
}

function decodeContent(raw: unknown, where: string, calls: Calls, conv: Conversion): Message {
  if (!isObject(raw)) throw new ProviderShapeError(where, "expected a content object");
  let role = member(raw, "role", "user");
  if (role === "function") {
    conv.degrade("request.spelling", `${where}/role`); // Vertex AI's older name for a user content of function responses
    role = "user";
  }
  if (role !== "user" && role !== "model") throw new ProviderShapeError(`${where}/role`, `expected user or model, got ${JSON.stringify(role)}`);
  const isModel = role === "model";
  if (isModel) calls.open = [];
  const read = parts(member(raw, "parts", []), `${where}/parts`, calls, isModel);
  if (isModel) return { role: "assistant", parts: read };
  if (read.length > 0 && read.every((part) => part.type === "tool_result")) return { role: "tool", parts: read };
  return { role: "user", parts: read };
}

function generationConfig(body: Body, fields: ChatRequest, extra: Body, conv: Conversion): void {
  const config = getMap(body, "generationConfig", "", false);
  if (config === undefined) return;
  const rest: Body = {};
  for (const [key, value] of Object.entries(config)) if (!MAPPED_CONFIG.has(key)) rest[key] = value;
  const options: Body = {};
  for (const [key, name] of [["temperature", "temperature"], ["topP", "top_p"], ["maxOutputTokens", "max_tokens"], ["seed", "seed"], ["stopSequences", "stop"]] as const) {
    if (config[key] !== undefined && config[key] !== null) options[name] = config[key];
  }
  const mime = rest["responseMimeType"];
  let schema = rest["responseJsonSchema"];
  if (mime === "application/json" && (schema === undefined || schema === null) && isObject(rest["responseSchema"])) {
    schema = jsonSchema(rest["responseSchema"]);
    delete rest["responseSchema"];
    conv.degrade("request.openapi_schema", "/generationConfig/responseSchema");
  } else if (isObject(schema)) delete rest["responseJsonSchema"];
  if (mime === "application/json" && isObject(schema)) {
    options["response_format"] = { type: "json_schema", json_schema: { name: SCHEMA_NAME, schema: { ...schema } } };
    delete rest["responseMimeType"];
  } else if (mime === "application/json") {
    options["response_format"] = { type: "json_object" };
    delete rest["responseMimeType"];
  } else if (mime === "text/plain") {
    options["response_format"] = { type: "text" };
    delete rest["responseMimeType"];
  } else if (isObject(schema)) rest["responseJsonSchema"] = schema; // a schema without JSON output: sent back as given
  if (Object.keys(options).length > 0) fields.options = options as ChatOptions;
  if (Object.keys(rest).length > 0) extra["generationConfig"] = rest;
}
