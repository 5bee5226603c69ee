/**
 * Test support for the tool loop: the weather and booking tools (one from a JSON Schema, one from a
 * Standard Schema), counters of how often each call id ran, fake-provider turns, and a scripted client
 * that answers by the number of model turns already in the request (so a loop stopped and resumed at any
 * point gets the same next turn, which a server playing turns in order cannot give).
 */

import type { Client } from "../src/client/client.js";
import type { ChatRequest, ChatResponse, JsonObject, Message } from "../src/generated/types.js";
import { defineTool, schemaTool, type StandardSchema, type ToolContext } from "../src/loop/index.js";

export const REQUEST: ChatRequest = { model: "fake-model", messages: [{ role: "user", parts: [{ type: "text", text: "Weather in Paris?" }] }], options: { max_tokens: 100 } };

export const call = (id: string, name: string, args: JsonObject) => ({ id, name, arguments: args });
export const callsTurn = (...calls: ReturnType<typeof call>[]) => ({ reply: { tool_calls: calls, usage: { input: 10, output: 5 } } });
export const textTurn = (text: string) => ({ reply: { text, usage: { input: 20, output: 7 } } });

/** How many times each call id ran (the exactly-once rule is: never more than 1). */
export class Runs {
  readonly byId = new Map<string, number>();
  readonly contexts: ToolContext[] = [];
  record(context: ToolContext): void {
    this.byId.set(context.callId, (this.byId.get(context.callId) ?? 0) + 1);
    this.contexts.push(context);
  }
}

export function weatherTool(runs: Runs) {
  return defineTool<{ city: string; unit?: string }>({
    name: "get_weather",
    description: "The current weather in a city.",
    inputSchema: { type: "object", properties: { city: { type: "string" }, unit: { type: "string" } }, required: ["city"], additionalProperties: false },
    execute({ city, unit }, context) {
      runs.record(context);
      if (city === "Atlantis") throw new RangeError("no such city: Atlantis");
      return { city, temperature: 18, unit: unit ?? "C" };
    },
  });
}

/** `{time: string}` as a Standard Schema, standing in for zod 4's `z.object({time: z.string()})`. */
const TIME: StandardSchema<{ time: string }> = {
  "~standard": {
    version: 1,
    validate: (value) => {
      const time = (value as { time?: unknown }).time;
      return typeof time === "string" ? { value: { time } } : { issues: [{ message: "expected a string", path: ["time"] }] };
    },
  },
};

export function bookTool(runs: Runs) {
  return schemaTool({
    name: "book_train",
    description: "Book the train leaving at time.",
    schema: TIME,
    inputSchema: { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", properties: { time: { type: "string" } }, required: ["time"] },
    async execute({ time }, context) {
      runs.record(context);
      await Promise.resolve();
      return `booked the ${time} train`;
    },
  });
}

/** A stand-in `Client` whose `chat` answers `turns[k]`, k the number of assistant messages in the request. */
export function scriptedClient(turns: readonly Message[], sent: ChatRequest[] = []): Client {
  const chat = async (request: ChatRequest): Promise<ChatResponse> => {
    sent.push(request);
    const k = request.messages.filter((m) => m.role === "assistant").length;
    const message = turns[k];
    if (message === undefined) throw new Error(`no scripted turn ${k}`);
    const calls = message.parts.some((p) => p.type === "tool_call");
    return { message, finish_reason: { kind: calls ? "tool_calls" : "stop" }, usage: { input_tokens: 3, output_tokens: 2, total_tokens: 5 } };
  };
  return { chat } as unknown as Client;
}
