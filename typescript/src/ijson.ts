/**
 * An I-JSON (RFC 7493) parser: builds the value like `JSON.parse`, and finds what `JSON.parse` accepts
 * silently.
 *
 * Text faults (spec section 5.1) stop the parse at once with one problem that carries its line and
 * column: bad syntax (trailing data included), a byte-order mark, duplicate member names (compared
 * after unescaping), lone surrogates (escaped or raw) and nesting deeper than `MAX_DEPTH`. The pointer
 * of a fault is the innermost value that has begun before it and not ended: the parser keeps on `path`
 * exactly those values, pushing a value's token at its first byte. Number problems (a number that
 * overflows a double, an integer literal outside +/-(2^53-1)) are value problems: they are recorded at
 * the number's pointer and the parse goes on. The parser also notes where an integral number was
 * written with a fraction or exponent (`1.0`, `1e2`), so that fields typed `integer` can refuse it.
 *
 * Strings are read by `ijson-strings.ts`. Short integers are accumulated without `Number()`. The
 * benchmark (`npm run bench`) measures the parser against `JSON.parse`.
 */

import { pointerFromPath, WireError, type Problem } from "./errors.js";
import { readKey, readString, type Scanner } from "./ijson-strings.js";
import { firstLoneSurrogate, textFault, type TextFaultRule } from "./text-faults.js";
import { isWideIntegral } from "./values.js";

/** The deepest nesting of arrays and objects a document may have. */
export const MAX_DEPTH = 200;

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** What the parser found besides the value. */
export interface ParseOutcome {
  readonly value: unknown;
  /** Number problems (`number-overflow`, `unsafe-integer`); the value is built, but must be rejected. */
  readonly problems: Problem[];
  /** Paths of integral numbers written with a fraction or exponent (`1.0`, `1e2`). */
  readonly integralFloats: (string | number)[][];
}

const hasOwn = Object.prototype.hasOwnProperty;

class Parser implements Scanner {
  pos = 0;
  depth = 0;
  /**
   * The tokens of the values being read, innermost last. A container puts a value's token here just
   * before the value and takes it away after it; a fault at the value's first byte, or after it, is
   * at `outer()`, the value that holds it.
   */
  readonly path: (string | number)[] = [];
  readonly problems: Problem[] = [];
  readonly integralFloats: (string | number)[][] = [];

  /** `wellFormed`: the text is known to hold no lone surrogate (it was decoded from UTF-8). */
  constructor(
    readonly text: string,
    readonly wellFormed = false,
  ) {}

  parseDocument(): unknown {
    const text = this.text;
    if (text.charCodeAt(0) === 0xfeff) throw this.fault(0, "bom", "the document starts with a byte-order mark (U+FEFF)");
    // A raw lone surrogate is an encoding fault: found before parsing, as an ill-formed UTF-8 byte is.
    const lone = this.wellFormed ? -1 : firstLoneSurrogate(text);
    if (lone >= 0) throw this.fault(lone, "lone-surrogate", "a raw lone surrogate, which I-JSON forbids", "locate");
    this.skipWhitespace();
    const value = this.parseValue();
    this.skipWhitespace();
    if (this.pos < text.length) throw this.syntax("the end of the document");
    return value;
  }

