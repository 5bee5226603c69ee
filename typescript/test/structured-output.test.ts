/**
 * `client.chat(request, { output })` against the real fake provider (`wirechat serve-fake`), for every
 * provider mode the client has (Python's tests/tools/test_structured_output.py, and more providers): the
 * schema reaches the provider's native field, a valid answer comes back checked, an invalid one then a
 * valid one is a retry that shows the model its mistake, an answer invalid to the end throws
 * `StructuredOutputError` with the raw text; no retry unless asked; a Standard Schema output; a bad schema
 * and a profile that cannot carry a schema are refused before anything is sent.
 */

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import { Client } from "../src/client/client.js";
import type { FetchLike } from "../src/client/fetch-types.js";
import { ConversionRefused } from "../src/adapters/index.js";
import { WirechatError } from "../src/errors.js";
import type { StandardSchema } from "../src/loop/tool.js";
import { StructuredOutputError, structuredChat } from "../src/structured-output.js";
import { fakeServerMissing, startFake, type FakeServer } from "./fake-server.js";
import { REQUEST, textTurn } from "./loop-support.js";

const skip = fakeServerMissing();
const SCHEMA = { type: "object", properties: { n: { type: "integer" } }, required: ["n"] };
const WEATHER = { type: "object", properties: { city: { type: "string" }, temperature: { type: "integer" } }, required: ["city", "temperature"] };
type Body = Record<string, Record<string, unknown>>;

/** The native field each provider's adapter sets from `options.response_format` (as Python's adapters do). */
const NATIVE: Record<string, (body: Body, schema: object) => void> = {
  "openai-chat": (body, schema) => assert.deepEqual(body["response_format"], { type: "json_schema", json_schema: { name: "response", schema } }),
  anthropic: (body, schema) => assert.deepEqual(body["output_config"], { format: { type: "json_schema", schema } }),
  gemini: (body, schema) => {
    assert.equal(body["generationConfig"]!["responseMimeType"], "application/json");
    assert.deepEqual(body["generationConfig"]!["responseJsonSchema"], schema);
  },
  "openai-responses": (body, schema) => assert.deepEqual(body["text"], { format: { type: "json_schema", name: "response", schema } }),
  "openai-compatible:ollama": (body, schema) => assert.deepEqual(body["response_format"], { type: "json_schema", json_schema: { name: "response", schema } }),
};

/** A client that records each request body it sends. */
function recordingClient(provider: string, url: string, sent: Body[]): Client {
  const recording: FetchLike = (target, init) => {
    sent.push(JSON.parse(init.body) as Body);
    return (globalThis as unknown as { fetch: FetchLike }).fetch(target, init);
  };
  // a profile's base URL carries its version path (as the provider's does)
  const baseUrl = provider.startsWith("openai-compatible") ? `${url}/v1` : url;
  return new Client(provider, { apiKey: "sk-test", baseUrl, retry: { maxRetries: 0 }, timeoutMs: 5000, fetch: recording });
}

for (const provider of Object.keys(NATIVE)) {
  describe(`structured output on serve-fake ${provider}`, () => {
    let server: FakeServer | undefined;
    const turns = [
      textTurn('{"city": "Paris", "temperature": 18}'),
      textTurn("Sure! Here it is"),
      textTurn('{"n": 3}'),
      textTurn('{"n": "three"}'),
      textTurn('{"m": 1}'),
      textTurn('{"city": "Paris", "temperature": "warm"}'),
    ];
    before(async () => {
      if (!skip) server = await startFake(provider, turns);
    });
    after(async () => {
      await server?.stop();
    });

    test("a valid answer comes back checked; the schema is in the provider's native field", { skip }, async () => {
      const sent: Body[] = [];
      const answer = await recordingClient(provider, server!.url, sent).chat<{ city: string; temperature: number }>(REQUEST, { output: WEATHER });
      assert.deepEqual(answer.value, { city: "Paris", temperature: 18 });
      assert.equal(answer.response.usage?.input_tokens, 20);
      assert.equal(sent.length, 1);
      NATIVE[provider]!(sent[0]!, WEATHER);
    });

    test("invalid then valid: the retry shows the model its answer and the problems", { skip }, async () => {
      const sent: Body[] = [];
      const answer = await recordingClient(provider, server!.url, sent).chat(REQUEST, { output: SCHEMA, outputRetries: 1 });
      assert.deepEqual(answer.value, { n: 3 });
      assert.equal(sent.length, 2);
      const second = JSON.stringify(sent[1]);
      assert.ok(second.includes("does not match the required JSON schema: not JSON") && second.includes("Sure! Here it is"), second);
      NATIVE[provider]!(sent[1]!, SCHEMA);
    });

    test("invalid to the end: StructuredOutputError with the raw text, the problems and the attempts", { skip }, async () => {
      const sent: Body[] = [];
      const caught = await recordingClient(provider, server!.url, sent)
        .chat(REQUEST, { output: SCHEMA, outputRetries: 1 })
        .then(
          () => assert.fail("no error"),
          (error: unknown) => error,
        );
      assert.ok(caught instanceof StructuredOutputError && caught instanceof WirechatError);
      assert.equal(caught.name, "StructuredOutputError");
      assert.equal(caught.attempts, 2);
      assert.equal(caught.raw, '{"m": 1}');
      assert.deepEqual(caught.problems, ["/: must have required property 'n'"]);
      assert.equal(sent.length, 2);
      assert.ok(JSON.stringify(sent[1]).includes("/n: must be integer"));
      assert.match(caught.message, /^the answer does not match the output schema after 2 attempt\(s\): \/: must have required property 'n' \(raw text: "\{\\"m\\": 1\}"\)$/);
    });

    test("no retry unless asked: one request, one attempt", { skip }, async () => {
      const sent: Body[] = [];
      await assert.rejects(recordingClient(provider, server!.url, sent).chat(REQUEST, { output: WEATHER }), (error: unknown) => {
        assert.ok(error instanceof StructuredOutputError);
        assert.equal(error.attempts, 1);
        assert.deepEqual(error.problems, ["/temperature: must be integer"]);
        return true;
      });
      assert.equal(sent.length, 1);
    });
  });
}

