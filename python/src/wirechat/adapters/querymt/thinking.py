"""QueryMT's ``thinking`` member (decision 044): the plain reasoning text of an assistant message or a
reply, which QueryMT keeps both ways (``ChatMessage.thinking``, ``ExtismChatResponse.thinking``).

A message has one thinking text, read back before its content; so a message's plain reasoning parts are
joined into it (``reasoning.text_merged`` unless there was exactly one, with text and no issuer, before the
message's text and tool calls), and signed reasoning follows the replay rule (dropped with its feature's
warning: QueryMT has no signatures).
"""

from __future__ import annotations

from pydantic import MISSING

from wirechat._generated.models import ReasoningPart
from wirechat.adapters import _parts
from wirechat.adapters._conversion import Conversion
from wirechat.adapters.querymt.shapes import PROVIDER

__all__ = ["Thinking"]


class Thinking:
    """The plain reasoning parts of one message, taken one by one, then written as one text."""

    def __init__(self, conv: Conversion) -> None:
        self._conv = conv
        self._texts: list[tuple[ReasoningPart, str]] = []
        self._moved = False

    def take(self, part: ReasoningPart, where: str, *, after_content: bool) -> None:
        """Take a reasoning part; ``after_content`` when a text or tool call came before it."""
        feature = _parts.reasoning_feature(part, PROVIDER)  # the replay rule as every adapter reads it
        if feature != "reasoning.text":
            self._conv.degrade(feature, where)
        else:
            self._moved = self._moved or after_content
            self._texts.append((part, where))

    def text(self) -> str | None:
        """The thinking text (None for none), after the warning a merge owes."""
        if not self._texts:
            return None
        joined = "".join("" if part.reasoning.text is MISSING else part.reasoning.text for part, _ in self._texts)
        first = self._texts[0][0].reasoning
        if len(self._texts) != 1 or joined == "" or first.issuer is not MISSING or self._moved:
            self._conv.degrade("reasoning.text_merged", self._texts[0][1])
        return joined or None
