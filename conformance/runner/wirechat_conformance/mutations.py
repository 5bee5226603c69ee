"""One-rule mutations: invalid instances derived from a valid one, each breaking exactly one rule.

``mutations(type_name, value)`` walks the instance along its schema and lists every site where one rule
can be broken: a missing required member, a wrong type, an unknown member on a closed object, a number
out of range, an integer written as a double (``1.0``), a string too short or too long, a bad enum
value, too few items, an unknown union tag, and a tag that does not match its payload (kept only when
the payload then breaks the other variant, which the reference validator decides). Every language must
reject each one, with a problem at the mutation's pointer when it has one.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from functools import cache
from typing import Any

import jsonschema

from wirechat_conformance.bundle import definitions, resolve

__all__ = ["Mutation", "mutations"]

UNKNOWN_MEMBER = "x_unknown_member"


@dataclass(frozen=True)
class Mutation:
    """An invalid instance and the one rule it breaks."""

    kind: str
    rule: str
    pointer: str | None  # where a decoder reports it, when that is unambiguous
    value: Any


def _pointer(path: tuple[str | int, ...]) -> str:
    return "".join("/" + str(token).replace("~", "~0").replace("/", "~1") for token in path)


def _replaced(root: Any, path: tuple[str | int, ...], value: Any) -> Any:
    if not path:
        return value
    out = copy.deepcopy(root)
    target = out
    for token in path[:-1]:
        target = target[token]
    target[path[-1]] = value
    return out


def _removed(root: Any, path: tuple[str | int, ...]) -> Any:
    out = copy.deepcopy(root)
    target = out
    for token in path[:-1]:
        target = target[token]
    del target[path[-1]]
    return out


@cache
def _validator(type_name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({"$ref": f"#/$defs/{type_name}", "$defs": definitions()})


_WRONG = {"string": 12345, "integer": "12", "number": "1.5", "boolean": "true", "object": [], "array": {}}


class _Walker:
    def __init__(self, root: Any) -> None:
        self.root = root
        self.sites: list[Mutation] = []

    def add(self, kind: str, rule: str, path: tuple[str | int, ...], value: Any, pointed: bool = True) -> None:
        self.sites.append(Mutation(kind, rule, _pointer(path) if pointed else None, value))

    def walk(self, schema: dict[str, Any], value: Any, path: tuple[str | int, ...]) -> None:
        name = schema.get("$ref", "").removeprefix("#/$defs/")
        schema = resolve(schema)
        if name in ("JsonValue",) or (not schema.get("type") and "oneOf" not in schema):
            return  # free-form: any JSON value is valid
        if "oneOf" in schema and isinstance(value, dict):
            self._union(schema, value, path)
            return
        kind = schema.get("type")
        if isinstance(kind, str) and kind in _WRONG:
            self.add(
                "wrong-type",
                f"types (section 3): a {kind} is required here",
                path,
                _replaced(self.root, path, _WRONG[kind]),
            )
        if kind == "object" and isinstance(value, dict):
            self._object(schema, value, path)
        elif kind == "array" and isinstance(value, list):
            if schema.get("minItems", 0) >= 1:
                self.add("too-few-items", f"minItems {schema['minItems']}", path, _replaced(self.root, path, []))
            for index, item in enumerate(value):
                self.walk(schema["items"], item, (*path, index))
        elif kind in ("integer", "number") and isinstance(value, (int, float)):
            self._number(schema, kind, value, path)
        elif kind == "string" and isinstance(value, str):
            self._string(schema, path)

    def _union(self, schema: dict[str, Any], value: dict[str, Any], path: tuple[str | int, ...]) -> None:
        tag = schema["discriminator"]["propertyName"]
        branches = {resolve(b)["properties"][tag]["const"]: b for b in schema["oneOf"]}
        self.add(
            "wrong-type", "types (section 3): a tagged object is required here", path, _replaced(self.root, path, "x")
        )
        self.add(
            "unknown-tag",
            "tagged unions (section 3): an unknown tag is an error",
            (*path, tag),
            _replaced(self.root, (*path, tag), "not_a_tag"),
        )
        current = value.get(tag)
        for other, branch in branches.items():
            if other == current:
                continue
            swapped = {**value, tag: other}
            if not _validator(branch["$ref"].removeprefix("#/$defs/")).is_valid(swapped):
                rule = f"tagged unions (section 3): tag {other!r} does not match a {current!r} payload"
                self.add("tag-mismatch", rule, (*path, tag), _replaced(self.root, path, swapped), pointed=False)
                break
        if current in branches:
            self.walk(branches[current], value, path)

    def _object(self, schema: dict[str, Any], value: dict[str, Any], path: tuple[str | int, ...]) -> None:
        properties = schema.get("properties", {})
        for member in schema.get("required", []):
            if member in value:
                self.add(
                    "missing-member",
                    f"required member {member!r}",
                    (*path, member),
                    _removed(self.root, (*path, member)),
                )
        if schema.get("additionalProperties") is False:
            self.add(
                "unknown-member",
                "closed objects (section 3): an unknown member is an error",
                (*path, UNKNOWN_MEMBER),
                _replaced(self.root, (*path, UNKNOWN_MEMBER), True),
            )
        extra = schema.get("additionalProperties")
        for member, item in value.items():
            if member in properties:
                self.walk(properties[member], item, (*path, member))
            elif isinstance(extra, dict):
                self.walk(extra, item, (*path, member))

    def _number(self, schema: dict[str, Any], kind: str, value: float, path: tuple[str | int, ...]) -> None:
        if kind == "integer" and isinstance(value, int) and not isinstance(value, bool):
            self.add(
                "integer-as-double",
                "integers are integer literals (section 3): 1.0 is not one",
                path,
                _replaced(self.root, path, float(value)),
            )
        if "maximum" in schema:
            self.add(
                "above-maximum", f"maximum {schema['maximum']}", path, _replaced(self.root, path, schema["maximum"] + 1)
            )
        if "minimum" in schema:
            self.add(
                "below-minimum", f"minimum {schema['minimum']}", path, _replaced(self.root, path, schema["minimum"] - 1)
            )

    def _string(self, schema: dict[str, Any], path: tuple[str | int, ...]) -> None:
        if "enum" in schema:
            self.add("bad-enum", "enumerations are closed (section 3)", path, _replaced(self.root, path, "not_a_value"))
        if schema.get("minLength", 0) >= 1:
            self.add("too-short", f"minLength {schema['minLength']}", path, _replaced(self.root, path, ""))
        if "maxLength" in schema:
            too_long = "x" * (schema["maxLength"] + 1)
            self.add("too-long", f"maxLength {schema['maxLength']}", path, _replaced(self.root, path, too_long))


def mutations(type_name: str, value: Any) -> list[Mutation]:
    """Every one-rule mutation of ``value``, a valid instance of ``type_name``."""
    walker = _Walker(value)
    walker.walk({"$ref": f"#/$defs/{type_name}"}, value, ())
    return walker.sites
