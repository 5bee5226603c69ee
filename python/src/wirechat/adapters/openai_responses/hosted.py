"""Responses items that are neither messages, reasoning nor the caller's function or custom tool calls, as
provider-run parts (spec section 15): hosted-tool items (web search, file search, code interpreter, image
generation, remote MCP, xAI's X search...) and the calls of provider-defined tools (computer use, local shell,
shell, apply patch, tool search, programmatic tool calling).

* A call item -> one ``provider_tool_call`` part, issuer ``openai``, ``block`` the item verbatim, ``id`` the item
  id (its ``call_id`` when it has none), ``name`` the item's ``name`` when it has one (an MCP tool, xAI's
  ``code_execution``) else the tool's (``web_search``...), ``input`` a reading of the call (the search action,
  the code, the MCP arguments parsed when they are JSON text), ``server`` its ``server_label``. When the item
  also holds the tool's output or an error (the Responses API writes most hosted calls and their results as one
  object), a ``provider_tool_result`` part without a block follows: ``output`` a reading (``is_error`` from
  ``error`` or ``status: failed``); the block of the call holds it, so an encoder writes the item once. A
  generated image (``image_generation_call.result``, base64) stays in the block: the result part says the call
  produced one and leaves the bytes out.
* An output item (``shell_call_output``, ``tool_search_output``; in requests the caller's
  ``computer_call_output``, ``local_shell_call_output``...) and ``mcp_approval_response`` -> a
  ``provider_tool_result`` part with the item as its block, answering the call with the same ``call_id`` (or
  the approval request), else the last call of its kind before it.
* Any other ``*_call`` / ``*_output`` item type, by rule, the same way (its ``arguments``, ``action`` or
  ``input`` read as the input, its ``output`` or ``results`` as the output).

``custom_tool_call`` is not here: a custom tool is the caller's own (it runs it and sends
``custom_tool_call_output``), so it is a tool call (``shapes``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["CALLS", "OUTPUTS", "Pairing", "Reading", "is_provider_run", "provider_run_parts"]


@dataclass(frozen=True, slots=True)
class Reading:
    """How one item type reads: the tool's name (when the item has no ``name``), the members whose value is the
    input and the output (the first one present), and a member holding generated media (kept in the block only)."""

    name: str
    input: tuple[str, ...] = ()
    output: tuple[str, ...] = ()
    media: str = ""


CALLS: dict[str, Reading] = {
    # https://platform.openai.com/docs/guides/tools-web-search (action.sources: the output, when included)
    "web_search_call": Reading("web_search", ("action",), ("results",)),
    # https://platform.openai.com/docs/guides/tools-file-search
    "file_search_call": Reading("file_search", ("queries",), ("results",)),
    # https://platform.openai.com/docs/guides/tools-code-interpreter (xAI: name + arguments)
    "code_interpreter_call": Reading("code_interpreter", ("code", "arguments"), ("outputs",)),
    # https://platform.openai.com/docs/guides/tools-image-generation
    "image_generation_call": Reading("image_generation", ("revised_prompt", "prompt"), media="result"),
    # https://platform.openai.com/docs/guides/tools-remote-mcp
    "mcp_call": Reading("mcp", ("arguments",), ("output",)),
    "mcp_list_tools": Reading("mcp_list_tools", (), ("tools",)),
    "mcp_approval_request": Reading("mcp_approval_request", ("arguments",)),
    # https://platform.openai.com/docs/guides/tools-computer-use
    "computer_call": Reading("computer_use", ("action", "actions")),
    # https://platform.openai.com/docs/guides/tools-local-shell, tools-shell, tools-apply-patch
    "local_shell_call": Reading("local_shell", ("action",)),
    "shell_call": Reading("shell", ("action",)),
    "apply_patch_call": Reading("apply_patch", ("operation",)),
    # https://platform.openai.com/docs/guides/tools-tool-search
    "tool_search_call": Reading("tool_search", ("arguments",)),
    # programmatic tool calling: the program the model wrote; its function calls are the caller's
    "program": Reading("programmatic_tool_calling", ("code",)),
    # xAI's Responses API: https://docs.x.ai/docs/guides/tools/search-tools
    "x_search_call": Reading("x_search", ("arguments",)),
}
"""Call items (the table is data: a new hosted tool is one line)."""

OUTPUTS: dict[str, Reading] = {
    "shell_call_output": Reading("shell", (), ("output",)),
    "tool_search_output": Reading("tool_search", (), ("tools",)),
    "computer_call_output": Reading("computer_use", (), ("output",)),
    "local_shell_call_output": Reading("local_shell", (), ("output",)),
    "apply_patch_call_output": Reading("apply_patch", (), ("output",)),
    "mcp_approval_response": Reading("mcp_approval_request", (), ("approve",)),
}
"""Output items: results with a block of their own."""

_CALLER_TOOLS = {"message", "reasoning", "function_call", "function_call_output", "custom_tool_call",
                 "custom_tool_call_output"}  # fmt: skip


def is_provider_run(kind: str) -> bool:
    """Whether an item type reads as provider-run parts (by the tables, or by rule: ``*_call`` / ``*_output``)."""
    if kind in _CALLER_TOOLS:
        return False
    return kind in CALLS or kind in OUTPUTS or kind.endswith(("_call", "_output"))


class Pairing:
    """The calls of one document seen so far (a response's output, a request's input, a stream), so that an
    output item answers its call: by ``call_id``, else by kind (the last call of that kind)."""

    __slots__ = ("_by_call_id", "_by_kind")

    def __init__(self) -> None:
        self._by_call_id: dict[str, tuple[str, str]] = {}
        self._by_kind: dict[str, tuple[str, str]] = {}

    def add(self, kind: str, item: Mapping[str, Any], part_id: str, name: str) -> None:
        if _text(item, "call_id"):
            self._by_call_id[item["call_id"]] = (part_id, name)
        self._by_kind[kind] = (part_id, name)

    def answer(self, kind: str, item: Mapping[str, Any]) -> tuple[str, str] | None:
        """The id and name of the call an output item answers, or None."""
        call_id = _text(item, "approval_request_id" if kind == "mcp_approval_response" else "call_id")
        if call_id:
            return self._by_call_id.get(call_id, (call_id, ""))
        return self._by_kind.get(kind.removesuffix("_output") + "_call")


def _text(item: Mapping[str, Any], key: str) -> str:
    value = item.get(key)
    return value if isinstance(value, str) else ""


def _reading(item: Mapping[str, Any], keys: tuple[str, ...]) -> Any:
    for key in keys:
        value = item.get(key)
        if value is None:
            continue
        if key == "arguments" and isinstance(value, str):
            try:
                return json.loads(value)
            except ValueError:
                return value  # not JSON text: the text as it came
        return value
    return None


def _call(kind: str, item: Mapping[str, Any], where: str, pairing: Pairing) -> list[dict[str, Any]]:
    rule = CALLS.get(kind) or Reading(kind.removesuffix("_call"), ("arguments", "action", "input"),
                                      ("output", "results"))  # fmt: skip
    part_id = _text(item, "id") or _text(item, "call_id")
    if not part_id:
        raise ValueError(f"{where}/id: a {kind} item needs an id or a call_id")
    name = _text(item, "name") or rule.name
    call: dict[str, Any] = {"id": part_id, "name": name, "issuer": "openai", "block": dict(item)}
    value, output = _reading(item, rule.input), _reading(item, rule.output)
    if kind == "web_search_call" and isinstance(value, Mapping) and "sources" in value:
        value = {key: member for key, member in value.items() if key != "sources"}
        output = item["action"]["sources"] if output is None else output
    if value is not None:
        call["input"] = value
    if _text(item, "server_label"):
        call["server"] = item["server_label"]
    pairing.add(kind, item, part_id, name)
    parts: list[dict[str, Any]] = [{"type": "provider_tool_call", "provider_tool_call": call}]
    failed = item.get("error") is not None or item.get("status") == "failed"
    if output is not None or failed or (rule.media and item.get(rule.media) is not None):
        result: dict[str, Any] = {"tool_call_id": part_id, "issuer": "openai", "name": name}
        if output is None and item.get("error") is not None:
            output = item["error"]
        if output is not None:
            result["output"] = output
        if failed:
            result["is_error"] = True
        parts.append({"type": "provider_tool_result", "provider_tool_result": result})
    return parts


def _output(kind: str, item: Mapping[str, Any], where: str, pairing: Pairing) -> dict[str, Any]:
    rule = OUTPUTS.get(kind) or Reading(kind.removesuffix("_output"), (), ("output", "results"))
    answered = pairing.answer(kind, item)
    if answered is None:
        raise ValueError(f"{where}/call_id: a {kind} item that answers no call before it")
    result: dict[str, Any] = {"tool_call_id": answered[0], "issuer": "openai", "name": answered[1] or rule.name}
    if kind == "mcp_approval_response":
        output: Any = {key: item[key] for key in ("approve", "reason") if item.get(key) is not None}
    else:
        output = _reading(item, rule.output)
    if output is not None and output != {}:
        result["output"] = output
    if item.get("error") is not None or item.get("status") == "failed":
        result["is_error"] = True
    result["block"] = dict(item)
    return {"type": "provider_tool_result", "provider_tool_result": result}


def provider_run_parts(item: Mapping[str, Any], where: str, pairing: Pairing) -> list[dict[str, Any]]:
    """The canonical parts (as dicts) for a provider-run item (``is_provider_run`` of its type)."""
    kind = str(item.get("type"))
    if kind in OUTPUTS or (kind not in CALLS and kind.endswith("_output")):
        return [_output(kind, item, where, pairing)]
    return _call(kind, item, where, pairing)
