"""The MCP mapping vectors (``conformance/cases/mcp/mappings.json``) in Python, each side checked by its owner.

Every wirechat value a case holds decodes as its wirechat type; every MCP value is valid against the
official MCP schema (``conformance/mcp/official/schema-2025-11-25.json``) and the ``mcp`` SDK's pydantic
types; a case that drops nothing maps back to its input.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import rfc8785
from mcp import types  # the SDK's own pydantic models, as a second opinion

from wirechat import ToolDefinition, ToolResult, decode
from wirechat.mcp import (
    McpMappingError,
    call_result_to_tool_result,
    definition_to_tool,
    jsonrpc_to_tool_result,
    tool_result_to_call_result,
    tool_result_to_jsonrpc,
    tool_to_definition,
)

ROOT = Path(__file__).resolve().parents[2] / "conformance" / "mcp"
CASES: list[dict[str, Any]] = json.loads((ROOT.parent / "cases" / "mcp" / "mappings.json").read_text("utf-8"))["cases"]
OFFICIAL = json.loads((ROOT / "official" / "schema-2025-11-25.json").read_text("utf-8"))

OPS = {
    "tool_to_definition": lambda c: tool_to_definition(c["input"]),
    "definition_to_tool": lambda c: definition_to_tool(c["input"]),
    "call_result_to_tool_result": lambda c: call_result_to_tool_result(c["input"], c["tool_call_id"]),
    "tool_result_to_call_result": lambda c: tool_result_to_call_result(c["input"]),
    "jsonrpc_to_tool_result": lambda c: jsonrpc_to_tool_result(c["input"], c["tool_call_id"]),
    "tool_result_to_jsonrpc": lambda c: tool_result_to_jsonrpc(c["input"], c["request_id"]),
}
# which side of each op is which: (input kind, output kind)
SIDES = {
    "tool_to_definition": ("Tool", ToolDefinition),
    "definition_to_tool": (ToolDefinition, "Tool"),
    "call_result_to_tool_result": ("CallToolResult", ToolResult),
    "tool_result_to_call_result": (ToolResult, "CallToolResult"),
    "jsonrpc_to_tool_result": ("JSONRPCResponse", ToolResult),
    "tool_result_to_jsonrpc": (ToolResult, "JSONRPCResponse"),
}
REVERSE = {
    "tool_to_definition": lambda out, c: definition_to_tool(out),
    "call_result_to_tool_result": lambda out, c: tool_result_to_call_result(out),
    "jsonrpc_to_tool_result": lambda out, c: tool_result_to_jsonrpc(out, c["input"]["id"]),
}
# cases without warnings that do not come back byte for byte, and why (the meaning is the same)
NOT_IDENTICAL = {
    "tool-to-definition-annotation-title-only": "annotations.title comes back as title, which MCP shows first",
    "tool-to-definition-annotation-title-same": "the title is carried once",
    "call-result-to-tool-result-is-error-false": "isError false and absent mean the same",
}


def _jcs(value: Any) -> bytes:
    return rfc8785.dumps(value)


def _check_mcp(kind: str, value: Any) -> None:
    validator = jsonschema.Draft202012Validator({**OFFICIAL, "$ref": f"#/$defs/{kind}"})
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(value)]
    assert not errors, errors
    sdk = {"Tool": types.Tool, "CallToolResult": types.CallToolResult}
    if kind in sdk:
        sdk[kind].model_validate(value)


def _check(side: Any, value: Any) -> None:
    if isinstance(side, str):
        _check_mcp(side, value)
    else:
        decode(json.dumps(value), side)


@pytest.mark.parametrize("case", CASES, ids=[f"{c['op']}/{c['name']}" for c in CASES])
def test_vector(case: dict[str, Any]) -> None:
    run = OPS[case["op"]]
    if "refused" in case:
        with pytest.raises(McpMappingError) as caught:
            run(case)
        assert caught.value.pointer == case["refused"], caught.value
        return
    _check(SIDES[case["op"]][0], case["input"])
    out, warnings = run(case)
    assert _jcs(out) == _jcs(case["output"])
    assert [w.pointer for w in warnings] == case["warnings"]
    _check(SIDES[case["op"]][1], out)
    if case["op"] in REVERSE and not warnings and case["name"] not in NOT_IDENTICAL:
        back, more = REVERSE[case["op"]](out, case)
        assert more == []
        assert _jcs(back) == _jcs(case["input"])


def test_every_op_has_cases_and_every_refusal_kind_is_covered() -> None:
    assert {c["op"] for c in CASES} == set(OPS)
    assert sum("refused" in c for c in CASES) >= 15


def test_refusals_name_the_value_and_say_why() -> None:
    with pytest.raises(McpMappingError) as caught:
        call_result_to_tool_result(
            {"content": [{"type": "image", "data": "not base64!", "mimeType": "image/png"}]}, "c"
        )
    assert str(caught.value).startswith("/content/0/data: does not match")
