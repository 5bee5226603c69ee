/**
 * The named profiles of the `openai-compatible` adapter (generated into `src/tables/openai-compatible.ts` from
 * `adapters/profiles/`, decision 028) and the profile an adapter name selects, as Python's `profiles.py`.
 */

import { MANIFESTS, NAME, PROFILES } from "../../tables/openai-compatible.js";
import type { Manifest } from "../shared/contract.js";
import type { Profile } from "../shared/profile.js";

export { PROFILES };
export type { Profile };

/** The profile `openai-compatible` without a profile name uses. */
export const GENERIC: Profile = PROFILES["generic"]!;

/** The registry name of a profile: `openai-compatible` for generic, `openai-compatible:<name>` otherwise. */
export function adapterName(profile: Profile): string {
  return profile.name === "generic" ? NAME : `${NAME}:${profile.name}`;
}

/** The profile an adapter name selects; an error listing the profiles for anything else. */
export function profileOf(name: string): Profile {
  const [base, ...rest] = name.split(":");
  const key = rest.join(":") || "generic";
  const profile = base === NAME && Object.hasOwn(PROFILES, key) ? PROFILES[key] : undefined;
  if (profile === undefined) throw new Error(`no openai-compatible profile ${JSON.stringify(key)}; profiles: ${Object.keys(PROFILES).join(", ")}`);
  return profile;
}

export function manifestOf(profile: Profile): Manifest {
  return MANIFESTS[profile.name]!;
}
