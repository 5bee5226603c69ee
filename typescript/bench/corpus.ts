/**
 * A deterministic corpus of realistic conversations, as wirechat `ChatRequest` documents.
 *
 * The same shape as the Python benchmark's corpus (bench/corpus.py, after the team's performance
 * anchors): 4-40 messages per conversation, a system prompt most of the time, user text with occasional
 * images by URL and data tables, assistant turns with reasoning (often signed), text and parallel tool
 * calls, tool results (5% errors), about 1% non-ASCII text, and in the mixed flavour a few 20 KB texts
 * and 100 KiB base64 images. The random source is a seeded xorshift, so the documents are the same on
 * every run (not byte-identical to Python's: the generators differ).
 */

import type { ChatRequest, Message, Part, ToolDefinition } from "../src/index.js";

const VOCAB = (
  "the of and to in is that for it as with was on be by this are from or have an they which one you were " +
  "all we when your can said there use each do how their if will up other about out many then them these " +
  "so some would make like time has two more write go see number no way could people my than first water " +
  "been call who oil its now find long down day did get come made may part request latency token model " +
  "schema stream adapter provider signature usage cache retry timeout invoice customer order shipment"
).split(" ");
const UNICODE_WORDS = ["naïve", "café", "Zürich", "façade", "München", "東京", "数据", "Привет", "😀", "🚀", "—", "ünïcödé"];
const TOOLS = ["get_weather", "search_docs", "run_sql", "fetch_url", "create_ticket", "lookup_customer"];
const MODELS = ["gpt-4.1", "claude-sonnet-4-5", "gemini-2.5-pro"];

/** xorshift128+ on two 32-bit halves: small, fast, and the same everywhere. */
class Random {
  private a: number;
  private b: number;
  constructor(seed: number) {
    this.a = (seed * 2654435761) >>> 0 || 1;
    this.b = (seed * 40503 + 12345) >>> 0 || 2;
  }
  /** A float in [0, 1). */
  next(): number {
    let x = this.a;
    const y = this.b;
    this.a = y;
    x ^= x << 23;
    x ^= x >>> 17;
    x ^= y ^ (y >>> 26);
    this.b = x >>> 0;
    return ((this.a + this.b) >>> 0) / 4294967296;
  }
  int(low: number, high: number): number {
    return low + Math.floor(this.next() * (high - low + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    return pool.slice(0, count);
  }
  bytes(count: number): Uint8Array {
    const out = new Uint8Array(count);
    for (let i = 0; i < count; i++) out[i] = Math.floor(this.next() * 256);
    return out;
  }
}

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64");
}

function pool(rng: Random, size = 1_200_000): string {
  const out: string[] = [];
  let total = 0;
  while (total < size) {
    const roll = rng.next();
    let piece: string;
    if (roll < 0.02) piece = '\n```python\ndef f(x):\n    return {"key": x, "path": "C:\\\\tmp\\\\a.txt"}\n```\n';
    else if (roll < 0.08) piece = rng.next() < 0.3 ? ".\n\n" : ". ";
    else if (roll < 0.11) piece = " " + rng.pick(UNICODE_WORDS);
    else if (roll < 0.13) piece = ', "' + rng.pick(VOCAB) + '"';
    else piece = " " + rng.pick(VOCAB);
    out.push(piece);
    total += piece.length;
  }
  return out.join("");
}

class ConversationGenerator {
  private readonly rng: Random;
  private readonly pool: string;
  private counter = 0;

  constructor(seed: number, private readonly big: boolean) {
    this.rng = new Random(seed);
    this.pool = pool(new Random(seed + 1));
  }

  text(low: number, high: number): string {
    const length = Math.floor(low * (high / low) ** this.rng.next());
    const start = Math.floor(this.rng.next() * (this.pool.length - length - 1));
    // Cut on code points, never between the halves of a surrogate pair.
    return Array.from(this.pool.slice(start, start + length + 1)).slice(1, -1).join("").trim() || "ok";
  }

  ident(prefix: string): string {
    this.counter += 1;
    return `${prefix}_${String(this.counter).padStart(8, "0")}${Math.floor(this.rng.next() * 2 ** 40).toString(16).padStart(10, "0")}`;
  }

  toolArguments(): string {
    const rng = this.rng;
    return JSON.stringify({
      query: this.text(8, 200),
      limit: rng.int(1, 50),
      unit: rng.pick(["celsius", "fahrenheit"]),
      filters: { since: "2025-01-01", tags: Array.from({ length: rng.int(0, 4) }, () => rng.pick(VOCAB)) },
    });
  }

