/**
 * `unmappedMembers` (Python's `_conversion.unmapped_members`): the pointers of every member of a provider
 * object, and of the nested objects a shape describes, that an adapter does not map, so that a request
 * decoder reports them (feature `provider.unmapped`) rather than dropping them without a word.
 */

import { escapePointerToken } from "../../errors.js";
import { isObject } from "./conversion.js";

/** Each mapped member name, with the shape of its value when its members are mapped one by one too. */
export type Shape = { readonly [member: string]: Shape | null };

export function unmappedMembers(value: unknown, shape: Shape, where: string): string[] {
  if (!isObject(value)) return [];
  const found: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    const at = `${where}/${escapePointerToken(key)}`;
    if (!Object.hasOwn(shape, key)) found.push(at);
    else {
      const inner = shape[key];
      if (inner !== null && inner !== undefined) found.push(...unmappedMembers(item, inner, at));
    }
  }
  return found;
}
