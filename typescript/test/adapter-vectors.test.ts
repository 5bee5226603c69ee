/**
 * The TypeScript adapters against the Python adapters' output, byte for byte (RFC 8785): the recorded
 * fixtures' responses and streams, request encoding (body and warnings, or the refusal), and the error
 * tables. The vectors are written by `scripts/adapter-vectors.py` (see its docstring to regenerate).
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { getAdapter } from "../src/adapters/index.js";


import { ConversionRefused, type ConversionWarning } from "../src/adapters/shared/contract.js";
import { canonical } from "../src/canonical.js";
import { WireError } from "../src/errors.js";
import type { ChatRequest, StreamEvent } from "../src/generated/types.js";
import { packageRoot } from "./support.js";

function vectors(name: string): Array<Record<string, any>> {
  const text = readFileSync(join(packageRoot(), "test", "adapters", "vectors", `${name}.ndjson`), "utf8");
  return text.split("\n").filter((line) => line.trim() !== "").map((line) => JSON.parse(line));
}

test("response bodies decode to the same canonical bytes as Python", () => {
  const cases = vectors("responses");
  assert.ok(cases.length >= 3);
  for (const v of cases) {
    assert.equal(canonical(getAdapter(v["adapter"]).decodeResponse(v["body"])), v["expected"], `${v["adapter"]} ${v["fixture"]}`);
  }
});

test("streams decode to the same canonical events as Python", () => {
  const cases = vectors("streams");
  assert.ok(cases.length >= 3);
  for (const v of cases) {
    const decoder = getAdapter(v["adapter"]).streamDecoder();
    const events = [];
    for (const raw of v["events"]) events.push(...decoder.feed({ event: raw["event"] ?? undefined, data: raw["data"] }));
    events.push(...decoder.close());
    assert.deepEqual(events.map((event) => canonical(event)), v["expected"], `${v["adapter"]} ${v["fixture"]}`);
  }
});

test("requests encode to the same provider bodies and warnings as Python", () => {
  const cases = vectors("requests");
  assert.ok(cases.length >= 12);
  for (const v of cases) {
    const label = `${v["adapter"]} case ${v["case"]}`;
    const adapter = getAdapter(v["adapter"]);
    if (v["invalid"] !== undefined) {
      assert.throws(() => adapter.encodeRequest(v["request"] as ChatRequest), (error: unknown) => {
        assert.ok(error instanceof WireError, label);
        assert.deepEqual(error.problems.map((p) => [p.pointer, p.rule]), v["invalid"], label);
        return true;
      });
      continue;
    }
    if (v["refused"] !== undefined) {
      assert.throws(() => adapter.encodeRequest(v["request"] as ChatRequest), (error: unknown) => {
        assert.ok(error instanceof ConversionRefused, label);
        assert.deepEqual([error.feature, error.where], v["refused"], label);
        return true;
      });
      continue;
    }
    const { body, warnings } = adapter.encodeRequest(v["request"] as ChatRequest);
    assert.equal(canonical(body), v["body"], label);
    assert.deepEqual(warnings.map((w) => [w.feature, w.message]), v["warnings"], label);
  }
});

test("error tables give the same canonical errors as Python, and encode back the same", () => {
  const cases = vectors("errors");
  assert.ok(cases.length >= 20);
  for (const v of cases) {
    const adapter = getAdapter(v["adapter"]);
    const label = `${v["adapter"]} ${v["status"]} ${JSON.stringify(v["body"])}`;
    const error = adapter.decodeError(v["status"] ?? undefined, v["headers"], typeof v["body"] === "string" ? new TextEncoder().encode(v["body"]) : v["body"]);
    assert.equal(canonical(error), v["expected"], label);
    const [status, headers, body] = adapter.encodeError(error);
    assert.deepEqual([status, headers, canonical(body)], v["encoded"], `${label} (encoded back)`);
  }
});

test("request bodies decode to the same canonical request and warnings as Python", () => {
  const cases = vectors("request-decode");
  assert.ok(cases.length >= 12);
  for (const [i, v] of cases.entries()) {
    const { request, warnings } = getAdapter(v["adapter"]).decodeRequest(v["body"]);
    assert.equal(canonical(request), v["expected"], `${v["adapter"]} case ${i}`);
    assert.deepEqual(warnings.map((w) => [w.feature, w.message]), v["warnings"], `case ${i}`);
  }
});

test("canonical responses encode to the same provider bodies and warnings as Python", () => {
  const cases = vectors("response-encode");
  assert.ok(cases.length >= 9);
  for (const [i, v] of cases.entries()) {
    const label = `${v["adapter"]} case ${i}`;
    const adapter = getAdapter(v["adapter"]);
    if (v["refused"] !== undefined) {
      assert.throws(() => adapter.encodeResponse(v["response"]), (error: unknown) => error instanceof ConversionRefused && JSON.stringify([error.feature, error.where]) === JSON.stringify(v["refused"]), label);
      continue;
    }
    const warnings: ConversionWarning[] = [];
    assert.equal(canonical(adapter.encodeResponse(v["response"], warnings)), v["body"], label);
    assert.deepEqual(warnings.map((w) => [w.feature, w.message]), v["warnings"], label);
  }
});

test("canonical stream events encode to the same provider SSE events, byte for byte, as Python", () => {
  const cases = vectors("stream-encode");
  assert.ok(cases.length >= 8);
  for (const [i, v] of cases.entries()) {
    const label = `${v["adapter"]} case ${i}`;
    const encoder = getAdapter(v["adapter"]).streamEncoder();
    if (v["refused"] !== undefined) {
      assert.throws(() => v["events"].forEach((e: StreamEvent) => encoder.feed(e)), (error: unknown) => error instanceof ConversionRefused && error.feature === v["refused"], label);
      continue;
    }
    const out = [...v["events"].flatMap((e: StreamEvent) => encoder.feed(e)), ...encoder.close()].map((sse) => [sse.event ?? null, sse.data]);
    assert.deepEqual(out, v["sse"], label);
  }
});
