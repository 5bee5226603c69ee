"""A canonical ``ChatResponse`` (as its JSON value) held to an independent ``Reading`` of the provider body.

Compared, each mismatch a message naming the pointer into the provider's body where the reader found it:
the text of the ``text`` parts joined, against the reader's texts joined (part boundaries are the adapter's
to choose); the same for reasoning text; the caller's tool calls in order (name, arguments parsed, and the id
where the provider sent one); the provider-run calls (id and name where the reader knows them); the raw
finish reason; and every usage count the reader computed (an absent count is 0).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wirechat_conformance.recorded.readers import USAGE_FIELDS, Piece, Raw, Reading, arguments_value
from wirechat_conformance.recorded.readers.reading import pointer

__all__ = ["compare", "difference"]

_SHOWN = 40


def _excerpt(text: str, at: int) -> str:
    return repr(text[at : at + _SHOWN] + ("..." if len(text) > at + _SHOWN else ""))


def _texts(what: str, pieces: list[Piece], decoded: str) -> list[str]:
    read = "".join(piece.text for piece in pieces)
    if read == decoded:
        return []
    at = next((i for i, (a, b) in enumerate(zip(read, decoded, strict=False)) if a != b), min(len(read), len(decoded)))
    where, offset = (pieces[-1].at if pieces else ""), 0
    for piece in pieces:
        if offset + len(piece.text) > at:
            where = piece.at
            break
        offset += len(piece.text)
    return [
        f"{what} differs at {where or '/'} (character {at}): the body reads {_excerpt(read, at)}, "
        f"the adapter gives {_excerpt(decoded, at)}"
    ]


def _parts(response: dict[str, Any], kind: str) -> list[Any]:
    """The payloads of the message's parts of type ``kind`` (a text part's is its text)."""
    parts = (response.get("message") or {}).get("parts") or []
    return [part[kind] for part in parts if part.get("type") == kind]


def _arguments(value: Any) -> Any:
    return value.text if isinstance(value, Raw) else value


def _tool_calls(reading: Reading, response: dict[str, Any]) -> list[str]:
    decoded = _parts(response, "tool_call")
    problems = []
    if len(decoded) != len(reading.tool_calls):
        names = [call["name"] for call in decoded]
        at = reading.tool_calls[0].at if reading.tool_calls else "/"
        problems.append(
            f"tool calls at {at}: the body has {len(reading.tool_calls)} "
            f"({', '.join(c.name for c in reading.tool_calls) or 'none'}), the adapter gives {len(decoded)} "
            f"({', '.join(names) or 'none'})"
        )
    for call, got in zip(reading.tool_calls, decoded, strict=False):
        arguments = got.get("arguments", "")
        got_value = Raw(arguments) if isinstance(call.arguments, Raw) else arguments_value(arguments)
        if call.name != got.get("name"):
            problems.append(f"tool call at {call.at}: name {call.name!r}, the adapter gives {got.get('name')!r}")
        if _arguments(call.arguments) != _arguments(got_value):
            problems.append(f"tool call at {call.at}: arguments {_arguments(call.arguments)!r:.120}, "
                            f"the adapter gives {arguments!r:.120}")  # fmt: skip
        if call.id is not None and call.id != got.get("id"):
            problems.append(f"tool call at {call.at}: id {call.id!r}, the adapter gives {got.get('id')!r}")
    return problems


def _provider_calls(reading: Reading, response: dict[str, Any]) -> list[str]:
    decoded = _parts(response, "provider_tool_call")
    problems = []
    if len(decoded) != len(reading.provider_calls):
        at = reading.provider_calls[0].at if reading.provider_calls else "/"
        problems.append(
            f"provider-run calls at {at}: the body has {len(reading.provider_calls)}, the adapter gives "
            f"{len(decoded)} provider_tool_call parts"
        )
    for call, got in zip(reading.provider_calls, decoded, strict=False):
        if call.id is not None and call.id != got.get("id"):
            problems.append(f"provider-run call at {call.at}: id {call.id!r}, the adapter gives {got.get('id')!r}")
        if call.name is not None and call.name != got.get("name"):
            name = got.get("name")
            problems.append(f"provider-run call at {call.at}: name {call.name!r}, the adapter gives {name!r}")
    return problems


def _usage(reading: Reading, response: dict[str, Any]) -> list[str]:
    usage = response.get("usage") or {}
    problems = []
    for name in USAGE_FIELDS:
        expected = reading.usage.get(name)
        if expected is None:
            continue
        got = usage.get(name) or 0
        if got != expected:
            problems.append(f"usage at {reading.usage_at or '/'}: {name} is {expected}, the adapter gives {got}")
    return problems


def _kept(pieces: list[Piece], declared: list[str]) -> list[Piece]:
    """``pieces`` but those at a member a decode warning reports (``declared``: dropped by declaration)."""
    return [piece for piece in pieces if not any(piece.at == at or piece.at.startswith(at + "/") for at in declared)]


def compare(reading: Reading, response: dict[str, Any], declared: Iterable[str] = ()) -> list[str]:
    """Every way ``response`` (a canonical ``ChatResponse`` JSON value) differs from ``reading``; a text or
    reasoning fragment at a member one of the decode warnings at ``declared`` reports is not held to it (the
    adapter declared it lost: the verdict is then declared-lossy, not failed)."""
    places = [at for at in declared if at]
    problems = _texts("text", _kept(reading.texts, places), "".join(_parts(response, "text")))
    reasoning = "".join(part.get("text", "") for part in _parts(response, "reasoning"))
    problems += _texts("reasoning", _kept(reading.reasoning, places), reasoning)
    problems += _tool_calls(reading, response)
    problems += _provider_calls(reading, response)
    raw = (response.get("finish_reason") or {}).get("raw")
    if reading.finish is not None and raw != reading.finish:
        problems.append(f"finish at {reading.finish_at}: raw {reading.finish!r}, the adapter gives {raw!r}")
    problems += _usage(reading, response)
    return problems


def difference(a: Any, b: Any, at: str = "") -> str | None:
    """The pointer of the first place two JSON values differ (None when they are equal)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return at + pointer(key)
            found = difference(a[key], b[key], at + pointer(key))
            if found is not None:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            found = difference(x, y, at + pointer(i))
            if found is not None:
                return found
        return None if len(a) == len(b) else at + pointer(min(len(a), len(b)))
    return None if a == b and type(a) is type(b) else at