  skipWhitespace(): void {
    const text = this.text;
    let i = this.pos;
    let c = text.charCodeAt(i);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++i);
    this.pos = i;
  }

  /** The pointer of the value that holds the one at the end of `path` (for a fault outside that one). */
  outer(): string {
    return pointerFromPath(this.path.slice(0, -1));
  }

  /** Read the value at `pos`; its token (none for the root) is already at the end of `path`. */
  parseValue(): unknown {
    switch (this.text.charCodeAt(this.pos)) {
      case 0x22:
        return readString(this, false);
      case 0x7b:
        return this.parseObject();
      case 0x5b:
        return this.parseArray();
      case 0x74:
        return this.literal("true", true);
      case 0x66:
        return this.literal("false", false);
      case 0x6e:
        return this.literal("null", null);
      default:
        return this.parseNumber();
    }
  }

  /** Count one more level of nesting at the bracket at `pos`: the one that opens level 201 is a fault. */
  enter(): void {
    // That bracket's value has not begun before the fault: the pointer is the value around it.
    if (this.depth >= MAX_DEPTH) throw this.fault(this.pos, "depth", `nesting deeper than ${MAX_DEPTH} arrays and objects`, this.outer());
    this.depth++;
  }

  literal<T>(word: string, value: T): T {
    const text = this.text;
    for (let k = 1; k < word.length; k++) {
      if (text.charCodeAt(this.pos + k) !== word.charCodeAt(k)) {
        this.pos += k;
        throw this.syntax(`${JSON.stringify(word)}`);
      }
    }
    this.pos += word.length;
    return value;
  }

  parseObject(): Record<string, unknown> {
    this.enter();
    const text = this.text;
    const object: Record<string, unknown> = {};
    this.pos++;
    this.skipWhitespace();
    if (text.charCodeAt(this.pos) === 0x7d) {
      this.pos++;
      this.depth--;
      return object;
    }
    for (;;) {
      if (text.charCodeAt(this.pos) !== 0x22) throw this.syntax("a member name in double quotes");
      const nameAt = this.pos;
      const key = readKey(this);
      if (hasOwn.call(object, key)) {
        throw this.fault(nameAt, "duplicate-key", `duplicate member name ${JSON.stringify(key)}`, pointerFromPath([...this.path, key]));
      }
      if (text.charCodeAt(this.pos) !== 0x3a) {
        this.skipWhitespace();
        if (text.charCodeAt(this.pos) !== 0x3a) throw this.syntax("':' after the member name");
      }
      this.pos++;
      this.skipWhitespace();
      this.path.push(key);
      const value = this.parseValue();
      this.path.pop();
      if (key === "__proto__") {
        Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
      } else {
        object[key] = value;
      }
      let c = text.charCodeAt(this.pos);
      if (c !== 0x2c && c !== 0x7d) {
        this.skipWhitespace();
        c = text.charCodeAt(this.pos);
      }
      if (c === 0x2c) {
        this.pos++;
        this.skipWhitespace();
        continue;
      }
      if (c === 0x7d) {
        this.pos++;
        this.depth--;
        return object;
      }
      throw this.syntax("',' or '}'");
    }
  }

  parseArray(): unknown[] {
    this.enter();
    const text = this.text;
    const array: unknown[] = [];
    this.pos++;
    this.skipWhitespace();
    if (text.charCodeAt(this.pos) === 0x5d) {
      this.pos++;
      this.depth--;
      return array;
    }
    const path = this.path;
    const slot = path.length;
    for (let index = 0; ; index++) {
      path[slot] = index;
      array.push(this.parseValue());
      let c = text.charCodeAt(this.pos);
      if (c !== 0x2c && c !== 0x5d) {
        this.skipWhitespace();
        c = text.charCodeAt(this.pos);
      }
      if (c === 0x2c) {
        this.pos++;
        this.skipWhitespace();
        continue;
      }
      if (c === 0x5d) {
        this.pos++;
        this.depth--;
        path.length = slot;
        return array;
      }
      throw this.syntax("',' or ']'", this.outer()); // the element has ended
    }
  }

  parseNumber(): number {
    const text = this.text;
    const start = this.pos;
    let i = start;
    let c = text.charCodeAt(i);
    const negative = c === 0x2d;
    if (negative) c = text.charCodeAt(++i);
    let value = 0;
    if (c === 0x30) {
      c = text.charCodeAt(++i);
    } else if (c >= 0x31 && c <= 0x39) {
      do {
        value = value * 10 + (c - 0x30);
        c = text.charCodeAt(++i);
      } while (c >= 0x30 && c <= 0x39);
    } else if (negative) {
      this.pos = i;
      throw this.syntax("a digit after '-'");
    } else {
      throw this.syntax("a JSON value", this.outer()); // not the first byte of any value: none has begun
    }
    const integerDigits = i - start - (negative ? 1 : 0);
    let integerLiteral = true;
    if (c === 0x2e) {
      integerLiteral = false;
      c = text.charCodeAt(++i);
      if (!(c >= 0x30 && c <= 0x39)) {
        this.pos = i;
        throw this.syntax("a digit after the decimal point");
      }
      do c = text.charCodeAt(++i);
      while (c >= 0x30 && c <= 0x39);
    }
    if (c === 0x65 || c === 0x45) {
      integerLiteral = false;
      c = text.charCodeAt(++i);
      if (c === 0x2b || c === 0x2d) c = text.charCodeAt(++i);
      if (!(c >= 0x30 && c <= 0x39)) {
        this.pos = i;
        throw this.syntax("a digit in the exponent");
      }
      do c = text.charCodeAt(++i);
      while (c >= 0x30 && c <= 0x39);
    }
    this.pos = i;
    if (integerLiteral && integerDigits <= 15) return negative ? -value : value; // exact: below 10^15
    value = Number(text.slice(start, i));
    const literal = shorten(text.slice(start, i));
    if (!Number.isFinite(value) && integerLiteral) {
      // Rule 5 (an integer literal outside +/-(2^53-1)) is the one Python and Go name for these too.
      this.numberProblem("unsafe-integer", `integer ${literal} is outside +/-(2^53-1) (it even overflows an IEEE double)`);
    } else if (!Number.isFinite(value)) {
      this.numberProblem("number-overflow", `number ${literal} overflows an IEEE double`);
    } else if (integerLiteral) {
      if (value > MAX_SAFE || value < -MAX_SAFE) {
        this.numberProblem("unsafe-integer", `integer ${literal} is outside +/-(2^53-1), which not every language reads exactly`);
      }
    } else if (isWideIntegral(value)) {
      this.numberProblem(
        "unsafe-integer",
        `number ${literal} is a whole number outside +/-(2^53-1): its canonical form is an integer literal not every language reads exactly`,
      );
    } else if (Number.isInteger(value)) {
      this.integralFloats.push(this.path.slice());
    }
    return value;
  }

  numberProblem(rule: string, message: string): void {
    this.problems.push({ pointer: pointerFromPath(this.path), message, rule });
  }

  /**
   * The fault at index `at`, at `pointer` (by default the innermost value begun and not ended). With
   * "locate", the pointer is found by parsing the text before `at`, for a fault found before parsing.
   */
  fault(at: number, rule: TextFaultRule, message: string, pointer = pointerFromPath(this.path)): WireError {
    return textFault(this.text, at, pointer === "locate" ? pointerAtEnd(this.text.slice(0, at)) : pointer, rule, message);
  }

  /** A syntax fault at `pos`: the first character that cannot continue the text (or its end). */
  syntax(expected: string, pointer?: string): WireError {
    const text = this.text;
    const at = Math.min(this.pos, text.length);
    const found = at >= text.length ? "the end of the text" : JSON.stringify(text.slice(at, at + 12));
    return this.fault(at, "syntax", `not valid JSON: expected ${expected}, found ${found}`, pointer);
  }
}

