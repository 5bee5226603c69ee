"""The tool-loop vectors (``conformance/vectors/tool-loop.json``, spec section 14) as cases, read from the file
itself at run time (no copy in the corpus), the way the schema's examples are.

Each vector names a helper (``op``: ``merge_consecutive``, ``find_tool_call``, ``find_tool_result``,
``check_tool_result``, ``check_tool_loop_state``), its ``args`` (wire documents) and either the ``result`` (the
merged messages, or ``{"message", "part", "value"}`` / null for a search) or the ``problems`` a check reports
(``[pointer, rule]`` pairs in section 5.2 order). Testees answer them through one op, ``tool_loop``
(conformance/README.md, the line protocol): ``helper`` is the vector's op, every document travels as text.
Case ids are ``vectors/tool-loop/<name>``, all in the matrix category ``tool_loop``; a check that reports no
problem is a valid case, one that reports some is an invalid case judged by its whole problem list.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from wirechat_conformance.cases import Case, CaseFileError, jcs

__all__ = ["CATEGORY", "CHECKS", "HELPERS", "load_loop_vectors"]

CATEGORY = "tool_loop"
CHECKS = ("check_tool_result", "check_tool_loop_state")
"""The helpers that answer with a problem list (spec section 14.1 and 14.3)."""
SEARCHES = ("find_tool_call", "find_tool_result")
HELPERS = ("merge_consecutive", *SEARCHES, *CHECKS)
"""Every helper the vectors exercise; each is one value of the request's ``helper``."""
_ARGS = {
    "merge_consecutive": {"messages"},
    "find_tool_call": {"messages", "id"},
    "find_tool_result": {"messages", "id"},
    "check_tool_result": {"result"},
    "check_tool_loop_state": {"state"},
}


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _request(helper: str, args: dict[str, Any]) -> dict[str, Any]:
    """The ``tool_loop`` request: documents as text; the vector's ``id`` travels as ``tool_call_id``, since
    ``id`` is the protocol's own request id."""
    request: dict[str, Any] = {"op": "tool_loop", "helper": helper}
    if "messages" in args:
        request["messages"] = [_text(message) for message in args["messages"]]
    if "id" in args:
        request["tool_call_id"] = args["id"]
    for key in ("result", "state"):
        if key in args:
            request[key] = _text(args[key])
    return request


def _check(raw: Any, where: str, seen: set[str]) -> list[str]:
    """What is wrong with one vector (empty when it is well formed)."""
    if not isinstance(raw, dict):
        return [f"{where}: a vector is an object"]
    name, helper, args = raw.get("name"), raw.get("op"), raw.get("args")
    problems = []
    if not isinstance(name, str) or not name:
        problems.append(f"{where}: no name")
    if not isinstance(raw.get("description"), str) or not raw["description"]:
        problems.append(f"{where}: no description")
    elif name in seen:
        problems.append(f"{where}: the name {name!r} is used twice")
    if helper not in _ARGS:
        problems.append(f"{where}: op {helper!r} is none of {', '.join(HELPERS)}")
    elif not isinstance(args, dict) or set(args) != _ARGS[helper]:
        problems.append(f"{where}: {helper} takes args {sorted(_ARGS[helper])}, not {sorted(args or {})}")
    answer = "problems" if helper in CHECKS else "result"
    if helper in _ARGS and answer not in raw:
        problems.append(f"{where}: a {helper} vector states its {answer!r}")
    if answer == "problems" and not all(
        isinstance(pair, list) and len(pair) == 2 and all(isinstance(item, str) for item in pair)
        for pair in raw.get("problems") or []
    ):
        problems.append(f"{where}: problems are [pointer, rule] pairs")
    return problems


def _case(raw: dict[str, Any], source: str) -> Case:
    helper = raw["op"]
    problems = tuple((pointer, rule) for pointer, rule in raw.get("problems") or [])
    valid = helper not in CHECKS or not problems
    return Case(
        id=f"vectors/tool-loop/{raw['name']}",
        op=helper,
        description=raw["description"],
        category=CATEGORY,
        valid=valid,
        request=_request(helper, raw["args"]),
        expected=None if helper in CHECKS else jcs(raw["result"]),
        citation=None if valid else "spec section 14: the check reports these problems, in section 5.2 order",
        loop_problems=problems if helper in CHECKS else None,
        source=source,
    )


def load_loop_vectors(path: Path) -> list[Case]:
    """The vectors of ``path`` as cases; raises ``CaseFileError`` listing every malformed vector."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CaseFileError([f"{path}: cannot read the tool-loop vectors: {exc}"]) from None
    vectors = data.get("cases") if isinstance(data, dict) else None
    if not isinstance(vectors, list):
        raise CaseFileError([f"{path}: no 'cases' list"])
    problems: list[str] = []
    seen: set[str] = set()
    for index, raw in enumerate(vectors):
        problems += _check(raw, f"{path}: cases[{index}]", seen)
        if isinstance(raw, dict) and isinstance(raw.get("name"), str):
            seen.add(raw["name"])
    if problems:
        raise CaseFileError(problems)
    return [_case(raw, str(path)) for raw in vectors]
