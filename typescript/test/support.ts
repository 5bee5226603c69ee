/**
 * Test support: where the repository's shared files are, and raw-text access to example documents.
 */

import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root: the nearest folder above this file that holds schema/v1. */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "schema", "v1"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("schema/v1 not found above the tests");
    dir = parent;
  }
  return dir;
}

/** typescript/ (the package folder). */
export function packageRoot(): string {
  return join(repoRoot(), "typescript");
}

/**
 * The exact text of the top-level member `name` of a JSON object text, so that invalid examples keep
 * what a parse-and-reserialise would lose (`1.0`, duplicate keys, escapes).
 */
export function rawMember(text: string, name: string): string {
  let i = 0;
  const skipString = (): void => {
    i++;
    while (text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
  };
  const skipValue = (): void => {
    const c = text[i];
    if (c === '"') return skipString();
    if (c === "{" || c === "[") {
      let depth = 0;
      do {
        const d = text[i];
        if (d === '"') {
          skipString();
          continue;
        }
        if (d === "{" || d === "[") depth++;
        else if (d === "}" || d === "]") depth--;
        i++;
      } while (depth > 0);
      return;
    }
    while (i < text.length && !",}] \t\r\n".includes(text[i]!)) i++;
  };
  i = text.indexOf("{") + 1;
  for (;;) {
    i = text.indexOf('"', i);
    if (i < 0) throw new Error(`no member ${name}`);
    const keyStart = i;
    skipString();
    const key = JSON.parse(text.slice(keyStart, i)) as string;
    i = text.indexOf(":", i) + 1;
    while (/\s/.test(text[i]!)) i++;
    const valueStart = i;
    skipValue();
    if (key === name) return text.slice(valueStart, i);
  }
}
