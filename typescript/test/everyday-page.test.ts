/**
 * `docs/everyday.md` (issue 28 item 7): every TypeScript block marked `everyday` runs as written (its
 * `from "wirechat"` pointed at this build) against the fake provider, reached through OPENAI_BASE_URL.
 */

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { pathToFileURL } from "node:url";

import ts from "typescript";

import { fakeServerMissing, startFake, type FakeServer } from "./fake-server.js";

const page = readFileSync(new URL("../../../docs/everyday.md", import.meta.url), "utf8");
const blocks = [...page.matchAll(/^```ts everyday\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
const library = pathToFileURL(new URL("../src/index.js", import.meta.url).pathname).href;
const REPLY = { reply: { text: "Sunny, 21 °C.", chunk_size: 4 } };

describe("docs/everyday.md, TypeScript", { skip: fakeServerMissing() }, () => {
  let server: FakeServer;
  const dir = mkdtempSync(join(tmpdir(), "wirechat-everyday-"));
  before(async () => {
    server = await startFake("openai-chat", Array.from({ length: 40 }, () => REPLY));
  });
  after(async () => server.stop());

  test("the page has TypeScript blocks", () => assert.ok(blocks.length >= 5));

  blocks.forEach((block, index) => {
    test(`block ${index + 1} runs as written`, () => {
      const js = ts.transpileModule(block, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
      const file = join(dir, `block-${index + 1}.mjs`);
      writeFileSync(file, js.replaceAll('from "wirechat"', `from ${JSON.stringify(library)}`));
      const env = { ...process.env, OPENAI_API_KEY: "sk-docs-0123456789", OPENAI_BASE_URL: `${server.url}/v1` };
      const printed = execFileSync(process.execPath, [file], { env, encoding: "utf8", timeout: 30_000 });
      assert.ok(printed.trim() !== "", "the block printed nothing");
      if (block.includes("client.chat(") || block.includes("client.stream(")) assert.match(printed, /Sunny, 21 °C\./);
    });
  });
});
