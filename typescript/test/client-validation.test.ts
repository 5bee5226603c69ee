/**
 * Requests are checked before they are sent (issue 28 item 4), as Python's models check them: a wrong
 * value or an OpenAI-shaped message is a `WireError` naming each problem, and `fetch` is never called.
 * Was: `temperature: "hot"` went into the body unchecked, and an OpenAI-shaped message crashed with
 * `TypeError: Cannot read properties of undefined (reading 'map')`.
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import { Client } from "../src/client/client.js";
import type { FetchLike } from "../src/client/fetch-types.js";
import { WireError, WirechatError } from "../src/errors.js";
import type { ChatRequest } from "../src/generated/types.js";

function client(provider: string): { client: Client; calls: number[] } {
  const calls: number[] = [];
  const fetch: FetchLike = async () => {
    calls.push(1);
    throw new Error("nothing should be sent");
  };
  return { client: new Client(provider, { apiKey: "k", fetch, retry: { maxRetries: 0 } }), calls };
}

const openAiShaped = { model: "m", messages: [{ role: "user", content: "hi" }] } as unknown as ChatRequest;
const hot = { model: "m", messages: [{ role: "user", parts: [{ type: "text", text: "hi" }] }], options: { temperature: "hot" } } as unknown as ChatRequest;

for (const provider of ["openai-chat", "anthropic", "openai-responses"]) {
  test(`${provider}: an OpenAI-shaped message is a WireError naming the member, not a TypeError`, async () => {
    const { client: c, calls } = client(provider);
    await assert.rejects(c.chat(openAiShaped), (error: unknown) => {
      assert.ok(error instanceof WireError && error instanceof WirechatError, String(error));
      assert.deepEqual(
        error.problems.map((p) => p.pointer),
        ["/messages/0/content", "/messages/0/parts"],
      );
      return true;
    });
    assert.throws(() => c.stream(openAiShaped), WireError);
    assert.equal(calls.length, 0);
  });

  test(`${provider}: a wrong option value is refused before sending`, async () => {
    const { client: c, calls } = client(provider);
    await assert.rejects(c.chat(hot), (error: unknown) => error instanceof WireError && error.problems[0]!.pointer === "/options/temperature");
    assert.equal(calls.length, 0);
  });
}