/** `{city, temperature}` as a Standard Schema, standing in for zod 4's `z.object(...)`: it converts the temperature to a number. */
const WEATHER_STANDARD: StandardSchema<{ city: string; celsius: number }> = {
  "~standard": {
    version: 1,
    validate: (value) => {
      const { city, temperature } = value as { city?: unknown; temperature?: unknown };
      if (typeof city !== "string") return { issues: [{ message: "expected a string", path: ["city"] }] };
      return typeof temperature === "number" ? { value: { city, celsius: temperature } } : { issues: [{ message: "expected a number", path: [{ key: "temperature" }] }] };
    },
  },
};

describe("structured output with a Standard Schema, and refusals before sending", () => {
  let server: FakeServer | undefined;
  before(async () => {
    if (!skip) server = await startFake("openai-chat", [textTurn('{"city": "Paris"}'), textTurn('{"city": "Oslo", "temperature": 4}')]);
  });
  after(async () => {
    await server?.stop();
  });

  test("the library checks and converts the value; its JSON Schema is what the provider sees", { skip }, async () => {
    const sent: Body[] = [];
    const output = { schema: WEATHER_STANDARD, jsonSchema: { $schema: "https://json-schema.org/draft/2020-12/schema", ...WEATHER } };
    const answer = await recordingClient("openai-chat", server!.url, sent).chat(REQUEST, { output, outputRetries: 1 });
    assert.deepEqual(answer.value, { city: "Oslo", celsius: 4 });
    assert.ok(JSON.stringify(sent[1]).includes("/temperature: expected a number"));
    NATIVE["openai-chat"]!(sent[0]!, output.jsonSchema);
  });

  const nothingSent: FetchLike = () => Promise.reject(new Error("nothing should be sent"));

  test("a schema that is not JSON Schema is refused before sending", async () => {
    const client = new Client("openai-chat", { apiKey: "sk-test", baseUrl: "http://127.0.0.1:9", fetch: nothingSent });
    await assert.rejects(client.chat(REQUEST, { output: { type: "objekt" } }), (error: unknown) => error instanceof TypeError && /output is not a valid JSON Schema: schema is invalid/.test(error.message));
    await assert.rejects(client.chat(REQUEST, { output: SCHEMA, outputRetries: -1 }), RangeError);
    await assert.rejects(client.chat(REQUEST, { output: WEATHER_STANDARD as never }), /output is a Standard Schema .*z\.toJSONSchema\(S\)/);
  });

  test("a profile that cannot carry a schema refuses it, as in Python (DeepSeek takes only json_object)", async () => {
    const client = new Client("openai-compatible", { profile: "deepseek", apiKey: "sk-test", baseUrl: "http://127.0.0.1:9", fetch: nothingSent });
    await assert.rejects(client.chat(REQUEST, { output: SCHEMA }), (error: unknown) => error instanceof ConversionRefused && /json_schema/.test(error.message));
  });

  test("structuredChat over any send function keeps the request's other options", async () => {
    const seen: unknown[] = [];
    const answer = await structuredChat(
      (request) => {
        seen.push(request.options);
        return Promise.resolve({ message: { role: "assistant", parts: [{ type: "text", text: "[1, 2]" }] }, finish_reason: { kind: "stop" } });
      },
      REQUEST,
      { type: "array", items: { type: "integer" } },
    );
    assert.deepEqual(answer.value, [1, 2]);
    assert.deepEqual(seen, [{ max_tokens: 100, response_format: { type: "json_schema", json_schema: { name: "response", schema: { type: "array", items: { type: "integer" } } } } }]);
  });
});
