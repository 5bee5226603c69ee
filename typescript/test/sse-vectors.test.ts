/**
 * The shared SSE framing vectors (`conformance/vectors/sse-framing.json`), which the Python and Go tests run
 * too: every case gives its events (or its refusal) whether the body arrives in the case's chunks, all at
 * once, or one byte at a time.
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { SseDecoder, SseTooLargeError } from "../src/client/sse.js";
import { repoRoot } from "./support.js";

interface Case {
  description: string;
  chunks?: string[];
  hex_chunks?: string[];
  max_event_bytes?: number;
  events?: { event: string | null; data: string }[];
  error?: string;
}

const FILE = join(repoRoot(), "conformance", "vectors", "sse-framing.json");
const CASES = (JSON.parse(readFileSync(FILE, "utf8")) as { cases: Case[] }).cases;

function chunksOf(c: Case): Uint8Array[] {
  if (c.hex_chunks !== undefined) return c.hex_chunks.map((hex) => Uint8Array.from(Buffer.from(hex, "hex")));
  return (c.chunks ?? []).map((text) => new TextEncoder().encode(text));
}

function feed(c: Case, chunks: Uint8Array[]): Pick<Case, "events" | "error"> {
  const decoder = new SseDecoder(c.max_event_bytes ?? 16 << 20);
  const events = [];
  try {
    for (const chunk of chunks) events.push(...decoder.feed(chunk));
    events.push(...decoder.flush());
  } catch (error) {
    if (error instanceof SseTooLargeError) return { error: error.what };
    throw error;
  }
  return { events: events.map((e) => ({ event: e.event ?? null, data: e.data })) };
}

function splits(chunks: Uint8Array[]): Record<string, Uint8Array[]> {
  const body = Buffer.concat(chunks);
  const bytes = Array.from({ length: body.length }, (_, i) => Uint8Array.from(body.subarray(i, i + 1)));
  return { "as given": chunks, whole: body.length > 0 ? [Uint8Array.from(body)] : [], "byte by byte": bytes };
}

for (const c of CASES) {
  test(`sse framing: ${c.description}`, () => {
    const expected = c.error !== undefined ? { error: c.error } : { events: c.events };
    for (const [how, chunks] of Object.entries(splits(chunksOf(c)))) {
      assert.deepEqual(feed(c, chunks), expected, how);
    }
  });
}

test("sse framing: the vectors are there", () => {
  assert.ok(CASES.length >= 30);
});