function shorten(literal: string): string {
  return literal.length > 40 ? `${literal.slice(0, 37)}...` : literal;
}

/**
 * Parse `text` and report number problems instead of throwing for them.
 * Throws `WireError` with the one text fault that stops a parse (section 5.1).
 */
export function parseWithProblems(text: string, wellFormed = false): ParseOutcome {
  const parser = new Parser(text, wellFormed);
  const value = parser.parseDocument();
  return { value, problems: parser.problems, integralFloats: parser.integralFloats };
}

/**
 * The pointer of the place where `prefix`, the start of a well-formed document, stops: the innermost
 * value begun and not ended there. Says where a fault found before parsing (bad UTF-8) sits.
 */
export function pointerAtEnd(prefix: string): string {
  try {
    new Parser(prefix).parseDocument();
  } catch (error) {
    if (error instanceof WireError) return error.problems[0]?.pointer ?? "";
    throw error;
  }
  return "";
}

/**
 * Parse an I-JSON text into a value; throws `WireError` with the text fault that stops it, or naming
 * every number problem (numbers that overflow a double, integers outside +/-(2^53-1)).
 */
export function parseJson(text: string): unknown {
  const outcome = parseWithProblems(text);
  if (outcome.problems.length > 0) throw new WireError(outcome.problems);
  return outcome.value;
}
