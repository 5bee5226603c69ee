"""What this adapter's own manifest feature does to a canonical document, for the gate's expectations.

QueryMT's message is one role, one ``message_type`` and one ``content`` string, so some canonical messages
have no QueryMT form at all (feature ``message.shape``, refused), stated here from the manifest's
description, not from the encoder, after the shared walk has applied the shared features' reductions:

* a user message holds one text, one image or PDF, or a non-empty text then one image or PDF;
* an assistant message holds at most one text, and a non-empty one when tool calls follow;
* a PDF has no file name.

Plain reasoning (``reasoning.text``, lossless) is an assistant message's or a reply's one ``thinking``
member, read back first in it (decision 044), so a message's plain reasoning parts become one, first, their
texts joined (none when empty), without an issuer; ``reasoning.text_merged`` is used unless there was
exactly one, with text and no issuer, before the message's text and tool calls.
"""

from __future__ import annotations

from typing import Any, Protocol

__all__ = ["request", "response"]

_MEDIA = {"image", "file"}


class Walk(Protocol):
    """The part of the gate's walk this module uses."""

    def use(self, feature: str) -> bool: ...


def _user_fits(parts: list[dict[str, Any]]) -> bool:
    order = ["media" if part["type"] in _MEDIA else "text" for part in parts]
    if any(part["type"] == "file" and "name" in part["file"] for part in parts):
        return False
    return order in (["text"], ["media"]) or (order == ["text", "media"] and parts[0].get("text") != "")


def _assistant_fits(parts: list[dict[str, Any]]) -> bool:
    texts = [part for part in parts if part["type"] == "text"]
    calls = any(part["type"] == "tool_call" for part in parts)
    return len(texts) <= 1 and not (calls and [part.get("text") for part in texts] == [""])


def _plain(part: dict[str, Any]) -> bool:
    reasoning = part.get("reasoning") if part["type"] == "reasoning" else None
    return isinstance(reasoning, dict) and "signature" not in reasoning and "redacted_data" not in reasoning


def _thinking(walk: Walk, parts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    plain = [part for part in parts if _plain(part)]
    if not plain:
        return parts
    text = "".join(part["reasoning"].get("text", "") for part in plain)
    only = plain[0]["reasoning"]
    moved = any(part["type"] in ("text", "tool_call") for part in parts[: parts.index(plain[0])])
    if len(plain) != 1 or not only.get("text") or "issuer" in only or moved:
        walk.use("reasoning.text_merged")
    rest = [part for part in parts if not _plain(part)]
    return ([{"type": "reasoning", "reasoning": {"text": text}}] if text else []) + rest


def request(walk: Walk, document: dict[str, Any]) -> None:
    _empty_cfg(document)
    fits = {"user": _user_fits, "assistant": _assistant_fits}
    for message in document["messages"]:
        if message["role"] == "assistant":
            message["parts"] = _thinking(walk, message["parts"])
        check = fits.get(message["role"])
        if check is not None and not check(message["parts"]):
            walk.use("message.shape")


def _empty_cfg(document: dict[str, Any]) -> None:
    """An empty ``cfg`` is no configuration: the plugin's ``cfg`` holds the model and nothing else, which
    reads back as no ``provider_options`` at all (not a loss, so no feature: there is nothing to warn of)."""
    options = document.get("provider_options", {})
    own = options.get("querymt")
    if isinstance(own, dict) and own.get("cfg") == {}:
        del own["cfg"]
        if not own:
            del options["querymt"]
        if not options:
            del document["provider_options"]


def response(walk: Walk, document: dict[str, Any], original_finish: dict[str, Any]) -> None:
    """A reply is one assistant message whose shape the response decoder makes: only its thinking to merge."""
    del original_finish  # the finish reason is read as the shared walk reads it
    document["message"]["parts"] = _thinking(walk, document["message"]["parts"])
