/**
 * A function call whose arguments Gemini 3 streams in pieces (`functionCall.willContinue`, `partialArgs`), as
 * Python's `gemini/partial_args.py`.
 *
 * `{"functionCall": {"name", "willContinue": true}}` opens the call, each `{"functionCall": {"partialArgs":
 * [...], "willContinue": true}}` adds argument values, and a `functionCall` without `willContinue` closes it.
 * A partial argument is `{jsonPath, stringValue | numberValue | boolValue | nullValue, willContinue?}`: the
 * value at the RFC 9535 path (`$.a.b[0]`, `$['a b']`); a string whose `willContinue` is true goes on in the
 * next piece for the same path. The call's arguments are the object these values build, in the order their
 * paths first arrive, written as the arguments text an unstreamed call of the same object reads as.
 */

import type { JsonObject } from "../../generated/types.js";
import { buildArguments } from "../../tool-arguments.js";
import { ProviderShapeError } from "../shared/contract.js";
import { isObject } from "../shared/conversion.js";

/** The members of a partial argument this adapter maps. */
export const PARTIAL_ARG_SHAPE = new Set(["jsonPath", "stringValue", "numberValue", "boolValue", "nullValue", "willContinue"]);
const STEP = /\.([A-Za-z_][A-Za-z0-9_-]*)|\[(\d+)\]|\['((?:[^'\\]|\\.)*)'\]|\["((?:[^"\\]|\\.)*)"\]/y;

type Step = string | number;

function path(text: unknown, where: string): Step[] {
  if (typeof text !== "string" || !text.startsWith("$")) throw new ProviderShapeError(where, `expected a JSON path starting with $, got ${JSON.stringify(text)}`);
  const steps: Step[] = [];
  let at = 1;
  while (at < text.length) {
    STEP.lastIndex = at;
    const found = STEP.exec(text);
    if (found === null) throw new ProviderShapeError(where, `a JSON path this adapter cannot read: ${JSON.stringify(text)}`);
    const [, name, index, single, double] = found;
    if (index !== undefined) steps.push(Number(index));
    else if (name !== undefined) steps.push(name);
    else steps.push((single ?? double)!.replace(/\\(.)/g, "$1"));
    at = STEP.lastIndex;
  }
  if (steps.length === 0) throw new ProviderShapeError(where, `a partial argument needs a member path, got ${JSON.stringify(text)}`);
  return steps;
}

function valueOf(piece: Record<string, unknown>, where: string): unknown {
  for (const key of ["stringValue", "numberValue", "boolValue"]) if (key in piece) return piece[key];
  if ("nullValue" in piece) return null;
  throw new ProviderShapeError(where, "a partial argument without a value");
}

function get(target: unknown, step: Step): unknown {
  if (isObject(target) && typeof step === "string") return target[step];
  if (Array.isArray(target) && typeof step === "number" && step < target.length) return target[step];
  return undefined;
}

function put(target: unknown, step: Step, value: unknown, where: string): void {
  if (isObject(target) && typeof step === "string") target[step] = value;
  else if (Array.isArray(target) && typeof step === "number") {
    while (target.length < step + 1) target.push(null);
    target[step] = value;
  } else throw new ProviderShapeError(`${where}/jsonPath`, "the path mixes members and indices at the same place");
}

/** One streamed function call: its id and name, and the arguments built so far. */
export class StreamedCall {
  args: Record<string, unknown> = {};
  private readonly open = new Set<string>(); // paths (as JSON text) whose string goes on in the next piece

  constructor(
    readonly id: string,
    readonly name: string,
  ) {}

  /** Add a part's `partialArgs`; returns the pointers of members of them that are not mapped. */
  add(pieces: unknown, where: string): string[] {
    if (!Array.isArray(pieces)) throw new ProviderShapeError(where, "expected an array of partial arguments");
    const unmapped: string[] = [];
    pieces.forEach((piece, i) => {
      const at = `${where}/${i}`;
      if (!isObject(piece)) throw new ProviderShapeError(at, "expected a partial argument object");
      for (const key of Object.keys(piece)) if (!PARTIAL_ARG_SHAPE.has(key)) unmapped.push(`${at}/${key}`);
      const steps = path(piece["jsonPath"], `${at}/jsonPath`);
      this.set(steps, valueOf(piece, at), piece["willContinue"] === true, at);
    });
    return unmapped;
  }

  private set(steps: Step[], value: unknown, goesOn: boolean, where: string): void {
    let target: unknown = this.args;
    for (let i = 0; i < steps.length - 1; i++) {
      const empty: unknown = typeof steps[i + 1] === "number" ? [] : {};
      const current = get(target, steps[i]!);
      const sameKind = current !== undefined && current !== null && Array.isArray(current) === Array.isArray(empty) && (Array.isArray(current) || isObject(current));
      if (!sameKind) {
        put(target, steps[i]!, empty, where);
        target = empty;
      } else target = current;
    }
    const last = steps[steps.length - 1]!;
    const key = JSON.stringify(steps);
    const current = get(target, last);
    let next = value;
    if (this.open.has(key) && typeof current === "string" && typeof value === "string") next = current + value;
    put(target, last, next, where);
    if (goesOn) this.open.add(key);
    else this.open.delete(key);
  }

  /** The arguments as the compact JSON text an unstreamed call of the same object reads as. */
  arguments(): string {
    return buildArguments(this.args as JsonObject);
  }
}
