"""What the openai-compatible profiles' own manifest features do to a canonical document, for the gate's
expectations (``wirechat.testing.gate_expected`` runs the shared walk, then these).

Plain reasoning text (``reasoning.text``, lossless: the reasoning member of a reply, and of a request to a
server that takes it back) is one member of a message, read back first in it; so after the shared walk:

* ``reasoning.text_merged``: a message's plain reasoning parts become one, first, their texts joined (none
  when the text is empty), without an issuer; the feature is used unless there was exactly one, with text
  and no issuer.
* ``reasoning.text_not_sent``: in a request to a server that takes no reasoning text back (the profile's
  ``reasoning_replay`` is not ``text``), the plain reasoning parts are dropped.

The gate draws no reasoning issued by an OpenAI-compatible server (details, executed tools): their
replay is tested on recorded bodies.
"""

from __future__ import annotations

from typing import Any, Protocol

from wirechat.adapters.openai_compatible.profiles import profile_of

__all__ = ["request", "response"]


class Walk(Protocol):
    """The part of the gate's walk this module uses."""

    name: str
    provider: str
    manifest: Any
    result: Any

    def use(self, feature: str) -> bool: ...


def _plain(part: dict[str, Any]) -> bool:
    reasoning = part.get("reasoning") if part["type"] == "reasoning" else None
    return isinstance(reasoning, dict) and "signature" not in reasoning and "redacted_data" not in reasoning


def _merged(walk: Walk, parts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    plain = [part for part in parts if _plain(part)]
    if not plain:
        return parts
    text = "".join(part["reasoning"].get("text", "") for part in plain)
    only = plain[0]["reasoning"]
    if len(plain) != 1 or not only.get("text") or "issuer" in only or "provider_metadata" in plain[0]:
        walk.use("reasoning.text_merged")
    rest = [part for part in parts if not _plain(part)]
    return ([{"type": "reasoning", "reasoning": {"text": text}}] if text else []) + rest


def request(walk: Walk, document: dict[str, Any]) -> None:
    replays = profile_of(walk.name).reasoning_replay == "text"
    for message in document["messages"]:
        if message["role"] != "assistant" or not any(_plain(part) for part in message["parts"]):
            continue
        if replays:
            message["parts"] = _merged(walk, message["parts"])
        else:
            walk.use("reasoning.text_not_sent")
            message["parts"] = [part for part in message["parts"] if not _plain(part)]


def response(walk: Walk, document: dict[str, Any], original_finish: dict[str, Any]) -> None:
    del original_finish  # the finish reason is read as the shared walk reads it
    document["message"]["parts"] = _merged(walk, document["message"]["parts"])
