/**
 * The history helpers and the section 14.3 consistency checks against the shared vectors
 * (`conformance/vectors/tool-loop.json`), which the Python and Go tests run too.
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import {
  checkToolLoopState,
  checkToolResult,
  decode,
  findToolCall,
  findToolResult,
  mergeConsecutive,
  WireError,
  type Message,
} from "../src/index.js";
import { repoRoot } from "./support.js";

interface VectorCase {
  name: string;
  op: string;
  args: Record<string, any>;
  result?: unknown;
  problems?: [string, string][];
}

const FILE = join(repoRoot(), "conformance", "vectors", "tool-loop.json");
const CASES: VectorCase[] = JSON.parse(readFileSync(FILE, "utf8")).cases;

function messages(values: unknown[]): Message[] {
  return values.map((value) => decode(JSON.stringify(value), "Message"));
}

function problems(check: () => void): [string, string][] {
  try {
    check();
  } catch (error) {
    if (!(error instanceof WireError)) throw error;
    return error.problems.map((p) => [p.pointer, p.rule ?? ""]);
  }
  return [];
}

function run(testCase: VectorCase): unknown {
  const { args } = testCase;
  switch (testCase.op) {
    case "merge_consecutive": {
      const input = messages(args.messages);
      const before = JSON.stringify(input);
      const merged = mergeConsecutive(input);
      assert.equal(JSON.stringify(input), before, "the input changed");
      return merged;
    }
    case "find_tool_call":
    case "find_tool_result": {
      const find = testCase.op === "find_tool_call" ? findToolCall : findToolResult;
      return find(messages(args.messages), args.id) ?? null;
    }
    case "check_tool_result":
      return problems(() => checkToolResult(decode(JSON.stringify(args.result), "ToolResult")));
    case "check_tool_loop_state":
      return problems(() => checkToolLoopState(decode(JSON.stringify(args.state), "ToolLoopState")));
    default:
      throw new Error(`unknown op ${testCase.op}`);
  }
}

for (const testCase of CASES) {
  test(`tool-loop vector ${testCase.name}`, () => {
    const expected = testCase.problems ?? testCase.result;
    assert.deepStrictEqual(JSON.parse(JSON.stringify(run(testCase))), expected);
  });
}

test("tool-loop vectors cover every op", () => {
  const ops = new Set(CASES.map((c) => c.op));
  assert.deepStrictEqual([...ops].sort(), ["check_tool_loop_state", "check_tool_result", "find_tool_call", "find_tool_result", "merge_consecutive"]);
});
