/**
 * The go-model conversion vectors (`conformance/conversions/go-model/*.json`, format in its README) through
 * the TypeScript converter (`src/adapters/go-model/documents.ts`): the same files Python's adapter
 * (`tests/adapters/go_model/test_vectors.py`) and Go's `go/gomodel` are held to. Documents are compared as
 * RFC 8785 bytes, warnings as the sorted set of features. Also what the stream decoder refuses as Python's
 * does, now that it builds text events without a schema check of each (a lone surrogate, an empty call id).
 */

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { fromWirechat, KINDS, toWirechat, type Kind } from "../src/adapters/go-model/documents.js";
import { goModel } from "../src/adapters/go-model/index.js";
import { ConversionRefused } from "../src/adapters/shared/contract.js";
import { canonical } from "../src/canonical.js";
import { repoRoot } from "./support.js";

interface Case {
  name: string;
  kind: Kind;
  direction: "both" | "to_wirechat" | "from_wirechat";
  go_model?: unknown;
  wirechat?: unknown;
  warnings?: string[];
  refused?: string;
  invalid?: boolean;
}

const DIR = join(repoRoot(), "conformance", "conversions", "go-model");
const CASES: [string, Case][] = readdirSync(DIR)
  .filter((file) => file.endsWith(".json"))
  .sort()
  .flatMap((file) => (JSON.parse(readFileSync(join(DIR, file), "utf8")) as { cases: Case[] }).cases.map((c): [string, Case] => [`${file.slice(0, -5)}/${c.name}`, c]));

test("go-model conversions: there are vectors of every kind and direction", () => {
  const kinds = new Set(CASES.map(([, c]) => c.kind));
  assert.deepEqual(KINDS.filter((kind) => !kinds.has(kind)), []);
  assert.deepEqual([...new Set(CASES.map(([, c]) => c.direction))].sort(), ["both", "from_wirechat", "to_wirechat"]);
});

for (const [id, c] of CASES) {
  test(`go-model conversions: ${id}`, () => {
    if (c.direction !== "from_wirechat") {
      if (c.invalid) assert.throws(() => toWirechat(c.kind, c.go_model));
      else assert.equal(canonical(toWirechat(c.kind, c.go_model)), canonical(c.wirechat));
    }
    if (c.direction !== "to_wirechat") {
      if (c.refused !== undefined) {
        assert.throws(() => fromWirechat(c.kind, c.wirechat), (error) => error instanceof ConversionRefused && error.feature === c.refused);
      } else {
        const [document, warnings] = fromWirechat(c.kind, c.wirechat);
        assert.equal(canonical(document), canonical(c.go_model));
        assert.deepEqual([...new Set(warnings.map((warning) => warning.feature))].sort(), c.warnings ?? []);
      }
    }
  });
}

test("go-model stream: a lone surrogate in content, or a call with an empty id, is refused as Python refuses it", () => {
  const feed = (data: string) => goModel.streamDecoder().feed({ event: undefined, data });
  assert.throws(() => feed('{"content":"a\\ud800"}'), /lone surrogate/);
  assert.throws(() => feed('{"tool_calls":[{"id":"","name":"f","arguments":""}]}'));
  assert.deepEqual(feed('{"content":"a\\ud83d\\ude00"}'), [{ type: "text_start", index: 0 }, { type: "text_delta", index: 0, text: "a😀" }]);
});
