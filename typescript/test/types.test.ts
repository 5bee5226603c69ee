/**
 * Every type in the schema exists in the TypeScript output: as an exported type in
 * src/generated/types.ts, in `WireTypes`, and with a validator. The names come from the schema
 * files themselves (each file's title and its own `$defs`), not from the generated bundle.
 */

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { TYPE_NAMES, schema, type ChatRequest, type Part, type TypeName, type WireTypes } from "../src/index.js";
import { validators } from "../src/generated/validators.js";
import { packageRoot, repoRoot } from "./support.js";

function schemaTypeNames(): string[] {
  const dir = join(repoRoot(), "schema", "v1");
  const names: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".schema.json"))) {
    const document = JSON.parse(readFileSync(join(dir, file), "utf8")) as { title: string; $defs?: object };
    names.push(document.title, ...Object.keys(document.$defs ?? {}));
  }
  return names.sort();
}

test("every schema type is a type name, in the bundle, and has a validator", () => {
  const names = schemaTypeNames();
  assert.ok(names.length > 0);
  assert.deepEqual([...TYPE_NAMES].sort(), names);
  assert.deepEqual(Object.keys(schema.$defs).sort(), names);
  assert.deepEqual(Object.keys(validators).sort(), names);
});

test("every schema type is exported from the generated types, and listed in WireTypes", () => {
  const source = readFileSync(join(packageRoot(), "src", "generated", "types.ts"), "utf8");
  const exported = new Set([...source.matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1] ?? ""));
  const wireTypes = source.slice(source.indexOf("export interface WireTypes {"));
  const mapped = new Set([...wireTypes.slice(0, wireTypes.indexOf("\n}")).matchAll(/^ {2}(\w+): (\w+);$/gm)].map((m) => `${m[1]},${m[2]}`));
  for (const name of schemaTypeNames()) {
    assert.ok(exported.has(name), `types.ts exports no type ${name}`);
    assert.ok(mapped.has(`${name},${name}`), `WireTypes does not map ${name} to ${name}`);
  }
  assert.equal([...exported].filter((name) => /\d$/.test(name) && !/Base64$/.test(name)).length, 0, "numbered duplicate types");
});

test("the union types narrow on their tag (a compile-time check)", () => {
  const text = (part: Part): string => {
    switch (part.type) {
      case "text":
        return part.text;
      case "reasoning":
        return part.reasoning.text ?? "";
      case "image":
      case "audio":
      case "file":
      case "data":
      case "tool_call":
      case "tool_result":
        return "";
      case "provider_tool_call":
        return part.provider_tool_call.issuer;
      case "provider_tool_result":
        return part.provider_tool_result.issuer;
      default: {
        const unreachable: never = part;
        return unreachable;
      }
    }
  };
  assert.equal(text({ type: "text", text: "hi" }), "hi");
  const request: WireTypes["ChatRequest"] = { messages: [{ role: "user", parts: [] }] } satisfies ChatRequest;
  const name: TypeName = "ChatRequest";
  assert.equal(request.messages.length, name.length - 10);
});
