/**
 * `output_text.annotations` <-> `TextPart.citations` (spec section 15), as Python's
 * `openai_responses/citations.py`.
 *
 * Each annotation is one citation, in order, with issuer `openai` and the annotation verbatim as its `block`
 * (what an encoder writes back to OpenAI: `shared/provider-run.ts`'s `citationsOut`). `url_citation` reads
 * `url`, `title`, `start_index` / `end_index`; `file_citation`, `container_file_citation` and `file_path` are
 * `kind: file` with `file_id` (and `filename` as the title); any other type is `other`, with what of those
 * members it has. @see https://platform.openai.com/docs/api-reference/responses/object
 */

import type { Citation } from "../../generated/types.js";
import { ProviderShapeError } from "../shared/contract.js";
import { isIndex, isObject } from "../shared/conversion.js";

/** Annotation type -> citation kind (others are `other`). */
export const KINDS: Readonly<Record<string, Citation["kind"]>> = { url_citation: "url", file_citation: "file", container_file_citation: "file", file_path: "file" };

const READ: ReadonlyArray<readonly [string, "url" | "title" | "file_id"]> = [["url", "url"], ["title", "title"], ["filename", "title"], ["file_id", "file_id"]];

function citation(annotation: unknown, where: string): Citation {
  if (!isObject(annotation)) throw new ProviderShapeError(where, "expected an annotation object");
  const type = annotation["type"];
  const out: Record<string, unknown> = { kind: typeof type === "string" && Object.hasOwn(KINDS, type) ? KINDS[type] : "other" };
  for (const [key, target] of READ) if (typeof annotation[key] === "string" && !(target in out)) out[target] = annotation[key];
  for (const key of ["start_index", "end_index"]) if (isIndex(annotation[key])) out[key] = annotation[key];
  out["issuer"] = "openai";
  out["block"] = { ...annotation };
  return out as unknown as Citation;
}

/** The citations for an `annotations` array (`where` points at it); none when it is absent. */
export function decodeAnnotations(annotations: unknown, where: string): Citation[] {
  if (annotations === undefined || annotations === null) return [];
  if (!Array.isArray(annotations)) throw new ProviderShapeError(where, "expected an array of annotations");
  return annotations.map((annotation, k) => citation(annotation, `${where}/${k}`));
}
