/**
 * Text faults (spec section 5.1): the faults of the text itself, which stop decoding and are the only
 * problem reported, with the line and column of their offset.
 *
 * The spec counts offsets in bytes of the UTF-8 text; the parser works on the decoded string, where
 * the same place is a UTF-16 index. Line and column do not depend on which: the line is 1 plus the line
 * feeds before the place, the column 1 plus the code points between the last line feed and the place.
 */

import { WireError } from "./errors.js";

/** The rules whose faults stop decoding. */
export type TextFaultRule = "bom" | "utf8" | "syntax" | "duplicate-key" | "lone-surrogate" | "depth";

/** Line and column (both 1-based, columns in code points) of UTF-16 index `at` in `text`. */
export function lineAndColumn(text: string, at: number): { line: number; column: number } {
  const end = Math.min(at, text.length);
  let line = 1;
  let lineStart = 0;
  for (let k = text.indexOf("\n"); k >= 0 && k < end; k = text.indexOf("\n", k + 1)) {
    line++;
    lineStart = k + 1;
  }
  let column = 1;
  for (let i = lineStart; i < end; i++) {
    const c = text.charCodeAt(i);
    // The high half of a pair and its low half are one code point: count the pair at its low half.
    if (!(c >= 0xd800 && c <= 0xdbff && i + 1 < end && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00)) column++;
  }
  return { line, column };
}

/** The one-problem `WireError` of a text fault at UTF-16 index `at` of `text`. */
export function textFault(text: string, at: number, pointer: string, rule: TextFaultRule, message: string): WireError {
  const { line, column } = lineAndColumn(text, at);
  return new WireError([{ pointer, message, rule, line, column }]);
}

/** The index of the first surrogate in `text` that is not half of a pair, or -1. */
export function firstLoneSurrogate(text: string): number {
  if (text.isWellFormed()) return -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
    else return i;
  }
  return -1;
}
