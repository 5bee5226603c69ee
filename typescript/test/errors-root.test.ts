/**
 * One error root (issue 28 item 2): every error class wirechat exports derives from `WirechatError`, the
 * tree drawn in its doc comment names them all, Python's names are exported, and the old names still work.
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";

import * as wirechat from "../src/index.js";

const errorClasses = [...Object.entries(wirechat), ...Object.entries(wirechat.loop), ...Object.entries(wirechat.mcp)].filter(
  ([, value]) => typeof value === "function" && (value as { prototype?: unknown }).prototype instanceof Error,
) as [string, new (...args: never[]) => Error][];

describe("the error root", () => {
  test("every exported error class is a WirechatError and is drawn in the tree", () => {
    const source = readFileSync(new URL("../../src/errors.ts", import.meta.url), "utf8");
    const tree = source.slice(source.indexOf("```text"), source.indexOf("export class WirechatError"));
    assert.ok(errorClasses.length >= 20);
    for (const [name, Class] of errorClasses) {
      assert.ok(Class === wirechat.WirechatError || Class.prototype instanceof wirechat.WirechatError, `${name} is outside the root`);
      if (name !== "ApiTimeoutError" && name !== "CancelledError") assert.match(tree, new RegExp(`\\b${name}\\b`), `${name} is not drawn`);
    }
  });

  test("Python's names, and the old names as the same classes", () => {
    assert.equal(wirechat.ApiTimeoutError, wirechat.APITimeoutError);
    assert.equal(wirechat.CancelledError, wirechat.RequestCancelledError);
    const error = wirechat.toError({ kind: "cancelled", message: "stop", retryable: false });
    assert.ok(error instanceof wirechat.RequestCancelledError && error instanceof wirechat.APIError && error instanceof wirechat.WirechatError);
    assert.equal(error.name, "RequestCancelledError");
  });

  test("an unknown adapter names the close one and the known ones", () => {
    assert.throws(() => wirechat.getAdapter("openai"), (error: unknown) => {
      assert.ok(error instanceof wirechat.UnknownAdapterError && error instanceof wirechat.WirechatError);
      // every adapter whose name starts so is suggested (the list grows as adapters are ported), a profile's
      // name (openai-compatible:ollama) only when the name asked for has a profile part
      assert.match(error.message, /^no adapter named "openai"; did you mean "openai-chat" or "openai-compatible" or "openai-responses"( or "[a-z-]+")*\? \(known adapters: anthropic, [a-z, :-]+\)$/);
      assert.deepEqual([...error.known].sort(), [...error.known]);
      assert.ok(["anthropic", "openai-chat", "openai-responses", "openai-compatible:ollama"].every((name) => error.known.includes(name)), error.message);
      return true;
    });
    assert.throws(() => wirechat.getAdapter("antropic"), /did you mean "anthropic"/);
  });

  test("a Client for an in-process format says it has no HTTP API (was: an empty key variable's name)", () => {
    for (const name of ["querymt", "go-model"]) {
      assert.throws(() => new wirechat.Client(name, { apiKey: "k" }), new RegExp(`^Error: ${name} is an in-process format, not an HTTP API`));
    }
  });
});
