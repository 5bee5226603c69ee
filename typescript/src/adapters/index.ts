/** The provider adapters by registry name: `openai-chat` and `anthropic`, pure codecs bound to the `Adapter` contract. */

import { anthropic } from "./anthropic/index.js";
import { openaiChat } from "./openai-chat/index.js";
import type { Adapter } from "./shared/contract.js";

export const ADAPTERS: Readonly<Record<string, Adapter>> = { "openai-chat": openaiChat, anthropic };

/** The adapter registered under `name`; throws naming the known adapters otherwise. */
export function getAdapter(name: string): Adapter {
  const adapter = Object.hasOwn(ADAPTERS, name) ? ADAPTERS[name] : undefined;
  if (adapter === undefined) throw new Error(`no adapter named ${JSON.stringify(name)}; known: ${Object.keys(ADAPTERS).join(", ")}`);
  return adapter;
}

export { anthropic, openaiChat };
export * from "./shared/contract.js";
