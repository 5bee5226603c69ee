/**
 * Structured output (Python's `wirechat.structured_output`): `client.chat(request, { output })` asks the
 * provider for JSON matching a schema, checks the answer and returns the value with the response.
 *
 * The schema travels as `options.response_format` (`json_schema`, named `response`); each adapter maps it
 * to its provider's native mode (OpenAI Chat `response_format`, Anthropic `output_config.format`, Gemini
 * `generationConfig.responseJsonSchema`, Responses `text.format`; a profile that cannot carry it refuses,
 * as in Python). `output` is a plain JSON Schema (a schema library's export, such as zod 4's
 * `z.toJSONSchema(S)`, is one), checked with ajv; or `{ schema, jsonSchema }` with a Standard Schema
 * (zod 4, valibot, ArkType), whose library checks and converts the value while `jsonSchema` is what the
 * provider sees. An answer that is not JSON, or does not match, throws `StructuredOutputError` carrying the
 * raw text; with `outputRetries: N` the model is shown the problems and asked again, up to N more times
 * (off by default). Decision 041 says why.
 */

import { WirechatError } from "./errors.js";
import { messageText } from "./messages.js";
import type { ChatRequest, ChatResponse, JsonObject, Message } from "./generated/types.js";
import type { StandardSchema } from "./loop/tool.js";

/** The one schema name Anthropic's and Gemini's mappings keep; OpenAI takes any (Python's `SCHEMA_NAME`). */
export const SCHEMA_NAME = "response";

/** A Standard Schema (its library checks and converts the answer) with the JSON Schema the provider sees. */
export interface OutputSchema<T> {
  readonly schema: StandardSchema<T>;
  readonly jsonSchema: JsonObject;
}

/** What `output` takes: a JSON Schema object, or a Standard Schema with its JSON Schema. */
export type Output<T = unknown> = JsonObject | OutputSchema<T>;

/** The checked `value` (the JSON value, or the Standard Schema's output) and the last `response`. */
export interface Structured<T> {
  readonly value: T;
  readonly response: ChatResponse;
}

/**
 * The model's answer is not valid for the requested schema: `raw` is its text, `problems` says why (each
 * `"/pointer: message"`, `"/"` for the whole value, or `"not JSON: ..."`), `response` is the last response
 * and `attempts` how many answers were tried.
 */
export class StructuredOutputError extends WirechatError {
  constructor(
    readonly raw: string,
    readonly problems: readonly string[],
    readonly response: ChatResponse,
    readonly attempts: number,
  ) {
    const shown = raw.length <= 200 ? raw : `${raw.slice(0, 200)}...`;
    super(`the answer does not match the output schema after ${attempts} attempt(s): ${problems.join("; ")} (raw text: ${JSON.stringify(shown)})`);
  }
}

interface AjvError {
  instancePath: string;
  message?: string;
}
type AjvValidate = ((value: unknown) => boolean) & { errors?: AjvError[] | null };
interface AjvLike {
  compile(schema: object): AjvValidate;
  removeSchema(schema: object): unknown;
}

type AjvClass = new (options: object) => AjvLike;
let ajvClass: Promise<AjvClass> | undefined;

/** Ajv2020, imported on first use (an optional peer dependency). */
async function loadAjv(): Promise<AjvClass> {
  ajvClass ??= import("ajv/dist/2020.js").then(
    (module) => {
      const exported = module as unknown as { default: unknown };
      return ((exported.default as { default?: unknown }).default ?? exported.default) as AjvClass;
    },
    (error: unknown) => {
      ajvClass = undefined;
      throw new WirechatError(`checking the answer against a JSON Schema output needs the package ajv (npm install ajv), or pass { schema, jsonSchema } with a Standard Schema: ${String(error)}`);
    },
  );
  return ajvClass;
}

function isOutputSchema<T>(output: Output<T>): output is OutputSchema<T> {
  return typeof (output as { schema?: { "~standard"?: unknown } }).schema?.["~standard"] === "object" && typeof output["jsonSchema"] === "object";
}

/** A checker of answers: the value and no problems, or undefined and the problems. */
type Check<T> = (value: unknown) => Promise<[T | undefined, string[]]>;

/** The JSON Schema to send and the checker for `output`; a schema ajv cannot compile throws before anything is sent. */
async function prepare<T>(output: Output<T>): Promise<[JsonObject, Check<T>]> {
  if ((typeof output === "object" || typeof output === "function") && output !== null && "~standard" in output) {
    throw new TypeError("output is a Standard Schema (zod, valibot, ArkType): pass { schema, jsonSchema } with its JSON Schema export, e.g. { schema: S, jsonSchema: z.toJSONSchema(S) }");
  }
  if (typeof output !== "object" || output === null || Array.isArray(output)) {
    throw new TypeError(`output takes a JSON Schema object or { schema, jsonSchema } with a Standard Schema, not ${JSON.stringify(output) ?? String(output)}`);
  }
  if (isOutputSchema(output)) {
    const standard = output.schema["~standard"];
    if (standard.version !== 1) throw new TypeError("output.schema does not implement Standard Schema v1 (zod 4, valibot, ArkType do)");
    return [output.jsonSchema, (value) => standardCheck(standard, value)];
  }
  const compiled = await compile(output);
  const check: Check<T> = (value) => Promise.resolve(compiled(value) ? [value as T, []] : [undefined, ajvProblems(compiled.errors ?? [])]);
  return [output, check];
}

