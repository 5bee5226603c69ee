/**
 * The provider adapters by registry name: `openai-chat`, `anthropic`, `openai-responses`, `gemini`, and
 * `openai-compatible` with each of its profiles (`openai-compatible:ollama` ...), and the two in-process formats
 * `querymt` (QueryMT's Extism plugin JSON) and `go-model` (the JSON a Go SDK's `model` package writes), pure
 * codecs bound to the `Adapter` contract.
 */

import { WirechatError } from "../errors.js";
import { anthropic } from "./anthropic/index.js";
import { gemini } from "./gemini/index.js";
import { goModel } from "./go-model/index.js";
import { openaiChat } from "./openai-chat/index.js";
import { OPENAI_COMPATIBLE } from "./openai-compatible/index.js";
import { openaiResponses } from "./openai-responses/index.js";
import { querymt } from "./querymt/index.js";
import type { Adapter } from "./shared/contract.js";

export const ADAPTERS: Readonly<Record<string, Adapter>> = { "openai-chat": openaiChat, anthropic, "openai-responses": openaiResponses, gemini, ...OPENAI_COMPATIBLE, querymt, "go-model": goModel };

/** The adapter registered under `name`; throws naming the known adapters otherwise. */
export function getAdapter(name: string): Adapter {
  const adapter = Object.hasOwn(ADAPTERS, name) ? ADAPTERS[name] : undefined;
  if (adapter === undefined) throw new UnknownAdapterError(name, Object.keys(ADAPTERS).sort());
  return adapter;
}

/** No adapter has this name; the message suggests the close names and lists every known one. */
export class UnknownAdapterError extends WirechatError {
  readonly suggestions: readonly string[];

  constructor(
    readonly adapterName: string,
    readonly known: readonly string[],
  ) {
    const wanted = adapterName.toLowerCase();
    // a profile's name (openai-compatible:ollama) only when the name asked for has a profile part too
    const candidates = wanted.includes(":") ? known : known.filter((k) => !k.includes(":"));
    const suggestions = candidates.filter((k) => k.startsWith(wanted) || editDistance(wanted, k) <= Math.max(1, Math.floor(k.length / 4)));
    const hint = suggestions.length > 0 ? `; did you mean ${suggestions.map((s) => JSON.stringify(s)).join(" or ")}?` : "";
    super(`no adapter named ${JSON.stringify(adapterName)}${hint} (known adapters: ${known.join(", ")})`);
    this.suggestions = suggestions.slice(0, 3);
  }
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    }
    previous = current;
  }
  return previous[b.length]!;
}

export { anthropic, gemini, goModel, openaiChat, querymt };
export * from "./shared/contract.js";
