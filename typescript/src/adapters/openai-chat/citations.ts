/**
 * Chat Completions `message.annotations` <-> canonical citations on the reply's text (spec section 15), as
 * Python's `openai_chat/citations.py`.
 *
 * A reply has one text (`message.content`) and its annotations cite spans of it, so every annotation becomes a
 * `Citation` of that text part, in order, with the annotation object kept verbatim as its `block` and the API
 * that wrote it as its `issuer`. `url_citation` (web search) is read into `kind: url`, `url`, `title`,
 * `start_index`, `end_index`; OpenRouter's `file` annotation (a parsed file it can reuse) into `kind: file`
 * with the file's name as `title`; any other type into `kind: other`: its block says the rest.
 *
 * Replies write the blocks of their own citations back as `annotations` (the issuer's objects, unchanged); a
 * request message has no annotations, so requests drop citations with the manifest's warning
 * (`shared/provider-run.ts`'s `citationsOut`).
 */

import type { Citation } from "../../generated/types.js";
import { ProviderShapeError } from "../shared/contract.js";
import { type Conversion, isIndex, isObject } from "../shared/conversion.js";

function citation(annotation: Record<string, unknown>, issuer: string): Citation {
  const out: Citation = { kind: "other", issuer, block: { ...annotation } };
  const inner = annotation["url_citation"];
  const file = annotation["file"];
  if (annotation["type"] === "url_citation" && isObject(inner)) {
    out.kind = "url";
    if (typeof inner["url"] === "string" && inner["url"]) out.url = inner["url"];
    if (typeof inner["title"] === "string") out.title = inner["title"];
    if (isIndex(inner["start_index"])) out.start_index = inner["start_index"];
    if (isIndex(inner["end_index"])) out.end_index = inner["end_index"];
  } else if (annotation["type"] === "file" && isObject(file)) {
    out.kind = "file";
    if (typeof file["name"] === "string") out.title = file["name"];
  }
  return out;
}

/** The citations of an `annotations` array; `ProviderShapeError` naming the pointer for one that is not an object. */
export function decodeAnnotations(raw: unknown, where: string, issuer: string): Citation[] {
  if (!Array.isArray(raw)) throw new ProviderShapeError(where, "expected an array of annotations");
  return raw.map((annotation, i) => {
    if (!isObject(annotation)) throw new ProviderShapeError(`${where}/${i}`, "expected an annotation object");
    return citation(annotation, issuer);
  });
}

/**
 * The `annotations` a reply writes for a text part's citations: the blocks of those `issuer` wrote, as they
 * came; any other citation is dropped with the warning `citations.foreign`.
 */
export function encodeAnnotations(citations: readonly Citation[] | undefined, where: string, conv: Conversion, issuer: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  (citations ?? []).forEach((item, i) => {
    if (item.issuer === issuer && item.block !== undefined) out.push({ ...item.block });
    else conv.degrade("citations.foreign", `${where}/citations/${i}`);
  });
  return out;
}
