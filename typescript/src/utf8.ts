/**
 * Strict UTF-8 decoding of input bytes, with the text fault (spec section 5.1) that says where the
 * encoding breaks.
 *
 * `TextDecoder` with `fatal: true` rejects every ill-formed sequence (overlong forms, encoded
 * surrogates, code points above U+10FFFF, truncated sequences) but does not say where; on failure a
 * small scanner finds the offset. The whole text is checked before it is parsed, so a bad byte wins
 * over a syntax error earlier in the text; only a byte-order mark (offset 0) comes first. A BOM is
 * kept as U+FEFF so that the parser refuses it.
 */

import type { WireError } from "./errors.js";
import { textFault } from "./text-faults.js";

// The platform's TextDecoder (Node 20, browsers, Deno, workers); declared here so the package needs
// neither the DOM lib nor @types/node.
declare const TextDecoder: new (
  label: string,
  options: { fatal: boolean; ignoreBOM: boolean },
) => { decode(input: Uint8Array): string };

let decoder: { decode(input: Uint8Array): string } | undefined;

/**
 * The text of `bytes`; throws `WireError` (rule `utf8`, or `lone-surrogate` for a surrogate's UTF-8 bytes)
 * when they are not well-formed UTF-8, with its line and column.
 * `locate` turns the well-formed text before the bad byte into the JSON pointer of where it sits.
 */
export function decodeUtf8(bytes: Uint8Array, locate: (prefix: string) => string = () => ""): string {
  decoder ??= new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  try {
    return decoder.decode(bytes);
  } catch {
    throw utf8Fault(bytes, locate);
  }
}

function utf8Fault(bytes: Uint8Array, locate: (prefix: string) => string): WireError {
  const offset = firstInvalidUtf8Byte(bytes);
  const prefix = decoder!.decode(bytes.subarray(0, offset));
  if (prefix.charCodeAt(0) === 0xfeff) {
    return textFault(prefix, 0, "", "bom", "the document starts with a byte-order mark (U+FEFF)");
  }
  const pointer = locate(prefix);
  // A surrogate written as UTF-8 bytes (ED A0..BF ..) is a raw lone surrogate: spec section 2, rule 3.
  const second = bytes[offset + 1] ?? 0;
  if (bytes[offset] === 0xed && second >= 0xa0 && second <= 0xbf) {
    const message = `a surrogate written as UTF-8 bytes at byte ${offset} (a raw lone surrogate, which I-JSON forbids)`;
    return textFault(prefix, prefix.length, pointer, "lone-surrogate", message);
  }
  const shown = Array.from(bytes.subarray(offset, offset + 4), (b) => b.toString(16).toUpperCase().padStart(2, "0")).join(" ");
  return textFault(prefix, prefix.length, pointer, "utf8", `invalid UTF-8 at byte ${offset} (${shown})`);
}

/** The offset of the first byte that starts an ill-formed UTF-8 sequence, or -1 if there is none. */
export function firstInvalidUtf8Byte(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0; // no overlong forms
      if (b === 0xed) hi = 0x9f; // no encoded surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90; // no overlong forms
      if (b === 0xf4) hi = 0x8f; // nothing above U+10FFFF
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = i + k < n ? bytes[i + k]! : -1;
      if (k === 1 ? c < lo || c > hi : c < 0x80 || c > 0xbf) return i;
    }
    i += need + 1;
  }
  return -1;
}
