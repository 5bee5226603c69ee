/**
 * The other spellings of a `generateContent` body, read as the canonical one before decoding, as Python's
 * `gemini/spelling.py`.
 *
 * The Gemini API parses proto3 JSON: it takes every member under its proto name as well as its camelCase
 * JSON name, and one value where a list is expected. `normalize` rewrites the members this adapter reads
 * (`BODY`) in the spelling it writes: a snake_case name becomes its camelCase twin, a repeated member given as
 * one object becomes a list of it. `Spelling.rewritten` holds the pointers (into the body as given) of what
 * it rewrote, outermost only (`request.spelling`), and `original` takes a pointer back to the body as given.
 */

import { escapePointerToken } from "../../errors.js";
import { isObject } from "../shared/conversion.js";

export type Vocabulary = { readonly [member: string]: Vocabulary | null };

const fromKeys = (keys: readonly string[]): Vocabulary => Object.fromEntries(keys.map((key) => [key, null]));

const BLOB = fromKeys(["mimeType", "data", "displayName"]);
const FILE = fromKeys(["mimeType", "fileUri", "displayName"]);
const PARTIAL_ARG = fromKeys(["jsonPath", "stringValue", "numberValue", "boolValue", "nullValue", "willContinue"]);
const PART: Vocabulary = {
  text: null, thought: null, thoughtSignature: null, inlineData: BLOB, fileData: FILE,
  functionCall: { id: null, name: null, args: null, partialArgs: PARTIAL_ARG, willContinue: null },
  functionResponse: { id: null, name: null, response: null },
  executableCode: null, codeExecutionResult: null, toolCall: null, toolResponse: null,
};
const CONTENT: Vocabulary = { role: null, parts: PART };
const DECLARATION = fromKeys(["name", "description", "parameters", "parametersJsonSchema", "response", "responseJsonSchema"]);
const GENERATION: Vocabulary = {
  ...fromKeys(["temperature", "topP", "topK", "maxOutputTokens", "seed", "stopSequences", "responseMimeType", "responseSchema", "responseJsonSchema",
    "candidateCount", "presencePenalty", "frequencyPenalty", "responseLogprobs", "logprobs", "responseModalities", "mediaResolution"]),
  thinkingConfig: fromKeys(["includeThoughts", "thinkingBudget", "thinkingLevel"]),
  imageConfig: fromKeys(["aspectRatio", "imageSize"]),
};
/** The members this adapter reads, by camelCase name (an object: the vocabulary of the value; null: read but not entered). */
export const BODY: Vocabulary = {
  model: null,
  contents: CONTENT,
  systemInstruction: CONTENT,
  tools: { functionDeclarations: DECLARATION },
  toolConfig: { functionCallingConfig: { mode: null, allowedFunctionNames: null } },
  generationConfig: GENERATION,
  safetySettings: { category: null, threshold: null },
};
/** Repeated members the API also takes as one object, read as a list of it. */
const LISTS = new Set(["contents", "parts", "tools", "functionDeclarations", "safetySettings"]);

/** The camelCase twin of a proto field name (`thinking_budget` -> `thinkingBudget`). */
export function camel(name: string): string {
  if (!name.includes("_") || name.startsWith("_")) return name;
  const [head, ...rest] = name.split("_");
  return head + rest.map((word) => word.slice(0, 1).toUpperCase() + word.slice(1)).join("");
}

/** A body read in the canonical spelling (see the module docstring). */
export class Spelling {
  readonly rewritten: string[] = [];
  readonly body: unknown;
  private readonly renamed = new Map<string, string>(); // canonical pointer -> pointer as given

  constructor(given: unknown) {
    this.body = this.object(given, BODY, "", "", true);
  }

  /** `pointer` (into `body`) as a pointer into the body as given. */
  original(pointer: string): string {
    let best: string | undefined;
    for (const p of this.renamed.keys()) if ((pointer === p || pointer.startsWith(`${p}/`)) && (best === undefined || p.length > best.length)) best = p;
    return best === undefined ? pointer : this.renamed.get(best)! + pointer.slice(best.length);
  }

  private object(value: unknown, vocabulary: Vocabulary, where: string, given: string, report: boolean): unknown {
    if (!isObject(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const name = Object.hasOwn(vocabulary, camel(key)) ? camel(key) : key;
      const at = `${where}/${escapePointerToken(name)}`;
      const atGiven = `${given}/${escapePointerToken(key)}`;
      let inner = report;
      if (name !== key) {
        this.note(at, atGiven, report);
        inner = false; // what is rewritten inside is covered by this pointer
      }
      const sub = Object.hasOwn(vocabulary, name) ? vocabulary[name]! : null;
      let read: unknown;
      if (LISTS.has(name) && isObject(item)) {
        this.note(`${at}/0`, atGiven, inner);
        read = [this.value(item, sub, `${at}/0`, atGiven, false)];
      } else {
        read = this.value(item, sub, at, atGiven, inner);
      }
      if (name in out && name !== key) continue; // both spellings given: the camelCase one is kept
      out[name] = read;
    }
    return out;
  }

  private value(value: unknown, vocabulary: Vocabulary | null, where: string, given: string, report: boolean): unknown {
    if (vocabulary === null) return value;
    if (Array.isArray(value)) return value.map((item, i) => this.object(item, vocabulary, `${where}/${i}`, `${given}/${i}`, report));
    return this.object(value, vocabulary, where, given, report);
  }

  private note(at: string, atGiven: string, report: boolean): void {
    this.renamed.set(at, atGiven);
    if (report) this.rewritten.push(atGiven);
  }
}
