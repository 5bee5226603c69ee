/**
 * The cross-language structured output vectors (`conformance/vectors/structured-output.json`, written by
 * Python's `structured_chat`): for each case, the same requests sent (the problems in a retry note aside),
 * and the same value, or the same error (attempts, raw text, where each problem is), or the schema refused
 * before sending. Problem words are each validator's own and are not compared.
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import type { ChatOptions, ChatRequest, ChatResponse, JsonObject } from "../src/generated/types.js";
import { StructuredOutputError, structuredChat } from "../src/structured-output.js";
import { repoRoot } from "./support.js";

interface Case {
  name: string;
  schema: JsonObject;
  answers: string[];
  retries?: number;
  request_options?: ChatOptions;
  expect: { requests: unknown[]; value?: unknown; error?: { attempts: number; raw: string; paths: string[] }; refused?: boolean };
}

const file = JSON.parse(readFileSync(join(repoRoot(), "conformance", "vectors", "structured-output.json"), "utf8")) as { request: ChatRequest; cases: Case[] };

/** Known differences a port cannot close, by case name, with the reason; each is still checked as stated. */
const KNOWN: Record<string, { paths: string[]; why: string }> = {
  NaN: { paths: ["not JSON"], why: "JSON.parse refuses NaN (RFC 8259); Python's json.loads reads it as a float, which the schema then refuses" },
};

const NOTE = /^(That answer does not match the required JSON schema: )([^]*)(\. Answer again\.)$/;

/** Where each problem is, in order, once each (the vectors' `paths`). */
function paths(problems: readonly string[]): string[] {
  const found: string[] = [];
  for (const problem of problems) {
    const where = problem.startsWith("not JSON: ") ? "not JSON" : problem.split(": ")[0]!;
    if (!found.includes(where)) found.push(where);
  }
  return found;
}

/** The request as the vectors hold it: the problems in a retry note replaced by PROBLEMS. */
function masked(request: ChatRequest): unknown {
  const messages = request.messages.map((message) => ({
    ...message,
    parts: message.parts.map((part) => (part.type === "text" ? { ...part, text: part.text.replace(NOTE, "$1PROBLEMS$3") } : part)),
  }));
  return JSON.parse(JSON.stringify({ ...request, messages }));
}

for (const item of file.cases) {
  test(`structured output vector: ${item.name}`, async () => {
    const sent: ChatRequest[] = [];
    const send = (request: ChatRequest): Promise<ChatResponse> => {
      sent.push(request);
      const text = item.answers[sent.length - 1]!;
      return Promise.resolve({ message: { role: "assistant", parts: [{ type: "text", text }] }, finish_reason: { kind: "stop" } });
    };
    const request: ChatRequest = { ...file.request, options: item.request_options ?? file.request.options! };
    let outcome: Record<string, unknown>;
    try {
      outcome = { value: (await structuredChat(send, request, item.schema, item.retries ?? 0)).value };
    } catch (error) {
      if (error instanceof StructuredOutputError) outcome = { error: { attempts: error.attempts, raw: error.raw, paths: paths(error.problems) } };
      else if (error instanceof TypeError && /not a valid JSON Schema/.test(error.message)) outcome = { refused: true };
      else throw error;
    }
    assert.deepEqual(sent.map(masked), item.expect.requests);
    const { requests: _requests, problems: _problems, ...expected } = item.expect as Case["expect"] & { problems?: unknown };
    const known = KNOWN[item.name];
    if (known !== undefined && expected.error !== undefined) expected.error = { ...expected.error, paths: known.paths };
    assert.deepEqual(outcome, expected);
  });
}
