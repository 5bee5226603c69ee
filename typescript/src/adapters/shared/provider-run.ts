/**
 * Provider-run tool calls and results, provider-defined tools and citations on the way out (spec section 15),
 * rule for rule as Python's `adapters/_provider_run.py`.
 *
 * Each of these carries its issuer's own JSON (`block` on a call, a result or a citation, `definition` on a
 * tool), and the replay rule is the same for all of them, so it is written once here: an adapter sends that
 * JSON unchanged to the API that issued it, and to no other. What an adapter cannot send is dropped with the
 * warning its manifest declares (`provider_tool.foreign`, `provider_tools.foreign`, `citations.foreign`).
 *
 * Whether a value is the adapter's "own" depends on the adapter's `provider` (the issuer its API writes) and on
 * whether the adapter can write the issuer's objects where the value sits: an adapter whose API has no place
 * for them declares the `*.own` feature degraded (dropped with a warning) and never lossless.
 */

import type { ChatRequest, ProviderToolCallPart, ProviderToolResultPart, TextPart } from "../../generated/types.js";
import type { Conversion } from "./conversion.js";

type Body = Record<string, unknown>;

/**
 * The issuer's block to write for a provider-run call or result, or undefined when nothing is written: a
 * result whose call's block already holds it (no block of its own), or a part dropped with a warning.
 */
export function providerPartOut(part: ProviderToolCallPart | ProviderToolResultPart, where: string, conv: Conversion, provider: string): Body | undefined {
  const [value, at] = part.type === "provider_tool_call" ? [part.provider_tool_call, `${where}/provider_tool_call`] : [part.provider_tool_result, `${where}/provider_tool_result`];
  if (value.issuer !== provider) {
    conv.degrade("provider_tool.foreign", at);
    return undefined;
  }
  if (!conv.handle("provider_tool.own", at)) return undefined;
  if (value.block === undefined) {
    if (part.type === "provider_tool_result") return undefined; // its call's block holds it (spec section 15)
    throw conv.refuse("provider_tool.unblocked", at);
  }
  return { ...value.block };
}

/**
 * The issuer's citation objects to write beside a text part's text: the blocks of the part's citations that
 * `provider` issued, when the adapter carries its own; every other citation is dropped with a warning.
 */
export function citationsOut(part: TextPart, where: string, conv: Conversion, provider: string): Body[] {
  const out: Body[] = [];
  (part.citations ?? []).forEach((citation, i) => {
    const at = `${where}/citations/${i}`;
    if (citation.issuer !== provider || citation.block === undefined) conv.degrade("citations.foreign", at);
    else if (conv.handle("citations.own", at)) out.push({ ...citation.block });
  });
  return out;
}

/**
 * The definitions of the request's provider tools that `provider` issued, to send after the function tools;
 * every other one is dropped with a warning.
 */
export function providerToolsOut(request: ChatRequest, conv: Conversion, provider: string): Body[] {
  const out: Body[] = [];
  (request.provider_tools ?? []).forEach((tool, i) => {
    const at = `/provider_tools/${i}`;
    if (tool.issuer !== provider) conv.degrade("provider_tools.foreign", at);
    else if (conv.handle("provider_tools.own", at)) out.push({ ...tool.definition });
  });
  return out;
}
