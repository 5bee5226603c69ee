/**
 * `Profile`: one OpenAI-compatible server family's quirks, the type of `adapters/profiles/*.profile.json` as
 * generated into `src/tables/openai-compatible.ts` (decision 028); Python's `wirechat.adapters._profile`.
 * It sits beside the contract so that the generated module imports no adapter folder.
 */

export type StreamUsage = "stream_options" | "x_groq" | "last_chunk";
export type ToolCallIds = "required" | "synthesise";
export type ReasoningReplay = "none" | "text" | "details";

export interface Profile {
  readonly name: string;
  readonly title: string;
  /** The issuer of what the server writes that only it takes back (reasoning details, executed tools). */
  readonly issuer: string;
  /** The default base URL, with the version path (`http://localhost:11434/v1`). */
  readonly baseUrl: string;
  readonly apiKeyEnv: string;
  /** The placeholder bearer token sent when no key is given (null: a key is required). */
  readonly defaultApiKey: string | null;
  /** The message / delta members holding reasoning text, in reading order (a reply writes the first). */
  readonly reasoningFields: readonly string[];
  /** What a request sends back of an assistant's reasoning: nothing, plain text, or the server's details. */
  readonly reasoningReplay: ReasoningReplay;
  readonly streamUsage: StreamUsage;
  readonly toolCallIds: ToolCallIds;
  readonly maxTokensField: "max_tokens" | "max_completion_tokens";
  /** JSON Schema `properties` of the profile's own `provider_options`. */
  readonly options: Readonly<Record<string, unknown>>;
  readonly openOptions: boolean;
  /** `provider_options` members the server answers 400 for, and why (refused before sending). */
  readonly refusedOptions: Readonly<Record<string, string>>;
  readonly finishReasons: Readonly<Record<string, string>>;
  readonly reasoningDetails: boolean;
  /** Whether reasoning text is written as Mistral's content chunks (decision 035). */
  readonly reasoningChunks: boolean;
  readonly keptBody: readonly string[];
  readonly keptChoice: readonly string[];
  readonly executedTools: boolean;
  readonly providerTools: boolean;
  readonly embeddings: boolean;
  readonly notes: string;
}

/** Where reasoning is read from: the profile's own members first, then the other known spelling. */
export function reasoningRead(profile: Profile): readonly string[] {
  return [...new Set([...profile.reasoningFields, "reasoning_content", "reasoning"])];
}
