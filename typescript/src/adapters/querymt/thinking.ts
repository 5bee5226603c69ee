/**
 * QueryMT's `thinking` member (decision 044): the plain reasoning text of an assistant message or a reply,
 * which QueryMT keeps both ways (`ChatMessage.thinking`, `ExtismChatResponse.thinking`), as Python's
 * `querymt/thinking.py` and Go's `querymt/thinking.go`.
 *
 * A message has one thinking text, read back before its content; so a message's plain reasoning parts are
 * joined into it (`reasoning.text_merged` unless there was exactly one, with text and no issuer, before the
 * message's text and tool calls), and signed reasoning follows the replay rule (dropped with its feature's
 * warning: QueryMT has no signatures).
 */

import type { ReasoningPart } from "../../generated/types.js";
import { type Conversion, reasoningFeature } from "../shared/conversion.js";
import { PROVIDER } from "./shapes.js";

/** The plain reasoning parts of one message, taken one by one, then written as one text. */
export class Thinking {
  readonly #conv: Conversion;
  readonly #texts: { part: ReasoningPart; where: string }[] = [];
  #moved = false;

  constructor(conv: Conversion) {
    this.#conv = conv;
  }

  /** Take a reasoning part; `afterContent` when a text or tool call came before it. */
  take(part: ReasoningPart, where: string, afterContent: boolean): void {
    const feature = reasoningFeature(part, PROVIDER); // the replay rule as every adapter reads it
    if (feature !== "reasoning.text") {
      this.#conv.degrade(feature, where);
      return;
    }
    this.#moved ||= afterContent;
    this.#texts.push({ part, where });
  }

  /** The thinking text (`null` for none), after the warning a merge owes. */
  text(): string | null {
    const first = this.#texts[0];
    if (first === undefined) return null;
    const joined = this.#texts.map(({ part }) => part.reasoning.text ?? "").join("");
    if (this.#texts.length !== 1 || joined === "" || first.part.reasoning.issuer !== undefined || this.#moved) {
      this.#conv.degrade("reasoning.text_merged", first.where);
    }
    return joined === "" ? null : joined;
  }
}
