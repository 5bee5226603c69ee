/**
 * Benchmark (not a test) of the tool loop's overhead per step, in one process, as a ratio against the same
 * requests sent bare through the same `Client` in the same round (median over rounds). A loopback
 * openai-chat server answers a request whose last message is a tool result with text, any other with one
 * tool call; `loop.run` makes two model turns and one tool call, the bare side sends the two requests the
 * loop sent (captured from a first run) with `client.chat`, alternating one of each. Also the loop's own time per step with the
 * model call taken away (an in-memory client), against the same in-memory calls made bare.
 *
 *   node build/bench/loop.js            # 400 loops, 7 rounds
 *   node build/bench/loop.js --quick    # 100 loops, 3 rounds
 */

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

import { Client } from "../src/client/client.js";
import type { ChatRequest, ChatResponse } from "../src/generated/types.js";
import { defineTool, run } from "../src/loop/index.js";

const quick = process.argv.includes("--quick");
const LOOPS = quick ? 100 : 400;
const ROUNDS = quick ? 3 : 7;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const CALL = { id: "chatcmpl-1", object: "chat.completion", model: "m", choices: [{ index: 0, finish_reason: "tool_calls", message: { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] } }], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } };
const TEXT = { id: "chatcmpl-2", object: "chat.completion", model: "m", choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "18 C in Paris." } }], usage: { prompt_tokens: 20, completion_tokens: 7, total_tokens: 27 } };

const REQUEST: ChatRequest = { model: "m", messages: [{ role: "user", parts: [{ type: "text", text: "Weather in Paris?" }] }] };
const weather = defineTool({
  name: "get_weather",
  inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false },
  execute: ({ city }) => ({ city, temperature: 18 }),
});

async function main(): Promise<void> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const messages = (JSON.parse(body) as { messages: { role: string }[] }).messages;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(messages.at(-1)?.role === "tool" ? TEXT : CALL));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new Client("openai-chat", { apiKey: "sk-bench", baseUrl: url, retry: { maxRetries: 0 } });

  const first = await run(client, REQUEST, [weather]);
  const sent: ChatRequest[] = [{ ...REQUEST, tools: [weather.definition] }, { ...REQUEST, tools: [weather.definition], messages: first.messages.slice(0, -1) }];
  const answers: ChatResponse[] = [];
  for (const request of sent) answers.push(await client.chat(request));
  const memory = { chat: async (request: ChatRequest) => answers[request.messages.length > 1 ? 1 : 0]! } as unknown as Client;

  const time = async (body: () => Promise<unknown>, n: number) => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; i++) await body();
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  const bare = (c: Client) => async () => {
    for (const request of sent) await c.chat(request);
  };
  const looped = (c: Client) => () => run(c, REQUEST, [weather]);

  await time(looped(memory), 2000); // warm up (JIT) before anything is timed
  await time(bare(client), 50);
  await time(looped(client), 50);
  const ratios: number[] = [];
  const loopMsPerStep: number[] = [];
  const ownUsPerStep: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let b = 0;
    let l = 0;
    for (let i = 0; i < LOOPS; i++) {
      // alternate one bare pair and one loop, so that the machine's load drifts over both alike
      b += await time(bare(client), 1);
      l += await time(looped(client), 1);
    }
    ratios.push(l / b);
    loopMsPerStep.push(l / LOOPS / 2);
    const mb = await time(bare(memory), LOOPS * 10);
    const ml = await time(looped(memory), LOOPS * 10);
    ownUsPerStep.push(((ml - mb) * 1000) / (LOOPS * 10) / 2);
  }
  server.close();
  console.log(`loopback HTTP: loop / bare = ${median(ratios).toFixed(3)} (rounds: ${ratios.map((r) => r.toFixed(3)).join(" ")}), ${median(loopMsPerStep).toFixed(3)} ms per step`);
  console.log(`in memory (model call taken away): the loop's own time ${median(ownUsPerStep).toFixed(1)} us per step (one tool call per step with ajv argument checks)`);
}

void main();
