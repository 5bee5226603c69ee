/**
 * Saving and loading a `ToolLoopState` as its wire form (spec section 14.3), which any language resumes.
 * The package has no file system (it runs in browsers and workers too): `saveState` gives the JSON text,
 * the caller stores it (atomically, for a checkpoint: write beside it, then rename); `loadState` checks it.
 */

import { decode, encode } from "../codec.js";
import type { ToolLoopState } from "../generated/types.js";
import { checkToolLoopState } from "../tool-loop.js";

/** `state` as wirechat JSON text; `WireError` when it is not a valid state. */
export function saveState(state: ToolLoopState): string {
  return encode(state, "ToolLoopState");
}

/** A state from its JSON (text or UTF-8 bytes); `WireError` when it is not valid or not consistent. */
export function loadState(source: string | Uint8Array): ToolLoopState {
  const state = decode(source, "ToolLoopState");
  checkToolLoopState(state);
  return state;
}
