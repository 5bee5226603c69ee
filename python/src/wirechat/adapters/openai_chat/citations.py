"""Chat Completions ``message.annotations`` <-> canonical citations on the reply's text (spec section 15).

A reply has one text (``message.content``) and its annotations cite spans of it, so every annotation becomes
a ``Citation`` of that text part, in order, with the annotation object kept verbatim as its ``block`` and the
API that wrote it as its ``issuer``. ``url_citation`` (web search) is read into ``kind: url``, ``url``,
``title``, ``start_index``, ``end_index``; OpenRouter's ``file`` annotation (a parsed file it can reuse) into
``kind: file`` with the file's name as ``title``; any other type into ``kind: other``: its block says the rest.

Replies write the blocks of their own citations back as ``annotations`` (the issuer's objects, unchanged);
a request message has no annotations, so requests drop citations with the manifest's warning
(``_provider_run.citations_out``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirechat._generated.models import TextPart
from wirechat.adapters._conversion import Conversion
from wirechat.adapters._provider_run import citations_out

__all__ = ["decode_annotations", "encode_annotations"]


def _index(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def _citation(annotation: Mapping[str, Any], issuer: str) -> dict[str, Any]:
    kind = annotation.get("type")
    citation: dict[str, Any] = {"kind": "other", "issuer": issuer, "block": dict(annotation)}
    if kind == "url_citation" and isinstance(annotation.get("url_citation"), Mapping):
        inner = annotation["url_citation"]
        citation["kind"] = "url"
        if isinstance(inner.get("url"), str) and inner["url"]:
            citation["url"] = inner["url"]
        if isinstance(inner.get("title"), str):
            citation["title"] = inner["title"]
        for name in ("start_index", "end_index"):
            if _index(inner.get(name)) is not None:
                citation[name] = inner[name]
    elif kind == "file" and isinstance(annotation.get("file"), Mapping):
        citation["kind"] = "file"
        if isinstance(annotation["file"].get("name"), str):
            citation["title"] = annotation["file"]["name"]
    return citation


def decode_annotations(raw: Any, where: str, issuer: str) -> list[dict[str, Any]]:
    """The citations (as dicts) of an ``annotations`` array; ``ValueError`` naming the pointer for one that is
    not an object."""
    if not isinstance(raw, list):
        raise ValueError(f"{where}: expected an array of annotations, got {type(raw).__name__}")
    out = []
    for i, annotation in enumerate(raw):
        if not isinstance(annotation, Mapping):
            raise ValueError(f"{where}/{i}: expected an annotation object")
        out.append(_citation(annotation, issuer))
    return out


def encode_annotations(part: TextPart, where: str, conv: Conversion, issuer: str) -> list[dict[str, Any]]:
    """The ``annotations`` a reply writes for a text part: the blocks of the citations ``issuer`` wrote, as
    they came; any other citation is dropped with the warning ``citations.foreign`` (the shared replay rule,
    on the reply side: ``_provider_run.citations_out``)."""
    return citations_out(part, where, conv, issuer, reply=True)
