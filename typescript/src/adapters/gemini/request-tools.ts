/**
 * The `tools` and `toolConfig` of a `generateContent` body read as canonical tools, provider tools and the
 * tool choice (the decoding half; `request-encode.ts` writes them), as Python's `gemini/request_tools.py`.
 *
 * Every `functionDeclarations` entry's declarations are the canonical `tools`, in order; `parameters` (an
 * OpenAPI Schema) is read as the JSON Schema it describes (`jsonSchema`, `request.openapi_schema`). Every
 * other member of a tools entry is a provider tool (issuer `gemini`, `type` the member's camelCase name,
 * `definition` `{name: value}` as given). A body laid out otherwise than the encoder writes it (one
 * declarations entry first, then one entry per provider tool) is reported (`tools.layout`). A
 * `functionCallingConfig` mode `AUTO`, `NONE`, `ANY` (with one allowed name: that tool) is the tool choice;
 * any other `toolConfig` travels whole in `provider_options`.
 */

import type { ChatRequest, ProviderTool, ToolChoice, ToolDefinition } from "../../generated/types.js";
import { ProviderShapeError } from "../shared/contract.js";
import { type Conversion, getList, getMap, isObject } from "../shared/conversion.js";
import { type Shape, unmappedMembers } from "../shared/unmapped.js";
import { camel } from "./spelling.js";

type Body = Record<string, unknown>;

const DECLARATION: Shape = { name: null, description: null, parametersJsonSchema: null, parameters: null, responseJsonSchema: null, response: null };

/** The JSON Schema an OpenAPI Schema object describes: `type` names in lower case at every level, member names in camelCase. */
export function jsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(jsonSchema);
  if (!isObject(schema)) return schema;
  const out: Body = {};
  for (const [given, value] of Object.entries(schema)) {
    const key = camel(given);
    if (key === "type" && typeof value === "string") out[key] = value.toLowerCase();
    else if (key === "properties" && isObject(value)) out[key] = Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, jsonSchema(inner)]));
    else if (key === "items" || key === "anyOf") out[key] = jsonSchema(value);
    else out[key] = value;
  }
  return out;
}

function declaration(raw: unknown, where: string, conv: Conversion): ToolDefinition {
  if (!isObject(raw)) throw new ProviderShapeError(where, "expected a function declaration");
  const name = raw["name"];
  if (typeof name !== "string" || !name) throw new ProviderShapeError(`${where}/name`, `a function declaration needs a name, got ${JSON.stringify(name ?? null)}`);
  for (const pointer of unmappedMembers(raw, DECLARATION, where)) conv.degrade("provider.unmapped", pointer);
  const tool: Body = { name };
  if (typeof raw["description"] === "string") tool["description"] = raw["description"];
  for (const [jsonKey, openapiKey, canonical] of [["parametersJsonSchema", "parameters", "input_schema"], ["responseJsonSchema", "response", "output_schema"]] as const) {
    if (isObject(raw[jsonKey])) {
      tool[canonical] = { ...(raw[jsonKey] as Body) };
      if (openapiKey in raw) conv.degrade("provider.unmapped", `${where}/${openapiKey}`); // both given: the JSON Schema is sent
    } else if (isObject(raw[openapiKey])) {
      tool[canonical] = jsonSchema(raw[openapiKey]);
      conv.degrade("request.openapi_schema", `${where}/${openapiKey}`);
    }
  }
  if (!("input_schema" in tool)) tool["input_schema"] = { type: "object" };
  return tool as unknown as ToolDefinition;
}

/** `tools` into `fields`: function declarations as `tools`, the rest as `provider_tools`. */
export function decodeTools(body: Body, fields: ChatRequest, conv: Conversion): void {
  const tools = getList(body, "tools", "", false);
  if (tools === undefined) return;
  const declared: ToolDefinition[] = [];
  const provided: ProviderTool[] = [];
  const layout: string[][] = [];
  tools.forEach((tool, i) => {
    if (!isObject(tool)) {
      conv.degrade("provider.unmapped", `/tools/${i}`); // not a Tool object: nothing to read
      return;
    }
    layout.push(Object.keys(tool));
    for (const [key, value] of Object.entries(tool)) {
      if (key === "functionDeclarations") {
        (getList(tool, key, `/tools/${i}`) ?? []).forEach((raw, j) => declared.push(declaration(raw, `/tools/${i}/functionDeclarations/${j}`, conv)));
      } else {
        provided.push({ issuer: "gemini", type: camel(key), definition: { [key]: value } } as ProviderTool);
      }
    }
  });
  if (layout.some((entry) => entry.includes("functionDeclarations")) || tools.length === 0) fields.tools = declared;
  if (provided.length > 0) fields.provider_tools = provided;
  const written = [...(fields.tools !== undefined ? [["functionDeclarations"]] : []), ...provided.map((p) => Object.keys(p.definition))];
  if (JSON.stringify(layout) !== JSON.stringify(written) && tools.some(isObject)) conv.degrade("tools.layout", "/tools");
}

/** `toolConfig` as the tool choice, or whole into `extra` (`provider_options`). */
export function decodeToolConfig(body: Body, fields: ChatRequest, extra: Body): void {
  const config = getMap(body, "toolConfig", "", false);
  if (config === undefined) return;
  const calling = config["functionCallingConfig"];
  let choice: ToolChoice | undefined;
  const keys = Object.keys(config);
  if (keys.length === 1 && keys[0] === "functionCallingConfig" && isObject(calling)) {
    const mode = calling["mode"];
    const names = calling["allowedFunctionNames"];
    const members = Object.keys(calling).sort().join(",");
    if (members === "mode" && (mode === "AUTO" || mode === "NONE" || mode === "ANY")) {
      choice = { type: ({ AUTO: "auto", NONE: "none", ANY: "required" } as const)[mode] };
    } else if (members === "allowedFunctionNames,mode" && mode === "ANY" && Array.isArray(names) && names.length === 1 && typeof names[0] === "string") {
      choice = { type: "tool", tool: names[0] };
    }
  }
  if (choice !== undefined) fields.tool_choice = choice;
  else extra["toolConfig"] = { ...config }; // VALIDATED, several allowed names...: sent back as given
}
