/**
 * What the openai-compatible adapter computes itself rather than copies: the SHA-256 behind a synthesised
 * tool-call id (checked against FIPS 180-4's vectors and `node:crypto`, since the adapter carries its own for
 * runtimes without a synchronous digest), the id rule of decision 017 (Python's `synthesised_id` gives the
 * same), and the registry of one adapter per profile with its generated tables.
 */

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";

import { ADAPTERS, getAdapter } from "../src/adapters/index.js";
import { sha256Hex } from "../src/adapters/openai-compatible/sha256.js";
import { synthesisedId } from "../src/adapters/openai-compatible/shapes.js";
import { PROFILES } from "../src/tables/openai-compatible.js";

test("sha256Hex gives the standard's digests and node:crypto's", () => {
  assert.equal(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  assert.equal(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  assert.equal(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  for (const text of ["a".repeat(55), "a".repeat(56), "a".repeat(64), "a".repeat(1000), "résumé/0/получить_погоду/😀", "x".repeat(119)]) {
    assert.equal(sha256Hex(text), createHash("sha256").update(text, "utf8").digest("hex"), `${text.length} characters`);
  }
});

test("a synthesised id is call_ and 24 hex digits of <response id>/<position>/<name>", () => {
  assert.equal(synthesisedId("chatcmpl-1", 0, "get_weather"), `call_${createHash("sha256").update("chatcmpl-1/0/get_weather").digest("hex").slice(0, 24)}`);
  assert.notEqual(synthesisedId("r", 0, "f"), synthesisedId("r", 1, "f"));
});

test("one adapter per profile, each with its profile's base URL, key variable and placeholder key", () => {
  const names = Object.keys(ADAPTERS).filter((name) => name.startsWith("openai-compatible"));
  assert.deepEqual(names.sort(), ["openai-compatible", ...Object.keys(PROFILES).filter((p) => p !== "generic").map((p) => `openai-compatible:${p}`)].sort());
  for (const [name, profile] of Object.entries(PROFILES)) {
    const adapter = getAdapter(name === "generic" ? "openai-compatible" : `openai-compatible:${name}`);
    assert.equal(adapter.defaultBaseUrl, profile.baseUrl);
    assert.equal(adapter.apiKeyEnv, profile.apiKeyEnv);
    assert.equal(adapter.defaultApiKey, profile.defaultApiKey ?? undefined);
    assert.equal(adapter.endpointPath("chat"), "/chat/completions");
    assert.deepEqual(adapter.authHeaders("k"), { authorization: "Bearer k" });
  }
  // a server that takes no stream_options reports usage unasked: the flag is not sent
  assert.deepEqual(getAdapter("openai-compatible:mistral").streamRequestFlags({ model: "m" }), { model: "m", stream: true });
  assert.deepEqual(getAdapter("openai-compatible:ollama").streamRequestFlags({ model: "m" }), { model: "m", stream: true, stream_options: { include_usage: true } });
});
