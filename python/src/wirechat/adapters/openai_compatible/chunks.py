"""Mistral's content chunks, read by every compatible profile: an assistant ``content`` given as an array of
``{"type": "thinking", "thinking": [{"type": "text", "text": ...}], "closed": true}`` chunks followed by
``{"type": "text", "text": ...}`` chunks (https://docs.mistral.ai/capabilities/reasoning/; Magistral models,
and any server or gateway relaying them), in replies and, chunk by chunk, in stream deltas.

``split`` reads such an array: the thinking texts joined (one reasoning part), the text chunks joined (the
``content`` string openai-chat's decoders read), and the thinking chunk's own members besides ``type`` and
``thinking`` (``closed``), kept so that a reply is written back as it came (``write``). An array of any other
shape (an unknown chunk type, a member the chunk does not document, thinking after text) is left as it is,
for openai-chat's unmapped-member report: nothing is read out of order or dropped silently.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["CHUNKS", "THINKING_MEMBERS", "Split", "split", "write"]

CHUNKS = "content"
"""The ``provider_metadata.openai.reasoning_member`` value of a reply whose reasoning came as content chunks."""
THINKING_MEMBERS = "thinking_members"
"""The ``provider_metadata.openai`` member keeping a thinking chunk's own members (``{"closed": true}``)."""
_TEXT = frozenset({"type", "text"})


@dataclass
class Split:
    """What a chunk array held: the reasoning text (None: no thinking chunk), the text, the kept members."""

    thinking: str | None
    text: str
    kept: dict[str, Any] = field(default_factory=dict)


def _inner_text(chunks: Any) -> str | None:
    if not isinstance(chunks, list):
        return None
    texts = []
    for chunk in chunks:
        if not isinstance(chunk, Mapping) or set(chunk) != _TEXT or chunk.get("type") != "text":
            return None
        if not isinstance(chunk["text"], str):
            return None
        texts.append(chunk["text"])
    return "".join(texts)


def split(content: Any) -> Split | None:
    """The reading of a Mistral chunk array (module docstring); None when ``content`` is not one."""
    if not isinstance(content, list) or not content:
        return None
    thinking: list[str] = []
    texts: list[str] = []
    kept: dict[str, Any] = {}
    for chunk in content:
        if not isinstance(chunk, Mapping):
            return None
        kind = chunk.get("type")
        if kind == "thinking" and not texts:
            inner = _inner_text(chunk.get("thinking"))
            extra = {key: value for key, value in chunk.items() if key not in ("type", "thinking")}
            if inner is None or set(extra) - {"closed"} or (thinking and extra != kept):
                return None
            thinking.append(inner)
            kept = extra
        elif kind == "text" and set(chunk) == _TEXT and isinstance(chunk["text"], str):
            texts.append(chunk["text"])
        else:
            return None
    return Split("".join(thinking) if thinking else None, "".join(texts), kept)


def write(thinking: str | None, text: str | None, kept: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The chunk array of a reply (``split`` read backwards: one thinking chunk, one text chunk)."""
    out: list[dict[str, Any]] = []
    if thinking:
        out.append({"type": "thinking", "thinking": [{"type": "text", "text": thinking}], **kept})
    if text:
        out.append({"type": "text", "text": text})
    return out
