/**
 * An I-JSON (RFC 7493) parser: builds the value like `JSON.parse`, and records what `JSON.parse`
 * accepts silently.
 *
 * Recorded, each with the JSON pointer of the offending member or element: duplicate member names
 * (compared after unescaping), lone surrogates (escaped or raw), numbers that overflow a double, and
 * integer literals outside +/-(2^53-1). It also notes where an integral number was written with a
 * fraction or exponent (`1.0`, `1e2`), so that fields typed `integer` can refuse it. Syntax errors, a
 * byte-order mark and nesting deeper than `MAX_DEPTH` stop the parse at once.
 *
 * Speed and memory: plain runs of string characters are skipped with one sticky regular expression,
 * strings with escapes are unescaped by `JSON.parse` on their literal, and short integers are
 * accumulated without `Number()`. Strings are copied, never left as views of the input, so a decoded
 * value does not keep the input text alive. The benchmark (`npm run bench`) measures both.
 */

import { WireError, pointerFromPath, type Problem } from "./errors.js";
import { isWideIntegral } from "./values.js";

/** The deepest nesting of arrays and objects a document may have. */
export const MAX_DEPTH = 200;

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** What the parser found besides the value. */
export interface ParseOutcome {
  readonly value: unknown;
  /** I-JSON problems; the value is still built, but the document must be rejected. */
  readonly problems: Problem[];
  /** Paths of integral numbers written with a fraction or exponent (`1.0`, `1e2`). */
  readonly integralFloats: (string | number)[][];
}

