/**
 * Responses items that are neither messages, reasoning nor the caller's function or custom tool calls, as
 * provider-run parts (spec section 15), rule for rule as Python's `openai_responses/hosted.py`: hosted-tool
 * items (web search, file search, code interpreter, image generation, remote MCP, xAI's X search...) and the
 * calls of provider-defined tools (computer use, local shell, shell, apply patch, tool search, programmatic
 * tool calling).
 *
 * - A call item -> one `provider_tool_call` part, issuer `openai`, `block` the item verbatim, `id` the item id
 *   (its `call_id` when it has none), `name` the item's `name` when it has one else the tool's, `input` a
 *   reading of the call (MCP arguments parsed when they are JSON text), `server` its `server_label`. When the
 *   item also holds the tool's output or an error, a `provider_tool_result` part without a block follows (the
 *   call's block holds it, so an encoder writes the item once). A generated image stays in the block.
 * - An output item (`shell_call_output`, `computer_call_output`...) and `mcp_approval_response` -> a
 *   `provider_tool_result` part with the item as its block, answering the call with the same `call_id` (or
 *   the approval request), else the last call of its kind before it.
 * - Any other `*_call` / `*_output` item type, by rule, the same way.
 *
 * `custom_tool_call` is not here: a custom tool is the caller's own, so it is a tool call (`shapes.ts`).
 */

import type { Part } from "../../generated/types.js";
import { ProviderShapeError } from "../shared/contract.js";
import { isObject } from "../shared/conversion.js";

type Item = Record<string, unknown>;

/** How one item type reads: the tool's name (when the item has none), the members holding its input and output (the first present), and a member holding generated media (kept in the block only). */
export interface Reading {
  readonly name: string;
  readonly input: readonly string[];
  readonly output: readonly string[];
  readonly media: string;
}

const reading = (name: string, input: readonly string[] = [], output: readonly string[] = [], media = ""): Reading => ({ name, input, output, media });

/** Call items (the table is data: a new hosted tool is one line). */
export const CALLS: Readonly<Record<string, Reading>> = {
  // https://platform.openai.com/docs/guides/tools-web-search (action.sources: the output, when included)
  web_search_call: reading("web_search", ["action"], ["results"]),
  // https://platform.openai.com/docs/guides/tools-file-search
  file_search_call: reading("file_search", ["queries"], ["results"]),
  // https://platform.openai.com/docs/guides/tools-code-interpreter (xAI: name + arguments)
  code_interpreter_call: reading("code_interpreter", ["code", "arguments"], ["outputs"]),
  // https://platform.openai.com/docs/guides/tools-image-generation
  image_generation_call: reading("image_generation", ["revised_prompt", "prompt"], [], "result"),
  // https://platform.openai.com/docs/guides/tools-remote-mcp
  mcp_call: reading("mcp", ["arguments"], ["output"]),
  mcp_list_tools: reading("mcp_list_tools", [], ["tools"]),
  mcp_approval_request: reading("mcp_approval_request", ["arguments"]),
  // https://platform.openai.com/docs/guides/tools-computer-use
  computer_call: reading("computer_use", ["action", "actions"]),
  // https://platform.openai.com/docs/guides/tools-local-shell, tools-shell, tools-apply-patch
  local_shell_call: reading("local_shell", ["action"]),
  shell_call: reading("shell", ["action"]),
  apply_patch_call: reading("apply_patch", ["operation"]),
  // https://platform.openai.com/docs/guides/tools-tool-search
  tool_search_call: reading("tool_search", ["arguments"]),
  // programmatic tool calling: the program the model wrote; its function calls are the caller's
  program: reading("programmatic_tool_calling", ["code"]),
  // xAI's Responses API: https://docs.x.ai/docs/guides/tools/search-tools
  x_search_call: reading("x_search", ["arguments"]),
};

/** Output items: results with a block of their own. */
export const OUTPUTS: Readonly<Record<string, Reading>> = {
  shell_call_output: reading("shell", [], ["output"]),
  tool_search_output: reading("tool_search", [], ["tools"]),
  computer_call_output: reading("computer_use", [], ["output"]),
  local_shell_call_output: reading("local_shell", [], ["output"]),
  apply_patch_call_output: reading("apply_patch", [], ["output"]),
  mcp_approval_response: reading("mcp_approval_request", [], ["approve"]),
};

const CALLER_TOOLS: ReadonlySet<string> = new Set(["message", "reasoning", "function_call", "function_call_output", "custom_tool_call", "custom_tool_call_output"]);

/** Whether an item type reads as provider-run parts (by the tables, or by rule: `*_call` / `*_output`). */
export function isProviderRun(kind: string): boolean {
  if (CALLER_TOOLS.has(kind)) return false;
  return Object.hasOwn(CALLS, kind) || Object.hasOwn(OUTPUTS, kind) || kind.endsWith("_call") || kind.endsWith("_output");
}

