"""Reasoning on OpenAI-compatible servers, both ways: the plain text a server writes beside ``content``
(``reasoning_content``, ``reasoning``: the profile's ``reasoning_fields``) and OpenRouter's typed
``reasoning_details`` (written by OpenRouter and by gateways that copy it).

Reading (a reply, or an assistant message in request history): each detail becomes a reasoning part with
the profile's ``issuer``: ``reasoning.text`` gives ``text`` (and ``signature``), ``reasoning.summary`` its
``summary`` as ``text``, ``reasoning.encrypted`` its ``data`` as ``redacted_data``; the detail's other members
(``type``, ``format``, ``index``, ``id``...) are kept in the part's ``provider_metadata[issuer]``, so the
detail is written back byte for byte. The plain text is one reasoning part before them, unless it only
repeats the details' texts (OpenRouter's ``reasoning`` does). Only the first of the profile's fields is
read; a second one present is left for the caller's unmapped-member report.

Writing (``ReasoningWriter``): the parts of one assistant message. A part the server issued goes back as
its detail where the message takes details (a reply of a profile that writes them; a request of a profile
that replays them: ``reasoning_replay = "details"``), their texts joined into ``reasoning`` beside them, as
OpenRouter writes it. Plain text goes into the member a reply was read from (a server may use either
spelling: ``provider_metadata.openai.reasoning_member`` names it, else the profile's first), in a reply,
and in a request only where the profile replays text (DeepSeek: after tool calls its thinking mode needs it
back); elsewhere it is dropped with ``reasoning.text_not_sent``. A message has one text: several parts are
joined (``reasoning.text_merged``). Signed reasoning of anyone else follows the replay rule (spec section
10): dropped with its ``reasoning.*`` warning.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import Reasoning, ReasoningPart
from wirechat.adapters import _parts
from wirechat.adapters._conversion import Conversion
from wirechat.adapters.openai_compatible.profiles import Profile
from wirechat.adapters.openai_compatible.shapes import PROVIDER

__all__ = ["DETAILS", "ReasoningWriter", "detail", "detail_part", "has_reasoning", "read_message"]

DETAILS = "reasoning_details"
_WITH_DETAILS = "reasoning"
"""The text member OpenRouter writes beside ``reasoning_details`` (their texts joined)."""
_ALL_FIELDS = ("reasoning_content", "reasoning", DETAILS)
_MAPPED = {
    "reasoning.text": {"text": "text", "signature": "signature"},
    "reasoning.summary": {"summary": "text"},
    "reasoning.encrypted": {"data": "redacted_data"},
}
"""Per detail type, the members read into the ``Reasoning`` (the rest are kept as they are)."""


def has_reasoning(message: Any) -> bool:
    return isinstance(message, Mapping) and any(message.get(name) is not None for name in _ALL_FIELDS)


def detail_part(raw: Any, where: str, issuer: str) -> ReasoningPart:
    """The reasoning part of one ``reasoning_details`` entry (module docstring)."""
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where}: expected a reasoning detail object, got {type(raw).__name__}")
    mapping = _MAPPED.get(str(raw.get("type")), {})
    fields: dict[str, Any] = {"issuer": issuer}
    kept: dict[str, Any] = {}
    for key, value in raw.items():
        field = mapping.get(key)
        if field is not None and isinstance(value, str) and (value or field == "text"):
            fields[field] = value
        else:
            kept[key] = value
    return ReasoningPart(reasoning=Reasoning(**fields), provider_metadata={issuer: kept})


def detail(part: ReasoningPart, issuer: str) -> dict[str, Any]:
    """The ``reasoning_details`` entry of a part the server issued (``detail_part`` read backwards)."""
    reasoning = part.reasoning
    metadata = part.provider_metadata
    out: dict[str, Any] = dict(metadata.get(issuer) or {}) if metadata is not MISSING else {}
    kind = out.setdefault("type", "reasoning.encrypted" if reasoning.redacted_data is not MISSING else "reasoning.text")
    for member, field in _MAPPED.get(str(kind), {}).items():
        value = getattr(reasoning, field)
        if value is not MISSING:
            out[member] = value
    return out


def _texts(parts: list[ReasoningPart]) -> str:
    return "".join(p.reasoning.text for p in parts if p.reasoning.text is not MISSING)


def read_message(
    message: Mapping[str, Any], profile: Profile, where: str
) -> tuple[list[ReasoningPart], dict[str, Any], str | None]:
    """The reasoning parts of a message, the message without the members read, and the text member read
    (module docstring)."""
    consumed: set[str] = set()
    details: list[ReasoningPart] = []
    raw = message.get(DETAILS) if profile.reasoning_details else None
    if raw is not None:
        consumed.add(DETAILS)
        if not isinstance(raw, list):
            raise ValueError(f"{where}/{DETAILS}: expected an array of reasoning details, got {type(raw).__name__}")
        details = [detail_part(entry, f"{where}/{DETAILS}/{i}", profile.issuer) for i, entry in enumerate(raw)]
    parts: list[ReasoningPart] = []
    read = None
    for name in profile.reasoning_read:
        value = message.get(name)
        if value is None:
            continue
        if not isinstance(value, str):
            raise ValueError(f"{where}/{name}: expected reasoning text (a string), got {type(value).__name__}")
        consumed.add(name)
        read = name
        if value and value != _texts(details):
            parts.append(ReasoningPart(reasoning=Reasoning(text=value)))
        break
    remaining = {key: value for key, value in message.items() if key not in consumed}
    return parts + details, remaining, None if details else read  # beside details the text member is a rule


class ReasoningWriter:
    """Writes the reasoning parts of one assistant message at a time (module docstring): ``take`` each part,
    then ``members`` gives what the message gets and starts the next message."""

    def __init__(self, profile: Profile, conv: Conversion, *, reply: bool, field: str | None = None) -> None:
        self._profile = profile
        self._field = field if field in profile.reasoning_read else profile.reasoning_fields[0]
        self._with_details = field if field in profile.reasoning_read else _WITH_DETAILS
        if self._with_details not in profile.reasoning_read:
            self._with_details = self._field
        self._conv = conv
        self._details_here = profile.reasoning_details if reply else profile.reasoning_replay == "details"
        self._text_here = reply or profile.reasoning_replay == "text"
        self._reply = reply
        self._texts: list[tuple[ReasoningPart, str]] = []
        self._details: list[ReasoningPart] = []

    def take(self, part: ReasoningPart, where: str) -> None:
        profile, reasoning = self._profile, part.reasoning
        metadata = {} if part.provider_metadata is MISSING else dict(part.provider_metadata)
        signed = reasoning.signature is not MISSING or reasoning.redacted_data is not MISSING
        if self._details_here and reasoning.issuer == profile.issuer and (signed or profile.issuer in metadata):
            self._details.append(part)
            if any(key != profile.issuer for key in metadata):
                self._conv.degrade("part.provider_metadata", f"{where}/provider_metadata")
            return
        if any(key != PROVIDER for key in metadata):
            self._conv.degrade("part.provider_metadata", f"{where}/provider_metadata")
        feature = _parts.reasoning_feature(part, PROVIDER)  # the replay rule as every adapter reads it
        if feature != "reasoning.text":
            self._conv.degrade(feature, where)
        elif not self._text_here:
            self._conv.degrade("reasoning.text_not_sent", where)
        else:
            self._texts.append((part, where))

    def members(self) -> dict[str, Any]:
        texts, details = self._texts, self._details
        self._texts, self._details = [], []
        out: dict[str, Any] = {}
        plain = _texts([part for part, _ in texts])
        if texts:
            first = texts[0][0]
            own = first.provider_metadata is not MISSING and PROVIDER in first.provider_metadata
            if len(texts) != 1 or plain == "" or first.reasoning.issuer is not MISSING or own:
                self._conv.degrade("reasoning.text_merged", texts[0][1])
        written = plain + _texts(details)
        if written:
            out[self._with_details if details else self._field] = written
        if details:
            out[DETAILS] = [detail(part, self._profile.issuer) for part in details]
        return out
