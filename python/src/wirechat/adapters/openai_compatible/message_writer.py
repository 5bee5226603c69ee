"""What an OpenAI-compatible server's assistant message carries beyond OpenAI's, written from canonical parts:
the ``PartSink`` (``openai_chat.request_encode``) its adapter hands openai-chat's encoders, for requests and
replies. Reasoning goes to ``reasoning.ReasoningWriter``, the tools the server ran to
``executed_tools.ToolsWriter`` (profiles whose server runs tools); any other provider-run part goes the Chat
Completions way (dropped with its warning)."""

from __future__ import annotations

from typing import Any

from wirechat._generated.models import ProviderToolCallPart, ProviderToolResultPart, ReasoningPart
from wirechat.adapters._conversion import Conversion
from wirechat.adapters.openai_compatible.executed_tools import ToolsWriter
from wirechat.adapters.openai_compatible.profiles import Profile
from wirechat.adapters.openai_compatible.reasoning import ReasoningWriter

__all__ = ["MessageWriter"]


class MessageWriter:
    """The profile's ``PartSink``: ``take`` each reasoning or provider-run part of an assistant message, then
    ``members`` gives the message's extra members and starts the next one."""

    def __init__(self, profile: Profile, conv: Conversion, *, reply: bool, field: str | None = None) -> None:
        self._reasoning = ReasoningWriter(profile, conv, reply=reply, field=field)
        self._tools = ToolsWriter(profile, conv, reply=reply) if profile.executed_tools else None

    def take(self, part: ReasoningPart | ProviderToolCallPart | ProviderToolResultPart, where: str) -> bool:
        if isinstance(part, ReasoningPart):
            self._reasoning.take(part, where)
            return True
        return self._tools is not None and self._tools.take(part, where)

    def members(self) -> dict[str, Any]:
        return {**self._reasoning.members(), **(self._tools.members() if self._tools is not None else {})}
