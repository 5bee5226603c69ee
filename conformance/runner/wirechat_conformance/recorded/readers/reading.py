"""What an independent reader finds in a provider body: the ``Reading`` the replay gate holds a decoding to.

Every item carries the JSON pointer it was read at (into a response body, or ``/<n>/...`` into the n-th
event of a stream), so that a mismatch names the place in the provider's own data. Usage is in the
canonical meaning of spec section 7, computed by the reader from the provider's counts; ``None`` means the
body does not say (and nothing is compared).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

__all__ = ["USAGE_FIELDS", "Call", "Piece", "ProviderCall", "Raw", "Reading", "arguments_value", "pointer"]

USAGE_FIELDS = (
    "input_tokens",
    "output_tokens",
    "total_tokens",
    "cache_read_input_tokens",
    "cache_write_input_tokens",
    "reasoning_output_tokens",
)
"""The canonical ``TokenUsage`` counts a reader computes."""


def pointer(*tokens: str | int) -> str:
    """The RFC 6901 pointer of ``tokens``."""
    return "".join("/" + str(token).replace("~", "~0").replace("/", "~1") for token in tokens)


@dataclass(frozen=True)
class Raw:
    """Tool-call arguments that are not JSON text: compared as the exact string."""

    text: str


def arguments_value(text: str) -> Any:
    """Arguments text as the value compared: the parsed JSON, ``{}`` for blank text, else ``Raw``."""
    if not text.strip():
        return {}
    try:
        return json.loads(text)
    except ValueError:
        return Raw(text)


@dataclass
class Piece:
    """A text or reasoning fragment of the body, in reading order."""

    at: str
    text: str


@dataclass
class Call:
    """A tool call the caller must run: id (None where the provider sends none), name, parsed arguments."""

    at: str
    id: str | None
    name: str
    arguments: Any


@dataclass
class ProviderCall:
    """A tool call the provider ran itself; ``name`` None where the reader does not know the canonical name."""

    at: str
    id: str | None
    name: str | None


@dataclass
class Reading:
    """One body's reading. ``error`` is the pointer of a stream's error event, if it ended in one."""

    id: str | None = None
    texts: list[Piece] = field(default_factory=list)
    reasoning: list[Piece] = field(default_factory=list)
    tool_calls: list[Call] = field(default_factory=list)
    provider_calls: list[ProviderCall] = field(default_factory=list)
    usage: dict[str, int | None] = field(default_factory=dict)
    usage_at: str = ""
    finish: str | None = None
    finish_at: str = ""
    error: str | None = None
