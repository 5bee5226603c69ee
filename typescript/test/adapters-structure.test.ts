/**
 * Every provider adapter folder has the module set Python's adapters have
 * (`python/src/wirechat/adapters/_module_set.py`: shapes, request encode and decode, response, stream, usage,
 * finish, errors; the manifest is generated into `src/tables/`, and `index.ts` binds it all), each file opens
 * with a comment saying what it is for, and no hand-written file of the adapters grows past 400 lines.
 */

import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { repoRoot } from "./support.js";

const ADAPTERS = join(repoRoot(), "typescript", "src", "adapters");
const MODULE_SET = ["shapes", "request-encode", "request-decode", "response", "stream", "usage", "finish", "errors", "index"];
/** Folders of shared code, not a provider. */
const NOT_PROVIDERS = new Set(["shared"]);

const folders = readdirSync(ADAPTERS, { withFileTypes: true }).filter((entry) => entry.isDirectory());
const providers = folders.map((entry) => entry.name).filter((name) => !NOT_PROVIDERS.has(name));

test("adapter structure: there are provider folders", () => {
  assert.ok(providers.includes("anthropic") && providers.includes("openai-chat"), providers.join(", "));
});

for (const provider of providers) {
  test(`adapter structure: ${provider} has the module set`, () => {
    const missing = MODULE_SET.filter((module) => !existsSync(join(ADAPTERS, provider, `${module}.ts`)));
    assert.deepEqual(missing, [], `src/adapters/${provider} lacks ${missing.join(", ")} (the module set: ${MODULE_SET.join(", ")})`);
  });
}

test("adapter structure: every file opens with a comment and stays under 400 lines", () => {
  const problems: string[] = [];
  for (const folder of folders) {
    for (const file of readdirSync(join(ADAPTERS, folder.name)).filter((name) => name.endsWith(".ts"))) {
      const lines = readFileSync(join(ADAPTERS, folder.name, file), "utf8").split("\n");
      if (lines.length > 401) problems.push(`${folder.name}/${file}: ${lines.length - 1} lines (400 at most)`);
      if (!lines.slice(0, 3).some((line) => line.startsWith("/**") || line.startsWith("//"))) {
        problems.push(`${folder.name}/${file}: no comment at its top saying what it is for`);
      }
    }
  }
  assert.deepEqual(problems, []);
});
