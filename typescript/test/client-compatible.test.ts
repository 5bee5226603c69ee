/**
 * The client with the `openai-compatible` adapter and its profiles: each profile's default base URL, key
 * variable and placeholder key (`Client("openai-compatible", { profile })` as Python's `profile=`), and the
 * client against the real fake provider (Python `wirechat serve-fake openai-compatible[:<profile>]`) for the
 * generic adapter and two profiles (Ollama, DeepSeek): chat, stream, tool calls, an error, a drop mid-stream,
 * and each profile's reasoning from an exact event stream.
 */

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import { Client, withProfile } from "../src/client/client.js";
import { resolveBaseUrl } from "../src/client/base-url.js";
import { getAdapter } from "../src/adapters/index.js";
import { APIError, InvalidResponseError, RateLimitedError, StreamInterruptedError } from "../src/client/errors.js";
import type { ChatRequest, StreamEvent } from "../src/generated/types.js";
import { fakeServerMissing, startFake, type FakeServer } from "./fake-server.js";

const skip = fakeServerMissing();
const REQUEST: ChatRequest = { model: "m", messages: [{ role: "user", parts: [{ type: "text", text: "hello" }] }], options: { max_tokens: 50 } };
const FAST = { maxRetries: 2, initialDelayMs: 1, maxDelayMs: 5, random: () => 0 };

async function collect(stream: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

const text = (parts: { type: string; text?: string }[]) => parts.filter((p) => p.type === "text").map((p) => p.text).join("");

/** Run `body` with the environment variables `vars` set (undefined: unset), restoring them after. */
function withEnv<T>(vars: Record<string, string | undefined>, body: () => T): T {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  const set = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  set(vars);
  try {
    return body();
  } finally {
    set(saved);
  }
}

describe("openai-compatible profiles in the client", () => {
  test("profile: picks openai-compatible:<profile>; an unknown one lists the profiles", () => {
    assert.equal(withProfile("openai-compatible", "ollama"), "openai-compatible:ollama");
    assert.equal(withProfile("openai-compatible", undefined), "openai-compatible");
    assert.throws(() => withProfile("openai-compatible", "olama"), /no such profile; its profiles: .*ollama/);
    assert.throws(() => withProfile("anthropic", "x"), /it has no profiles/);
    assert.throws(() => new Client(getAdapter("openai-chat"), { apiKey: "k", profile: "ollama" }), /adapter given by name/);
  });

  test("each profile's default base URL (version path included) and key variable, from its profile table", () => {
    withEnv({ OLLAMA_API_KEY: undefined, DEEPSEEK_API_KEY: "sk-deep", GROQ_BASE_URL: undefined }, () => {
      const ollama = new Client("openai-compatible", { profile: "ollama" });
      assert.equal(ollama.adapter.name, "openai-compatible:ollama");
      assert.equal(ollama.baseUrl, "http://localhost:11434/v1", "the /v1 of a compatible server is kept: its paths carry none");
      assert.equal(new Client("openai-compatible:deepseek").baseUrl, "https://api.deepseek.com/v1");
      assert.equal(new Client("openai-compatible:groq", { apiKey: "k" }).baseUrl, "https://api.groq.com/openai/v1");
      assert.equal(new Client("openai-compatible", { apiKey: "k" }).baseUrl, "http://localhost:8000/v1");
    });
  });

  test("a local server needs no key (the profile's placeholder is sent); a hosted one names its variable", () => {
    withEnv({ OLLAMA_API_KEY: undefined, MISTRAL_API_KEY: undefined, OPENROUTER_API_KEY: undefined }, () => {
      const client = new Client("openai-compatible:ollama");
      assert.ok(String(client).includes("Client(openai-compatible:ollama"));
      assert.throws(() => new Client("openai-compatible:mistral"), /no API key for openai-compatible:mistral: pass options.apiKey or set MISTRAL_API_KEY/);
      assert.throws(() => new Client("openai-compatible:openrouter"), /OPENROUTER_API_KEY/);
    });
  });

  test("GROQ_BASE_URL is read as groq-python reads it, its /openai/v1 prefix added once", () => {
    const groq = getAdapter("openai-compatible:groq");
    withEnv({ GROQ_BASE_URL: "https://proxy.example/" }, () => assert.equal(resolveBaseUrl(groq, undefined), "https://proxy.example/openai/v1"));
    withEnv({ GROQ_BASE_URL: "https://proxy.example/openai/v1" }, () => assert.equal(resolveBaseUrl(groq, undefined), "https://proxy.example/openai/v1"));
    withEnv({ GROQ_BASE_URL: "https://proxy.example" }, () => assert.equal(resolveBaseUrl(groq, "http://127.0.0.1:9/x/"), "http://127.0.0.1:9/x"));
  });
});

/** One fake server per adapter serves every test of its suite, in order (as `client-server.test.ts`). */
class Suite {
  turns: unknown[] = [];
  server: FakeServer | undefined;
  constructor(readonly provider: string, readonly extra: string[] = []) {}
  play<T>(turns: unknown[], run: (client: Client) => Promise<T>, options: Record<string, unknown> = {}): () => Promise<T> {
    this.turns.push(...turns);
    return () => run(new Client(this.provider, { apiKey: "sk-test", baseUrl: `${this.server!.url}/v1`, retry: FAST, timeoutMs: 5000, ...options }));
  }
  async start(): Promise<void> {
    this.server = await startFake(this.provider, this.turns, this.extra);
  }
  async stop(): Promise<void> {
    await this.server?.stop();
  }
}

/** An exact Chat Completions stream: `deltas` one chunk each, then the finish chunk and `[DONE]`. */
function sse(deltas: Record<string, unknown>[], finish: string): { raw: { status: number; sse: { data: string }[] } } {
  const chunk = (delta: Record<string, unknown>, reason: string | null) => ({ data: JSON.stringify({ id: "r9", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta, finish_reason: reason }] }) });
  return { raw: { status: 200, sse: [...deltas.map((delta) => chunk(delta, null)), chunk({}, finish), { data: "[DONE]" }] } };
}

