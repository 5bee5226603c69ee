/**
 * The I-JSON parser's string reader: member names and string values, with their text faults.
 *
 * Speed and memory: plain runs of string characters are skipped with one sticky regular expression,
 * strings with escapes are unescaped by `JSON.parse` on their literal, and strings are copied, never
 * left as views of the input, so a decoded value does not keep the input text alive. What
 * `JSON.parse` refuses, and escaped lone surrogates, take a careful path that finds the exact offset of
 * the fault: the character that cannot continue the string, or the backslash of the lone escape.
 */

import type { WireError } from "./errors.js";
import type { TextFaultRule } from "./text-faults.js";

/** What the string reader needs of the parser: the text, the position, and its faults. */
export interface Scanner {
  readonly text: string;
  pos: number;
  /** A text fault at index `at`, at the pointer of the innermost value begun and not ended. */
  fault(at: number, rule: TextFaultRule, message: string): WireError;
  /** A syntax fault at `pos`. */
  syntax(expected: string): WireError;
}

// Characters that may appear in a string as they are: not `"`, `\`, a control character or a surrogate.
const PLAIN_RUN = /[^"\\\u0000-\u001f\ud800-\udfff]*/y;

/** Read the string at `pos` (on its opening quote); `name` when it is a member name. */
export function readString(scanner: Scanner, name: boolean): string {
  const text = scanner.text;
  const start = scanner.pos + 1;
  PLAIN_RUN.lastIndex = start;
  PLAIN_RUN.test(text);
  const end = PLAIN_RUN.lastIndex;
  if (text.charCodeAt(end) === 0x22) {
    scanner.pos = end + 1;
    // A slice of 13 or more characters would be a view that keeps the whole input text alive (V8's
    // sliced strings); JSON.parse of the literal makes a compact copy, as JSON.parse itself does.
    return end - start < 13 ? text.slice(start, end) : (JSON.parse(text.slice(start - 1, end + 1)) as string);
  }
  // Escapes or surrogate pairs: find the closing quote and let JSON.parse unescape the literal (native,
  // and it refuses raw control characters and bad escapes). A value that is not well-formed (an escaped
  // lone surrogate), or anything JSON.parse refuses, takes the careful path, which says exactly where.
  const close = closingQuote(text, end);
  if (close > 0) {
    let value: unknown;
    try {
      value = JSON.parse(text.slice(start - 1, close + 1));
    } catch {
      value = undefined;
    }
    if (typeof value === "string" && value.isWellFormed()) {
      scanner.pos = close + 1;
      return value;
    }
  }
  return readCarefully(scanner, text.slice(start, end), end, name);
}

/** Read a member name at `pos`: most are short and plain, which a loop reads faster than a regex. */
export function readKey(scanner: Scanner): string {
  const text = scanner.text;
  const start = scanner.pos + 1;
  for (let i = start; ; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      scanner.pos = i + 1;
      return text.slice(start, i);
    }
    if (c === 0x5c || !(c >= 0x20) || (c >= 0xd800 && c <= 0xdfff)) return readString(scanner, true);
  }
}

const SIMPLE_ESCAPES: { readonly [code: number]: string } = {
  0x22: '"',
  0x5c: "\\",
  0x2f: "/",
  0x62: "\b",
  0x66: "\f",
  0x6e: "\n",
  0x72: "\r",
  0x74: "\t",
};

/** The slow path of `readString` from index `at`, after the plain characters `head`. */
function readCarefully(scanner: Scanner, head: string, at: number, name: boolean): string {
  const text = scanner.text;
  let out = head;
  let i = at;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      scanner.pos = i + 1;
      return out;
    }
    if (c === 0x5c) {
      const e = text.charCodeAt(i + 1);
      const simple = SIMPLE_ESCAPES[e];
      if (simple !== undefined) {
        out += simple;
        i += 2;
      } else if (e === 0x75) {
        const unit = hex4(scanner, i + 2);
        const low = unit >= 0xd800 && unit <= 0xdbff && text.startsWith("\\u", i + 6) ? hex4(text, i + 8) : -1;
        if (low >= 0xdc00 && low <= 0xdfff) {
          out += String.fromCharCode(unit, low);
          i += 12;
        } else if (unit >= 0xd800 && unit <= 0xdfff) {
          const where = name ? "a member name" : "a string";
          throw scanner.fault(i, "lone-surrogate", `${where} holds an escaped lone surrogate (\\u${text.slice(i + 2, i + 6)})`);
        } else {
          out += String.fromCharCode(unit);
          i += 6;
        }
      } else {
        scanner.pos = i + 1;
        throw scanner.syntax("a valid escape sequence after \\");
      }
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += text.slice(i, i + 2); // a pair: the text was checked for lone surrogates before parsing
      i += 2;
    } else if (i >= text.length) {
      scanner.pos = i;
      throw scanner.syntax("'\"' to close the string");
    } else {
      scanner.pos = i;
      throw scanner.syntax(`an escape for the control character U+${c.toString(16).toUpperCase().padStart(4, "0")} in the string`);
    }
    PLAIN_RUN.lastIndex = i;
    PLAIN_RUN.test(text);
    const end = PLAIN_RUN.lastIndex;
    if (end > i) {
      out += text.slice(i, end);
      i = end;
    }
  }
}

/**
 * The code unit written by the four hexadecimal digits at `at`. Given the text, -1 when they are not
 * four hexadecimal digits; given the scanner, a syntax fault at the first character that is not one.
 */
function hex4(source: Scanner | string, at: number): number {
  const text = typeof source === "string" ? source : source.text;
  let unit = 0;
  for (let k = at; k < at + 4; k++) {
    const c = text.charCodeAt(k);
    let digit: number;
    if (c >= 0x30 && c <= 0x39) digit = c - 0x30;
    else if (c >= 0x61 && c <= 0x66) digit = c - 0x57;
    else if (c >= 0x41 && c <= 0x46) digit = c - 0x37;
    else {
      if (typeof source === "string") return -1;
      source.pos = k;
      throw source.syntax("four hexadecimal digits after \\u");
    }
    unit = unit * 16 + digit;
  }
  return unit;
}

/** The index of the quote that closes the string whose body runs from `from`, or -1. */
function closingQuote(text: string, from: number): number {
  // indexOf, not a regular expression: a pattern like (?:[^"\\]|\\.)* overflows the regexp
  // backtracking stack on strings with a few million escapes.
  for (let i = text.indexOf('"', from); i >= 0; i = text.indexOf('"', i + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(i - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return i;
  }
  return -1;
}
