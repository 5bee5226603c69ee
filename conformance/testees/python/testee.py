"""The Python testee of the wirechat conformance suite: the line protocol over stdin/stdout.

One request per line (a JSON object), one response per line, in order; the protocol is documented in
conformance/README.md and docs/decisions/007-conformance-protocol.md. Only the public API of the
``wirechat`` package is used: ``decode``, ``encode``, ``canonical``, ``add_usage``, ``parse_arguments``,
``build_arguments``, ``fold``, the errors of ``wirechat.stream``, ``wirechat.tolerant.decode_tolerant`` and the
tool-loop helpers and checks (``merge_consecutive``, ``find_tool_call``, ``find_tool_result``,
``check_tool_result``, ``check_tool_loop_state``).

``--engine`` picks the decoder: ``checked`` (the default: ``wirechat.decode``, pydantic models), ``fast``
(``wirechat.fast``, msgspec Structs) or ``both``, which decodes through each and answers an ``error`` when
they differ in any way (canonical form, encoding, problems and their messages). The runner starts this
file twice, as the testees ``python`` (checked) and ``python-fast`` (fast), so each engine is held to the
cases and to the other languages on its own (docs/decisions/025-testee-speed-and-bench-report.md);
``both`` is for debugging a disagreement. A ``mode: tolerant`` decode (spec section 12) goes to
``decode_tolerant``, which is built on the checked engine, whatever the engine.
"""

from __future__ import annotations

import base64
import json
import sys
from typing import Any

import wirechat
from wirechat import fast
from wirechat.stream import IncompleteStreamError, MalformedStreamError, StreamFailedError
from wirechat.tolerant import decode_tolerant

LANGUAGE = "python"
_WIRE_NAMES = frozenset(wirechat.__all__)


def _document(request: dict[str, Any]) -> bytes:
    if "base64" in request:
        return base64.b64decode(request["base64"])
    text: str = request["text"]
    return text.encode("utf-8", "surrogatepass")


def _wire_type(name: str) -> Any:
    wire_type = getattr(wirechat, name, None)
    if name not in _WIRE_NAMES or wire_type is None:
        raise LookupError(f"no wire type named {name!r}")
    return wire_type


def _problem(problem: wirechat.Problem) -> dict[str, Any]:
    answer: dict[str, Any] = {"pointer": problem.pointer, "message": problem.message, "rule": problem.rule}
    if problem.line is not None:  # text faults only (spec section 5.1)
        answer["line"], answer["column"] = problem.line, problem.column
    return answer


def _problems(error: wirechat.WireError) -> dict[str, Any]:
    return {"ok": False, "problems": [_problem(p) for p in error.problems]}


def _text(data: bytes) -> str:
    return data.decode("utf-8")


def _decode_checked(request: dict[str, Any]) -> dict[str, Any]:
    wire_type = _wire_type(request["type"])
    try:
        value = wirechat.decode(_document(request), wire_type, max_bytes=request.get("max_bytes"))
    except wirechat.WireError as error:
        return _problems(error)
    encoded = wirechat.encode(value, wire_type)
    return {"ok": True, "canonical": _text(wirechat.canonical(value)), "encoded": _text(encoded)}


def _decode_tolerant(request: dict[str, Any]) -> dict[str, Any]:
    """Spec section 12's tolerant reader: what this version does not know is kept and written back."""
    wire_type = _wire_type(request["type"])
    try:
        read = decode_tolerant(_document(request), wire_type, max_bytes=request.get("max_bytes"))
    except wirechat.WireError as error:
        return _problems(error)
    return {"ok": True, "canonical": _text(read.canonical()), "encoded": _text(read.encode())}