// Characters that may appear in a string as they are: not `"`, `\`, a control character or a surrogate.
const PLAIN_RUN = /[^"\\\u0000-\u001f\ud800-\udfff]*/y;

const hasOwn = Object.prototype.hasOwnProperty;

class Parser {
  pos = 0;
  depth = 0;
  readonly path: (string | number)[] = [];
  readonly problems: Problem[] = [];
  readonly integralFloats: (string | number)[][] = [];
  /** Set by the string scanner when the string it just read holds a lone surrogate. */
  loneSurrogate = false;

  constructor(readonly text: string) {}

  parseDocument(): unknown {
    const text = this.text;
    if (text.charCodeAt(0) === 0xfeff) {
      throw new WireError([{ pointer: "", message: "the document starts with a byte-order mark (U+FEFF)", rule: "bom" }]);
    }
    this.skipWhitespace();
    if (this.pos >= text.length) throw this.syntax("a JSON value");
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

  parseValue(): unknown {
    switch (this.text.charCodeAt(this.pos)) {
      case 0x22: {
        const value = this.parseString();
        if (this.loneSurrogate) this.loneSurrogateProblem(this.path);
        return value;
      }
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

  literal<T>(word: string, value: T): T {
    if (!this.text.startsWith(word, this.pos)) throw this.syntax("a JSON value");
    this.pos += word.length;
    return value;
  }

  enter(): void {
    if (++this.depth > MAX_DEPTH) {
      throw new WireError([
        { pointer: pointerFromPath(this.path), message: `nesting deeper than ${MAX_DEPTH} arrays and objects`, rule: "depth" },
      ]);
    }
  }

  parseObject(): Record<string, unknown> {
    this.enter();
    const text = this.text;
    const path = this.path;
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
      const key = this.parseKey();
      path.push(key);
      if (this.loneSurrogate) this.loneSurrogateProblem(path, "member name");
      if (text.charCodeAt(this.pos) !== 0x3a) {
        this.skipWhitespace();
        if (text.charCodeAt(this.pos) !== 0x3a) throw this.syntax("':' after the member name");
      }
      this.pos++;
      this.skipWhitespace();
      const value = this.parseValue();
      if (object[key] !== undefined && hasOwn.call(object, key)) {
        this.problems.push({
          pointer: pointerFromPath(path),
          message: `duplicate member name ${JSON.stringify(key)}`,
          rule: "duplicate-key",
        });
      } else if (key === "__proto__") {
        Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
      } else {
        object[key] = value;
      }
      path.pop();
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
    const path = this.path;
    const array: unknown[] = [];
    this.pos++;
    this.skipWhitespace();
    if (text.charCodeAt(this.pos) === 0x5d) {
      this.pos++;
      this.depth--;
      return array;
    }
    const slot = path.length;
    path.push(0);
    for (let index = 0; ; ) {
      path[slot] = index++;
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
        path.pop();
        return array;
      }
      throw this.syntax("',' or ']'");
    }
  }

  /** Read the string at `pos` (on its opening quote); sets `loneSurrogate`. */
  parseString(): string {
    const text = this.text;
    const start = this.pos + 1;
    PLAIN_RUN.lastIndex = start;
    PLAIN_RUN.test(text);
    const end = PLAIN_RUN.lastIndex;
    this.loneSurrogate = false;
    if (text.charCodeAt(end) === 0x22) {
      this.pos = end + 1;
      // A slice of 13 or more characters would be a view that keeps the whole input text alive (V8's
      // sliced strings); JSON.parse of the literal makes a compact copy, as JSON.parse itself does.
      return end - start < 13 ? text.slice(start, end) : (JSON.parse(text.slice(start - 1, end + 1)) as string);
    }
    // Escapes or surrogates: find the closing quote and let JSON.parse unescape the literal (native, and
    // it refuses raw control characters and bad escapes); a lone surrogate shows as a value that is not
    // well-formed. Raw surrogates in the literal, or anything JSON.parse refuses, take the careful path,
    // which also says exactly where a syntax error is.
    const close = closingQuote(text, end);
    if (close > 0) {
      const literal = text.slice(start - 1, close + 1);
      if (literal.isWellFormed()) {
        let value: unknown;
        try {
          value = JSON.parse(literal);
        } catch {
          value = undefined;
        }
        if (typeof value === "string") {
          this.pos = close + 1;
          this.loneSurrogate = !value.isWellFormed();
          return value;
        }
      }
    }
    return this.parseStringRest(text.slice(start, end), end);
  }

  /** Read a member name at `pos`: most are short and plain, which a loop reads faster than a regex. */
  parseKey(): string {
    const text = this.text;
    const start = this.pos + 1;
    for (let i = start; ; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        this.pos = i + 1;
        this.loneSurrogate = false;
        return text.slice(start, i);
      }
      if (c === 0x5c || !(c >= 0x20) || (c >= 0xd800 && c <= 0xdfff)) return this.parseString();
    }
  }

  /** The slow path of `parseString`: escapes, surrogates, and errors. */
  parseStringRest(head: string, at: number): string {
    const text = this.text;
    let out = head;
    let i = at;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        this.pos = i + 1;
        return out;
      }
      if (c === 0x5c) {
        const e = text.charCodeAt(i + 1);
        switch (e) {
          case 0x22: out += '"'; i += 2; break; // prettier-ignore
          case 0x5c: out += "\\"; i += 2; break; // prettier-ignore
          case 0x2f: out += "/"; i += 2; break; // prettier-ignore
          case 0x62: out += "\b"; i += 2; break; // prettier-ignore
          case 0x66: out += "\f"; i += 2; break; // prettier-ignore
          case 0x6e: out += "\n"; i += 2; break; // prettier-ignore
          case 0x72: out += "\r"; i += 2; break; // prettier-ignore
          case 0x74: out += "\t"; i += 2; break; // prettier-ignore
          case 0x75: {
            const unit = hex4(text, i + 2);
            if (unit < 0) {
              this.pos = i;
              throw this.syntax("four hexadecimal digits after \\u");
            }
            i += 6;
            if (unit >= 0xd800 && unit <= 0xdbff) {
              const low = text.charCodeAt(i) === 0x5c && text.charCodeAt(i + 1) === 0x75 ? hex4(text, i + 2) : -1;
              if (low >= 0xdc00 && low <= 0xdfff) {
                out += String.fromCharCode(unit, low);
                i += 6;
                break;
              }
              this.loneSurrogate = true;
            } else if (unit >= 0xdc00 && unit <= 0xdfff) {
              this.loneSurrogate = true;
            }
            out += String.fromCharCode(unit);
            break;
          }
          default:
            this.pos = i;
            throw this.syntax("a valid escape sequence after \\");
        }
      } else if (c >= 0xd800 && c <= 0xdfff) {
        const next = text.charCodeAt(i + 1);
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          out += text.slice(i, i + 2);
          i += 2;
        } else {
          this.loneSurrogate = true;
          out += text[i];
          i += 1;
        }
      } else if (i >= text.length) {
        this.pos = i;
        throw this.syntax("'\"' to close the string");
      } else {
        this.pos = i;
        throw this.syntax(`an escape for the control character U+${c.toString(16).toUpperCase().padStart(4, "0")} in the string`);
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
    } else {
      this.pos = i;
      throw this.syntax(negative ? "a digit after '-'" : "a JSON value");
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
    if (!Number.isFinite(value) && integerLiteral) {
      // Rule 5 (an integer literal outside +/-(2^53-1)) is the one Python and Go name for these too.
      this.problems.push({
        pointer: pointerFromPath(this.path),
        message: `integer ${shorten(text.slice(start, i))} is outside +/-(2^53-1) (it even overflows an IEEE double)`,
        rule: "unsafe-integer",
      });
    } else if (!Number.isFinite(value)) {
      this.problems.push({
        pointer: pointerFromPath(this.path),
        message: `number ${shorten(text.slice(start, i))} overflows an IEEE double`,
        rule: "number-overflow",
      });
    } else if (integerLiteral) {
      if (value > MAX_SAFE || value < -MAX_SAFE) {
        this.problems.push({
          pointer: pointerFromPath(this.path),
          message: `integer ${shorten(text.slice(start, i))} is outside +/-(2^53-1), which not every language reads exactly`,
          rule: "unsafe-integer",
        });
      }
    } else if (isWideIntegral(value)) {
      this.problems.push({
        pointer: pointerFromPath(this.path),
        message: `number ${shorten(text.slice(start, i))} is a whole number outside +/-(2^53-1): its canonical form is an integer literal not every language reads exactly`,
        rule: "unsafe-integer",
      });
    } else if (Number.isInteger(value)) {
      this.integralFloats.push(this.path.slice());
    }
    return value;
  }

  loneSurrogateProblem(path: readonly (string | number)[], where = "string"): void {
    this.problems.push({ pointer: pointerFromPath(path), message: `${where} holds a lone surrogate`, rule: "lone-surrogate" });
  }

  syntax(expected: string): WireError {
    const text = this.text;
    const at = Math.min(this.pos, text.length);
    let line = 1;
    let lineStart = 0;
    for (let k = text.indexOf("\n"); k >= 0 && k < at; k = text.indexOf("\n", k + 1)) {
      line++;
      lineStart = k + 1;
    }
    const found = at >= text.length ? "the end of the text" : JSON.stringify(text.slice(at, at + 12));
    const message = `not valid JSON at line ${line} column ${at - lineStart + 1}: expected ${expected}, found ${found}`;
    return new WireError([{ pointer: pointerFromPath(this.path), message, rule: "syntax" }]);
  }
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

function hex4(text: string, at: number): number {
  let unit = 0;
  for (let k = at; k < at + 4; k++) {
    const c = text.charCodeAt(k);
    let digit: number;
    if (c >= 0x30 && c <= 0x39) digit = c - 0x30;
    else if (c >= 0x61 && c <= 0x66) digit = c - 0x57;
    else if (c >= 0x41 && c <= 0x46) digit = c - 0x37;
    else return -1;
    unit = unit * 16 + digit;
  }
  return unit;
}

function shorten(literal: string): string {
  return literal.length > 40 ? `${literal.slice(0, 37)}...` : literal;
}

/**
 * Parse `text` and report I-JSON problems instead of throwing for them.
 * Throws `WireError` for what stops a parse: syntax errors, a byte-order mark, too deep a nesting.
 */
export function parseWithProblems(text: string): ParseOutcome {
  const parser = new Parser(text);
  const value = parser.parseDocument();
  return { value, problems: parser.problems, integralFloats: parser.integralFloats };
}

/**
 * The pointer of the place where `prefix`, the start of a document, stops: where the next character
 * would go. Used to say where in the document an invalid UTF-8 byte sits.
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
 * Parse an I-JSON text into a value; throws `WireError` naming every problem (duplicate member names,
 * lone surrogates, numbers that overflow a double, integers outside +/-(2^53-1), or bad syntax).
 */
export function parseJson(text: string): unknown {
  const outcome = parseWithProblems(text);
  if (outcome.problems.length > 0) throw new WireError(outcome.problems);
  return outcome.value;
}