  dataValue(): Record<string, unknown> {
    const rng = this.rng;
    const rows = Array.from({ length: rng.int(1, 20) }, () => ({
      id: rng.int(1, 1_000_000),
      name: rng.pick(VOCAB),
      score: Math.round(rng.next() * 100_000) / 1000,
      active: rng.next() < 0.5,
      tags: Array.from({ length: rng.int(0, 3) }, () => rng.pick(VOCAB)),
      note: null,
    }));
    return { rows, total: rows.length, source: "warehouse" };
  }

  image(inline: boolean): Part {
    if (inline) {
      // 100 KiB of base64.
      return { type: "image", image: { source: "base64", base64: base64(this.rng.bytes(76_800)), media_type: "image/png" } };
    }
    return { type: "image", image: { source: "url", url: `https://images.example.com/${this.ident("img")}.jpg`, media_type: "image/jpeg" } };
  }

  toolDefinition(name: string): ToolDefinition {
    return {
      name,
      description: this.text(40, 300),
      input_schema: {
        type: "object",
        properties: { query: { type: "string" }, limit: { type: "integer", minimum: 1 } },
        required: ["query"],
      },
    };
  }

  assistantTurn(): [Message, string[]] {
    const rng = this.rng;
    const parts: Part[] = [];
    if (rng.next() < 0.3) {
      const reasoning: { text: string; signature?: string; issuer?: string } = { text: this.text(100, 1000) };
      if (rng.next() < 0.7) {
        reasoning.signature = base64(rng.bytes(150));
        reasoning.issuer = "anthropic";
      }
      parts.push({ type: "reasoning", reasoning });
    }
    const calls = rng.next() < 0.35 ? rng.int(1, 3) : 0;
    if (calls === 0 || rng.next() < 0.3) parts.push({ type: "text", text: this.text(50, 1500) });
    const ids: string[] = [];
    for (let i = 0; i < calls; i++) {
      const id = this.ident("call");
      ids.push(id);
      parts.push({ type: "tool_call", tool_call: { id, name: rng.pick(TOOLS), arguments: this.toolArguments() } });
    }
    return [{ role: "assistant", parts }, ids];
  }

  conversation(): ChatRequest {
    const rng = this.rng;
    const count = rng.int(4, 40);
    let bigText = this.big && rng.next() < 0.06;
    let bigImage = this.big && rng.next() < 0.05;
    const messages: Message[] = [];
    if (rng.next() < 0.85) messages.push({ role: "system", parts: [{ type: "text", text: this.text(100, 1500) }] });
    while (messages.length < count) {
      const parts: Part[] = [{ type: "text", text: this.text(20, 600) }];
      if (rng.next() < 0.1) parts.push(this.image(false));
      if (rng.next() < 0.06) parts.push({ type: "data", data: { media_type: "application/json", value: this.dataValue() } });
      if (bigText && rng.next() < 0.3) {
        parts.push({ type: "text", text: this.text(20_000, 20_001) });
        bigText = false;
      }
      if (bigImage && rng.next() < 0.3) {
        parts.push(this.image(true));
        bigImage = false;
      }
      messages.push({ role: "user", parts });
      for (;;) {
        const [message, ids] = this.assistantTurn();
        messages.push(message);
        if (ids.length === 0) break;
        const results: Part[] = ids.map((id) => {
          let content: string;
          if (bigText && rng.next() < 0.3) {
            content = this.text(20_000, 20_001);
            bigText = false;
          } else if (rng.next() < 0.4) content = JSON.stringify(this.dataValue());
          else content = this.text(50, 2000);
          const result: { tool_call_id: string; content: string; is_error?: boolean } = { tool_call_id: id, content };
          if (rng.next() < 0.05) result.is_error = true;
          return { type: "tool_result", tool_result: result };
        });
        messages.push({ role: "tool", parts: results });
      }
    }
    const request: ChatRequest = { model: rng.pick(MODELS), messages: messages.slice(0, count) };
    if (rng.next() < 0.7) {
      const names = rng.sample(TOOLS, rng.int(1, 4));
      request.tools = names.map((name) => this.toolDefinition(name));
      request.options = { temperature: Math.round(rng.next() * 100) / 100, max_tokens: rng.int(256, 8192) };
    }
    return request;
  }
}

/** `count` ChatRequest documents; `big` adds the occasional 20 KB text and 100 KiB image. */
export function makeCorpus(count: number, seed = 7, big = true): ChatRequest[] {
  const generator = new ConversationGenerator(seed, big);
  return Array.from({ length: count }, () => generator.conversation());
}
