/**
 * Reading an adapter's generated usage map (`USAGE` of `src/tables/<name>.ts`, from the `usage` member of
 * `adapters/<name>.adapter.json`, decision 028): the provider member names a usage module reads and writes,
 * so that none is spelt by hand. The arithmetic (sums, raw rests, quirks) stays in each usage module.
 */

import type { TokenUsage } from "../../generated/types.js";
import type { UsageMap } from "./contract.js";

/** A canonical count's name. */
export type UsageCountName = keyof TokenUsage;

/** Each count the map declares and its member paths, in the map's order. */
export function usageCounts(map: UsageMap): [UsageCountName, readonly (readonly string[])[]][] {
  return Object.entries(map.counts).map(([count, rule]) => [count as UsageCountName, rule?.sum ?? rule?.first ?? []]);
}

/** The `index`th member path of `count` (a table without it is a codegen error, thrown at import). */
export function usagePath(map: UsageMap, count: UsageCountName, index = 0): readonly string[] {
  const rule = map.counts[count];
  const path = (rule?.sum ?? rule?.first)?.[index];
  if (path === undefined) throw new Error(`usage map at ${map.at}: ${count} has no member number ${index}`);
  return path;
}

/** The `index`th member of `count`, which must sit directly in the usage object. */
export function usageMember(map: UsageMap, count: UsageCountName, index = 0): string {
  const path = usagePath(map, count, index);
  if (path.length !== 1) throw new Error(`usage map at ${map.at}: ${count} member ${index} is /${path.join("/")}, not a top-level member`);
  return path[0]!;
}

/** The members one object down (`prompt_tokens_details.cached_tokens` ...), by group in the map's order. */
export function usageDetails(map: UsageMap): [string, Record<string, UsageCountName>][] {
  const groups = new Map<string, Record<string, UsageCountName>>();
  for (const [count, paths] of usageCounts(map)) {
    for (const path of paths) {
      if (path.length !== 2) continue;
      const [group, member] = path as [string, string];
      const names = groups.get(group) ?? {};
      names[member] = count;
      groups.set(group, names);
    }
  }
  return [...groups];
}