def _decode_fast(request: dict[str, Any]) -> dict[str, Any]:
    _wire_type(request["type"])  # the same refusal of an unknown name
    fast_type = getattr(fast, request["type"])
    try:
        value = fast.decode(_document(request), fast_type, max_bytes=request.get("max_bytes"))
    except wirechat.WireError as error:
        return _problems(error)
    # the value is fresh from decode: encode need not check it again
    return {"ok": True, "canonical": _text(fast.canonical(value)), "encoded": _text(fast.encode(value, check=False))}


ENGINE = "checked"


def op_decode(request: dict[str, Any]) -> dict[str, Any]:
    if request.get("mode") == "tolerant":
        return _decode_tolerant(request)
    if ENGINE == "checked":
        return _decode_checked(request)
    if ENGINE == "fast":
        return _decode_fast(request)
    checked, quick = _decode_checked(request), _decode_fast(request)
    # The encodings may spell a number differently (1e+21, 1e21): they must hold the same value.
    if checked.get("encoded") is not None and quick.get("encoded") is not None:
        same_value = json.loads(checked["encoded"]) == json.loads(quick["encoded"])
        quick = {**quick, "encoded": checked["encoded"]} if same_value else quick
    if checked != quick:
        raise AssertionError(f"the engines disagree: checked {json.dumps(checked)}, fast {json.dumps(quick)}")
    return checked


def op_add_usage(request: dict[str, Any]) -> dict[str, Any]:
    try:
        left = wirechat.decode(request["a"], wirechat.TokenUsage)
        right = wirechat.decode(request["b"], wirechat.TokenUsage)
        total = wirechat.add_usage(left, right)
    except wirechat.WireError as error:
        return _problems(error)
    except ValueError as error:  # a sum past 2^53-1 fails the model's bound
        return {"ok": False, "problems": [{"pointer": "", "message": str(error).splitlines()[0]}]}
    return {"ok": True, "canonical": _text(wirechat.canonical(total))}


def op_parse_arguments(request: dict[str, Any]) -> dict[str, Any]:
    try:
        value = wirechat.parse_arguments(request["text"])
    except wirechat.ToolArgumentsError as error:
        return {"ok": False, "problems": [{"pointer": "", "message": str(error)}]}
    return {"ok": True, "canonical": _text(wirechat.canonical(value))}


def op_build_arguments(request: dict[str, Any]) -> dict[str, Any]:
    value = json.loads(request["value"])
    try:
        text = wirechat.build_arguments(value)
    except wirechat.ToolArgumentsError as error:
        return {"ok": False, "problems": [{"pointer": "", "message": str(error)}]}
    return {"ok": True, "arguments": text}


def op_fold(request: dict[str, Any]) -> dict[str, Any]:
    try:
        events = [wirechat.decode(text, wirechat.StreamEvent) for text in request["events"]]
        response = wirechat.fold(events)
    except wirechat.WireError as error:
        return _problems(error)
    except (StreamFailedError, IncompleteStreamError, MalformedStreamError) as error:
        kind = {StreamFailedError: "failed", IncompleteStreamError: "incomplete"}.get(type(error), "malformed")
        usage = None if error.usage is None else _text(wirechat.canonical(error.usage))
        return {
            "ok": False,
            "fold_error": kind,
            "message": str(error),
            "partial": _text(wirechat.canonical(error.partial)),
            "usage": usage,
        }
    return {"ok": True, "canonical": _text(wirechat.canonical(response))}


def op_mcp_map(request: dict[str, Any]) -> dict[str, Any]:
    """One MCP mapping (spec section 13): its output's RFC 8785 text and the pointers it dropped, or the
    pointer of the value it refused."""
    from wirechat import mcp  # noqa: PLC0415 (loaded on the first MCP case only)

    value = json.loads(request["input"])
    mappings = {
        "tool_to_definition": lambda: mcp.tool_to_definition(value),
        "definition_to_tool": lambda: mcp.definition_to_tool(value),
        "call_result_to_tool_result": lambda: mcp.call_result_to_tool_result(value, request["tool_call_id"]),
        "tool_result_to_call_result": lambda: mcp.tool_result_to_call_result(value),
        "jsonrpc_to_tool_result": lambda: mcp.jsonrpc_to_tool_result(value, request["tool_call_id"]),
        "tool_result_to_jsonrpc": lambda: mcp.tool_result_to_jsonrpc(value, request["request_id"]),
    }
    try:
        output, warnings = mappings[request["mapping"]]()
    except mcp.McpMappingError as refusal:
        return {"ok": False, "refused": refusal.pointer, "message": str(refusal)}
    return {"ok": True, "canonical": _text(wirechat.canonical(output)), "warnings": [w.pointer for w in warnings]}


