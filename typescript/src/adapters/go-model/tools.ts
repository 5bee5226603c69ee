/**
 * ToolDefinition between go-model JSON and canonical wirechat JSON, both ways (Python keeps these in
 * `go_model/usage.py`). The seed's ToolDefinition always writes `description` (`""` for none) and
 * `input_schema`.
 */

import type { ToolDefinition } from "../../generated/types.js";
import { ProviderShapeError } from "../shared/contract.js";
import { isObject, type Conversion } from "../shared/conversion.js";
import { expectMembers, readObject, readString } from "./shapes.js";

/** The canonical ToolDefinition for a go-model one (an empty description is none). */
export function toolToWirechat(value: unknown, where = ""): Record<string, unknown> {
  const obj = readObject(value, where);
  expectMembers(obj, ["name", "description", "input_schema"], where, "ToolDefinition");
  const out: Record<string, unknown> = { name: readString(obj, "name", where, true) };
  const description = readString(obj, "description", where);
  if (description) out["description"] = description;
  const schema = obj["input_schema"];
  if (!isObject(schema)) throw new ProviderShapeError(`${where}/input_schema`, `wirechat needs a JSON Schema object here (got ${schema === null ? "null" : typeof schema})`);
  out["input_schema"] = schema;
  return out;
}

/** The go-model ToolDefinition for a canonical one. */
export function toolFromWirechat(tool: ToolDefinition, where: string, conv: Conversion): Record<string, unknown> {
  if (tool.description === "") conv.degrade("zero_values", `${where}/description`);
  for (const member of ["strict", "output_schema", "annotations"] as const) if (tool[member] !== undefined) conv.degrade(`tools.${member}`, `${where}/${member}`);
  return { name: tool.name, description: tool.description ?? "", input_schema: tool.input_schema };
}
