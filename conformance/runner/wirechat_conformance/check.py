"""The corpus check: every case file is valid against ``cases.schema.json`` and follows the corpus rules.

Rules beyond the schema (after JSON-Schema-Test-Suite's ``check``): names and descriptions are unique
within a file; descriptions state facts (no "should"); a decode case names a wire type that exists; a
valid ``text`` document is JSON; ``base64`` is kept for bytes that are not UTF-8 (use ``text`` otherwise);
an ``expand`` pointer names a string of the document; a file is a JSON object with no duplicate names.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import jsonschema

from wirechat_conformance.bundle import definitions

__all__ = ["check_case", "check_files"]

_MODAL = re.compile(r"\b(should|ought)\b", re.IGNORECASE)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    names = [name for name, _ in pairs]
    duplicated = sorted({name for name in names if names.count(name) > 1})
    if duplicated:
        raise ValueError(f"duplicate member name(s) {duplicated}")
    return dict(pairs)


def _resolve_string(document: Any, pointer: str) -> bool:
    target = document
    for escaped in pointer.split("/")[1:]:
        token = escaped.replace("~1", "/").replace("~0", "~")
        if isinstance(target, list) and token.isdigit() and int(token) < len(target):
            target = target[int(token)]
        elif isinstance(target, dict) and token in target:
            target = target[token]
        else:
            return False
    return isinstance(target, str)


def check_case(raw: dict[str, Any]) -> list[str]:
    """The corpus rules a schema-valid case can still break, as ``what`` messages."""
    problems = []
    if _MODAL.search(raw["description"]):
        problems.append("the description states what to expect; write the fact instead (no 'should')")
    if raw["op"] != "decode":
        return problems
    if raw["type"] not in definitions():
        problems.append(f"no wire type named {raw['type']!r}")
    if "text" in raw and raw["valid"]:
        try:
            json.loads(raw["text"])
        except ValueError as exc:
            problems.append(f"a valid case's text is not JSON: {exc}")
    if "base64" in raw:
        try:
            data = base64.b64decode(raw["base64"], validate=True)
        except binascii.Error as exc:
            problems.append(f"base64 does not decode: {exc}")
        else:
            try:
                data.decode("utf-8")
                problems.append("these bytes are UTF-8: write the document as text")
            except UnicodeDecodeError:
                pass
    for expansion in raw.get("expand", []):
        if not _resolve_string(raw.get("document"), expansion["pointer"]):
            problems.append(f"expand pointer {expansion['pointer']!r} does not name a string of the document")
    return problems


_OP_DEFINITIONS = {
    "decode": "DecodeCase",
    "add_usage": "AddUsageCase",
    "parse_arguments": "ParseArgumentsCase",
    "build_arguments": "BuildArgumentsCase",
    "fold": "FoldCase",
    "tool_to_definition": "McpMapCase",
    "definition_to_tool": "McpMapCase",
    "call_result_to_tool_result": "McpMapCase",
    "tool_result_to_call_result": "McpMapCase",
    "jsonrpc_to_tool_result": "McpMapCase",
    "tool_result_to_jsonrpc": "McpMapCase",
}


def _explain(error: jsonschema.ValidationError) -> str:
    """The schema error in words, with the sub-errors of a failed ``not`` / ``if-then`` spelled out."""
    if error.validator == "not":
        return f"has a member it must not have here ({json.dumps(error.validator_value)[:200]})"
    if error.context:
        return "; ".join(sorted({sub.message[:200] for sub in error.context}))
    return str(error.message)[:300]


def check_files(paths: Iterable[Path], schema_path: Path) -> list[str]:
    """Every problem of every file, as ``file: where: what`` lines (empty when the corpus is clean)."""
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    case_validator = jsonschema.Draft202012Validator({"$ref": "#/$defs/Case", "$defs": schema["$defs"]})
    op_validators = {
        op: jsonschema.Draft202012Validator({"$ref": f"#/$defs/{definition}", "$defs": schema["$defs"]})
        for op, definition in _OP_DEFINITIONS.items()
    }
    problems: list[str] = []
    for path in paths:
        try:
            data = json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=_no_duplicates)
        except (ValueError, UnicodeDecodeError) as exc:
            problems.append(f"{path}: not a JSON document: {exc}")
            continue
        for error in sorted(validator.iter_errors(data), key=lambda e: [str(t) for t in e.absolute_path]):
            if len(error.absolute_path) == 2 and error.absolute_path[0] == "cases":
                continue  # a case: explained below against the schema of its op, not as "not valid under any"
            where = "/" + "/".join(str(token) for token in error.absolute_path)
            problems.append(f"{path}: {where}: {error.message[:300]}")
        if not isinstance(data, dict) or not isinstance(data.get("cases"), list):
            continue
        seen_names: set[str] = set()
        seen_descriptions: set[str] = set()
        for index, raw in enumerate(data["cases"]):
            if not case_validator.is_valid(raw):
                op_validator = op_validators.get(str(raw.get("op"))) if isinstance(raw, dict) else None
                if op_validator is None:
                    problems.append(f"{path}: /cases/{index}: op must be one of {sorted(_OP_DEFINITIONS)}")
                    continue
                for error in op_validator.iter_errors(raw):
                    where = "/".join(str(token) for token in error.absolute_path)
                    problems.append(f"{path}: /cases/{index}/{where}: {_explain(error)}")
                continue
            where = f"{path}: /cases/{index} ({raw['name']})"
            if raw["name"] in seen_names:
                problems.append(f"{where}: the name is used twice in this file")
            if raw["description"] in seen_descriptions:
                problems.append(f"{where}: the description is used twice in this file")
            seen_names.add(raw["name"])
            seen_descriptions.add(raw["description"])
            problems += [f"{where}: {message}" for message in check_case(raw)]
    return problems
