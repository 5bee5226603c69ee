"""The schema lint: the real schema is clean, and each house rule catches its breach."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import SCHEMA_DIR
from wirechat_codegen.generate import BASE_URI
from wirechat_codegen.lint import lint, snake_case
from wirechat_codegen.schema_files import SchemaFile, SchemaLoadError, load_schema_dir


def _files() -> list[SchemaFile]:
    return load_schema_dir(SCHEMA_DIR)


def _lint_with(name: str, change: Any) -> list[str]:
    files = []
    for schema_file in _files():
        document = copy.deepcopy(schema_file.document)
        if schema_file.name == name:
            change(document)
        files.append(SchemaFile(schema_file.name, schema_file.path, document))
    return [str(problem) for problem in lint(files, BASE_URI)]


def test_the_schema_is_clean() -> None:
    assert lint(_files(), BASE_URI) == []


def test_snake_case() -> None:
    assert snake_case("ToolCall") == "tool_call"
    assert snake_case("Role") == "role"


def _set(path: list[str | int], value: Any) -> Any:
    def change(document: Any) -> None:
        node = document
        for step in path[:-1]:
            node = node[step]
        node[path[-1]] = value

    return change


def _delete(path: list[str | int]) -> Any:
    def change(document: Any) -> None:
        node = document
        for step in path[:-1]:
            node = node[step]
        del node[path[-1]]

    return change


CASES = [
    ("default", "tool_result.schema.json", _set(["properties", "is_error", "default"], False), "no `default`"),
    ("keyword", "tool_call.schema.json", _set(["properties", "id", "anyOf"], []), "outside the agreed subset"),
    ("camel", "tool_call.schema.json", _set(["properties", "toolName"], {"type": "string"}), "must be snake_case"),
    ("title", "tool_call.schema.json", _set(["title"], "tool_call"), "PascalCase"),
    ("file name", "tool_call.schema.json", _set(["title"], "ToolInvocation"), "tool_invocation.schema.json"),
    ("id", "tool_call.schema.json", _set(["$id"], "https://elsewhere/tool_call.schema.json"), "base URI"),
    ("open object", "tool_call.schema.json", _delete(["additionalProperties"]), "additionalProperties: false"),
    ("required", "tool_call.schema.json", _set(["required"], ["id", "nope"]), "'nope' is not in `properties`"),
    ("unbounded", "token_usage.schema.json", _delete(["properties", "input_tokens", "maximum"]), "needs `maximum`"),
    ("too big", "token_usage.schema.json", _set(["properties", "input_tokens", "maximum"], 2**60), "within"),
    ("float bound", "token_usage.schema.json", _set(["properties", "input_tokens", "minimum"], 0.5), "integer bound"),
    ("nullable", "tool_call.schema.json", _set(["properties", "id", "type"], ["string", "null"]), "one type"),
    ("null", "tool_call.schema.json", _set(["properties", "id", "type"], "null"), "never a wire value"),
    ("lookahead", "reasoning.schema.json", _set(["properties", "issuer", "pattern"], "^(?=a)a$"), "portable"),
    ("digit class", "reasoning.schema.json", _set(["properties", "issuer", "pattern"], "^\\d+$"), "portable"),
    ("unanchored", "reasoning.schema.json", _set(["properties", "issuer", "pattern"], "[a-z]+"), "anchored"),
    ("bad regex", "reasoning.schema.json", _set(["properties", "issuer", "pattern"], "^[a-"), "does not compile"),
    ("format", "tool_call.schema.json", _set(["properties", "id", "format"], "email"), "format 'email'"),
    ("ref", "message.schema.json", _set(["properties", "role", "$ref"], "rol.schema.json"), "does not resolve"),
    ("no discriminator", "part.schema.json", _delete(["discriminator"]), "needs `discriminator"),
    ("untyped union", "part.schema.json", _delete(["type"]), "tagged union must say"),
    ("inline variant", "part.schema.json", _set(["oneOf", 0], {"type": "object"}), "bare `$ref`"),
    ("tag const", "part.schema.json", _delete(["$defs", "TextPart", "properties", "type", "const"]), "`type` as"),
    ("tag twice", "part.schema.json", _set(["$defs", "ImagePart", "properties", "type", "const"], "text"), "already"),
    ("tag optional", "part.schema.json", _set(["$defs", "TextPart", "required"], ["text"]), "must require `type`"),
    ("def title", "part.schema.json", _set(["$defs", "TextPart", "title"], "Text"), "its own name"),
    ("map", "json_object.schema.json", _delete(["additionalProperties"]), "what its members are"),
    ("root only", "tool_call.schema.json", _set(["properties", "id", "$id"], "x"), "root only"),
]


@pytest.mark.parametrize(("label", "file_name", "change", "expected"), CASES, ids=[c[0] for c in CASES])
def test_each_rule_catches_its_breach(label: str, file_name: str, change: Any, expected: str) -> None:
    problems = _lint_with(file_name, change)
    assert any(expected in problem for problem in problems), problems


def test_duplicate_type_names_across_files_are_caught() -> None:
    problems = _lint_with(
        "reasoning.schema.json", _set(["$defs"], {"TextPart": {"title": "TextPart", "type": "string"}})
    )
    assert any("also defined" in problem for problem in problems)


def test_loading_reports_duplicate_keys_and_bad_json(tmp_path: Path) -> None:
    (tmp_path / "a.schema.json").write_text('{"title": "A", "title": "B"}')
    with pytest.raises(SchemaLoadError, match="duplicate key"):
        load_schema_dir(tmp_path)
    (tmp_path / "a.schema.json").write_text("[]")
    with pytest.raises(SchemaLoadError, match="JSON object"):
        load_schema_dir(tmp_path)
    with pytest.raises(SchemaLoadError, match="not a directory"):
        load_schema_dir(tmp_path / "missing")
    (tmp_path / "empty").mkdir()
    with pytest.raises(SchemaLoadError, match=r"no \*\.schema\.json"):
        load_schema_dir(tmp_path / "empty")


def test_every_root_file_parses() -> None:
    for path in SCHEMA_DIR.glob("*.schema.json"):
        assert isinstance(json.loads(path.read_text()), dict)
