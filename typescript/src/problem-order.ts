/**
 * The order, the deduplication and the cap of a problem list (spec section 5.2).
 *
 * Problems are ordered by pointer, comparing reference tokens as written left to right (a decimal token
 * before any other, two decimal tokens by value then as written, any other two by Unicode code points; a
 * prefix comes first), then by rule name. One problem is kept per pointer and rule (the first one given). At most
 * `MAX_PROBLEMS` are kept, then one `too-many-problems` problem at `""` counts the rest. The smallest
 * 100 are chosen with a bounded heap and pointers are compared in place, so a million problems cost
 * a pass, not a sort.
 */

import type { Problem } from "./errors.js";

/** The most problems a list holds before the `too-many-problems` entry. */
export const MAX_PROBLEMS = 100;

/** Compare two strings by Unicode code points (JavaScript's `<` compares UTF-16 code units). */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const order = compareUnits(a.charCodeAt(i), b.charCodeAt(i));
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

/** Two code units in code point order: above U+D7FF, surrogates stand for code points past U+FFFF. */
function compareUnits(x: number, y: number): number {
  if (x === y) return 0;
  if (x >= 0xd800 && y >= 0xd800) {
    x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
    y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
  }
  return x - y;
}

function allDigits(text: string, start: number, end: number): boolean {
  if (start === end) return false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/** Compare the tokens `a[start, endA)` and `b[start, endB)`, which agree before `i`, in place. */
function compareTokens(a: string, b: string, start: number, endA: number, endB: number, i: number): number {
  const digitsA = allDigits(a, start, endA);
  const digitsB = allDigits(b, start, endB);
  if (digitsA !== digitsB) return digitsA ? -1 : 1; // a decimal token before any other: a total order
  if (digitsA) {
    let x = start;
    let y = start;
    while (x < endA - 1 && a.charCodeAt(x) === 0x30) x++; // leading zeros do not change the number
    while (y < endB - 1 && b.charCodeAt(y) === 0x30) y++;
    if (endA - x !== endB - y) return endA - x - (endB - y);
    for (; x < endA; x++, y++) {
      const order = a.charCodeAt(x) - b.charCodeAt(y);
      if (order !== 0) return order;
    }
  }
  if (i >= endA || i >= endB) return endA - start - (endB - start); // one token is a prefix of the other
  return compareUnits(a.charCodeAt(i), b.charCodeAt(i));
}

/**
 * Compare two JSON pointers token by token; a pointer comes before the pointers it is a prefix of.
 * Only the token in which they first differ is looked at, in place: no allocation.
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
  const order = compareTokens(a, b, start, endA, endB, i);
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

/**
 * The first `MAX_PROBLEMS` items in the spec's order, one per pointer and rule (the first given), and
 * how many distinct ones were left out. Items can be drafts whose message is written only if kept.
 *
 * With `distinct`, the caller guarantees that an item's pointer and rule repeat only among items that
 * would be listed (decode does: its parser reads each value once, and the validators check each value
 * against one schema with no keyword twice, which a test holds the bundled schema to). Then only the
 * 100 kept items are compared for repeats, and a million items cost no table of a million keys.
 */
export function selectProblems<T extends Ranked>(items: readonly T[], distinct = false): { first: T[]; more: number } {
  const seen = distinct ? undefined : new Set<string>();
  const kept = new Set<string>(); // rule NUL pointer of the items in the heap
  const heap: T[] = [];
  let count = 0;
  for (const item of items) {
    if (seen !== undefined) {
      const key = `${item.rule}\u0000${item.pointer}`;
      if (seen.has(key)) continue;
      seen.add(key);
    }
    const full = heap.length >= MAX_PROBLEMS;
    const order = full ? compareProblems(item, heap[0]!) : -1;
    if (order === 0) continue; // the same pointer and rule as the largest kept item
    if (order > 0) {
      count++;
      continue;
    }
    const key = `${item.rule}\u0000${item.pointer}`;
    if (kept.has(key)) continue;
    count++;
    kept.add(key);
    if (full) {
      const largest = heap[0]!;
      kept.delete(`${largest.rule}\u0000${largest.pointer}`);
      heap[0] = item;
      siftDown(heap, 0);
    } else {
      heap.push(item);
      siftUp(heap, heap.length - 1);
    }
  }
  return { first: heap.sort(compareProblems), more: count - heap.length };
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
