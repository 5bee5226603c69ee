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
set-aside items removed. What is set aside is still held to the number rules of spec section 2 (rules 4 and 5
hold anywhere in the document): an unsafe integer in an unknown member is a problem at its pointer, as in
every language.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any, Generic, Literal, TypeVar, overload

import rfc8785

from wirechat._ijson import find_faults
from wirechat._order import finish_problems
from wirechat._pointers import bundle
from wirechat._registry import name_of, type_by_name
from wirechat.codec import decode, encode, parse
from wirechat.errors import Problem, WirechatError, WireError

__all__ = ["OPEN_ENUM_FALLBACK", "Tolerant", "TolerantRestoreError", "Unknown", "decode_tolerant"]

T = TypeVar("T")
OPEN_ENUM_FALLBACK = "other"
"""An enum that lists this value is open: a tolerant reader reads an unknown value of it as this one."""

Kind = Literal["member", "variant", "enum"]


class TolerantRestoreError(WirechatError, ValueError):
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


# A schema node compiled for the walk: ("ref", name), ("object", {member: node}, closed), ("union", tag,
# {tag value: node}), ("map", node), ("array", node), ("enum", values) for an open enum, or None (nothing to
# set aside). A ref whose type compiles to None is None too, so the walk never enters it.
_Node = tuple[Any, ...] | None


def _compile(node: dict[str, Any], defs: dict[str, Any]) -> _Node:
    if "$ref" in node:
        return ("ref", node["$ref"].rsplit("/", 1)[-1])
    if "oneOf" in node:
        tag = node["discriminator"]["propertyName"]
        variants = {}
        for branch in node["oneOf"]:
            name = branch["$ref"].rsplit("/", 1)[-1]
            variants[defs[name]["properties"][tag]["const"]] = ("ref", name)
        return ("union", tag, variants)
    if "properties" in node:
        members = {name: _compile(member, defs) for name, member in node["properties"].items()}
        return ("object", members, node.get("additionalProperties") is False)
    if isinstance(node.get("additionalProperties"), dict):
        values = _compile(node["additionalProperties"], defs)
        return None if values is None else ("map", values)
    if isinstance(node.get("items"), dict):
        items = _compile(node["items"], defs)
        return None if items is None else ("array", items)
    if isinstance(node.get("enum"), list) and OPEN_ENUM_FALLBACK in node["enum"]:
        return ("enum", frozenset(node["enum"]))
    return None  # a scalar, a closed enum (checked strictly), free-form JSON


@cache
def _shapes() -> dict[str, _Node]:
    defs: dict[str, Any] = bundle()["$defs"]
    compiled = {name: _compile(node, defs) for name, node in defs.items()}
    # Resolve refs once: a ref becomes the node it names (shared, so recursive types stay finite).
    for _ in range(len(compiled)):
        changed = False
        for name, node in compiled.items():
            new = _link(node, compiled)
            if new != node:
                compiled[name], changed = new, True
        if not changed:
            break
    return compiled


def _link(node: _Node, compiled: dict[str, _Node]) -> _Node:
    """``node`` with refs to types that need no walk replaced by None (leaves stay leaves)."""
    if node is None:
        return None
    kind = node[0]
    if kind == "ref":
        return None if compiled[node[1]] is None else node
    if kind == "object":
        return ("object", {name: _link(member, compiled) for name, member in node[1].items()}, node[2])
    if kind in ("map", "array"):
        inner = _link(node[1], compiled)
        return None if inner is None else (kind, inner)
    return node


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1") if "~" in token or "/" in token else token


def _resolve(node: _Node) -> _Node:
    if node is not None and node[0] == "ref":
        shapes = _shapes()
        while node is not None and node[0] == "ref":
            node = shapes[node[1]]
    return node


def _unknown_variant(union: _Node, value: Any) -> bool:
    """``value`` is an object whose tag names no variant of ``union``."""
    if union is None or union[0] != "union" or not isinstance(value, dict):
        return False
    tag_value = value.get(union[1])
    return isinstance(tag_value, str) and tag_value not in union[2]


def _walk(value: Any, node: _Node, pointer: str, out: list[Unknown]) -> Any:
    """A copy of ``value`` without what ``node`` does not know; the items set aside are appended to ``out``."""
    node = _resolve(node)
    if node is None:
        return value
    kind = node[0]
    if kind == "union":
        variant = node[2].get(value.get(node[1])) if isinstance(value, dict) else None
        return value if variant is None else _walk(value, variant, pointer, out)
    if kind == "object" and isinstance(value, dict):
        members, closed = node[1], node[2]
        kept = {}
        for name, member in value.items():
            if name in members:
                shape = members[name]
                kept[name] = member if shape is None else _walk(member, shape, f"{pointer}/{_escape(name)}", out)
            elif closed:
                out.append(Unknown("member", pointer, member, name))
            else:
                kept[name] = member
        return kept
    if kind == "map" and isinstance(value, dict):
        return {name: _walk(v, node[1], f"{pointer}/{_escape(name)}", out) for name, v in value.items()}
    if kind == "array" and isinstance(value, list):
        items = node[1]
        union = _resolve(items)
        kept_items = []
        for index, item in enumerate(value):
            if _unknown_variant(union, item):
                out.append(Unknown("variant", f"{pointer}/{index}", item))
            else:
                kept_items.append(_walk(item, items, f"{pointer}/{index}", out))
        return kept_items
    if kind == "enum" and isinstance(value, str) and value not in node[1]:
        out.append(Unknown("enum", pointer, value))
        return OPEN_ENUM_FALLBACK
    return value


def split(value: Any, type_name: str) -> tuple[Any, tuple[Unknown, ...]]:
    """``value`` without what the schema of ``type_name`` does not know, and the items set aside."""
    if type_name not in _shapes():
        raise ValueError(f"{type_name!r} is not a wirechat type")
    out: list[Unknown] = []
    cleaned = _walk(value, ("ref", type_name), "", out)
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
    if not unknown:  # a document this reader knows whole: decoded as strictly as decode() does, from its text
        return Tolerant(decode(data, type_), (), type_name)
    faults = set_aside_faults(unknown)
    text = json.dumps(cleaned, ensure_ascii=False, separators=(",", ":"))
    try:
        value = decode(text.encode("utf-8", "surrogatepass"), type_)
    except WireError as error:
        raise WireError(finish_problems([*faults, *error.problems]), type_name) from None
    if faults:
        raise WireError(finish_problems(faults), type_name)
    return Tolerant(value, unknown, type_name)


def set_aside_faults(unknown: tuple[Unknown, ...]) -> list[Problem]:
    """The number rules of spec section 2 (4 and 5 hold anywhere in the document) broken inside the items set
    aside, at their pointers in the document: a tolerant reader never keeps a value it could not write back
    the same in every language (issue 26 item 1)."""
    problems = []
    for item in unknown:
        if item.kind == "enum":
            continue  # a string: the parse already checked it
        base = f"{item.pointer}/{_escape(item.name)}" if item.kind == "member" else item.pointer
        for path, rule, message in find_faults(item.value):
            pointer = base + "".join(f"/{_escape(str(token))}" for token in path)
            problems.append(Problem(pointer, message, rule))
    return problems
