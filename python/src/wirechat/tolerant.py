"""Tolerant reading (spec section 12): decode a document of a newer v1.x, keep what this reader does not know,
and write it back out unchanged.

``decode_tolerant(data, Message)`` parses with the same I-JSON checks as ``decode``, then walks the parsed value
beside the bundled schema this package was generated from and sets aside, in document order:

- an **unknown member** of an object (``member``): removed from the object;
- an element of an array whose union tag this reader does not know (``variant``, e.g. a new part type): removed
  from the array and kept whole, as an opaque value;
- a value of an **open enum** (one that lists ``other``) that this reader does not know (``enum``): read as
  ``other``, the original kept.

What remains is decoded strictly, so everything this reader does know is checked as usual. ``Tolerant.encode``
and ``Tolerant.canonical`` write the value and put every set-aside item back at the JSON pointer it came from
(an enum value only where the value still reads ``other``). Pointers are those of the original document: a
caller that reorders or removes array elements before writing gets an error (``TolerantRestoreError``) when a
place is gone, never a silent drop. Problems that the strict decode reports point into the document with the
set-aside items removed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar, overload

import rfc8785

from wirechat._pointers import bundle
from wirechat._registry import name_of, type_by_name
from wirechat.codec import decode, encode, parse
from wirechat.errors import Problem, WireError

__all__ = ["OPEN_ENUM_FALLBACK", "Tolerant", "TolerantRestoreError", "Unknown", "decode_tolerant"]

T = TypeVar("T")
OPEN_ENUM_FALLBACK = "other"
"""An enum that lists this value is open: a tolerant reader reads an unknown value of it as this one."""

Kind = Literal["member", "variant", "enum"]


class TolerantRestoreError(ValueError):
    """A set-aside item's place (its JSON pointer) is gone from the value being written."""


@dataclass(frozen=True)
class Unknown:
    """One item the reader did not know: where it was (``pointer``; for a member, of its object), what it was."""

    kind: Kind
    pointer: str
    value: Any
    name: str = ""


@dataclass(frozen=True)
class Tolerant(Generic[T]):
    """A tolerantly decoded value and what was set aside from it, in document order."""

    value: T
    unknown: tuple[Unknown, ...]
    type_name: str

    def to_json_value(self) -> Any:
        """The value as plain JSON (dicts, lists ...) with every set-aside item back in place."""
        tree = json.loads(encode(self.value, type_by_name(self.type_name)))
        return restore(tree, self.unknown)

    def encode(self) -> bytes:
        """Compact JSON of the value with every set-aside item back in place."""
        return json.dumps(self.to_json_value(), ensure_ascii=False, separators=(",", ":")).encode("utf-8")

    def canonical(self) -> bytes:
        """RFC 8785 bytes of the value with every set-aside item back in place."""
        try:
            return rfc8785.dumps(self.to_json_value())
        except rfc8785.CanonicalizationError as exc:
            raise WireError([Problem("", f"cannot canonicalise: {exc}", "json-value")], self.type_name) from None


