"""``Profile``: one OpenAI-compatible server family's quirks, the type of ``adapters/profiles/*.profile.json``.

A profile is data, not code: the name it issues what only it can take back under (``issuer``), where the
server writes reasoning text and what of it a request sends back, whether it writes OpenRouter's
``reasoning_details``, whether it streams usage (and takes ``stream_options``), whether tool-call ids may be
missing (then synthesised, see ``openai_compatible.shapes.synthesised_id``), the members it adds to a reply
that are kept, its extra finish reasons, the manifest features it carries differently from OpenAI (refused
media, dropped parameters), the ``provider_options`` it takes and those it answers 400 for. The profiles
themselves are generated into ``wirechat._tables.openai_compatible`` (decision 028); this type sits beside the
contract so that the generated module imports no adapter package.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from wirechat.adapters._contract import Support

__all__ = ["Profile", "ReasoningReplay", "StreamUsage", "ToolCallIds"]

StreamUsage = Literal["stream_options", "x_groq", "last_chunk"]
ToolCallIds = Literal["required", "synthesise"]
ReasoningReplay = Literal["none", "text", "details"]


@dataclass(frozen=True)
class Profile:
    """One server family's quirks. ``base_url`` includes the version path, as the OpenAI SDK's does."""

    name: str
    title: str
    issuer: str
    """The ``issuer`` of what the server writes that only it takes back (reasoning details, annotations,
    executed tools): replayed to this profile and to no other adapter."""
    base_url: str
    api_key_env: str
    default_api_key: str | None
    """The placeholder bearer token sent when no key is given (servers without auth still want one)."""
    reasoning_fields: tuple[str, ...]
    """The message / delta members holding reasoning text, in the order they are read (a reply writes the
    first)."""
    reasoning_replay: ReasoningReplay
    """What a request sends back of an assistant's reasoning: ``none``; ``text``, plain reasoning text as the
    first of ``reasoning_fields`` (DeepSeek needs it after tool calls); ``details``, the ``reasoning_details``
    the server issued, unchanged (OpenRouter's way to keep signed reasoning across turns)."""
    stream_usage: StreamUsage
    """``stream_options``: ask with ``stream_options.include_usage`` (the final ``choices: []`` chunk);
    ``x_groq``: the server refuses nothing but reports usage in ``x_groq.usage`` of the last chunk;
    ``last_chunk``: the server sends ``usage`` on its last chunk unasked, and takes no ``stream_options``."""
    tool_call_ids: ToolCallIds
    """``required``: a call without an id is an invalid response; ``synthesise``: the id is made by rule."""
    max_tokens_field: Literal["max_tokens", "max_completion_tokens"]
    features: Mapping[str, Support]
    """Manifest features carried differently from OpenAI Chat (the rest are openai-chat's)."""
    options: Mapping[str, Any]
    """JSON Schema ``properties`` of the profile's own ``provider_options``."""
    open_options: bool
    """Whether members the schema does not list are sent as given (the server takes engine-specific ones)."""
    refused_options: Mapping[str, str] = field(default_factory=dict)
    """``provider_options`` members the server answers 400 for, and why (refused before sending)."""
    finish_reasons: Mapping[str, str] = field(default_factory=dict)
    """Finish reasons beyond OpenAI's, and their kind (only ``error`` or ``other``: see ``stream.py``)."""
    reasoning_details: bool = False
    """Whether the server writes OpenRouter's ``reasoning_details`` (typed, signed or encrypted reasoning)."""
    reasoning_chunks: bool = False
    """Whether reasoning text is written as Mistral's content chunks (``openai_compatible.chunks``) rather than
    as the first of ``reasoning_fields``, in replies and in the history a request replays (decision 035)."""
    kept_body: tuple[str, ...] = ()
    """Members the server adds to a reply's body (and chunks) that are kept in ``provider_metadata.openai``."""
    kept_choice: tuple[str, ...] = ()
    """Members the server adds to a reply's choice that are kept the same way."""
    executed_tools: bool = False
    """Whether the server runs tools itself and reports them in ``message.executed_tools`` (Groq)."""
    provider_tools: bool = False
    """Whether the server defines tools of its own, given in ``tools`` beside functions (OpenRouter's
    ``openrouter:web_search``, Groq's ``browser_search`` and ``code_interpreter``): read into and written from
    ``ChatRequest.provider_tools`` with the profile's ``issuer``."""
    embeddings: bool = True
    notes: str = ""

    @property
    def reasoning_read(self) -> tuple[str, ...]:
        """Where reasoning is read from: the profile's own members first, then the other known spelling."""
        return tuple(dict.fromkeys((*self.reasoning_fields, "reasoning_content", "reasoning")))