def _found(found: wirechat.Found | None) -> Any:
    return None if found is None else {"message": found.message, "part": found.part, "value": _plain(found.value)}


def _plain(model: Any) -> Any:
    return json.loads(wirechat.encode(model))


def op_tool_loop(request: dict[str, Any]) -> dict[str, Any]:
    """One tool-loop helper or check (spec section 14): a helper's value as RFC 8785 text, or a check's
    problems (none: ``ok``). The documents are valid by the protocol: one that does not decode is an error."""
    helper = request["helper"]
    checks = {
        "check_tool_result": (wirechat.check_tool_result, wirechat.ToolResult, "result"),
        "check_tool_loop_state": (wirechat.check_tool_loop_state, wirechat.ToolLoopState, "state"),
    }
    if helper in checks:
        check, wire_type, key = checks[helper]
        value = wirechat.decode(request[key], wire_type)
        try:
            check(value)
        except wirechat.WireError as error:
            return _problems(error)
        return {"ok": True}
    messages = [wirechat.decode(text, wirechat.Message) for text in request["messages"]]
    if helper == "merge_consecutive":
        result: Any = [_plain(message) for message in wirechat.merge_consecutive(messages)]
    elif helper == "find_tool_call":
        result = _found(wirechat.find_tool_call(messages, request["tool_call_id"]))
    elif helper == "find_tool_result":
        result = _found(wirechat.find_tool_result(messages, request["tool_call_id"]))
    else:
        raise LookupError(f"no tool-loop helper {helper!r}")
    return {"ok": True, "canonical": _text(wirechat.canonical(result))}


def op_hello(request: dict[str, Any]) -> dict[str, Any]:
    language = LANGUAGE if ENGINE == "checked" else f"{LANGUAGE}-{ENGINE}"
    return {"ok": True, "language": language, "protocol": 1}


OPERATIONS = {
    "mcp_map": op_mcp_map,
    "hello": op_hello,
    "decode": op_decode,
    "add_usage": op_add_usage,
    "parse_arguments": op_parse_arguments,
    "build_arguments": op_build_arguments,
    "fold": op_fold,
    "tool_loop": op_tool_loop,
}


def answer(line: bytes) -> dict[str, Any]:
    request = json.loads(line)
    operation = OPERATIONS.get(request.get("op"))
    try:
        if operation is None:
            raise LookupError(f"unknown op {request.get('op')!r}")
        response = operation(request)
    except Exception as exc:
        response = {"error": f"{type(exc).__name__}: {exc}"}
    response["id"] = request.get("id")
    return response


def main() -> int:
    global ENGINE  # noqa: PLW0603 (set once, from the command line)
    if sys.argv[1:2] == ["--engine"] and sys.argv[2:3] in (["both"], ["checked"], ["fast"]):
        ENGINE = sys.argv[2]
    elif sys.argv[1:]:
        print("usage: testee.py [--engine both|checked|fast]", file=sys.stderr)
        return 2
    out = sys.stdout
    stdin = sys.stdin.buffer
    while True:
        line = stdin.readline()
        if not line:
            return 0
        if not line.strip():
            continue
        out.write(json.dumps(answer(line), separators=(",", ":")) + "\n")
        out.flush()


if __name__ == "__main__":
    sys.exit(main())
