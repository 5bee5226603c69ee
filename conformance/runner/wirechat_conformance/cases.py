"""The corpus: case files (``conformance/cases/**/*.json``) and the schema's examples, as ``Case`` values.

A case file is checked against ``conformance/cases.schema.json`` and the corpus rules in
``wirechat_conformance.check`` before any case runs; a malformed file stops the run (``CaseFileError``).
The schema's examples (``schema/<version>/examples/<Type>/{valid,invalid}/*.json``, the run's schema
version) are read as cases at run time, so the corpus never holds a copy of them.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rfc8785

from wirechat_conformance.check import check_files

__all__ = ["Case", "CaseFileError", "jcs", "jcs_text", "load_cases", "load_examples", "load_file"]


class CaseFileError(ValueError):
    """A case file that is not well formed; ``problems`` lists ``file: where: what`` lines."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


def jcs(value: Any) -> str:
    """RFC 8785 text of a JSON value."""
    return rfc8785.dumps(value).decode("utf-8")


def jcs_text(text: str) -> str:
    """RFC 8785 text of a JSON text (parsed by Python's ``json``, which the corpus only uses on I-JSON)."""
    return jcs(json.loads(text))


@dataclass(frozen=True)
class Case:
    """One conformance case: a request every language answers, and the verdict it must give."""

    id: str
    op: str
    description: str
    category: str  # the matrix column: the wire type of a decode case, else the operation
    valid: bool
    request: dict[str, Any] = field(repr=False)
    expected: str | None = field(default=None, repr=False)  # RFC 8785 text of the result, for valid cases
    citation: str | None = None  # for an invalid case: the rule it breaks, in the spec's words
    rule: str | None = None  # for an invalid decode case: the machine name every language's problems use
    pointer: str | None = None
    fold_error: str | None = None
    partial: str | None = field(default=None, repr=False)
    usage: str | None = field(default=None, repr=False)
    checks_usage: bool = False
    warnings: tuple[str, ...] | None = None  # for an MCP mapping: the pointers of what it dropped, in order
    arguments_text: str | None = None  # for build_arguments: the exact text (spec section 6), not only its value
    loop_problems: tuple[tuple[str, str], ...] | None = None  # for a tool-loop check: (pointer, rule) in order
    source: str = ""


def _set_pointer(document: Any, pointer: str, value: Any) -> None:
    tokens = [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]]
    target = document
    for token in tokens[:-1]:
        target = target[int(token)] if isinstance(target, list) else target[token]
    last = tokens[-1]
    if isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value


