"""The shapes OpenAI-compatible servers add to OpenAI Chat's (``openai_chat.shapes`` has the rest): the
reasoning text members (``reasoning_content``, ``reasoning``) on a message or a delta, and the rule that
makes a tool-call id where a server sends none.

The id rule (decision 017): ``call_`` followed by the first 24 hex digits of the SHA-256 of
``"<response id>/<position>/<function name>"``, where the response id is the body's (or the first chunk's)
``id`` (empty when absent) and the position counts the reply's tool calls from 0 in the order they appear.
The streamed and the whole body give the same id, the same reply always gives the same id, and two calls of
one reply never share one. The part is flagged ``provider_metadata.openai.tool_call_id_synthesised``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from wirechat._tables.openai_compatible import NAME, PROVIDER

__all__ = ["ID_FLAG", "NAME", "PROVIDER", "read_reasoning", "synthesised_id"]

ID_FLAG = "tool_call_id_synthesised"
"""The ``provider_metadata.openai`` member (``true``) marking a tool call whose id wirechat made."""


def read_reasoning(holder: Mapping[str, Any], fields: tuple[str, ...], where: str) -> str | None:
    """The reasoning text of a message or delta: the first of ``fields`` holding a string (None when none
    does); a member of another type is an error naming its pointer."""
    for name in fields:
        value = holder.get(name)
        if value is None:
            continue
        if not isinstance(value, str):
            raise ValueError(f"{where}/{name}: expected reasoning text (a string), got {type(value).__name__}")
        return value
    return None


def synthesised_id(response_id: str, position: int, name: str) -> str:
    """The id of a tool call the server sent without one (see the module docstring for the rule)."""
    digest = hashlib.sha256(f"{response_id}/{position}/{name}".encode()).hexdigest()
    return f"call_{digest[:24]}"
