/**
 * The TypeScript manifests say what the Python ones say: each adapter's features (level and message), finish
 * tables, default max_tokens and documented retry exceptions against the `manifest` line of the shared
 * cross-language vectors (`conformance/cases/adapters/<adapter>.ndjson`, written from Python), which Go's
 * manifests are held to as well. A feature added in Python and not here fails.
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { getAdapter } from "../src/adapters/index.js";
import { packageRoot } from "./support.js";

function pythonManifest(name: string): Record<string, any> {
  const path = join(packageRoot(), "..", "conformance", "cases", "adapters", `${name.replace(":", ".")}.ndjson`); // openai-compatible:groq -> openai-compatible.groq
  const first = readFileSync(path, "utf8").split("\n")[0]!;
  const line = JSON.parse(first) as Record<string, any>;
  assert.equal(line["kind"], "manifest", `${path} starts with the manifest line`);
  return line;
}

const COMPATIBLE = ["openai-compatible", ...["deepseek", "groq", "llama-cpp", "lm-studio", "mistral", "ollama", "openrouter", "vllm"].map((profile) => `openai-compatible:${profile}`)];

for (const name of ["openai-chat", "anthropic", "openai-responses", "gemini", ...COMPATIBLE, "querymt", "go-model"]) {
  test(`${name}: the manifest is Python's`, () => {
    const expected = pythonManifest(name);
    const manifest = getAdapter(name).manifest;
    const features = Object.fromEntries(
      Object.entries(manifest.features).map(([feature, support]) => [feature, [support.level, support.message]]),
    );
    assert.deepEqual(features, expected["features"]);
    assert.deepEqual({ ...manifest.finishReasons }, expected["finish_reasons"]);
    assert.deepEqual({ ...manifest.finishDefaults }, expected["finish_defaults"]);
    assert.equal(manifest.defaultMaxTokens ?? null, expected["default_max_tokens"]);
    const retry = Object.fromEntries(Object.entries(manifest.statusRetryable).map(([status, value]) => [String(status), value]));
    assert.deepEqual(retry, expected["status_retryable"]);
  });
}