def _defs() -> dict[str, Any]:
    defs: dict[str, Any] = bundle()["$defs"]
    return defs


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def _resolve(node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = _defs()[node["$ref"].rsplit("/", 1)[-1]]
    return node


def _unknown_variant(node: dict[str, Any], value: Any) -> bool:
    """``value`` is an object whose tag names no variant of the union ``node``."""
    if "oneOf" not in node or not isinstance(value, dict):
        return False
    tag = node["discriminator"]["propertyName"]
    return isinstance(value.get(tag), str) and _variant(node, value[tag]) is None


def _variant(node: dict[str, Any], tag_value: str) -> dict[str, Any] | None:
    tag = node["discriminator"]["propertyName"]
    for branch in node["oneOf"]:
        variant = _resolve(branch)
        if variant["properties"][tag].get("const") == tag_value:
            return variant
    return None


def _walk(value: Any, node: dict[str, Any], pointer: str, out: list[Unknown]) -> Any:
    """A copy of ``value`` without what ``node`` does not know; the items set aside are appended to ``out``."""
    node = _resolve(node)
    if "oneOf" in node:
        if not isinstance(value, dict):
            return value
        tag = node["discriminator"]["propertyName"]
        variant = _variant(node, value[tag]) if isinstance(value.get(tag), str) else None
        return value if variant is None else _walk(value, variant, pointer, out)
    if isinstance(value, dict) and "properties" in node:
        properties: dict[str, Any] = node["properties"]
        kept = {}
        for name, member in value.items():
            if name in properties:
                kept[name] = _walk(member, properties[name], f"{pointer}/{_escape(name)}", out)
            elif node.get("additionalProperties") is False:
                out.append(Unknown("member", pointer, member, name))
            else:
                kept[name] = member
        return kept
    if isinstance(value, dict) and isinstance(node.get("additionalProperties"), dict):
        values = node["additionalProperties"]
        return {name: _walk(v, values, f"{pointer}/{_escape(name)}", out) for name, v in value.items()}
    if isinstance(value, list) and isinstance(node.get("items"), dict):
        items = node["items"]
        union = _resolve(items)
        kept_items = []
        for index, item in enumerate(value):
            if _unknown_variant(union, item):
                out.append(Unknown("variant", f"{pointer}/{index}", item))
            else:
                kept_items.append(_walk(item, items, f"{pointer}/{index}", out))
        return kept_items
    enum = node.get("enum")
    if isinstance(value, str) and isinstance(enum, list) and value not in enum and OPEN_ENUM_FALLBACK in enum:
        out.append(Unknown("enum", pointer, value))
        return OPEN_ENUM_FALLBACK
    return value


def split(value: Any, type_name: str) -> tuple[Any, tuple[Unknown, ...]]:
    """``value`` without what the schema of ``type_name`` does not know, and the items set aside."""
    if type_name not in _defs():
        raise ValueError(f"{type_name!r} is not a wirechat type")
    out: list[Unknown] = []
    cleaned = _walk(value, {"$ref": f"#/$defs/{type_name}"}, "", out)
    return cleaned, tuple(out)


def _tokens(pointer: str) -> list[str]:
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]] if pointer else []


def _at(tree: Any, tokens: list[str], item: Unknown) -> Any:
    node = tree
    for token in tokens:
        if isinstance(node, dict) and token in node:
            node = node[token]
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            raise TolerantRestoreError(
                f"{item.pointer or '/'}: the {item.kind} set aside here"
                + (f" ({item.name!r})" if item.name else "")
                + " has no place to go back to: the value no longer has this member or array element"
            )
    return node


def restore(tree: Any, unknown: tuple[Unknown, ...] | list[Unknown]) -> Any:
    """Put every set-aside item back into ``tree`` (a plain JSON value), in document order; return the tree."""
    for item in unknown:
        tokens = _tokens(item.pointer)
        if item.kind == "member":
            target = _at(tree, tokens, item)
            if not isinstance(target, dict) or item.name in target:
                raise TolerantRestoreError(f"{item.pointer or '/'}: cannot put member {item.name!r} back")
            target[item.name] = item.value
        elif item.kind == "variant":
            parent = _at(tree, tokens[:-1], item)
            index = int(tokens[-1])
            if not isinstance(parent, list) or index > len(parent):
                raise TolerantRestoreError(f"{item.pointer}: the array is shorter than when it was read")
            parent.insert(index, item.value)
        elif tokens:
            parent = _at(tree, tokens[:-1], item)
            key: Any = int(tokens[-1]) if isinstance(parent, list) else tokens[-1]
            if _at(tree, tokens, item) == OPEN_ENUM_FALLBACK:
                parent[key] = item.value
        elif tree == OPEN_ENUM_FALLBACK:
            tree = item.value
    return tree


@overload
def decode_tolerant(
    data: bytes | bytearray | memoryview | str, type_: type[T], *, max_bytes: int | None = None
) -> Tolerant[T]: ...
@overload
def decode_tolerant(
    data: bytes | bytearray | memoryview | str, type_: Any, *, max_bytes: int | None = None
) -> Tolerant[Any]: ...
def decode_tolerant(
    data: bytes | bytearray | memoryview | str, type_: Any, *, max_bytes: int | None = None
) -> Tolerant[Any]:
    """Decode ``data`` as ``type_`` tolerantly (see the module docstring); ``WireError`` for what stays wrong."""
    type_name = name_of(type_)
    cleaned, unknown = split(parse(data, type_name, max_bytes=max_bytes), type_name)
    text = json.dumps(cleaned, ensure_ascii=False, separators=(",", ":"))
    value = decode(text.encode("utf-8", "surrogatepass"), type_)
    return Tolerant(value, unknown, type_name)
