/**
 * A canonical `ChatRequest` -> the go-model request document `{"model"?, "messages", "tools"?}` (Python's
 * `go_model/request.py`): tool choice, `parallel_tool_calls`, a json_schema response format and the adapter's
 * own `provider_options` are refused; sampling options and the text / json_object formats, reasoning and
 * provider-run parts and provider tools are dropped with a warning (decision 013 lists every field).
 */

import type { ChatRequest } from "../../generated/types.js";
import { MANIFEST } from "../../tables/go-model.js";
import type { ConversionWarning } from "../shared/contract.js";
import { Conversion, truthy } from "../shared/conversion.js";
import { messageFromWirechat } from "./parts.js";
import { NAME, PROVIDER } from "./shapes.js";
import { toolFromWirechat } from "./tools.js";

const SAMPLING = ["temperature", "top_p", "max_tokens", "stop", "seed"] as const;

/** The go-model request document for `request`; throws `ConversionRefused`. */
export function encodeRequest(request: ChatRequest, adapterName = NAME): { body: Record<string, unknown>; warnings: ConversionWarning[] } {
  const conv = new Conversion(MANIFEST);
  if (request.tool_choice !== undefined) throw conv.refuse("tool_choice", "/tool_choice");
  const options = request.options ?? {};
  if (options.parallel_tool_calls !== undefined) throw conv.refuse("options.parallel_tool_calls", "/options/parallel_tool_calls");
  const formatKind = options.response_format?.type;
  if (formatKind === "json_schema") throw conv.refuse("response_format.json_schema", "/options/response_format");
  if (truthy(request.provider_options?.[adapterName])) throw conv.refuse("provider_options", `/provider_options/${adapterName}`);
  const body: Record<string, unknown> = {};
  if (request.model !== undefined) body["model"] = request.model;
  body["messages"] = request.messages.map((message, i) => messageFromWirechat(message, `/messages/${i}`, conv));
  if (request.tools !== undefined) body["tools"] = request.tools.map((tool, i) => toolFromWirechat(tool, `/tools/${i}`, conv));
  (request.provider_tools ?? []).forEach((tool, i) => conv.degrade(tool.issuer === PROVIDER ? "provider_tools.own" : "provider_tools.foreign", `/provider_tools/${i}`));
  for (const name of SAMPLING) if (options[name] !== undefined) conv.degrade(`options.${name}`, `/options/${name}`);
  if (formatKind !== undefined) conv.degrade(`response_format.${formatKind}`, "/options/response_format");
  return { body, warnings: conv.warnings };
}
