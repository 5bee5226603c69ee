"""The bundler: one document, every type under ``$defs``, every reference local."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.conftest import REPO_ROOT, SCHEMA_DIR
from wirechat_codegen.bundle import bundle
from wirechat_codegen.generate import BASE_URI
from wirechat_codegen.schema_files import SchemaFile, load_schema_dir


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        found = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return found + [ref for value in node.values() for ref in _refs(value)]
    if isinstance(node, list):
        return [ref for item in node for ref in _refs(item)]
    return []


def test_every_reference_is_local_and_resolves() -> None:
    document = bundle(load_schema_dir(SCHEMA_DIR), BASE_URI + "wirechat.schema.json")
    for ref in _refs(document):
        assert ref.startswith("#/$defs/")
        assert ref.removeprefix("#/$defs/") in document["$defs"]


def test_every_file_and_nested_definition_becomes_a_def() -> None:
    files = load_schema_dir(SCHEMA_DIR)
    document = bundle(files, BASE_URI + "wirechat.schema.json")
    expected = {f.title for f in files} | {name for f in files for name in f.document.get("$defs", {})}
    assert set(document["$defs"]) == expected
    assert list(document["$defs"]) == sorted(expected), "deterministic order"


def test_the_committed_bundle_is_the_bundle() -> None:
    committed = json.loads((REPO_ROOT / "python/src/wirechat/_generated/wirechat.schema.json").read_text())
    committed.pop("$comment")
    assert committed == bundle(load_schema_dir(SCHEMA_DIR), BASE_URI + "wirechat.schema.json")


def test_a_type_defined_twice_is_refused(tmp_path: Any) -> None:
    files = load_schema_dir(SCHEMA_DIR)
    twin = SchemaFile("twin.schema.json", tmp_path / "twin.schema.json", {"title": "Role", "type": "string"})
    with pytest.raises(KeyError, match="defined twice"):
        bundle([*files, twin], "x")


def test_a_reference_to_an_unknown_file_is_refused(tmp_path: Any) -> None:
    broken = SchemaFile("a.schema.json", tmp_path, {"title": "A", "properties": {"b": {"$ref": "b.schema.json"}}})
    with pytest.raises(KeyError, match="unknown file"):
        bundle([broken], "x")
