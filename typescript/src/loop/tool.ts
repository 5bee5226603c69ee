/**
 * Tools: a `ToolDefinition` the model sees, a check of the model's arguments against the tool's schema, and
 * the function that runs it with a `ToolContext` (the call id as an idempotency key, an abort signal).
 *
 * `defineTool` takes a plain JSON Schema and checks arguments with ajv (compiled once per tool, when a
 * loop starts; ajv is an optional peer dependency, loaded only then) unless you pass `validate`.
 * `schemaTool` takes a schema from a library that implements Standard Schema (zod 4, valibot, ArkType):
 * the library checks the arguments and its JSON Schema export (`z.toJSONSchema(schema)`) is what the model
 * sees. Decision 040 says why.
 */

import { WirechatError } from "../errors.js";
import type { AbortSignalLike } from "../client/fetch-types.js";
import type { JsonObject, ToolAnnotations, ToolDefinition } from "../generated/types.js";

/** The model's arguments do not match the tool's parameters; the message lists each problem. */
export class ToolArgumentsInvalidError extends WirechatError {}

/** The call a tool runs for. `callId` is unique within a conversation and run at most once: an idempotency key. */
export interface ToolContext {
  readonly callId: string;
  readonly name: string;
  /** Aborted when the call's timeout passes or the loop's caller aborts: a tool that can give up should. */
  readonly signal: AbortSignalLike;
}

/** A tool the loop can run. `validate` throws `ToolArgumentsInvalidError`; `execute` returns a string, a JSON value or a wire `ToolResult`. */
export interface Tool<A = JsonObject> {
  readonly definition: ToolDefinition;
  validate(args: JsonObject): A | Promise<A>;
  execute(args: A, context: ToolContext): unknown;
  /** Made ready before the loop sends anything (a validator loaded and compiled); throws when it cannot be. */
  prepare?(): Promise<void>;
}

export interface ToolOptions<A> {
  name: string;
  description?: string;
  annotations?: ToolAnnotations;
  strict?: boolean;
  execute(args: A, context: ToolContext): unknown;
}

function definition(options: ToolOptions<never>, inputSchema: JsonObject): ToolDefinition {
  const out: ToolDefinition = { name: options.name, input_schema: inputSchema };
  if (options.description !== undefined) out.description = options.description;
  if (options.annotations !== undefined) out.annotations = options.annotations;
  if (options.strict !== undefined) out.strict = options.strict;
  return out;
}

interface AjvError {
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}
type AjvValidate = ((value: unknown) => boolean) & { errors?: AjvError[] | null };
interface AjvLike {
  compile(schema: object): AjvValidate;
}

let ajvPromise: Promise<AjvLike> | undefined;

/** One Ajv (JSON Schema 2020-12) for every tool, imported on first use. */
async function ajv(): Promise<AjvLike> {
  ajvPromise ??= import("ajv/dist/2020.js").then(
    (module) => {
      const exported = module as unknown as { default: unknown };
      const Ajv = ((exported.default as { default?: unknown }).default ?? exported.default) as new (options: object) => AjvLike;
      return new Ajv({ allErrors: true, strict: false });
    },
    (error: unknown) => {
      ajvPromise = undefined;
      throw new WirechatError(`checking a tool's arguments against its JSON Schema needs the package ajv (npm install ajv), or pass validate to defineTool: ${String(error)}`);
    },
  );
  return ajvPromise;
}

function ajvProblems(errors: readonly AjvError[]): string {
  return errors
    .map((error) => {
      const extra = error.params["additionalProperty"] ?? error.params["missingProperty"];
      const where = (error.instancePath || "") + (typeof extra === "string" ? `/${extra}` : "");
      return `${where || "(root)"}: ${error.message ?? "invalid"}`;
    })
    .join("; ");
}

/** A tool from a plain JSON Schema (an object schema); arguments are checked by ajv unless `validate` is given. */
export function defineTool<A = JsonObject>(options: ToolOptions<A> & { inputSchema: JsonObject; validate?: (args: JsonObject) => A | Promise<A> }): Tool<A> {
  const inputSchema = options.inputSchema;
  if (typeof inputSchema !== "object" || inputSchema === null || Array.isArray(inputSchema)) {
    throw new TypeError(`tool ${options.name}: inputSchema must be a JSON Schema object`);
  }
  let compiled: AjvValidate | undefined;
  const prepare = async (): Promise<void> => {
    if (compiled !== undefined || options.validate !== undefined) return;
    const { $schema: _ignored, ...schema } = inputSchema;
    const checker = await ajv();
    try {
      compiled = checker.compile(schema);
    } catch (error) {
      throw new TypeError(`tool ${options.name}: inputSchema is not a JSON Schema ajv can compile: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const validate =
    options.validate ??
    (async (args: JsonObject): Promise<A> => {
      await prepare();
      if (!compiled!(args)) throw new ToolArgumentsInvalidError(ajvProblems(compiled!.errors ?? []));
      return args as A;
    });
  return { definition: definition(options as ToolOptions<never>, inputSchema), validate, execute: options.execute, prepare };
}

/** The Standard Schema v1 interface (https://standardschema.dev) that zod 4, valibot and ArkType schemas implement. */
export interface StandardSchema<Output> {
  readonly "~standard": {
    readonly version: 1;
    validate(value: unknown): StandardResult<Output> | Promise<StandardResult<Output>>;
  };
}
type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: readonly { readonly message: string; readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined }[] };

/**
 * A tool from a schema library's schema: `schemaTool({ name, schema: Args, inputSchema: z.toJSONSchema(Args), execute })`.
 * The library checks (and converts) the arguments; `inputSchema` is what the model sees.
 */
export function schemaTool<A>(options: ToolOptions<A> & { schema: StandardSchema<A>; inputSchema: JsonObject }): Tool<A> {
  const standard = options.schema["~standard"];
  if (standard?.version !== 1) throw new TypeError(`tool ${options.name}: schema does not implement Standard Schema v1 (zod 4, valibot, ArkType do)`);
  const { $schema: _ignored, ...inputSchema } = options.inputSchema;
  const validate = async (args: JsonObject): Promise<A> => {
    const result = await standard.validate(args);
    if (result.issues === undefined) return result.value;
    const problems = result.issues.map((issue) => {
      const path = (issue.path ?? []).map((key) => String(typeof key === "object" ? key.key : key));
      return `${path.length > 0 ? `/${path.join("/")}` : "(root)"}: ${issue.message}`;
    });
    throw new ToolArgumentsInvalidError(problems.join("; "));
  };
  return { definition: definition(options as ToolOptions<never>, inputSchema), validate, execute: options.execute };
}

/** A tool of any argument type (what the loop holds). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = Tool<any>;

/** Index tools by name; two tools with one name is an error naming it. */
export function toolsByName(tools: readonly AnyTool[]): Map<string, AnyTool> {
  const indexed = new Map<string, AnyTool>();
  for (const item of tools) {
    if (indexed.has(item.definition.name)) throw new TypeError(`two tools are named ${JSON.stringify(item.definition.name)}`);
    indexed.set(item.definition.name, item);
  }
  return indexed;
}
