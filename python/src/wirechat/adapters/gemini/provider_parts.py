"""Gemini's provider-run parts (spec section 15): code execution and server-side tool invocations.

The model calls the tool and Gemini runs it in the same turn; the caller sends the parts back unchanged:

- ``executableCode`` (``{language, code, id?}``, with ``tools: [{"codeExecution": {}}]``) is a
  ``provider_tool_call`` named ``code_execution``, and ``codeExecutionResult`` (``{outcome, output, id?}``)
  its ``provider_tool_result``, ``is_error`` when the ``outcome`` is there and is not ``OUTCOME_OK``;
- ``toolCall`` (``{id, toolType, args}``, Gemini 3 with ``toolConfig.includeServerSideToolInvocations``: a
  Google Search, URL context... call the server ran) is a ``provider_tool_call`` named by its ``toolType``,
  and ``toolResponse`` (``{id, toolType, response}``) its result.

Both with issuer ``gemini``. ``block`` is the Gemini part itself without its ``thoughtSignature`` (that is
reasoning placed before the part, as on every other part, spec section 10), so that replaying the block
writes the part back; ``input`` / ``output`` are the inner object without its ``id`` (for a tool
invocation: its ``args`` / ``response``).

Ids: a call without an ``id`` gets ``gemini_code_<k>`` (``gemini_tool_<k>`` for a tool invocation), k counting
the document's parts of that kind (the request's ``contents``, or the candidate, streamed or not) from 0; a
result without an ``id`` answers the last call of its kind before it (several results may answer one call);
with none before it, decoding fails naming the member.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["KINDS", "CodeIds", "decode_provider_part"]

_CALLS = {"executableCode": "gemini_code_", "toolCall": "gemini_tool_"}
_RESULTS = {"codeExecutionResult": "executableCode", "toolResponse": "toolCall"}
KINDS = (*_CALLS, *_RESULTS)
"""The part members this module reads."""


class CodeIds:
    """The ids of one document's provider-run parts: counts the calls of each kind, remembers the last one."""

    def __init__(self) -> None:
        self.count = dict.fromkeys(_CALLS, 0)
        self.last: dict[str, str] = {}

    def __repr__(self) -> str:
        return f"CodeIds(count={self.count}, last={self.last!r})"

    def call(self, kind: str, value: Mapping[str, Any], where: str) -> str:
        given = _given_id(value, where)
        self.last[kind] = given or f"{_CALLS[kind]}{self.count[kind]}"
        self.count[kind] += 1
        return self.last[kind]

    def result(self, kind: str, value: Mapping[str, Any], where: str) -> str:
        given = _given_id(value, where)
        if given:
            return given
        call = _RESULTS[kind]
        if call not in self.last:
            raise ValueError(f"{where}/id: a {kind} without an id answers no {call} before it")
        return self.last[call]


def _given_id(value: Mapping[str, Any], where: str) -> str | None:
    given = value.get("id")
    if given is not None and (not isinstance(given, str) or not given):
        raise ValueError(f"{where}/id: expected a non-empty string, got {given!r}")
    return given


def _name(kind: str, value: Mapping[str, Any]) -> str:
    if kind in ("executableCode", "codeExecutionResult"):
        return "code_execution"
    tool_type = value.get("toolType")
    return tool_type if isinstance(tool_type, str) and tool_type else "server_tool"


def decode_provider_part(raw: Mapping[str, Any], where: str, ids: CodeIds, provider: str) -> dict[str, Any]:
    """The canonical part (a dict) for a Gemini part holding one of ``KINDS``."""
    kind = next(key for key in KINDS if key in raw)
    value = raw[kind]
    at = f"{where}/{kind}"
    if not isinstance(value, Mapping):
        raise ValueError(f"{at}: expected an object")
    block = {key: item for key, item in raw.items() if key != "thoughtSignature"}
    reading: Any = {key: item for key, item in value.items() if key != "id"}
    if kind == "toolCall":
        reading = value.get("args")
    elif kind == "toolResponse":
        reading = value.get("response")
    if kind in _CALLS:
        call: dict[str, Any] = {"id": ids.call(kind, value, at), "name": _name(kind, value), "issuer": provider}
        if reading is not None:
            call["input"] = reading
        call["block"] = block
        return {"type": "provider_tool_call", "provider_tool_call": call}
    result: dict[str, Any] = {"tool_call_id": ids.result(kind, value, at), "issuer": provider,
                              "name": _name(kind, value)}  # fmt: skip
    if reading is not None:
        result["output"] = reading
    outcome = value.get("outcome") if kind == "codeExecutionResult" else None
    if outcome is not None and outcome != "OUTCOME_OK":
        result["is_error"] = True
    result["block"] = block
    return {"type": "provider_tool_result", "provider_tool_result": result}
