/**
 * Canonical `ChatRequest` -> the request body of an OpenAI-compatible server (Python's `request_encode.py`).
 *
 * openai-chat's encoder writes the body, with `MessageWriter` taking each assistant message's reasoning and
 * provider-run parts; around it, the profile refuses what its server cannot take and drops, with a warning,
 * what it would reject (`seed` for DeepSeek, `messages[].name` for Groq), sends the tools the server defines
 * itself after the function tools, names the token limit as the server does, rewords openai-chat's warnings
 * with the profile's own texts, and checks the profile's `provider_options` against its own schema (members
 * the server answers 400 for are refused with the reason) before merging them.
 */

import type { ChatRequest, Part } from "../../generated/types.js";
import { MANIFEST as OPENAI } from "../../tables/openai-chat.js";
import { MANIFESTS } from "../../tables/openai-compatible.js";
import { OPTIONS_VALIDATORS } from "../../tables/options-validators.js";
import { ConversionRefused, type ConversionWarning, type Manifest } from "../shared/contract.js";
import { Conversion, isObject, mergeProviderOptions } from "../shared/conversion.js";
import type { Profile } from "../shared/profile.js";
import { providerToolsOut } from "../shared/provider-run.js";
import { encodeRequest as openaiEncode } from "../openai-chat/request-encode.js";
import * as chunks from "./chunks.js";
import { MessageWriter } from "./message-writer.js";
import { PROVIDER } from "./shapes.js";

type Body = Record<string, unknown>;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Per profile, the features whose level or text differs from openai-chat's. */
export const CHANGED: Readonly<Record<string, ReadonlySet<string>>> = Object.fromEntries(
  Object.entries(MANIFESTS).map(([name, manifest]) => [name, new Set(Object.entries(manifest.features).filter(([feature, support]) => !same(OPENAI.features[feature], support)).map(([feature]) => feature))]),
);

const PART_FEATURES = new Set(["image.url", "image.base64", "audio.base64", "file.base64", "file.file_id"]);

const lossy = (manifest: Manifest, feature: string): boolean => manifest.features[feature]?.level !== "lossless";

export function encodeRequest(request: ChatRequest, profile: Profile, adapterName: string): { body: Body; warnings: ConversionWarning[] } {
  const manifest = MANIFESTS[profile.name]!;
  const changed = CHANGED[profile.name]!;
  const conv = new Conversion(manifest);
  if (request.model !== undefined) profileFeatures(request, conv, changed);
  const options = request.provider_options;
  const inner: ChatRequest = { ...request };
  delete inner.provider_options;
  delete inner.provider_tools;
  const writer = new MessageWriter(profile, conv, false);
  const { body, warnings } = openaiEncode(inner, adapterName, writer);
  const defined = providerToolsOut(request, conv, profile.issuer); // the server's own, after the function tools
  if (defined.length > 0) body["tools"] = [...((body["tools"] as Body[] | undefined) ?? []), ...defined];
  if ("max_completion_tokens" in body && profile.maxTokensField === "max_tokens") {
    body["max_tokens"] = body["max_completion_tokens"];
    delete body["max_completion_tokens"];
  }
  const messages = body["messages"] as Body[];
  if (profile.reasoningChunks) for (const message of messages) chunked(message, profile.reasoningFields[0]!);
  if (changed.has("options.seed")) delete body["seed"];
  if (changed.has("message.name")) for (const message of messages) delete message["name"];
  checkRefusedOptions(options?.[adapterName], adapterName, profile);
  mergeProviderOptions(options, adapterName, body, OPTIONS_VALIDATORS[adapterName as keyof typeof OPTIONS_VALIDATORS]);
  return { body, warnings: [...reworded(warnings, manifest, changed), ...conv.warnings] };
}

/** An assistant message's reasoning text moved into Mistral's thinking chunk before its content. */
function chunked(message: Body, member: string): void {
  if (message["role"] !== "assistant") return;
  const thinking = message[member];
  delete message[member];
  if (typeof thinking !== "string" || !thinking) return;
  const content = message["content"];
  if (Array.isArray(content)) message["content"] = [...chunks.write(thinking, undefined, {}), ...content];
  else message["content"] = chunks.write(thinking, typeof content === "string" ? content : undefined, {});
}

/** openai-chat's warnings, with the profile's text where its manifest words a feature differently. */
export function reworded(warnings: readonly ConversionWarning[], manifest: Manifest, changed: ReadonlySet<string>): ConversionWarning[] {
  return warnings.map((warning) => {
    if (!changed.has(warning.feature)) return warning;
    const before = OPENAI.features[warning.feature]?.message ?? "";
    const after = manifest.features[warning.feature]?.message ?? "";
    return { ...warning, message: before ? warning.message.replace(before, after) : warning.message };
  });
}

/** The profile-dependent feature a user part falls under, and the member it is about. */
function partFeature(part: Part): [string, string] | undefined {
  switch (part.type) {
    case "image":
      return [`image.${part.image.source === "url" ? "url" : "base64"}`, "image"];
    case "audio":
      return part.audio.source !== "url" ? ["audio.base64", "audio"] : undefined;
    case "file":
      if (part.file.source === "base64") return ["file.base64", "file"];
      if (part.file.source === "file_id" && part.file.issuer === PROVIDER) return ["file.file_id", "file"];
      return undefined;
    default:
      return undefined;
  }
}

/** Refuse, or record the degradation of, what the profile's server takes differently from OpenAI. */
function profileFeatures(request: ChatRequest, conv: Conversion, changed: ReadonlySet<string>): void {
  const manifest = conv.manifest;
  const nameRule = changed.has("message.name") && lossy(manifest, "message.name");
  const partRules = new Set([...changed].filter((feature) => PART_FEATURES.has(feature) && lossy(manifest, feature)));
  if (nameRule || partRules.size > 0) {
    request.messages.forEach((message, i) => {
      if (nameRule && message.name !== undefined && message.role !== "tool") conv.handle("message.name", `/messages/${i}/name`);
      if (partRules.size === 0 || message.role !== "user") return;
      message.parts.forEach((part, j) => {
        const found = part.type === "text" ? undefined : partFeature(part);
        if (found !== undefined && partRules.has(found[0])) conv.handle(found[0], `/messages/${i}/parts/${j}/${found[1]}`);
      });
    });
  }
  const options = request.options;
  if (options === undefined) return;
  if (options.seed !== undefined && changed.has("options.seed") && lossy(manifest, "options.seed")) conv.handle("options.seed", "/options/seed");
  const format = options.response_format;
  if (format !== undefined && format.type !== "text") {
    const feature = `response_format.${format.type}`;
    if (changed.has(feature) && lossy(manifest, feature)) conv.handle(feature, "/options/response_format");
  }
}

function checkRefusedOptions(own: unknown, adapterName: string, profile: Profile): void {
  for (const [member, reason] of Object.entries(profile.refusedOptions)) {
    if (isObject(own) && member in own) throw new ConversionRefused("provider_options", `${reason} (drop the member)`, `/provider_options/${adapterName}/${member}`);
  }
}
