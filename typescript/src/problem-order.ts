/**
 * The order, the deduplication and the cap of a problem list (spec section 5.2).
 *
 * Problems are ordered by pointer, comparing reference tokens left to right (two tokens written as
 * non-negative decimal integers compare as numbers, any other two by Unicode code points; a prefix comes
 * first), then by rule name. One problem is kept per pointer and rule (the first one given). At most
 * `MAX_PROBLEMS` are kept, then one `too-many-problems` problem at `""` counts the rest. The smallest
 * 100 are chosen with a bounded heap, so a million problems cost a pass, not a sort.
 */

import type { Problem } from "./errors.js";

/** The most problems a list holds before the `too-many-problems` entry. */
export const MAX_PROBLEMS = 100;

const DIGITS = /^[0-9]+$/;

/** Compare two strings by Unicode code points (JavaScript's `<` compares UTF-16 code units). */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // Above U+D7FF, UTF-16 order differs from code point order only between surrogates (which stand
    // for code points above U+FFFF) and U+E000..U+FFFF: move the surrogates past them.
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

function compareTokens(a: string, b: string): number {
  if (DIGITS.test(a) && DIGITS.test(b)) {
    const x = a.replace(/^0+(?=.)/, "");
    const y = b.replace(/^0+(?=.)/, "");
    if (x.length !== y.length) return x.length - y.length;
    if (x !== y) return x < y ? -1 : 1;
  }
  return compareCodePoints(a, b);
}

/**
 * Compare two JSON pointers token by token; a pointer comes before the pointers it is a prefix of.
 * Only the first token in which they differ is cut out, so most comparisons allocate nothing.
 */
export function comparePointers(a: string, b: string): number {
  if (a === b) return 0;
  if (a === "") return -1;
  if (b === "") return 1;
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  const start = a.lastIndexOf("/", i - 1) + 1; // both start with "/", so i >= 1
  let endA = a.indexOf("/", i);
  let endB = b.indexOf("/", i);
  if (endA < 0) endA = a.length;
  if (endB < 0) endB = b.length;
  const order = compareTokens(a.slice(start, endA), b.slice(start, endB));
  return order !== 0 ? order : a.length - b.length; // the same tokens so far: the shorter is a prefix
}

/** What ordering needs of a problem: its pointer and its rule. */
export interface Ranked {
  readonly pointer: string;
  readonly rule: string;
}

/** The spec's order of two problems: by pointer, then by rule name (ASCII). */
export function compareProblems(a: Ranked, b: Ranked): number {
  const order = comparePointers(a.pointer, b.pointer);
  if (order !== 0) return order;
  return a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0;
}

/** Restore the max-heap property (largest item at 0) below `i`. */
function siftDown<T extends Ranked>(heap: T[], i: number): void {
  const n = heap.length;
  for (;;) {
    const left = 2 * i + 1;
    let largest = i;
    if (left < n && compareProblems(heap[left]!, heap[largest]!) > 0) largest = left;
    if (left + 1 < n && compareProblems(heap[left + 1]!, heap[largest]!) > 0) largest = left + 1;
    if (largest === i) return;
    [heap[i], heap[largest]] = [heap[largest]!, heap[i]!];
    i = largest;
  }
}

function siftUp<T extends Ranked>(heap: T[], i: number): void {
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (compareProblems(heap[i]!, heap[parent]!) <= 0) return;
    [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
    i = parent;
  }
}

/** Whether (pointer, rule) was seen before; records it. Most pointers carry one rule: no Set for them. */
function seenBefore(seen: Map<string, string | Set<string>>, item: Ranked): boolean {
  const rules = seen.get(item.pointer);
  if (rules === undefined) {
    seen.set(item.pointer, item.rule);
    return false;
  }
  if (typeof rules === "string") {
    if (rules === item.rule) return true;
    seen.set(item.pointer, new Set([rules, item.rule]));
    return false;
  }
  if (rules.has(item.rule)) return true;
  rules.add(item.rule);
  return false;
}

/**
 * The first `MAX_PROBLEMS` items in the spec's order, one per pointer and rule (the first given), and
 * how many distinct ones were left out. Items can be drafts whose message is written only if kept.
 */
export function selectProblems<T extends Ranked>(items: readonly T[]): { first: T[]; more: number } {
  const seen = new Map<string, string | Set<string>>();
  const heap: T[] = [];
  let kept = 0;
  for (const item of items) {
    if (seenBefore(seen, item)) continue;
    kept++;
    if (heap.length < MAX_PROBLEMS) {
      heap.push(item);
      siftUp(heap, heap.length - 1);
    } else if (compareProblems(item, heap[0]!) < 0) {
      heap[0] = item;
      siftDown(heap, 0);
    }
  }
  return { first: heap.sort(compareProblems), more: kept - heap.length };
}

/** The last problem of a capped list: how many were left out. */
export function tooManyProblems(more: number): Problem {
  return { pointer: "", message: `and ${more} more problem${more === 1 ? "" : "s"}`, rule: "too-many-problems" };
}

/**
 * The problems in the spec's order, one per pointer and rule, capped. A list that already ends with a
 * `too-many-problems` entry was ordered before and is returned as it is.
 */
export function orderProblems(problems: readonly Problem[]): Problem[] {
  if (problems[problems.length - 1]?.rule === "too-many-problems") return [...problems];
  const { first, more } = selectProblems(problems);
  if (more > 0) first.push(tooManyProblems(more));
  return first;
}
