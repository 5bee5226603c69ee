"""``wirechat-conformance --list [--type NAME]``: everything the checkout holds about a wire type, for a
newcomer: its schema file, its generated definitions in Python, TypeScript and Go (file:line, found by
scanning the generated files), its examples, every corpus case and behaviour vector that decodes it, and
its property rounds. Without ``--type``, one line per type with the counts.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from wirechat_conformance.bundle import type_names
from wirechat_conformance.cases import Case, load_cases
from wirechat_conformance.loop_vectors import load_loop_vectors
from wirechat_conformance.mutations import mutations
from wirechat_conformance.paths import Layout
from wirechat_conformance.rounds import CHECKS

__all__ = ["BEHAVIOUR_TYPES", "definitions_in_code", "list_text", "schema_file", "type_text"]

# The wire types a behaviour vector decodes (its inputs, events or result), by operation.
BEHAVIOUR_TYPES = {
    "add_usage": ("TokenUsage",),
    "fold": ("StreamEvent", "ChatResponse", "Message"),
    "parse_arguments": ("ToolCall",),
    "tool_to_definition": ("ToolDefinition",),
    "definition_to_tool": ("ToolDefinition",),
    "call_result_to_tool_result": ("ToolResult",),
    "tool_result_to_call_result": ("ToolResult",),
    "jsonrpc_to_tool_result": ("ToolResult",),
    "tool_result_to_jsonrpc": ("ToolResult",),
    "build_arguments": ("ToolCall",),
    "merge_consecutive": ("Message",),
    "find_tool_call": ("Message", "ToolCall"),
    "find_tool_result": ("Message", "ToolResult"),
    "check_tool_result": ("ToolResult",),
    "check_tool_loop_state": ("ToolLoopState",),
}

# Where each language's generated code lives, and how a definition of NAME starts there.
GENERATED = {
    "python": ("python/src/wirechat/_generated", "*.py", r"^class {name}\b|^{name}\s*(: \w+)?\s*="),
    "typescript": ("typescript/src/generated", "*.ts", r'^export (type|interface|const) {name}\b|^    "{name}": \{{'),
    "go": ("go/internal/wire", "*_gen.go", r"^type {name}\b"),
}


def schema_file(layout: Layout, name: str) -> str | None:
    """``schema/vN/file.schema.json`` (with ``#/$defs/NAME`` when the type is one of its definitions)."""
    for path in sorted(layout.schema.glob("*.schema.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        relative = path.relative_to(layout.root).as_posix()
        if document.get("title") == name:
            return relative
        if name in document.get("$defs", {}):
            return f"{relative}#/$defs/{name}"
    return None


def definitions_in_code(layout: Layout, name: str) -> dict[str, list[str]]:
    """Per language, ``file:line`` of each generated definition of ``name``."""
    found: dict[str, list[str]] = {}
    for language, (folder, pattern, start) in GENERATED.items():
        regex = re.compile(start.format(name=re.escape(name)))
        places = []
        for path in sorted((layout.root / folder).glob(pattern)):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                if regex.search(line):
                    places.append(f"{path.relative_to(layout.root).as_posix()}:{number}")
        found[language] = places
    return found


def _examples(layout: Layout, name: str) -> list[Path]:
    return sorted((layout.examples / name).glob("*/*.json"))


def _decoding(cases: Iterable[Case], name: str) -> tuple[list[Case], list[Case]]:
    decode = [case for case in cases if case.op == "decode" and case.category == name]
    behaviour = [case for case in cases if name in BEHAVIOUR_TYPES.get(case.op, ())]
    return decode, behaviour


def _mutation_kinds(layout: Layout, name: str) -> list[str]:
    kinds: set[str] = set()
    for path in _examples(layout, name):
        if path.parent.name == "valid":
            kinds |= {site.kind for site in mutations(name, json.loads(path.read_text(encoding="utf-8")))}
    return sorted(kinds)


def _verdict(case: Case) -> str:
    if case.valid:
        return "valid"
    where = f" at {case.pointer or '(root)'}" if case.pointer is not None else ""
    return f"invalid: {case.rule or 'rules compared'}{where}"


def type_text(layout: Layout, name: str) -> str:
    """Everything about one wire type, as text."""
    lines = [f"{name}  (schema {layout.schema_version})", f"  schema     {schema_file(layout, name) or 'not found'}"]
    for language, places in definitions_in_code(layout, name).items():
        lines.append(f"  {language:<10} {', '.join(places) or 'no generated definition found'}")
    examples = _examples(layout, name)
    lines.append(f"  examples   {len(examples)}")
    lines += [f"    {path.relative_to(layout.root).as_posix()}" for path in examples]
    corpus = load_cases([layout.cases], layout.case_schema) + load_loop_vectors(layout.tool_loop_vectors)
    decode, behaviour = _decoding(corpus, name)
    lines.append(f"  corpus     {len(decode)} decode cases")
    lines += [f"    {case.id}  ({_verdict(case)}): {case.description}" for case in decode]
    lines.append(f"  behaviour  {len(behaviour)} vectors that decode {name}")
    lines += [f"    {case.id}  ({case.op}): {case.description}" for case in behaviour]
    kinds = _mutation_kinds(layout, name)
    lines.append("  property   " + ", ".join(f"property/{name}/{check}" for check in CHECKS if check != "mutation"))
    lines.append(
        f"             property/{name}/mutation/<kind>: "
        + (", ".join(kinds) if kinds else "(no mutation applies to its examples)")
        + " (kinds found on its valid examples; generated instances may add others)"
    )
    lines.append(f"  run        wirechat conformance --types {name} --examples 200")
    return "\n".join(lines)


def list_text(layout: Layout, name: str | None = None) -> str:
    """``type_text`` for ``name``, or one line per wire type when it is None; raises ``LookupError``."""
    names = type_names()
    if name is not None:
        if name not in names:
            close = [other for other in names if other.lower().startswith(name.lower()[:3])]
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            raise LookupError(f"--type {name}: no wire type of that name{hint}; --list shows them all")
        return type_text(layout, name)
    cases = load_cases([layout.cases], layout.case_schema)
    counts = Counter(case.category for case in cases if case.op == "decode")
    lines = [f"{'type':<24} {'schema file':<44} {'examples':>8} {'cases':>6}"]
    for type_name in names:
        schema = (schema_file(layout, type_name) or "-").removeprefix(f"schema/{layout.schema_version}/")
        examples = len(_examples(layout, type_name))
        lines.append(f"{type_name:<24} {schema:<44} {examples:>8} {counts[type_name]:>6}")
    lines.append(f"{len(names)} wire types (schema {layout.schema_version}); --list --type NAME for one in full")
    return "\n".join(lines)