def _document_request(raw: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    """The decode request's document member and the document's JSON value (None for invalid text)."""
    if "base64" in raw:
        return {"base64": raw["base64"]}, None
    if "text" in raw:
        return {"text": raw["text"]}, raw["text"]
    document = json.loads(json.dumps(raw["document"]))  # a copy to expand
    for expansion in raw.get("expand", []):
        _set_pointer(document, expansion["pointer"], expansion["unit"] * expansion["count"])
    return {"text": json.dumps(document, ensure_ascii=False, separators=(",", ":"))}, document


def _mode(raw: dict[str, Any]) -> dict[str, str]:
    """``mode: tolerant`` (spec section 12) goes to the testee; the default, strict, is not sent."""
    return {"mode": raw["mode"]} if raw.get("mode", "strict") != "strict" else {}


def _limit(raw: dict[str, Any]) -> dict[str, int]:
    """``max_bytes`` (spec section 5.3) goes to the testee when the case sets one."""
    return {"max_bytes": raw["max_bytes"]} if "max_bytes" in raw else {}


def _decode_case(case_id: str, raw: dict[str, Any], source: str) -> Case:
    member, document = _document_request(raw)
    expected = None
    if raw["valid"]:
        if "result" in raw:
            expected = jcs(raw["result"])
        else:
            expected = jcs_text(document) if isinstance(document, str) else jcs(document)
    return Case(
        id=case_id,
        op="decode",
        description=raw["description"],
        category=raw["type"],
        valid=raw["valid"],
        request={"op": "decode", "type": raw["type"], **member, **_mode(raw), **_limit(raw)},
        expected=expected,
        citation=raw.get("citation"),
        rule=raw.get("rule"),
        pointer=raw.get("pointer"),
        source=source,
    )


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


MCP_OPS = (
    "tool_to_definition",
    "definition_to_tool",
    "call_result_to_tool_result",
    "tool_result_to_call_result",
    "jsonrpc_to_tool_result",
    "tool_result_to_jsonrpc",
)
"""The MCP mappings (spec section 13), each a case op; every testee answers them through its op ``mcp_map``."""


def _mcp_case(case_id: str, raw: dict[str, Any], source: str) -> Case:
    request = {"op": "mcp_map", "mapping": raw["op"], "input": _compact(raw["input"])}
    for key in ("tool_call_id", "request_id"):
        if key in raw:
            request[key] = raw[key]
    refused = "refused" in raw
    return Case(
        id=case_id,
        op=raw["op"],
        description=raw["description"],
        category="mcp",
        valid=not refused,
        request=request,
        expected=None if refused else jcs(raw["output"]),
        citation="spec section 13: a value the mapping cannot carry is refused, naming it" if refused else None,
        pointer=raw.get("refused"),
        warnings=None if refused else tuple(raw["warnings"]),
        source=source,
    )


def _behaviour_case(case_id: str, raw: dict[str, Any], source: str) -> Case:
    op = raw["op"]
    if op == "add_usage":
        request = {"op": op, "a": _compact(raw["a"]), "b": _compact(raw["b"])}
    elif op == "parse_arguments":
        request = {"op": op, "text": raw["text"]}
    elif op == "build_arguments":
        request = {"op": op, "value": _compact(raw["value"])}
    else:
        request = {"op": op, "events": [_compact(event) for event in raw["events"]]}
    return Case(
        id=case_id,
        op=op,
        description=raw["description"],
        category=op,
        valid=raw["valid"],
        request=request,
        expected=jcs(raw["result"]) if "result" in raw else None,
        citation=raw.get("citation"),
        fold_error=raw.get("fold_error"),
        arguments_text=raw.get("arguments_text"),
        partial=jcs(raw["partial"]) if "partial" in raw else None,
        usage=None if raw.get("usage") is None else jcs(raw["usage"]),
        checks_usage="usage" in raw,
        source=source,
    )


def load_file(path: Path, base: Path) -> list[Case]:
    """The cases of one (already checked) case file; ids are relative to ``base``."""
    data = json.loads(path.read_text(encoding="utf-8"))
    prefix = path.relative_to(base).with_suffix("").as_posix()
    cases = []
    for raw in data["cases"]:
        case_id = f"{prefix}/{raw['name']}"
        if raw["op"] == "decode":
            cases.append(_decode_case(case_id, raw, str(path)))
        elif raw["op"] in MCP_OPS:
            cases.append(_mcp_case(case_id, raw, str(path)))
        else:
            cases.append(_behaviour_case(case_id, raw, str(path)))
    return cases


RESOURCE_FOLDER = "resource"  # <cases>/resource/ holds the resource suite's rows, not cases


def case_files(folders: Iterable[Path]) -> list[tuple[Path, Path]]:
    """Every ``*.json`` under each folder (but its ``resource/`` rows), as (file, folder) pairs in a stable order."""
    found = []
    for folder in folders:
        rows = folder / RESOURCE_FOLDER
        found += [(path, folder) for path in sorted(folder.rglob("*.json")) if rows not in path.parents]
    return found


def load_cases(folders: Iterable[Path], schema_path: Path) -> list[Case]:
    """Check and load every case file under ``folders``; raises ``CaseFileError`` listing every problem."""
    files = case_files(folders)
    problems = check_files([path for path, _ in files], schema_path)
    if problems:
        raise CaseFileError(problems)
    cases = []
    for path, folder in files:
        cases += load_file(path, folder)
    return cases


def _example_description(type_name: str, stem: str, valid: bool) -> str:
    words = stem.replace("_", " ")
    return f"schema example of {'a valid' if valid else 'an invalid'} {type_name}: {words}"


def load_examples(examples: Path) -> list[Case]:
    """The schema's examples as cases (``examples/<Type>/valid/<name>``), read from the files themselves."""
    cases = []
    for path in sorted(examples.glob("*/*/*.json")):
        type_name, verdict, stem = path.parent.parent.name, path.parent.name, path.stem
        case_id = f"examples/{type_name}/{verdict}/{stem}"
        if verdict == "valid":
            text = path.read_text(encoding="utf-8")
            raw = {"type": type_name, "text": text, "valid": True}
        else:
            wrapper = json.loads(path.read_text(encoding="utf-8"))
            raw = {"type": type_name, "document": wrapper["document"], "valid": False}
            raw |= {"citation": wrapper["reason"], "pointer": wrapper["pointer"]}
        raw["description"] = _example_description(type_name, stem, verdict == "valid")
        cases.append(_decode_case(case_id, raw, str(path)))
    return cases


def document_bytes(case: Case) -> bytes:
    """The exact bytes a decode case sends (for writing a case out, or for tests)."""
    if "base64" in case.request:
        return base64.b64decode(case.request["base64"])
    text: str = case.request["text"]
    return text.encode("utf-8")
