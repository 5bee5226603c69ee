"""Zero unreported members: every member of a provider body is mapped, kept, warned about or refused.

An adapter that decodes a body and encodes the result again writes back what it mapped or kept. So every
leaf of the original body (a scalar that is not null and not ``""``: the members that carry something; empty
arrays and objects hold nothing) must be found again in the re-encoded body with the same value: at the
same pointer, or else at a pointer that differs only in array positions (an adapter may move an item: a
system message into ``instructions`` shifts every input item by one), each leaf of the re-encoded body
answering for one leaf of the original. A leaf found nowhere must be covered by a decode warning whose
``where`` is its pointer or a prefix of it (a warning at ``/choices/1`` covers the whole second choice).
What is left is data the adapter dropped or changed without a word.

Before the comparison both bodies go through ``equivalent``: the spellings a provider documents as the
same request (a message ``content`` string is one text part) are written one way, so that an adapter may
choose either.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

from wirechat_conformance.recorded.readers.reading import pointer

__all__ = ["body_place", "covered", "equivalent", "leaves", "unfound_in_stream", "unreported"]

_INDEX = re.compile(r"/\d+(?=/|$)")
_TEXT_PART = {"anthropic": "text", "openai-chat": "text", "openai-responses": "input_text"}


def leaves(value: Any, at: str = "") -> Iterator[tuple[str, Any]]:
    """The (pointer, value) of the leaves of ``value`` that carry something (not null, not ``""``)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, at + pointer(key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from leaves(item, at + pointer(i))
    elif value is not None and value != "":
        yield at, value


def _text_parts(content: Any, part_type: str) -> Any:
    return [{"type": part_type, "text": content}] if isinstance(content, str) else content


def equivalent(body: Any, format: str) -> Any:
    """``body`` with a request's documented equivalent spellings written one way: a message's (and an
    Anthropic tool result's or system prompt's) ``content`` given as a string is a list of one text part;
    Chat Completions' ``max_tokens`` is ``max_completion_tokens`` (deprecated in its favour), and its
    ``tool_choice: "any"`` is ``"required"`` (Mistral's API takes both, for the same choice); and the
    Responses spellings of ``_responses_input``."""
    part_type = _TEXT_PART.get(format)
    if part_type is None or not isinstance(body, dict):
        return body
    body = dict(body)
    if format == "openai-chat" and "max_tokens" in body and "max_completion_tokens" not in body:
        body["max_completion_tokens"] = body.pop("max_tokens")
    if format == "openai-chat" and body.get("tool_choice") == "any":  # Mistral's name, beside "required"
        body["tool_choice"] = "required"
    if format == "anthropic" and isinstance(body.get("system"), str):
        body["system"] = _text_parts(body["system"], "text")
    key = "messages"
    if format == "openai-responses":
        key = "input"
        _responses_input(body)
    if isinstance(body.get(key), list):
        messages = []
        for given in body[key]:
            message = given
            if isinstance(given, dict) and "role" in given and "content" in given:
                message = {**given, "content": _text_parts(given["content"], part_type)}
                if format == "anthropic" and isinstance(message["content"], list):
                    message["content"] = [_tool_result(block) for block in message["content"]]
            messages.append(message)
        body[key] = messages
    return body


def _responses_input(body: dict[str, Any]) -> None:
    """Responses: ``input`` as a string is one user message; an input item with a ``role`` and no ``type`` is
    a ``message``; ``instructions`` is a system message before the input (and a leading ``developer``
    message is a system message)."""
    items = body.get("input")
    if isinstance(items, str):
        items = [{"role": "user", "content": items}]
    if not isinstance(items, list):
        return
    items = [{"type": "message", **item} if isinstance(item, dict) and "role" in item else item for item in items]
    if isinstance(body.get("instructions"), str):
        items.insert(0, {"type": "message", "role": "system", "content": body.pop("instructions")})
    for i, item in enumerate(items):
        if not (isinstance(item, dict) and item.get("role") in ("system", "developer")):
            break
        items[i] = {**item, "role": "system"}
    body["input"] = items


def _tool_result(block: Any) -> Any:
    if isinstance(block, dict) and block.get("type") == "tool_result" and isinstance(block.get("content"), str):
        return {**block, "content": _text_parts(block["content"], "text")}
    return block


_LISTS: dict[str, tuple[str, str | None]] = {
    "openai-chat": ("messages", None),
    "anthropic": ("messages", "system"),
    "gemini": ("contents", "systemInstruction"),
}


_OPTIONS: dict[str, dict[str, str]] = {
    "anthropic": {"stop": "/stop_sequences"},
    "openai-chat": {"max_tokens": "/max_completion_tokens"},
    "openai-responses": {"max_tokens": "/max_output_tokens"},
    "gemini": {
        "temperature": "/generationConfig/temperature",
        "top_p": "/generationConfig/topP",
        "max_tokens": "/generationConfig/maxOutputTokens",
        "stop": "/generationConfig/stopSequences",
        "seed": "/generationConfig/seed",
    },
}
"""Where a canonical option lives in each format's body, where it is not the same-named top-level member."""


def body_place(where: str, format: str, request: dict[str, Any]) -> str:
    """The provider body's member that an ``encode_request`` warning at canonical ``where`` speaks of: the
    message (``/messages/3/parts/0`` is the body's ``/messages/3`` in Chat Completions; Anthropic and Gemini
    take the system messages out of the list, to ``system`` / ``systemInstruction``), or the option
    (``/options/temperature`` is Anthropic's ``/temperature``, ``_OPTIONS``); ``""`` where no member of the
    body answers (other members, and Responses messages, whose items are not one per message)."""
    tokens = where.split("/")
    if len(tokens) >= 3 and tokens[1] == "options" and tokens[2]:
        return _OPTIONS.get(format, {}).get(tokens[2], "/" + tokens[2])
    if format not in _LISTS or len(tokens) < 3 or tokens[1] != "messages" or not tokens[2].isdigit():
        return ""
    listed, system = _LISTS[format]
    messages = request.get("messages") or []
    index = int(tokens[2])
    if index >= len(messages):
        return ""
    if system is None:
        return f"/{listed}/{index}"
    if messages[index].get("role") == "system":
        return f"/{system}"
    return f"/{listed}/{index - sum(m.get('role') == 'system' for m in messages[:index])}"


def covered(where: str, warned: Iterable[str]) -> bool:
    """Whether a warning at one of ``warned`` covers ``where`` (the same pointer, or a prefix of it)."""
    return any(at and (where == at or where.startswith(at + "/")) for at in warned)


def _key(at: str, value: Any) -> tuple[str, str]:
    """A leaf's pointer with array positions wildcarded, and its value (``0`` and ``0.0`` are one number)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return _INDEX.sub("/*", at), json.dumps(value)


def unreported(original: Any, again: Any, warned: Iterable[str]) -> list[str]:
    """The pointers of the leaves of ``original`` that ``again`` lacks and no warning at ``warned`` covers."""
    places = [at for at in warned if at]
    there = dict(leaves(again))
    rest: list[tuple[str, Any]] = []
    for at, value in leaves(original):
        if at in there and _key(at, there[at]) == _key(at, value):
            del there[at]
        else:
            rest.append((at, value))
    elsewhere = Counter(_key(at, value) for at, value in there.items())
    missing = []
    for at, value in rest:
        key = _key(at, value)
        if elsewhere[key] > 0:
            elsewhere[key] -= 1
        elif not covered(at, places):
            missing.append(at)
    return missing


_STRUCTURE = ("type", "object", "role", "item_id", "partial_json", "arguments", "delta", "obfuscation")
"""Stream members that frame the data rather than carry it, or fragments the fold joins and may re-spell.
``obfuscation`` is OpenAI's padding: random characters added to each streamed event so that its length does
not reveal the tokens (``stream_options.include_obfuscation``); it carries nothing to keep."""


def unfound_in_stream(events: list[Any], folded: Any, warned: Iterable[str]) -> list[str]:
    """A stream's text leaves (``/<n>/...``) whose value is nowhere in the folded response's strings and that no
    decoder warning covers. A value search, weaker than ``unreported`` (a stream's framing differs from the
    re-encoded one): reported beside the verdict, not part of it. Members in ``_STRUCTURE`` are skipped."""
    places = [at for at in warned if at]
    found = "\x00".join(value for _, value in leaves(folded) if isinstance(value, str))
    missing = []
    for n, data in enumerate(events):
        for at, value in leaves(data, pointer(n)):
            key = at.rsplit("/", 1)[1]
            if isinstance(value, str) and key not in _STRUCTURE and value not in found and not covered(at, places):
                missing.append(at)
    return missing
