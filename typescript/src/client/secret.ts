/**
 * `Secret`: an API key that never shows itself. `String(secret)`, `JSON.stringify`, `util.inspect` and
 * template strings all give `Secret(****)`; only `reveal()` gives the key, and the client calls it once per
 * request to build the auth headers. `redact` scrubs the key out of any text before it reaches an error.
 */

const MASK = "Secret(****)";

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

  /** `text` with every occurrence of the key replaced by `****`. */
  redact(text: string): string {
    return text.split(this.#value).join("****");
  }
}

/** A canonical error value with the key scrubbed from every string in it (a careless server may echo it). */
export function redactError<E extends object>(error: E, secret: Secret | undefined): E {
  if (secret === undefined) return error;
  const text = JSON.stringify(error);
  const clean = secret.redact(text);
  return clean === text ? error : (JSON.parse(clean) as E);
}
