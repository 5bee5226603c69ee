"""Gemini code execution (``tools: [{"codeExecution": {}}]``) read as provider-run tool parts (spec section 15).

The model writes the code and Gemini runs it in the same turn: an ``executableCode`` part (``{language, code,
id?}``) is a ``provider_tool_call`` and a ``codeExecutionResult`` part (``{outcome, output, id?}``) its
``provider_tool_result``, both with issuer ``gemini`` and name ``code_execution``:

- ``block`` is the Gemini part itself, without its ``thoughtSignature`` (that is reasoning placed before the
  part, as on every other part, spec section 10), so that replaying the block writes the part back;
- ``input`` is the ``executableCode`` object and ``output`` the ``codeExecutionResult`` object, without
  their ``id``; ``is_error`` is true when the result's ``outcome`` is there and is not ``OUTCOME_OK``;
- ids: an ``executableCode`` without an ``id`` gets ``gemini_code_<k>``, k counting the executableCode parts
  of the document (the request's ``contents``, or the candidate, streamed or not) from 0; a
  ``codeExecutionResult`` without an ``id`` answers the last ``executableCode`` before it (several results
  may answer one call); with none before it, decoding fails naming the member.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["KINDS", "CodeIds", "decode_code_part", "synthetic_code_id"]

NAME = "code_execution"
"""The tool's name (Gemini's own name for the tool is ``codeExecution``; the call is the snake_case one)."""
KINDS = ("executableCode", "codeExecutionResult")
"""The part members this module reads."""


def synthetic_code_id(k: int) -> str:
    """The id of the k-th executableCode part (from 0) of a document, for one Gemini sent without an id."""
    return f"gemini_code_{k}"


class CodeIds:
    """The ids of one document's code execution parts: counts the calls, remembers the last one."""

    def __init__(self) -> None:
        self.count = 0
        self.last: str | None = None

    def __repr__(self) -> str:
        return f"CodeIds(count={self.count}, last={self.last!r})"

    def call(self, code: Mapping[str, Any], where: str) -> str:
        given = code.get("id")
        if given is not None and (not isinstance(given, str) or not given):
            raise ValueError(f"{where}/id: expected a non-empty string, got {given!r}")
        self.last = given or synthetic_code_id(self.count)
        self.count += 1
        return self.last

    def result(self, result: Mapping[str, Any], where: str) -> str:
        given = result.get("id")
        if given is not None and (not isinstance(given, str) or not given):
            raise ValueError(f"{where}/id: expected a non-empty string, got {given!r}")
        if given:
            return str(given)
        if self.last is None:
            raise ValueError(f"{where}/id: a codeExecutionResult without an id answers no executableCode before it")
        return self.last


def decode_code_part(raw: Mapping[str, Any], where: str, ids: CodeIds, provider: str) -> dict[str, Any]:
    """The canonical part (a dict) for a Gemini part holding ``executableCode`` or ``codeExecutionResult``."""
    block = {key: value for key, value in raw.items() if key != "thoughtSignature"}
    if "executableCode" in raw:
        code = raw["executableCode"]
        if not isinstance(code, Mapping):
            raise ValueError(f"{where}/executableCode: expected an object")
        call = {"id": ids.call(code, f"{where}/executableCode"), "name": NAME, "issuer": provider,
                "input": {key: value for key, value in code.items() if key != "id"}, "block": block}  # fmt: skip
        return {"type": "provider_tool_call", "provider_tool_call": call}
    result = raw["codeExecutionResult"]
    if not isinstance(result, Mapping):
        raise ValueError(f"{where}/codeExecutionResult: expected an object")
    output = {key: value for key, value in result.items() if key != "id"}
    out: dict[str, Any] = {"tool_call_id": ids.result(result, f"{where}/codeExecutionResult"), "issuer": provider,
                           "name": NAME, "output": output}  # fmt: skip
    outcome = result.get("outcome")
    if outcome is not None and outcome != "OUTCOME_OK":
        out["is_error"] = True
    out["block"] = block
    return {"type": "provider_tool_result", "provider_tool_result": out}
