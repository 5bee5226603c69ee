/**
 * A loop streamed by Python, read here as a UI would, and resumed here by the UI's wire decisions
 * (`conformance/vectors/tool-loop-stream.json`, written by `python -m wirechat_conformance.loop_stream_vectors
 * --write`; spec section 14.4). Every event Python sent decodes as a `LoopEvent` and writes back byte for
 * byte, its turns fold to the model's responses, the decisions decode as `ToolLoopDecision`s, and this
 * package's loop, resumed from the `paused` event's state with them, streams what Python's did.
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { canonical } from "../src/canonical.js";
import type { Client } from "../src/client/client.js";
import { decode, encode } from "../src/codec.js";
import type { ChatResponse, LoopEvent, StreamEvent } from "../src/generated/types.js";
import { RequireApproval, defineTool, streamResume, type AnyTool, type Policy } from "../src/loop/index.js";
import { fold } from "../src/stream.js";
import { repoRoot } from "./support.js";

interface StreamCase {
  name: string;
  description: string;
  policies: Record<string, { type: string }>;
  turns: unknown[];
  decisions: unknown[];
  expect: { turn_events: unknown[][]; first: unknown[]; resumed: unknown[] };
}

const FILE = join(repoRoot(), "conformance", "vectors", "tool-loop-stream.json");
const VECTORS: { outputs: Record<string, string>; tools: unknown[]; cases: StreamCase[] } = JSON.parse(readFileSync(FILE, "utf8"));

const LOOP_TAGS = new Set(["tool_results", "step_finished", "paused", "loop_finished"]);

/** A stand-in client that streams turn `next`, `next + 1`, ... as the vectors' events. */
function scripted(turnEvents: readonly StreamEvent[][], next: number): Client {
  const stream = () => {
    const events = turnEvents[next++];
    if (events === undefined) throw new Error(`the script has ${turnEvents.length} turns`);
    return {
      async *[Symbol.asyncIterator]() {
        yield* events;
      },
      response: async (): Promise<ChatResponse> => fold(events),
    };
  };
  return { stream } as unknown as Client;
}

function tools(): AnyTool[] {
  return VECTORS.tools.map((definition) => {
    const { name, input_schema } = decode(JSON.stringify(definition), "ToolDefinition");
    return defineTool({ name, inputSchema: input_schema, validate: (args) => args, execute: (_args, context) => VECTORS.outputs[context.callId] });
  });
}

function policies(c: StreamCase): Record<string, Policy> {
  const out: Record<string, Policy> = {};
  for (const [name, spec] of Object.entries(c.policies)) {
    assert.equal(spec.type, "require_approval", `policy ${spec.type} is not used by these vectors`);
    out[name] = new RequireApproval();
  }
  return out;
}

test("the stream vectors file has its cases", () => {
  assert.ok(VECTORS.cases.length >= 2, `only ${VECTORS.cases.length} cases in ${FILE}`);
});

for (const c of VECTORS.cases) {
  test(`loop stream ${c.name}: Python's events decode here, and its turns fold to the model's answers`, () => {
    const events = c.expect.first.map((event) => decode(JSON.stringify(event), "LoopEvent"));
    events.forEach((event, i) => assert.equal(canonical(JSON.parse(encode(event, "LoopEvent"))), canonical(c.expect.first[i])));
    const turnEvents: StreamEvent[] = [];
    let turns = 0;
    for (const event of events) {
      if (LOOP_TAGS.has(event.type)) continue;
      turnEvents.push(event as StreamEvent);
      if (event.type === "finish") {
        assert.equal(canonical(fold(turnEvents)), canonical(c.turns[turns]), `turn ${turns}`);
        turnEvents.length = 0;
        turns += 1;
      }
    }
    assert.equal(events.at(-1)?.type, "paused");
  });

  test(`loop stream ${c.name}: the UI's wire decisions resume the paused state here as in Python`, async () => {
    const paused = decode(JSON.stringify(c.expect.first.at(-1)), "LoopEvent");
    assert.ok(paused.type === "paused");
    const decisions = c.decisions.map((d) => decode(JSON.stringify(d), "ToolLoopDecision"));
    const turnEvents = c.expect.turn_events.map((events) => events.map((e) => decode(JSON.stringify(e), "StreamEvent")));
    const started = c.expect.first.filter((e) => (e as { type: string }).type === "finish").length;
    const got: LoopEvent[] = [];
    for await (const event of streamResume(scripted(turnEvents, started), paused.state, decisions, tools(), { policies: policies(c) })) got.push(event);
    assert.equal(canonical(got), canonical(c.expect.resumed), c.description);
  });
}
