/**
 * `Secret`: an API key that never shows itself. `String(secret)`, `JSON.stringify`, `util.inspect` and
 * template strings all give `Secret(****)`; only `reveal()` gives the key, and the client calls it once per
 * request to build the auth headers. `redact` scrubs the key out of any text before it reaches an error.
 */

const MASK = "Secret(****)";

/** The shortest key `redact` searches for: a shorter one would match ordinary words. */
export const MIN_REDACTED_LENGTH = 8;
const WORD = /^[A-Za-z0-9]$/;

export class Secret {
  readonly #value: string;

  constructor(value: string) {
    if (typeof value !== "string" || value === "") throw new TypeError("an API key must be a non-empty string");
    this.#value = value;
  }

  /** The key itself: for the auth header, nowhere else. */
  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return MASK;
  }

  toJSON(): string {
    return MASK;
  }

  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return MASK;
  }

  /**
   * `text` with the key replaced by `****` where it stands as a whole token (no ASCII letter or digit touching
   * it on either side); a key shorter than `MIN_REDACTED_LENGTH` is not searched for (spec section 5.3).
   */
  redact(text: string): string {
    const key = this.#value;
    if (key.length < MIN_REDACTED_LENGTH || !text.includes(key)) return text;
    let out = "";
    let from = 0;
    for (let at = text.indexOf(key); at >= 0; at = text.indexOf(key, from)) {
      const end = at + key.length;
      const whole = !WORD.test(text.charAt(at - 1)) && !WORD.test(text.charAt(end));
      out += text.slice(from, at) + (whole ? "****" : key);
      from = end;
    }
    return out + text.slice(from);
  }
}

/** A canonical error value with the key scrubbed from every string in it (a careless server may echo it). */
export function redactError<E extends object>(error: E, secret: Secret | undefined): E {
  if (secret === undefined) return error;
  const text = JSON.stringify(error);
  const clean = secret.redact(text);
  return clean === text ? error : (JSON.parse(clean) as E);
}
