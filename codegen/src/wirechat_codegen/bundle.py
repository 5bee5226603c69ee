"""Bundle the per-type schema files into one document whose types all live under ``$defs``.

Tools that cannot follow cross-file references (json-schema-to-typescript, hypothesis-jsonschema, our own
emitters) read the bundle. Every ``$ref`` is rewritten to ``#/$defs/<Title>``: a file reference points at
the file's root type, and a file's own ``$defs`` are hoisted beside it (the lint keeps titles unique).
"""

from __future__ import annotations

import copy
from typing import Any

from wirechat_codegen.schema_files import SCHEMA_SUFFIX, SchemaFile

BUNDLE_FILE_NAME = "wirechat" + SCHEMA_SUFFIX
DIALECT = "https://json-schema.org/draft/2020-12/schema"


def _target(ref: str, current: SchemaFile, titles: dict[str, str]) -> str:
    file_part, _, fragment = ref.partition("#")
    file_name = file_part or current.name
    if fragment.startswith("/$defs/"):
        return "#/$defs/" + fragment[len("/$defs/") :]
    if fragment in ("", "/"):
        if file_name not in titles:
            raise KeyError(f"{current.name}: $ref {ref!r} names an unknown file")
        return "#/$defs/" + titles[file_name]
    raise KeyError(f"{current.name}: $ref {ref!r} is not a file or a $defs entry")


def _rewrite(node: Any, current: SchemaFile, titles: dict[str, str]) -> Any:
    if isinstance(node, dict):
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                out[key] = _target(value, current, titles)
            elif key in ("properties", "$defs") and isinstance(value, dict):
                # Property and definition names are names, not keywords: rewrite only their schemas.
                out[key] = {name: _rewrite(sub, current, titles) for name, sub in value.items()}
            else:
                out[key] = _rewrite(value, current, titles)
        return out
    if isinstance(node, list):
        return [_rewrite(item, current, titles) for item in node]
    return node


def bundle(files: list[SchemaFile], bundle_id: str) -> dict[str, Any]:
    """Return one 2020-12 document holding every type of ``files`` under ``$defs``, sorted by name."""
    titles = {f.name: f.title for f in files}
    defs: dict[str, Any] = {}
    for schema_file in files:
        document = _rewrite(copy.deepcopy(schema_file.document), schema_file, titles)
        nested = document.pop("$defs", {})
        for key in ("$schema", "$id"):
            document.pop(key, None)
        for name, definition in [(schema_file.title, document), *nested.items()]:
            if name in defs:
                raise KeyError(f"{schema_file.name}: type {name!r} is defined twice")
            defs[name] = definition
    return {
        "$schema": DIALECT,
        "$id": bundle_id,
        "title": "Wirechat",
        "description": "Every wirechat type, bundled from the per-type files. Edit those files, not this one.",
        "$defs": dict(sorted(defs.items())),
    }
