"""The reference verdict: the ``jsonschema`` package over the per-type schema files, plus the JCS bytes.

``jsonschema`` does not check the I-JSON profile, so this reference is only used on documents whose
text is plain JSON; wirechat's stricter rules (integer literals, ``$`` semantics) are avoided there.
"""

from __future__ import annotations

import json
import math
from functools import cache
from typing import Any

import jsonschema
import rfc8785
from referencing import Registry, Resource

from tests.conftest import SCHEMA_DIR

BASE_URI = "https://wirechat.dev/schema/v1/"


@cache
def _registry() -> Registry:
    resources = []
    for path in sorted(SCHEMA_DIR.glob("*.schema.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        resources.append((document["$id"], Resource.from_contents(document)))
    return Registry().with_resources(resources)


@cache
def _file_of(type_name: str) -> tuple[str, str]:
    for path in sorted(SCHEMA_DIR.glob("*.schema.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        if document.get("title") == type_name:
            return BASE_URI + path.name, ""
        if type_name in document.get("$defs", {}):
            return BASE_URI + path.name, f"#/$defs/{type_name}"
    raise KeyError(type_name)


@cache
def validator(type_name: str) -> Any:
    uri, fragment = _file_of(type_name)
    return jsonschema.Draft202012Validator({"$ref": uri + fragment}, registry=_registry())


def i_json_numbers_ok(document: Any) -> bool:
    """The I-JSON number rules of the spec (section 2, rules 4 and 5), written independently."""
    if isinstance(document, bool) or document is None or isinstance(document, str):
        return True
    if isinstance(document, int):
        return abs(document) <= 2**53 - 1
    if isinstance(document, float):
        whole_but_unsafe = document.is_integer() and 2**53 <= abs(document) < 1e21
        return math.isfinite(document) and not whole_but_unsafe
    if isinstance(document, list):
        return all(i_json_numbers_ok(item) for item in document)
    if isinstance(document, dict):
        return all(i_json_numbers_ok(item) for item in document.values())
    return False


def reference_valid(type_name: str, document: Any) -> bool:
    """Valid for the spec: the I-JSON number rules and the ``jsonschema`` verdict."""
    return i_json_numbers_ok(document) and bool(validator(type_name).is_valid(document))


def jcs(document: Any) -> bytes:
    return bytes(rfc8785.dumps(document))
