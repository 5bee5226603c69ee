/**
 * The README's client example ("Talking to a provider", against `wirechat serve-fake anthropic`) and its
 * tool loop example ("The tool loop", against serve-fake openai-chat), its structured output example ("Structured output"), run as written: each snippet is taken from README.md, its types stripped by the TypeScript compiler, its
 * `"wirechat"` import pointed at this build, and its output compared with what the fake server was told to say.
 */

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";
import ts from "typescript";

import { fakeServerMissing, startFake } from "./fake-server.js";
import { packageRoot } from "./support.js";

function snippet(heading = "Talking to a provider"): string {
  const readme = readFileSync(join(packageRoot(), "README.md"), "utf8");
  const found = new RegExp(`## ${heading}\\n[\\s\\S]*?\`\`\`ts\\n([\\s\\S]*?)\`\`\``).exec(readme);
  assert.ok(found, `the README has a TypeScript block under '${heading}'`);
  return found[1]!;
}

/** The snippet under `heading` as a module importing this build; its path. */
function moduleOf(heading: string): string {
  const index = pathToFileURL(join(packageRoot(), "build", "src", "index.js")).href;
  const source = snippet(heading).replace(/from "wirechat"/, `from ${JSON.stringify(index)}`);
  const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } });
  const file = join(mkdtempSync(join(tmpdir(), "wirechat-readme-")), "example.mjs");
  writeFileSync(file, outputText);
  return file;
}

test("the README's client example runs against serve-fake", { skip: fakeServerMissing() }, async () => {
  const file = moduleOf("Talking to a provider");
  const turns = [
    { reply: { text: "Hello!" } },
    { reply: { text: "Hello again", chunk_size: 3 } },
    { repeat: 3, fault: { type: "status", status: 429, retry_after_ms: 5, message: "slow down" } },
  ];
  const fake = await startFake("anthropic", turns);
  try {
    const run = spawnSync(process.execPath, [file], {
      env: { ...process.env, ANTHROPIC_API_KEY: "sk-ant-readme", ANTHROPIC_BASE_URL: fake.url },
      encoding: "utf8",
      timeout: 60_000,
    });
    assert.equal(run.status, 0, run.stderr);
    const [streamed, caught] = [run.stdout.slice(0, "Hello again".length), run.stdout.slice("Hello again".length)];
    assert.equal(streamed, "Hello again");
    assert.match(caught, /^5 \S+ undefined\n$/, "the 429's retryAfterMs, requestId and partial are printed");
    assert.doesNotMatch(run.stdout + run.stderr, /sk-ant-readme/);
  } finally {
    await fake.stop();
  }
});

test("the README's tool loop example pauses for the booking, resumes it and finishes, against serve-fake", { skip: fakeServerMissing() }, async () => {
  const file = moduleOf("The tool loop");
  const calls = [{ id: "call_1", name: "get_weather", arguments: { city: "Paris" } }, { id: "call_2", name: "book_train", arguments: { time: "9:00" } }];
  const fake = await startFake("openai-chat", [{ reply: { tool_calls: calls, usage: { input: 10, output: 5 } } }, { reply: { text: "Done.", usage: { input: 20, output: 7 } } }]);
  try {
    const run = spawnSync(process.execPath, [file], { env: { ...process.env, OPENAI_API_KEY: "sk-readme", OPENAI_BASE_URL: fake.url }, encoding: "utf8", timeout: 60_000 });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^2 \{[^]*input_tokens: 30[^]*Done\./);
  } finally {
    await fake.stop();
  }
});

test("the README's structured output example retries once and prints the checked value, against serve-fake", { skip: fakeServerMissing() }, async () => {
  const file = moduleOf("Structured output");
  const fake = await startFake("openai-chat", [{ reply: { text: '{"city": "Paris"}' } }, { reply: { text: '{"city": "Paris", "temperature": 18}' } }]);
  try {
    const run = spawnSync(process.execPath, [file], { env: { ...process.env, OPENAI_API_KEY: "sk-readme", OPENAI_BASE_URL: fake.url }, encoding: "utf8", timeout: 60_000 });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, "Paris 18\n");
  } finally {
    await fake.stop();
  }
});
