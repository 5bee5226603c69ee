"""Anthropic citations on text blocks -> canonical ``Citation`` values (spec section 15).

A text block's ``citations`` (and, in a stream, each ``citations_delta``'s ``citation``) is one object per
cited source. Every citation keeps its object byte for byte in ``block`` with issuer ``anthropic`` (what the
adapter writes back, through ``_provider_run.citations_out``); the other members are readings of it:

=============================  ==============  ==========================================================
Anthropic ``type``             ``kind``        readings
=============================  ==============  ==========================================================
``char_location``              document        ``cited_text``, ``source_index`` = ``document_index``,
``page_location``                              ``title`` = ``document_title``, ``file_id``
``content_block_location``
``web_search_result_location`` url             ``url``, ``title``, ``cited_text``
``search_result_location``     search_result   ``source_index`` = ``search_result_index``, ``title``,
                                               ``cited_text``
anything else                  other           ``cited_text``
=============================  ==============  ==========================================================

Anthropic's character, page and block indices count inside the cited source, not inside the citing text, so
they are not the canonical ``start_index`` / ``end_index`` (a citation covers its whole text block); they
stay in ``block``.

@see https://docs.anthropic.com/en/docs/build-with-claude/citations
@see https://docs.anthropic.com/en/docs/build-with-claude/search-results
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirechat.adapters.anthropic.shapes import PROVIDER

__all__ = ["KINDS", "decode_citation", "decode_citations"]

KINDS: Mapping[str, str] = {
    "char_location": "document",
    "page_location": "document",
    "content_block_location": "document",
    "web_search_result_location": "url",
    "search_result_location": "search_result",
}
"""Anthropic's citation types and the canonical kind each is; any other type is ``other``."""

_INDEX = {"document": "document_index", "search_result": "search_result_index"}
_TITLE = {"document": "document_title", "url": "title", "search_result": "title"}


def _string(raw: Mapping[str, Any], key: str) -> str | None:
    value = raw.get(key)
    return value if isinstance(value, str) and value else None


def decode_citation(raw: Any, where: str) -> dict[str, Any]:
    """The canonical citation (as a dict) for one Anthropic citation object."""
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where}: expected a citation object")
    kind = KINDS.get(str(raw.get("type")), "other")
    out: dict[str, Any] = {"kind": kind}
    if kind == "url" and (url := _string(raw, "url")) is not None:
        out["url"] = url
    if (title_key := _TITLE.get(kind)) is not None and isinstance(raw.get(title_key), str):
        out["title"] = raw[title_key]
    if isinstance(raw.get("cited_text"), str):
        out["cited_text"] = raw["cited_text"]
    index = raw.get(_INDEX.get(kind, ""))
    if isinstance(index, int) and not isinstance(index, bool) and index >= 0:
        out["source_index"] = index
    if kind == "document" and (file_id := _string(raw, "file_id")) is not None:
        out["file_id"] = file_id
    out["issuer"] = PROVIDER
    out["block"] = dict(raw)
    return out


def decode_citations(raw: Any, where: str) -> list[dict[str, Any]]:
    """The canonical citations of a text block's ``citations`` member (``[]`` for null or an empty list)."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise ValueError(f"{where}: expected an array of citations")
    return [decode_citation(item, f"{where}/{i}") for i, item in enumerate(raw)]
