"""``output_text.annotations`` <-> ``TextPart.citations`` (spec section 15).

Each annotation is one citation, in order, with issuer ``openai`` and the annotation verbatim as its ``block``
(what an encoder writes back to OpenAI: ``_provider_run.citations_out``). The readings, by annotation type
(https://platform.openai.com/docs/api-reference/responses/object):

=========================  ======  ==========================================================================
``url_citation``           url     ``url``, ``title``, ``start_index`` / ``end_index`` (characters of the text)
``file_citation``          file    ``file_id``, ``filename`` as the title (``index`` stays in the block)
``container_file_citation`` file   ``file_id``, ``filename``, ``start_index`` / ``end_index``
``file_path``              file    ``file_id`` (``index`` stays in the block)
anything else              other   what of the above members it has
=========================  ======  ==========================================================================
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["KINDS", "decode_annotations"]

KINDS = {"url_citation": "url", "file_citation": "file", "container_file_citation": "file", "file_path": "file"}
"""Annotation type -> citation kind (others are ``other``)."""


def _citation(annotation: Any, where: str) -> dict[str, Any]:
    if not isinstance(annotation, Mapping):
        raise ValueError(f"{where}: expected an annotation object")
    citation: dict[str, Any] = {"kind": KINDS.get(str(annotation.get("type")), "other")}
    for key, target in (("url", "url"), ("title", "title"), ("filename", "title"), ("file_id", "file_id")):
        if isinstance(annotation.get(key), str) and target not in citation:
            citation[target] = annotation[key]
    for key in ("start_index", "end_index"):
        value = annotation.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            citation[key] = value
    citation["issuer"] = "openai"
    citation["block"] = dict(annotation)
    return citation


def decode_annotations(annotations: Any, where: str) -> list[dict[str, Any]]:
    """The citations (as dicts) for an ``annotations`` array (``where`` points at it); none when it is absent."""
    if annotations is None:
        return []
    if not isinstance(annotations, list):
        raise ValueError(f"{where}: expected an array of annotations")
    return [_citation(annotation, f"{where}/{k}") for k, annotation in enumerate(annotations)]
