/**
 * A consumer of the published `wirechat` package: compiled with `tsc --strict` against the packed
 * tarball (types from its .d.ts files), then run. Type-level expectations are `@ts-expect-error` lines.
 */

import {
  addUsage,
  buildArguments,
  canonical,
  decode,
  encode,
  messageText,
  parseArguments,
  toolCalls,
  validate,
  WireError,
  type ChatRequest,
  type Message,
  type Part,
  type StreamEvent,
  type TokenUsage,
  type TypeName,
  type WireTypes,
} from "wirechat";

// The project compiles with no DOM or Node types; this is all it needs of the host.
declare const console: { log(...values: unknown[]): void };

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`consumer check failed: ${what}`);
}

// Unions narrow on their tag, exhaustively.
function describePart(part: Part): string {
  switch (part.type) {
    case "text":
      return part.text;
    case "reasoning":
      return part.reasoning.text ?? "(redacted)";
    case "image":
    case "audio":
      return part.type === "image" && part.image.source === "url" ? part.image.url : "(media)";
    case "file":
      return part.file.source;
    case "data":
      return JSON.stringify(part.data.value);
    case "tool_call":
      return part.tool_call.name;
    case "tool_result":
      return part.tool_result.content;
    case "provider_tool_call":
      return `${part.provider_tool_call.issuer} ran ${part.provider_tool_call.name}`;
    case "provider_tool_result":
      return part.provider_tool_result.is_error === true ? "(provider tool failed)" : "(provider tool result)";
    default: {
      const unreachable: never = part;
      return unreachable;
    }
  }
}

function isDelta(event: StreamEvent): boolean {
  return event.type === "text_delta" && event.text.length > 0;
}

// decode is typed by the type name.
const request = decode(
  '{"model":"m","messages":[{"role":"user","parts":[{"type":"text","text":"Weather in Paris?"}]}]}',
  "ChatRequest",
);
const sameRequest: ChatRequest = request;
check(sameRequest.messages[0]?.role === "user", "decode");

const reply: Message = {
  role: "assistant",
  parts: [
    { type: "text", text: "Let me check." },
    { type: "tool_call", tool_call: { id: "c1", name: "get_weather", arguments: buildArguments({ city: "Paris" }) } },
  ],
};
check(messageText(reply) === "Let me check.", "messageText");
check(parseArguments(toolCalls(reply)[0]!.arguments)["city"] === "Paris", "tool arguments");
check(describePart(reply.parts[1]!) === "get_weather", "narrowing");
check(!isDelta({ type: "text_delta", index: 0, text: "" }), "stream event");

const usage: TokenUsage = addUsage(
  { input_tokens: 3, output_tokens: 4, total_tokens: 7 },
  { input_tokens: 1, output_tokens: 1, total_tokens: 2, model: "m" },
);
check(usage.total_tokens === 9 && usage.model === "m", "addUsage");

const wire = encode(reply, "Message");
check(canonical(decode(wire, "Message")) === canonical(reply), "round trip");

try {
  decode('{"role":"robot","parts":[]}', "Message");
  check(false, "an invalid document must throw");
} catch (error) {
  check(error instanceof WireError && error.problems[0]?.pointer === "/role", "WireError pointer");
}

const typeName: TypeName = "TokenUsage";
const checked: WireTypes["TokenUsage"] = validate(usage, typeName);
check(checked === usage, "validate returns its argument");

// Type-level expectations only: compiled, never called.
export function typeExpectations(): void {
  // @ts-expect-error: a text part has no image payload
  const wrongPayload: Part = { type: "text", image: { source: "url", url: "https://x" } };
  // @ts-expect-error: not a role
  const wrongRole: Message = { role: "robot", parts: [] };
  // @ts-expect-error: not a type name
  decode("{}", "Nope");
  // @ts-expect-error: exactOptionalPropertyTypes: an optional member is absent, never undefined
  const explicitUndefined: Message = { role: "user", parts: [], name: undefined };
  void [wrongPayload, wrongRole, explicitUndefined];
}

console.log("wirechat consumer: ok");
