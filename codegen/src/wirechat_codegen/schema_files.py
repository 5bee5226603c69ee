"""Load the per-type schema files of one wire-format version from disk.

A version folder (``schema/v1``) holds one ``<snake_name>.schema.json`` file per type. Loading only reads
and parses; the lint (``lint.py``) decides whether what was read follows the house rules.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA_SUFFIX = ".schema.json"


class SchemaLoadError(Exception):
    """A schema file could not be read or is not a JSON object."""


@dataclass(frozen=True)
class SchemaFile:
    """One parsed schema file: its name within the version folder and its JSON document."""

    name: str
    path: Path
    document: dict[str, Any]

    @property
    def title(self) -> str:
        title = self.document.get("title")
        return title if isinstance(title, str) else ""


def _reject_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"duplicate key {key!r}")
        result[key] = value
    return result


def load_schema_dir(directory: Path) -> list[SchemaFile]:
    """Parse every ``*.schema.json`` file in ``directory``, sorted by file name."""
    if not directory.is_dir():
        raise SchemaLoadError(f"{directory}: not a directory")
    files: list[SchemaFile] = []
    for path in sorted(directory.glob("*" + SCHEMA_SUFFIX)):
        try:
            document = json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=_reject_duplicate_keys)
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise SchemaLoadError(f"{path}: {exc}") from exc
        if not isinstance(document, dict):
            raise SchemaLoadError(f"{path}: a schema file must hold a JSON object")
        files.append(SchemaFile(name=path.name, path=path, document=document))
    if not files:
        raise SchemaLoadError(f"{directory}: no *{SCHEMA_SUFFIX} files")
    return files