function text(item: Item, key: string): string {
  const value = item[key];
  return typeof value === "string" ? value : "";
}

/** The calls of one document seen so far (a response's output, a request's input, a stream), so that an output item answers its call: by `call_id`, else by kind (the last call of that kind). */
export class Pairing {
  private readonly byCallId = new Map<string, [string, string]>();
  private readonly byKind = new Map<string, [string, string]>();

  add(kind: string, item: Item, partId: string, name: string): void {
    if (text(item, "call_id")) this.byCallId.set(text(item, "call_id"), [partId, name]);
    this.byKind.set(kind, [partId, name]);
  }

  /** The id and name of the call an output item answers, or undefined. */
  answer(kind: string, item: Item): [string, string] | undefined {
    const callId = text(item, kind === "mcp_approval_response" ? "approval_request_id" : "call_id");
    if (callId) return this.byCallId.get(callId) ?? [callId, ""];
    return this.byKind.get(`${kind.endsWith("_output") ? kind.slice(0, -"_output".length) : kind}_call`);
  }
}

function readOf(item: Item, keys: readonly string[]): unknown {
  for (const key of keys) {
    const value = item[key];
    if (value === undefined || value === null) continue;
    if (key === "arguments" && typeof value === "string") {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value; // not JSON text: the text as it came
      }
    }
    return value;
  }
  return undefined;
}

function call(kind: string, item: Item, where: string, pairing: Pairing): Part[] {
  const rule = Object.hasOwn(CALLS, kind) ? CALLS[kind]! : reading(kind.endsWith("_call") ? kind.slice(0, -"_call".length) : kind, ["arguments", "action", "input"], ["output", "results"]);
  const partId = text(item, "id") || text(item, "call_id");
  if (!partId) throw new ProviderShapeError(`${where}/id`, `a ${kind} item needs an id or a call_id`);
  const name = text(item, "name") || rule.name;
  const out: Record<string, unknown> = { id: partId, name, issuer: "openai", block: { ...item } };
  let value = readOf(item, rule.input);
  let output = readOf(item, rule.output);
  if (kind === "web_search_call" && isObject(value) && "sources" in value) {
    value = Object.fromEntries(Object.entries(value).filter(([key]) => key !== "sources"));
    if (output === undefined) output = (item["action"] as Item)["sources"] ?? undefined; // a null reads as none, as Python's None
  }
  if (value !== undefined) out["input"] = value;
  if (text(item, "server_label")) out["server"] = item["server_label"];
  pairing.add(kind, item, partId, name);
  const parts = [{ type: "provider_tool_call", provider_tool_call: out }] as unknown as Part[];
  const failed = (item["error"] !== undefined && item["error"] !== null) || item["status"] === "failed";
  if (output !== undefined || failed || (rule.media && item[rule.media] !== undefined && item[rule.media] !== null)) {
    const result: Record<string, unknown> = { tool_call_id: partId, issuer: "openai", name };
    if (output === undefined && item["error"] !== undefined && item["error"] !== null) output = item["error"];
    if (output !== undefined) result["output"] = output;
    if (failed) result["is_error"] = true;
    parts.push({ type: "provider_tool_result", provider_tool_result: result } as unknown as Part);
  }
  return parts;
}

function output(kind: string, item: Item, where: string, pairing: Pairing): Part {
  const rule = Object.hasOwn(OUTPUTS, kind) ? OUTPUTS[kind]! : reading(kind.endsWith("_output") ? kind.slice(0, -"_output".length) : kind, [], ["output", "results"]);
  const answered = pairing.answer(kind, item);
  if (answered === undefined) throw new ProviderShapeError(`${where}/call_id`, `a ${kind} item that answers no call before it`);
  const result: Record<string, unknown> = { tool_call_id: answered[0], issuer: "openai", name: answered[1] || rule.name };
  let value: unknown;
  if (kind === "mcp_approval_response") {
    value = Object.fromEntries(["approve", "reason"].filter((key) => item[key] !== undefined && item[key] !== null).map((key) => [key, item[key]]));
  } else value = readOf(item, rule.output);
  if (value !== undefined && !(isObject(value) && Object.keys(value).length === 0)) result["output"] = value;
  if ((item["error"] !== undefined && item["error"] !== null) || item["status"] === "failed") result["is_error"] = true;
  result["block"] = { ...item };
  return { type: "provider_tool_result", provider_tool_result: result } as unknown as Part;
}

/** The canonical parts for a provider-run item (`isProviderRun` of its type). */
export function providerRunParts(item: Item, where: string, pairing: Pairing): Part[] {
  const kind = String(item["type"]);
  if (Object.hasOwn(OUTPUTS, kind) || (!Object.hasOwn(CALLS, kind) && kind.endsWith("_output"))) return [output(kind, item, where, pairing)];
  return call(kind, item, where, pairing);
}
