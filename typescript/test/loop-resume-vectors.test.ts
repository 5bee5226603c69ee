/**
 * The cross-language resume vectors (`conformance/vectors/tool-loop-resume.json`, written by Python's loop:
 * `python -m wirechat_conformance.resume_vectors --write`; Go runs them in `go/loop/resume_vectors_test.go`):
 * the same request or state, decisions, policies, tool outputs and model turns give the same requests sent,
 * the same calls run, the same wire `LoopEvent`s streamed (spec section 14.4) and the same result or error,
 * compared as RFC 8785 canonical JSON. A loop paused in Python or Go therefore resumes in TypeScript with the
 * same outcome and the same events, and the other way round.
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { canonical } from "../src/canonical.js";
import type { Client } from "../src/client/client.js";
import { decode } from "../src/codec.js";
import type { ChatRequest, ChatResponse, LoopEvent } from "../src/generated/types.js";
import {
  DecisionError,
  Execute,
  MaxStepsExceeded,
  Reject,
  RequireApproval,
  Schedule,
  ToolLoopError,
  approve,
  defineTool,
  reject,
  stream,
  streamResume,
  type Action,
  type AnyTool,
  type Decision,
  type ToolLoopResult,
} from "../src/loop/index.js";
import { repoRoot } from "./support.js";

interface PolicySpec {
  type: string;
  reason?: string;
  at?: string;
}

interface ResumeCase {
  name: string;
  description: string;
  request?: unknown;
  state?: unknown;
  decisions?: Record<string, string>[];
  policies?: Record<string, PolicySpec>;
  max_steps?: number;
  turns: unknown[];
  expect: unknown;
}

interface ResumeVectors {
  outputs: Record<string, string>;
  tools: unknown[];
  cases: ResumeCase[];
}

const FILE = join(repoRoot(), "conformance", "vectors", "tool-loop-resume.json");
const VECTORS: ResumeVectors = JSON.parse(readFileSync(FILE, "utf8"));

/**
 * Differences from Python a port cannot close, by case name, with the reason. None: every case must match;
 * one added here must say why, and the test fails when a listed case starts to match (so the list stays true).
 */
const KNOWN: Record<string, string> = {};

/** A stand-in client answering the i-th request with the i-th turn (streamed with no events), and keeping what it was sent. */
function inOrder(turns: readonly ChatResponse[], sent: ChatRequest[]): Client {
  const chat = async (request: ChatRequest): Promise<ChatResponse> => {
    sent.push(request);
    const turn = turns[sent.length - 1];
    if (turn === undefined) throw new Error(`the script has ${turns.length} turns; turn ${sent.length} was asked`);
    return turn;
  };
  const stream = (request: ChatRequest) => {
    const answer = chat(request);
    answer.catch(() => undefined); // read through response()
    return {
      async *[Symbol.asyncIterator]() {},
      response: () => answer,
    };
  };
  return { chat, stream } as unknown as Client;
}

function policyOf(spec: PolicySpec): Action {
  switch (spec.type) {
    case "execute":
      return new Execute();
    case "require_approval":
      return new RequireApproval();
    case "reject":
      return new Reject(spec.reason ?? "");
    case "schedule":
      return new Schedule(new Date(spec.at ?? ""));
    default:
      throw new Error(`unknown policy type ${JSON.stringify(spec.type)}`);
  }
}

function decisionOf(spec: Record<string, string>): Decision {
  if (spec["approve"] !== undefined) return approve(spec["approve"]);
  return reject(spec["reject"] ?? "", spec["reason"] ?? "");
}

/** A wire value as a plain JSON value (what Python's `json.loads(encode(value))` is). */
const doc = (value: unknown): unknown => JSON.parse(canonical(value));

function outcomeOf(result: ToolLoopResult): Record<string, unknown> {
  const out: Record<string, unknown> = { messages: result.messages.map(doc), steps: result.steps };
  if (result.usage !== undefined) out["usage"] = doc(result.usage);
  if (result.state !== undefined) out["state"] = doc(result.state);
  if (result.response !== undefined) out["response"] = doc(result.response);
  return out;
}

function errorOf(error: unknown): Record<string, unknown> {
  if (!(error instanceof ToolLoopError)) throw error;
  const kind = error instanceof MaxStepsExceeded ? "max_steps" : error instanceof DecisionError ? "decision" : "other";
  return { error: { kind, state: doc(error.state) } };
}

/** What the TypeScript loop does with a case's inputs, in the vectors' `expect` form. */
async function play(c: ResumeCase): Promise<unknown> {
  const executed: string[] = [];
  const tools: AnyTool[] = VECTORS.tools.map((definition) => {
    const { name, input_schema } = decode(JSON.stringify(definition), "ToolDefinition");
    return defineTool({
      name,
      inputSchema: input_schema,
      validate: (args) => args,
      async execute(_args, context) {
        executed.push(context.callId);
        await Promise.resolve();
        return VECTORS.outputs[context.callId];
      },
    });
  });
  const policies = Object.fromEntries(Object.entries(c.policies ?? {}).map(([name, spec]) => [name, policyOf(spec)]));
  const options = { policies, maxSteps: c.max_steps ?? 10 };
  const sent: ChatRequest[] = [];
  const client = inOrder(
    c.turns.map((turn) => decode(JSON.stringify(turn), "ChatResponse")),
    sent,
  );
  let outcome: Record<string, unknown>;
  const events: LoopEvent[] = [];
  try {
    const loop =
      c.request !== undefined
        ? stream(client, decode(JSON.stringify(c.request), "ChatRequest"), tools, options)
        : streamResume(client, decode(JSON.stringify(c.state), "ToolLoopState"), (c.decisions ?? []).map(decisionOf), tools, options);
    let next = await loop.next();
    for (; !next.done; next = await loop.next()) events.push(next.value);
    outcome = outcomeOf(next.value);
  } catch (error) {
    outcome = errorOf(error);
  }
  return { requests: sent.map(doc), executed: executed.sort(), events: events.map(doc), ...outcome };
}

test("the resume vectors file has its cases", () => {
  assert.ok(VECTORS.cases.length >= 10, `only ${VECTORS.cases.length} cases in ${FILE}`);
  for (const name of Object.keys(KNOWN)) assert.ok(VECTORS.cases.some((c) => c.name === name), `KNOWN names no case: ${name}`);
});

for (const c of VECTORS.cases) {
  test(`resume vector ${c.name}: ${c.description}`, async () => {
    const got = canonical(await play(c));
    const want = canonical(c.expect);
    const known = KNOWN[c.name];
    if (known !== undefined) {
      assert.notEqual(got, want, `${c.name} now matches Python: take it out of KNOWN (${known})`);
      return;
    }
    assert.equal(got, want, c.description);
  });
}
