/**
 * The base URL (issue 28 item 4, as Python): from `baseUrl`, else the provider SDK's own variable, else the
 * adapter's default; with or without the version path (was: `.../v1` gave `/v1/v1/chat/completions`).
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import { Client } from "../src/client/client.js";

const cases: [string, string, string | undefined, string | undefined, string][] = [
  ["openai-chat", "OPENAI_BASE_URL", "http://proxy:8080/v1", undefined, "http://proxy:8080"],
  ["anthropic", "ANTHROPIC_BASE_URL", "http://proxy:8080/", undefined, "http://proxy:8080"],
  ["openai-chat", "OPENAI_BASE_URL", "http://ignored", "http://mine/v1/", "http://mine"],
  ["openai-chat", "OPENAI_BASE_URL", undefined, undefined, "https://api.openai.com"],
  ["openai-responses", "OPENAI_BASE_URL", "http://proxy:8080/v1", undefined, "http://proxy:8080"],
  ["gemini", "GOOGLE_GEMINI_BASE_URL", "http://proxy:8080/v1beta/", undefined, "http://proxy:8080"],
  ["gemini", "GOOGLE_GEMINI_BASE_URL", undefined, undefined, "https://generativelanguage.googleapis.com"],
];

for (const [provider, variable, value, baseUrl, want] of cases) {
  test(`${provider}: ${variable}=${value ?? "(unset)"}, baseUrl=${baseUrl ?? "(none)"} -> ${want}`, () => {
    const saved = process.env[variable];
    if (value === undefined) delete process.env[variable];
    else process.env[variable] = value;
    try {
      assert.equal(new Client(provider, { apiKey: "k", ...(baseUrl === undefined ? {} : { baseUrl }) }).baseUrl, want);
    } finally {
      if (saved === undefined) delete process.env[variable];
      else process.env[variable] = saved;
    }
  });
}
