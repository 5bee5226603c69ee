"""Gemini grounding (Google Search, URL context, Maps, file search) read as citations on the reply's text.

A candidate's ``groundingMetadata`` lists the sources (``groundingChunks``: ``{web: {uri, title}}``,
``{retrievedContext: {...}}``, ``{maps: {...}}``) and the spans of the answer they support
(``groundingSupports``: ``{segment: {startIndex, endIndex, text, partIndex?}, groundingChunkIndices}``).
The ``groundingMetadata`` object itself is kept whole in ``provider_metadata.gemini.candidate`` (it is what a
Gemini reply is written back from); the citations are a reading of it, defined exactly:

- they go on the reply's text part when the reply has exactly one text part and nothing after it but
  thought signatures (reasoning with only ``redacted_data``: Gemini 3 ends a reply with one on an empty
  text), so that a span's offsets can only mean that text; in a stream, the text part still open at the end,
  no other text part before it; otherwise there is no reading (the metadata still holds everything);
- one citation per support and per chunk index it names, in that order: ``kind`` ``url`` for a ``web`` or
  ``maps`` chunk, ``file`` for a ``retrievedContext`` chunk, ``other`` for any other; ``url`` and ``title``
  from the chunk; ``start_index`` / ``end_index`` the segment's, in UTF-8 bytes as Gemini counts them
  (``startIndex`` absent is 0); ``issuer`` ``gemini``; ``block`` ``{"groundingSupport": <the support>,
  "groundingChunk": <the chunk>}``, both unchanged;
- a support is read only when its span is certain: the segment's ``text`` is exactly those bytes of the
  part's text (or, without a ``text`` and without a ``partIndex``, the span lies within the text); a chunk
  index that names no chunk is skipped.

Gemini takes no citations in ``contents``; a Gemini reply written from a response carries the kept
``groundingMetadata``, so citations equal to this reading of it need no warning (``response``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["attach", "citations"]

_KINDS = {"web": "url", "maps": "url", "retrievedContext": "file"}


def _span(segment: Any, text: bytes) -> tuple[int, int] | None:
    if not isinstance(segment, Mapping):
        return None
    start, end = segment.get("startIndex", 0), segment.get("endIndex", 0)
    if type(start) is not int or type(end) is not int or not 0 <= start <= end <= len(text):
        return None
    quoted = segment.get("text")
    if quoted is None:
        return (start, end) if segment.get("partIndex") is None else None
    try:
        return (start, end) if text[start:end].decode("utf-8") == quoted else None
    except UnicodeDecodeError:
        return None


def _citation(support: Mapping[str, Any], chunk: Mapping[str, Any], span: tuple[int, int]) -> dict[str, Any]:
    source_kind = next((key for key in _KINDS if isinstance(chunk.get(key), Mapping)), None)
    out: dict[str, Any] = {"kind": _KINDS[source_kind] if source_kind else "other"}
    if source_kind is not None:
        source = chunk[source_kind]
        if isinstance(source.get("uri"), str) and source["uri"]:
            out["url"] = source["uri"]
        if isinstance(source.get("title"), str):
            out["title"] = source["title"]
    out["start_index"], out["end_index"] = span
    out["issuer"] = "gemini"
    out["block"] = {"groundingSupport": dict(support), "groundingChunk": dict(chunk)}
    return out


def citations(grounding: Any, text: str) -> list[dict[str, Any]]:
    """The citations (as dicts) that ``grounding`` (a candidate's ``groundingMetadata``) gives ``text``, the
    reply's only text part; empty when it gives none."""
    if not isinstance(grounding, Mapping):
        return []
    supports, chunks = grounding.get("groundingSupports"), grounding.get("groundingChunks")
    if not isinstance(supports, list) or not isinstance(chunks, list):
        return []
    encoded = text.encode("utf-8")
    out: list[dict[str, Any]] = []
    for support in supports:
        if not isinstance(support, Mapping):
            continue
        span = _span(support.get("segment"), encoded)
        indices = support.get("groundingChunkIndices")
        if span is None or not isinstance(indices, list):
            continue
        for index in indices:
            if type(index) is int and 0 <= index < len(chunks) and isinstance(chunks[index], Mapping):
                out.append(_citation(support, chunks[index], span))
    return out


def _opaque(part: dict[str, Any]) -> bool:
    """A reasoning part that is only a thought signature (Gemini 3 ends a reply with one on an empty text)."""
    return part["type"] == "reasoning" and set(part["reasoning"]) <= {"redacted_data", "issuer"}


def attach(parts: list[dict[str, Any]], grounding: Any) -> None:
    """Put the citations ``grounding`` gives on the reply's text part (canonical part dicts, in place), when
    the reply has exactly one text part and only opaque reasoning after it."""
    texts = [j for j, part in enumerate(parts) if part["type"] == "text"]
    if len(texts) == 1 and all(_opaque(part) for part in parts[texts[0] + 1 :]):
        text = parts[texts[0]]
        found = citations(grounding, text["text"])
        if found:
            text["citations"] = found
