/**
 * What an OpenAI-compatible server's assistant message carries beyond OpenAI's, written from canonical parts
 * (Python's `message_writer.py`): the `PartSink` this adapter hands openai-chat's encoders, for requests and
 * replies. Reasoning goes to `ReasoningWriter`, the tools the server ran to `ToolsWriter` (profiles whose
 * server runs tools); any other provider-run part goes the Chat Completions way (dropped with its warning).
 */

import type { ProviderToolCallPart, ProviderToolResultPart, ReasoningPart } from "../../generated/types.js";
import type { Conversion } from "../shared/conversion.js";
import type { Profile } from "../shared/profile.js";
import type { PartSink } from "../openai-chat/request-encode.js";
import { ToolsWriter } from "./executed-tools.js";
import { ReasoningWriter } from "./reasoning.js";

export class MessageWriter implements PartSink {
  private readonly reasoning: ReasoningWriter;
  private readonly tools: ToolsWriter | undefined;

  constructor(profile: Profile, conv: Conversion, reply: boolean, field?: string) {
    this.reasoning = new ReasoningWriter(profile, conv, reply, field);
    this.tools = profile.executedTools ? new ToolsWriter(profile, conv, reply) : undefined;
  }

  take(part: ReasoningPart | ProviderToolCallPart | ProviderToolResultPart, where: string): boolean {
    if (part.type === "reasoning") {
      this.reasoning.take(part, where);
      return true;
    }
    return this.tools !== undefined && this.tools.take(part, where);
  }

  members(): Record<string, unknown> {
    return { ...this.reasoning.members(), ...(this.tools?.members() ?? {}) };
  }
}
