/**
 * The one text of tool-call arguments built from an object (spec section 6, "Arguments built from an
 * object"; decision 036): compact, members in the object's own order, RFC 8785 strings and numbers. It is
 * what `JSON.stringify` writes, so `buildArguments` writes it with `JSON.stringify`; this module holds the
 * streamed side: `ArgumentsNormaliser` rewrites JSON text arriving in fragments (Anthropic's `partial_json`)
 * into that form token by token, so that a stream folds to the text the same call gives unstreamed
 * (section 9's law): `1E2` becomes `100`, `"\u00e9"` becomes `"é"`, `"\/"` becomes `"/"`.
 */

import { WireError } from "./errors.js";

const WHAT = "tool arguments";
const NUMBER = /^-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;
const HEX = /^[0-9a-fA-F]{4}$/;
const SHORT: Record<string, string> = { '"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t" };
const UNESCAPE: Record<string, string> = { '"': '\\"', "\\": "\\\\", "/": "/", b: "\\b", f: "\\f", n: "\\n", r: "\\r", t: "\\t" };
const NUMBER_START = "-0123456789";
const NUMBER_CHARS = "-+.eE0123456789";
const WIDE_LOW = 2 ** 53;
const WIDE_HIGH = 1e21;

function fault(rule: string, message: string): WireError {
  return new WireError([{ pointer: "", message, rule }], WHAT);
}

/** The form of one complete JSON number token; throws `WireError` for one that is not I-JSON. */
function numberText(token: string): string {
  const match = NUMBER.exec(token);
  if (match === null) return token; // not a JSON number: the text is not JSON, and stays as it came
  const value = Number(token);
  if (match[1] === undefined && match[2] === undefined) {
    if (Math.abs(value) > Number.MAX_SAFE_INTEGER) throw fault("unsafe-integer", `integer ${token} is outside +/-(2^53-1)`);
    return JSON.stringify(value);
  }
  if (!Number.isFinite(value)) throw fault("number-overflow", `number ${token} overflows a double`);
  if (Number.isInteger(value) && Math.abs(value) >= WIDE_LOW && Math.abs(value) < WIDE_HIGH) {
    throw fault("unsafe-integer", `number ${token} is a whole number outside +/-(2^53-1)`);
  }
  return JSON.stringify(value);
}

function unitText(code: number): string {
  const char = String.fromCharCode(code);
  const short = SHORT[char];
  if (short !== undefined) return short;
  return code < 0x20 ? `\\u${code.toString(16).padStart(4, "0")}` : char;
}

function lone(code: number): WireError {
  return fault("lone-surrogate", `string holds a lone surrogate \\u${code.toString(16).padStart(4, "0")}`);
}

/**
 * JSON text in arbitrary fragments -> the arguments form. `feed` returns what is settled so far (a number
 * waits for the character after it, an escape for its last character); `finish` returns the rest. Text
 * that is not JSON passes through without its insignificant whitespace; a number or an escape the form
 * cannot hold (an integer beyond 2^53-1, a lone surrogate) throws `WireError`.
 */
export class ArgumentsNormaliser {
  private inString = false;
  private escape: string | undefined = undefined; // the escape read so far, backslash included
  private high: number | undefined = undefined; // a high surrogate escape waiting for its low half
  private number = "";

  feed(fragment: string): string {
    let out = "";
    let i = 0;
    while (i < fragment.length) {
      if (this.inString) {
        const [text, next] = this.string(fragment, i);
        out += text;
        i = next;
        continue;
      }
      const char = fragment[i++]!;
      if (this.number && NUMBER_CHARS.includes(char)) {
        this.number += char;
        continue;
      }
      if (this.number) {
        out += numberText(this.number);
        this.number = "";
      }
      if (NUMBER_START.includes(char)) this.number = char;
      else if (char === '"') {
        this.inString = true;
        out += char;
      } else if (char !== " " && char !== "\t" && char !== "\r" && char !== "\n") out += char;
    }
    return out;
  }

  /** The text still held back (a number at the very end, an unfinished escape). */
  finish(): string {
    let out = this.number ? numberText(this.number) : "";
    out += this.escape ?? "";
    if (this.high !== undefined) throw lone(this.high);
    this.number = "";
    this.escape = undefined;
    return out;
  }

  /** Reads string text from `fragment[i]`: what it settles and where it stopped. */
  private string(fragment: string, i: number): [string, number] {
    if (this.escape === undefined) {
      if (this.high !== undefined && fragment[i] !== "\\") throw lone(this.high);
      let stop = i;
      while (stop < fragment.length && fragment[stop] !== "\\" && fragment[stop] !== '"') stop++;
      const text = fragment.slice(i, stop);
      if (stop === fragment.length) return [text, stop];
      if (fragment[stop] === '"') {
        this.inString = false;
        return [text + '"', stop + 1];
      }
      this.escape = "\\";
      return [text, stop + 1];
    }
    this.escape += fragment[i];
    const escape = this.escape;
    if (escape.length === 2 && escape[1] !== "u") {
      this.escape = undefined;
      if (this.high !== undefined) throw lone(this.high);
      return [UNESCAPE[escape[1]!] ?? escape, i + 1];
    }
    if (escape.length === 6) {
      this.escape = undefined;
      return [this.codeUnit(escape), i + 1];
    }
    return ["", i + 1];
  }

  private codeUnit(escape: string): string {
    if (!HEX.test(escape.slice(2))) return escape; // not JSON: as it came
    const code = parseInt(escape.slice(2), 16);
    if (this.high !== undefined) {
      const high = this.high;
      this.high = undefined;
      if (code < 0xdc00 || code > 0xdfff) throw lone(high);
      return String.fromCharCode(high, code);
    }
    if (code >= 0xd800 && code <= 0xdbff) {
      this.high = code;
      return "";
    }
    if (code >= 0xdc00 && code <= 0xdfff) throw lone(code);
    return unitText(code);
  }
}
