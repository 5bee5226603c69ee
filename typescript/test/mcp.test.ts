/**
 * The MCP mapping vectors (`conformance/cases/mcp/mappings.json`), which the Python and Go tests run too: each
 * case's output (compared by JCS bytes) and warning pointers, or the pointer of its refusal; every
 * wirechat value a mapping produces is valid for its type.
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { canonical, validate } from "../src/index.js";
import {
  McpMappingError,
  callResultToToolResult,
  definitionToTool,
  jsonrpcToToolResult,
  toolResultToCallResult,
  toolResultToJsonrpc,
  toolToDefinition,
  type Mapped,
} from "../src/index.js";
import { repoRoot } from "./support.js";

interface Case {
  op: string;
  name: string;
  input: any;
  tool_call_id?: string;
  request_id?: string | number;
  output?: unknown;
  warnings?: string[];
  refused?: string;
}

const FILE = join(repoRoot(), "conformance", "cases", "mcp", "mappings.json");
const CASES: Case[] = JSON.parse(readFileSync(FILE, "utf8")).cases;

const OPS: Record<string, (c: Case) => Mapped<Record<string, unknown>>> = {
  tool_to_definition: (c) => toolToDefinition(c.input),
  definition_to_tool: (c) => definitionToTool(c.input),
  call_result_to_tool_result: (c) => callResultToToolResult(c.input, c.tool_call_id!),
  tool_result_to_call_result: (c) => toolResultToCallResult(c.input),
  jsonrpc_to_tool_result: (c) => jsonrpcToToolResult(c.input, c.tool_call_id!),
  tool_result_to_jsonrpc: (c) => toolResultToJsonrpc(c.input, c.request_id!),
};
const WIRE_OUTPUT: Record<string, "ToolDefinition" | "ToolResult"> = {
  tool_to_definition: "ToolDefinition",
  call_result_to_tool_result: "ToolResult",
  jsonrpc_to_tool_result: "ToolResult",
};

test("every op has vectors", () => {
  assert.deepEqual(new Set(CASES.map((c) => c.op)), new Set(Object.keys(OPS)));
});

for (const c of CASES) {
  test(`mcp ${c.op}/${c.name}`, () => {
    const run = OPS[c.op]!;
    if (c.refused !== undefined) {
      assert.throws(
        () => run(c),
        (error: unknown) => error instanceof McpMappingError && error.pointer === c.refused,
      );
      return;
    }
    const { value, warnings } = run(c);
    assert.equal(canonical(value), canonical(c.output));
    assert.deepEqual(
      warnings.map((w) => w.pointer),
      c.warnings,
    );
    const wire = WIRE_OUTPUT[c.op];
    if (wire !== undefined) validate(value, wire); // throws WireError when not valid
  });
}
