/**
 * The helper set against the shared behaviour vectors (`conformance/conversions/go-model/helpers`), which
 * the Python and Go tests run too; and the clones are independent of their originals.
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import {
  audioMessage,
  canonical,
  cloneMessage,
  cloneMessages,
  cloneParts,
  dataMessage,
  fileMessage,
  hasToolCalls,
  imageMessage,
  messageText,
  sumUsage,
  textMessage,
  toolCall,
  toolCallMessage,
  toolCalls,
  toolResultMessage,
  toolResults,
  validate,
  type BuildOptions,
  type DataRef,
  type Message,
} from "../src/index.js";
import { repoRoot } from "./support.js";

interface HelperCase {
  name: string;
  helper: string;
  args: Record<string, any>;
  result: unknown;
}

const FILE = join(repoRoot(), "conformance", "conversions", "go-model", "helpers", "helpers.json");
const CASES: HelperCase[] = JSON.parse(readFileSync(FILE, "utf8")).cases;

function run(helper: string, args: Record<string, any>): unknown {
  const options: BuildOptions = {};
  if (args.text !== undefined) options.text = args.text;
  if (args.role !== undefined) options.role = args.role;
  switch (helper) {
    case "text_message":
      return textMessage(args.role, args.text);
    case "image_message":
      return imageMessage(args.image, options);
    case "audio_message":
      return audioMessage(args.audio, options);
    case "file_message":
      return fileMessage(args.file, options);
    case "data_message": {
      const data = args.data as DataRef;
      return dataMessage(data.value, data.media_type === undefined ? options : { ...options, mediaType: data.media_type });
    }
    case "tool_call_message":
      return toolCallMessage(args.calls, args.text);
    case "tool_result_message":
      return toolResultMessage(args.results.length === 1 ? args.results[0] : args.results);
    case "message_text":
      return messageText(args.message);
    case "has_tool_calls":
      return hasToolCalls(args.message);
    case "tool_calls":
      return toolCalls(args.message);
    case "tool_results":
      return toolResults(args.message);
    case "clone_message":
      return cloneMessage(args.message);
    case "clone_messages":
      return cloneMessages(args.messages);
    case "clone_parts":
      return cloneParts(args.parts);
    case "sum_usage":
      return sumUsage(args.usages) ?? null;
  }
  throw new Error(`unknown helper ${helper}`);
}

for (const c of CASES) {
  test(`helper vector ${c.name}`, () => {
    const got = run(c.helper, c.args);
    if (got !== null && typeof got === "object" && "role" in got) validate(got, "Message");
    assert.equal(canonical(got), canonical(c.result));
  });
}

test("clones share nothing with their originals", () => {
  const rich = CASES.find((c) => c.name === "clone-message")!.args.message as Message;
  const before = canonical(rich);
  const copy = cloneMessage(rich) as any;
  copy.parts[1].data.value.a[1].b = "changed";
  copy.parts[1].provider_metadata.openai.k.push(2);
  copy.parts[2].tool_result.parts.length = 0;
  assert.ok(Object.hasOwn(copy.parts[1].data.value, "__proto__"), "a member named __proto__ stays a member");
  cloneMessages([rich])[0]!.parts.length = 0;
  (cloneParts(rich.parts)[0] as any).text = "changed";
  assert.equal(canonical(rich), before);
});

test("toolCall serialises an object; toolCallMessage needs a call", () => {
  assert.deepEqual(toolCall("c", "f", { city: "Paris" }), { id: "c", name: "f", arguments: '{"city":"Paris"}' });
  assert.throws(() => toolCallMessage([]), RangeError);
  assert.equal(sumUsage([]), undefined);
});