const REASONING: Record<string, string> = { "openai-compatible": "reasoning_content", "openai-compatible:ollama": "reasoning", "openai-compatible:deepseek": "reasoning_content" };

for (const provider of ["openai-compatible", "openai-compatible:ollama", "openai-compatible:deepseek"]) {
  describe(`${provider} against serve-fake`, { skip }, () => {
    const suite = new Suite(provider); // the servers' base URLs hold /v1: the client is given URL/v1
    before(() => suite.start());
    after(() => suite.stop());

    test("chat: text, usage, finish", suite.play([{ reply: { text: "Hello there!", usage: { input: 12, output: 3 }, id: "r1", model: "m1" } }], async (client) => {
        const response = await client.chat(REQUEST);
        assert.equal(text(response.message.parts), "Hello there!");
        assert.equal(response.finish_reason.kind, "stop");
        assert.equal(response.usage?.input_tokens, 12);
        assert.equal(response.id, "r1");
      }));

    test("stream: events fold to the same response as chat", suite.play([{ reply: { text: "Streaming is fun.", usage: { input: 5, output: 4 } } }, { reply: { text: "Streaming is fun.", usage: { input: 5, output: 4 } } }], async (client) => {
        const stream = client.stream(REQUEST);
        const events = await collect(stream);
        assert.ok(events.filter((e) => e.type === "text_delta").length > 1, "several fragments");
        const folded = await stream.response();
        const whole = await client.chat(REQUEST);
        assert.deepEqual(folded.message, whole.message);
        assert.deepEqual(folded.usage, whole.usage);
      }));

    const reply = { tool_calls: [{ id: "c1", name: "get_weather", arguments: { city: "Paris" } }, { id: "c2", name: "get_time", arguments: { tz: "CET" } }], chunk_size: 3 };
    test("tool calls, streamed and not, give the same calls", suite.play([{ reply }, { reply }], async (client) => {
        const streamed = await client.stream(REQUEST).response();
        const whole = await client.chat(REQUEST);
        const calls = (r: typeof whole) => r.message.parts.filter((p) => p.type === "tool_call").map((p) => (p as { tool_call: unknown }).tool_call);
        assert.deepEqual(calls(streamed), [{ id: "c1", name: "get_weather", arguments: '{"city":"Paris"}' }, { id: "c2", name: "get_time", arguments: '{"tz":"CET"}' }]);
        assert.deepEqual(calls(whole), calls(streamed));
        assert.equal(streamed.finish_reason.kind, "tool_calls");
      }));

    test("429 is retried; a 429 asking for an hour is raised with retryAfterMs", suite.play([{ fault: { type: "status", status: 429, retry_after_ms: 5 } }, { reply: { text: "ok" } }, { fault: { type: "status", status: 429, retry_after: 3600 } }], async (client) => {
        assert.equal(text((await client.chat(REQUEST)).message.parts), "ok");
        const error = await client.chat(REQUEST).then(() => assert.fail("no error"), (caught: unknown) => caught);
        assert.ok(error instanceof RateLimitedError, String(error));
        assert.equal(error.status, 429);
        assert.equal(error.retryAfterMs, 3_600_000);
      }));

    test("a drop mid-stream keeps the partial message", suite.play([{ reply: { text: "This answer is cut short somewhere.", chunk_size: 4 }, fault: { type: "drop", after: 5 } }], async (client) => {
        const stream = client.stream(REQUEST);
        const error = await collect(stream).then(() => assert.fail("no error"), (caught: unknown) => caught);
        assert.ok(error instanceof StreamInterruptedError || error instanceof InvalidResponseError, String(error));
        assert.ok((error as APIError).partial !== undefined && text((error as APIError).partial!.parts as never).length > 0, "partial text kept");
      }));

    const member = REASONING[provider]!;
    test(`reasoning in ${member} comes first, streamed as it is whole`, suite.play([sse([{ role: "assistant", [member]: "Let me " }, { [member]: "think." }, { content: "Four." }], "stop")], async (client) => {
        const folded = await client.stream(REQUEST).response();
        assert.deepEqual(folded.message.parts, [{ type: "reasoning", reasoning: { text: "Let me think." } }, { type: "text", text: "Four." }]);
      }));
  });
}

describe("openai-compatible:ollama with no key given", { skip }, () => {
  let server: FakeServer | undefined;
  before(async () => {
    server = await startFake("openai-compatible:ollama", [{ reply: { text: "placeholder accepted" } }], ["--api-key", "ollama"]);
  });
  after(() => server?.stop());
  test("sends the profile's placeholder key, which the server checks", async () => {
    await withEnv({ OLLAMA_API_KEY: undefined }, async () => {
      const client = new Client("openai-compatible", { profile: "ollama", baseUrl: `${server!.url}/v1`, retry: FAST });
      assert.equal(text((await client.chat(REQUEST)).message.parts), "placeholder accepted");
    });
  });
});
