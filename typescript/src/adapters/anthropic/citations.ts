/**
 * Anthropic citations on text blocks -> canonical `Citation` values (spec section 15), as Python's
 * `anthropic/citations.py`.
 *
 * A text block's `citations` (and, in a stream, each `citations_delta`'s `citation`) is one object per cited
 * source. Every citation keeps its object byte for byte in `block` with issuer `anthropic` (what the adapter
 * writes back, through `shared/provider-run.ts`'s `citationsOut`); the other members are readings of it:
 *
 * | Anthropic `type` | `kind` | readings |
 * |---|---|---|
 * | `char_location`, `page_location`, `content_block_location` | document | `cited_text`, `source_index` = `document_index`, `title` = `document_title`, `file_id` |
 * | `web_search_result_location` | url | `url`, `title`, `cited_text` |
 * | `search_result_location` | search_result | `source_index` = `search_result_index`, `title`, `cited_text` |
 * | anything else | other | `cited_text` |
 *
 * Anthropic's character, page and block indices count inside the cited source, not inside the citing text,
 * so they are not the canonical `start_index` / `end_index` (a citation covers its whole text block); they
 * stay in `block`.
 *
 * @see https://docs.anthropic.com/en/docs/build-with-claude/citations
 * @see https://docs.anthropic.com/en/docs/build-with-claude/search-results
 */

import type { Citation, CitationKind } from "../../generated/types.js";
import { ProviderShapeError } from "../shared/contract.js";
import { isIndex, isObject } from "../shared/conversion.js";
import { PROVIDER } from "./shapes.js";

/** Anthropic's citation types and the canonical kind each is; any other type is `other`. */
export const KINDS: Readonly<Record<string, CitationKind>> = {
  char_location: "document",
  page_location: "document",
  content_block_location: "document",
  web_search_result_location: "url",
  search_result_location: "search_result",
};

const INDEX: Partial<Record<CitationKind, string>> = { document: "document_index", search_result: "search_result_index" };
const TITLE: Partial<Record<CitationKind, string>> = { document: "document_title", url: "title", search_result: "title" };

const nonEmpty = (value: unknown): value is string => typeof value === "string" && value !== "";

/** The canonical citation for one Anthropic citation object. */
export function decodeCitation(raw: unknown, where: string): Citation {
  if (!isObject(raw)) throw new ProviderShapeError(where, "expected a citation object");
  const type = String(raw["type"]);
  const kind: CitationKind = Object.hasOwn(KINDS, type) ? KINDS[type]! : "other";
  const out: Citation = { kind };
  if (kind === "url" && nonEmpty(raw["url"])) out.url = raw["url"];
  const titleKey = TITLE[kind];
  if (titleKey !== undefined && typeof raw[titleKey] === "string") out.title = raw[titleKey];
  if (typeof raw["cited_text"] === "string") out.cited_text = raw["cited_text"];
  const index = raw[INDEX[kind] ?? ""];
  if (isIndex(index)) out.source_index = index;
  if (kind === "document" && nonEmpty(raw["file_id"])) out.file_id = raw["file_id"];
  out.issuer = PROVIDER;
  out.block = { ...raw };
  return out;
}

/** The canonical citations of a text block's `citations` member (`[]` for null or an empty list). */
export function decodeCitations(raw: unknown, where: string): Citation[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new ProviderShapeError(where, "expected an array of citations");
  return raw.map((item, i) => decodeCitation(item, `${where}/${i}`));
}
