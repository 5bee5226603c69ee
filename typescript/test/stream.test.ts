/**
 * `fold` follows the fold law of spec section 9: parallel tool calls stay apart, reasoning signatures
 * concatenate, and a failed, cut or malformed stream reports what arrived.
 */

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { canonical, decode, fold, StreamError, type StreamEvent } from "../src/index.js";

function events(...lines: string[]): StreamEvent[] {
  return lines.map((line) => decode(line, "StreamEvent"));
}

function foldError(lines: string[]): StreamError {
  try {
    fold(events(...lines));
  } catch (error) {
    assert.ok(error instanceof StreamError, String(error));
    return error;
  }
  assert.fail("expected a StreamError");
}

describe("fold", () => {
  test("interleaved tool calls and signed reasoning", () => {
    const response = fold(
      events(
        `{"type":"start","id":"r1","model":"m"}`,
        `{"type":"reasoning_start","index":0,"issuer":"anthropic"}`,
        `{"type":"reasoning_delta","index":0,"text":"think"}`,
        `{"type":"reasoning_delta","index":0,"signature":"ab"}`,
        `{"type":"reasoning_delta","index":0,"signature":"cd"}`,
        `{"type":"reasoning_end","index":0}`,
        `{"type":"tool_call_start","index":1,"id":"c1","name":"a"}`,
        `{"type":"tool_call_start","index":2,"id":"c2","name":"b"}`,
        `{"type":"tool_call_delta","index":2,"arguments":"{\\"y\\""}`,
        `{"type":"tool_call_delta","index":1,"arguments":"{\\"x\\":1}"}`,
        `{"type":"tool_call_delta","index":2,"arguments":":2}"}`,
        `{"type":"tool_call_end","index":2}`,
        `{"type":"tool_call_end","index":1,"provider_metadata":{"p":{"k":1}}}`,
        `{"type":"usage","usage":{"input_tokens":1,"output_tokens":1,"total_tokens":2}}`,
        `{"type":"usage","usage":{"input_tokens":3,"output_tokens":4,"total_tokens":7}}`,
        `{"type":"finish","finish_reason":{"kind":"tool_calls","raw":"tool_use"}}`,
      ),
    );
    assert.equal(
      canonical(response),
      `{"finish_reason":{"kind":"tool_calls","raw":"tool_use"},"id":"r1","message":{"parts":[` +
        `{"reasoning":{"issuer":"anthropic","signature":"abcd","text":"think"},"type":"reasoning"},` +
        `{"provider_metadata":{"p":{"k":1}},"tool_call":{"arguments":"{\\"x\\":1}","id":"c1","name":"a"},"type":"tool_call"},` +
        `{"tool_call":{"arguments":"{\\"y\\":2}","id":"c2","name":"b"},"type":"tool_call"}],"role":"assistant"},` +
        `"model":"m","usage":{"input_tokens":3,"output_tokens":4,"total_tokens":7}}`,
    );
  });

  test("a failed stream keeps the partial message and usage", () => {
    const error = foldError([
      `{"type":"text_start","index":0}`,
      `{"type":"text_delta","index":0,"text":"Hel"}`,
      `{"type":"usage","usage":{"input_tokens":1,"output_tokens":1,"total_tokens":2}}`,
      `{"type":"error","error":{"kind":"overloaded","message":"busy","retryable":true}}`,
    ]);
    assert.equal(error.kind, "failed");
    assert.equal(canonical(error.partial), `{"parts":[{"text":"Hel","type":"text"}],"role":"assistant"}`);
    assert.equal(error.usage?.total_tokens, 2);
    assert.equal(error.failure?.message, "busy");
  });

  const broken: [string, StreamError["kind"], string, string[]][] = [
    ["no finish", "incomplete", "without a finish", [`{"type":"text_start","index":0}`]],
    ["started twice", "malformed", "started twice", [`{"type":"text_start","index":0}`, `{"type":"text_start","index":0}`]],
    ["delta without start", "malformed", "never started", [`{"type":"text_delta","index":0,"text":"x"}`]],
    ["wrong kind", "malformed", "is a text part", [`{"type":"text_start","index":0}`, `{"type":"tool_call_delta","index":0,"arguments":""}`]],
    ["delta after end", "malformed", "already ended",
      [`{"type":"text_start","index":0}`, `{"type":"text_end","index":0}`, `{"type":"text_delta","index":0,"text":"x"}`]],
    ["event after finish", "malformed", "after the stream's finish",
      [`{"type":"finish","finish_reason":{"kind":"stop"}}`, `{"type":"text_start","index":0}`]],
    ["late start", "malformed", "start must come first", [`{"type":"text_start","index":0}`, `{"type":"start"}`]],
    ["open part", "malformed", "still open", [`{"type":"text_start","index":0}`, `{"type":"finish","finish_reason":{"kind":"stop"}}`]],
    ["gap", "malformed", "without gaps",
      [`{"type":"text_start","index":1}`, `{"type":"text_end","index":1}`, `{"type":"finish","finish_reason":{"kind":"stop"}}`]],
  ];
  for (const [name, kind, reason, lines] of broken) {
    test(`${kind}: ${name}`, () => {
      const error = foldError(lines);
      assert.equal(error.kind, kind);
      assert.ok(error.message.includes(reason), error.message);
    });
  }

  test("a stream of only a finish folds to an empty assistant message", () => {
    const response = fold(events(`{"type":"finish","finish_reason":{"kind":"stop"}}`));
    assert.equal(canonical(response), `{"finish_reason":{"kind":"stop"},"message":{"parts":[],"role":"assistant"}}`);
  });
});
