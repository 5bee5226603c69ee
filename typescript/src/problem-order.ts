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

/** Compare two JSON pointers token by token; a pointer comes before the pointers it is a prefix of. */
export function comparePointers(a: string, b: string): number {
  if (a === b) return 0;
  const x = a.split("/");
  const y = b.split("/");
  const n = Math.min(x.length, y.length);
  for (let i = 1; i < n; i++) {
    const order = compareTokens(x[i]!, y[i]!);
    if (order !== 0) return order;
  }
  return x.length - y.length;
}

/** The spec's order of two problems: by pointer, then by rule name (ASCII). */
export function compareProblems(a: Problem, b: Problem): number {
  const order = comparePointers(a.pointer, b.pointer);
  if (order !== 0) return order;
  return a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0;
}

/** Restore the max-heap property (largest problem at 0) below `i`. */
function siftDown(heap: Problem[], i: number): void {
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

function siftUp(heap: Problem[], i: number): void {
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (compareProblems(heap[i]!, heap[parent]!) <= 0) return;
    [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
    i = parent;
  }
}

/**
 * The problems in the spec's order, one per pointer and rule, capped. A list that already ends with a
 * `too-many-problems` entry was ordered before and is returned as it is.
 */
export function orderProblems(problems: readonly Problem[]): Problem[] {
  if (problems[problems.length - 1]?.rule === "too-many-problems") return [...problems];
  const seen = new Set<string>();
  const heap: Problem[] = [];
  let kept = 0;
  for (const problem of problems) {
    const key = `${problem.rule}\u0000${problem.pointer}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept++;
    if (heap.length < MAX_PROBLEMS) {
      heap.push(problem);
      siftUp(heap, heap.length - 1);
    } else if (compareProblems(problem, heap[0]!) < 0) {
      heap[0] = problem;
      siftDown(heap, 0);
    }
  }
  const ordered = heap.sort(compareProblems);
  if (kept > MAX_PROBLEMS) {
    const more = kept - MAX_PROBLEMS;
    ordered.push({ pointer: "", message: `and ${more} more problem${more === 1 ? "" : "s"}`, rule: "too-many-problems" });
  }
  return ordered;
}
