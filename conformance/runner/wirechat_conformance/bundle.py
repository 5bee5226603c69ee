"""The bundled wire schema (``wirechat.schema.json`` inside the Python package): type names, ``$defs``, and
the schema version it was generated from (``bundle_version``: the ``vN`` of its ``$id``)."""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any

__all__ = ["bundle_version", "definitions", "resolve", "type_names"]


@cache
def _bundle() -> dict[str, Any]:
    text = (resources.files("wirechat") / "_generated" / "wirechat.schema.json").read_text(encoding="utf-8")
    bundle: dict[str, Any] = json.loads(text)
    return bundle


def bundle_version() -> str | None:
    """The schema version folder the installed package was generated from (``v1``), from the bundle's ``$id``."""
    found = re.search(r"/schema/(v[0-9]+)/", str(_bundle().get("$id", "")))
    return found.group(1) if found else None


def definitions() -> dict[str, Any]:
    """Every wire type's schema, by name (the bundle's ``$defs``)."""
    defs: dict[str, Any] = _bundle()["$defs"]
    return defs


def type_names() -> list[str]:
    """The name of every wire type, sorted."""
    return sorted(definitions())


def resolve(schema: dict[str, Any]) -> dict[str, Any]:
    """Follow ``$ref`` links to the schema they name."""
    while "$ref" in schema:
        schema = definitions()[schema["$ref"].removeprefix("#/$defs/")]
    return schema