/** Compiled validators by the caller's schema object (a schema kept in a constant), and by schema text. */
const byObject = new WeakMap<object, AjvValidate>();
const byText = new Map<string, AjvValidate>();
/** Schemas one Ajv compiles before a new one replaces it: Ajv keeps what it compiled for its lifetime. */
const MAX_SCHEMAS = 256;
let instance: AjvLike | undefined;

/**
 * The ajv validator of a JSON Schema output: JSON Schema 2020-12 whatever `$schema` says (the schema is
 * still sent as given, as Python sends it), every error, and `format` an annotation (as Python's
 * `Draft202012Validator` without a format checker treats it; ajv would otherwise warn on the console for
 * each format it has no checker for). A schema is compiled once per text, and a fresh Ajv is made after
 * `MAX_SCHEMAS` different ones, so schemas built afresh for each call do not grow memory without bound.
 */
async function compile(output: JsonObject): Promise<AjvValidate> {
  const cached = byObject.get(output);
  if (cached !== undefined) return cached;
  const { $schema: _ignored, ...schema } = output;
  const text = JSON.stringify(schema);
  let compiled = byText.get(text);
  if (compiled === undefined) {
    if (instance === undefined || byText.size >= MAX_SCHEMAS) {
      instance = new (await loadAjv())({ allErrors: true, strict: false, validateFormats: false });
      byText.clear();
    }
    try {
      compiled = instance.compile(schema);
    } catch (error) {
      throw new TypeError(`output is not a valid JSON Schema: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      instance.removeSchema(schema);
    }
    byText.set(text, compiled);
  }
  byObject.set(output, compiled);
  return compiled;
}

/** A pointer's tokens, unescaped (Python writes the path's members as they are). */
function tokens(pointer: string): string[] {
  return pointer === "" ? [] : pointer.slice(1).split("/").map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** Order of two paths as Python's `sorted(key=absolute_path)`: member by member, array indices as numbers. */
function comparePaths(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    if (/^\d+$/.test(x) && /^\d+$/.test(y)) return Number(x) - Number(y);
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

function ajvProblems(errors: readonly AjvError[]): string[] {
  const placed = errors.map((error) => ({ path: tokens(error.instancePath), message: error.message ?? "invalid" }));
  placed.sort((a, b) => comparePaths(a.path, b.path));
  return placed.map(({ path, message }) => `/${path.join("/")}: ${message}`);
}

async function standardCheck<T>(standard: StandardSchema<T>["~standard"], value: unknown): Promise<[T | undefined, string[]]> {
  const result = await standard.validate(value);
  if (result.issues === undefined) return [result.value, []];
  return [
    undefined,
    result.issues.map((issue) => {
      const path = (issue.path ?? []).map((key) => String(typeof key === "object" ? key.key : key));
      return `/${path.join("/")}: ${issue.message}`;
    }),
  ];
}

function withFormat(request: ChatRequest, schema: JsonObject): ChatRequest {
  const format = { type: "json_schema" as const, json_schema: { name: SCHEMA_NAME, schema } };
  return { ...request, options: { ...request.options, response_format: format } };
}

async function parse<T>(check: Check<T>, text: string): Promise<[T | undefined, string[]]> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return [undefined, [`not JSON: ${error instanceof Error ? error.message : String(error)}`]];
  }
  return check(value);
}

function again(request: ChatRequest, response: ChatResponse, problems: readonly string[]): ChatRequest {
  const note = `That answer does not match the required JSON schema: ${problems.join("; ")}. Answer again.`;
  const ask: Message = { role: "user", parts: [{ type: "text", text: note }] };
  return { ...request, messages: [...request.messages, response.message, ask] };
}

/** Send `request` with `output`'s schema through `send`; return the checked value (see the module's text). */
export async function structuredChat<T = unknown>(send: (request: ChatRequest) => Promise<ChatResponse>, request: ChatRequest, output: Output<T>, retries = 0): Promise<Structured<T>> {
  if (!(Number.isInteger(retries) && retries >= 0)) throw new RangeError(`outputRetries must be a whole number 0 or more, got ${retries}`);
  const [schema, check] = await prepare(output);
  let current = withFormat(request, schema);
  for (let attempt = 1; ; attempt++) {
    const response = await send(current);
    const raw = messageText(response.message);
    const [value, problems] = await parse(check, raw);
    if (problems.length === 0) return { value: value as T, response };
    if (attempt > retries) throw new StructuredOutputError(raw, problems, response, attempt);
    current = again(current, response, problems);
  }
}
