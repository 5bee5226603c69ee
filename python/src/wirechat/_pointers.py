"""Turn pydantic validation errors into JSON pointers and plain messages.

pydantic's error locations include the tag of every discriminated union they pass through
(``("parts", 0, "text", "text")``), which is not a path in the document. This module walks the bundled
schema beside the location to tell tags from member names, so the pointer is the document's own
(``/parts/0/text``). It also applies the pointer conventions of the spec (section 5): a missing tag or
an unknown tag is reported at the tag member, and an I-JSON fault inside free-form data at its own path.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from wirechat._ijson import find_faults
from wirechat.errors import Problem, escape_pointer_token, pointer_from_path

_SHORT_VALUE = 60


@cache
def bundle() -> dict[str, Any]:
    """The bundled schema, as generated beside the models."""
    text = resources.files("wirechat._generated").joinpath("wirechat.schema.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@cache
def required_tags(type_name: str) -> tuple[str, ...]:
    """The required ``const`` members of a type (a union variant's tag).

    The generated models give a tag its one value as a default, so that ``TextPart(text="hi")`` needs no
    ``type=``; decoding a variant on its own must still refuse a document without its tag (inside a union
    the discriminator already does).
    """
    schema = bundle()["$defs"].get(type_name, {})
    properties = schema.get("properties", {})
    return tuple(name for name in schema.get("required", []) if "const" in properties.get(name, {}))


def _deref(schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = bundle()["$defs"][schema["$ref"].removeprefix("#/$defs/")]
    return schema


def _variant(union: dict[str, Any], tag: str) -> dict[str, Any] | None:
    tag_name = union["discriminator"]["propertyName"]
    for branch in union["oneOf"]:
        variant = _deref(branch)
        if variant.get("properties", {}).get(tag_name, {}).get("const") == tag:
            return variant
    return None


_FREE_FORM: dict[str, Any] = {}  # the walk has left the schema: the rest of the loc is the path


@lru_cache(maxsize=4096)
def _walk(type_name: str, shape: tuple[str | int, ...]) -> tuple[tuple[bool, ...], dict[str, Any]]:
    """Which items of a loc of this shape (indices as -1) are document tokens, and the schema it ends at.

    Cached on the shape, one step at a time, so that a million errors under ``/parts/N/...`` walk the
    schema once, and a million unknown members of one object walk it once (plus their last step).
    """
    if not shape:
        return (), _deref({"$ref": f"#/$defs/{type_name}"})
    kept, schema = _walk(type_name, shape[:-1])
    step = shape[-1]
    if schema is _FREE_FORM:
        return (*kept, True), _FREE_FORM
    if "oneOf" in schema:  # the item is the tag pydantic adds for the variant: not in the document
        variant = _variant(schema, str(step))
        return (*kept, False), _FREE_FORM if variant is None else _deref(variant)
    if isinstance(step, int) and "items" in schema:
        following = schema["items"]
    elif isinstance(step, str) and step in schema.get("properties", {}):
        following = schema["properties"][step]
    elif isinstance(schema.get("additionalProperties"), dict):
        following = schema["additionalProperties"]
    else:
        return (*kept, True), _FREE_FORM
    return (*kept, True), _deref(following)


@lru_cache(maxsize=4096)
def _pointer_template(type_name: str, shape: tuple[str | int, ...]) -> tuple[str, str | None]:
    """A ``str.format`` template of the pointer for locs of this shape (indices as -1: ``/parts/{1}/text``),
    and the tag member name if the loc ends at a union."""
    kept, schema = _walk(type_name, shape)
    template = "".join(
        f"/{{{index}}}"
        if isinstance(item, int)
        else "/" + escape_pointer_token(item).replace("{", "{{").replace("}", "}}")
        for index, (item, keep) in enumerate(zip(shape, kept, strict=True))
        if keep
    )
    return template, schema["discriminator"]["propertyName"] if "oneOf" in schema else None


def pointer_of(type_name: str, loc: tuple[str | int, ...]) -> tuple[str, str | None]:
    """The document's pointer for a pydantic ``loc`` (tags of the unions passed through dropped), and the
    tag member name if the loc ends at a union; one cached template per shape of loc."""
    template, union_tag = _pointer_template(type_name, tuple([-1 if type(item) is int else item for item in loc]))
    return template.format(*loc), union_tag


_RULES = {
    "missing": "required",
    "extra_forbidden": "additionalProperties",
    "union_tag_invalid": "discriminator",
    "union_tag_not_found": "discriminator",
    "string_pattern_mismatch": "pattern",
    "string_too_short": "minLength",
    "string_too_long": "maxLength",
    "too_short": "minItems",
    "too_long": "maxItems",
}
_BOUNDS = {  # these depend on the value too: an integer past 2^53-1 breaks unsafe-integer first
    "greater_than_equal": "minimum",
    "greater_than": "minimum",
    "less_than_equal": "maximum",
    "less_than": "maximum",
}
MAX_SAFE_INTEGER = 2**53 - 1


def _number_rule(value: object) -> str | None:
    """The section 2 number rule a parsed value breaks, or None."""
    if isinstance(value, float) and not math.isfinite(value):
        return "number-overflow"  # the parser read 1e400 as inf: a JSON number that overflows a double
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_SAFE_INTEGER:
        return "unsafe-integer"
    if isinstance(value, float) and value.is_integer() and MAX_SAFE_INTEGER < abs(value) < 1e21:
        return "unsafe-integer"  # 1e16: canonically an integer literal past 2^53 (spec section 2, rule 5)
    return None


def _rule(error: ErrorDetails) -> str:
    """The spec's name for the rule a pydantic error reports (the names TypeScript uses too)."""
    kind, value = error["type"], error.get("input")
    if kind in _RULES:  # the rules that do not depend on the value (most errors of a large document)
        return _RULES[kind]
    number_rule = _number_rule(value)
    if number_rule is not None:  # a number rule alone (spec section 5)
        return number_rule
    if kind == "int_type" and isinstance(value, float) and value.is_integer():
        return "integer-literal"  # 1.0 or 1e2 for an integer field
    if kind == "literal_error":
        if not isinstance(value, str):  # every enum and const is a string: a failing type alone (section 5)
            return "type"
        expected = (error.get("ctx") or {}).get("expected", "")
        return "enum" if " or " in str(expected) or "," in str(expected) else "const"
    return _BOUNDS.get(kind, "type")


def _describe(error: ErrorDetails) -> str:
    message = error["msg"]
    kind = error["type"]
    value = error.get("input")
    if kind in ("missing", "union_tag_not_found"):
        return "required member is missing"
    if kind == "extra_forbidden":
        return "unknown member (this type is closed; check the spelling or the schema version)"
    if kind == "union_tag_invalid":
        context = error.get("ctx") or {}
        return f"unknown tag {context.get('tag')!r} (expected one of {context.get('expected_tags', '')})"
    if kind == "literal_error" and not isinstance(value, str):
        message = f"Input should be a string, one of {(error.get('ctx') or {}).get('expected', '')}"
    if isinstance(value, float) and not math.isfinite(value):
        return f"{message} (got a number that overflows a double)"
    if isinstance(value, (str, int, float, bool)):
        shown = json.dumps(value, ensure_ascii=False)
        if len(shown) <= _SHORT_VALUE:
            message += f" (got {shown})"
        else:
            message += f" (got {shown[:_SHORT_VALUE]}...)"
    return message


def _number_message(rule: str, value: object) -> str:
    if rule == "number-overflow":
        return "must be a finite number (got a number that overflows a double)"
    return f"integer {value!r} is outside +/-(2^53-1), which not every language reads exactly"


Candidate = tuple[str, str, "str | ErrorDetails"]
"""A problem before its message is written: pointer, rule, and the message or the error to describe."""


def candidates_from_validation_error(type_name: str, error: ValidationError) -> list[Candidate]:
    """One candidate per pydantic error (one per I-JSON fault in free-form data), with the document's own
    pointer; the messages are written only for the problems reported (``problem_from_candidate``)."""
    candidates: list[Candidate] = []
    append = candidates.append
    for detail in error.errors(include_url=False):
        kind = detail["type"]
        pointer, union_tag = pointer_of(type_name, tuple(detail["loc"]))
        if kind in ("union_tag_not_found", "union_tag_invalid") and union_tag:
            pointer += "/" + escape_pointer_token(union_tag)
            value = detail["input"].get(union_tag) if isinstance(detail.get("input"), dict) else None
            number_rule = _number_rule(value)
            if number_rule is not None:  # a number rule alone, never discriminator beside it (section 5)
                append((pointer, number_rule, _number_message(number_rule, value)))
                continue
        if kind == "i_json":
            context = detail.get("ctx") or {}
            for inner, rule, message in context.get("faults", []):
                append((pointer + pointer_from_path(inner), rule, message))
            continue
        append((pointer, _RULES[kind] if kind in _RULES else _rule(detail), detail))
        if kind == "extra_forbidden":
            _add_number_faults(detail.get("input"), pointer, append)
        if kind in _LENGTHS and isinstance(detail.get("input"), str):
            _add_pattern(type_name, detail, pointer, append)
    return candidates


def _add_number_faults(value: object, pointer: str, append: Callable[[Candidate], None]) -> None:
    """An unknown member's value is still held to section 2's number rules (spec section 5): pydantic
    reports the member and never looks inside it."""
    for path, rule, message in find_faults(value):
        if rule in ("unsafe-integer", "number-overflow"):
            append((pointer + pointer_from_path(path), rule, message))


_LENGTHS = frozenset({"string_too_short", "string_too_long"})


@lru_cache(maxsize=256)
def _compiled(pattern: str) -> re.Pattern[str]:
    """A schema pattern with the spec's ECMAScript ``$`` (the end of the string, never before a final
    newline: spec section 3)."""
    return re.compile(pattern[:-1] + "\\Z" if pattern.endswith("$") and not pattern.endswith("\\$") else pattern)


def _add_pattern(type_name: str, detail: ErrorDetails, pointer: str, append: Callable[[Candidate], None]) -> None:
    """pydantic checks a string's length before its pattern and stops at the first failure; the spec lists
    every failing keyword but ``type`` (section 5), so a string that breaks both gets its ``pattern`` too."""
    loc = tuple(detail["loc"])
    _, schema = _walk(type_name, tuple([-1 if type(item) is int else item for item in loc]))
    pattern = schema.get("pattern")
    value = detail.get("input")
    if isinstance(pattern, str) and isinstance(value, str) and _compiled(pattern).search(value) is None:
        append((pointer, "pattern", f"must match the pattern {pattern} (got {json.dumps(value)[:_SHORT_VALUE]})"))


def problem_from_candidate(candidate: Candidate) -> Problem:
    pointer, rule, what = candidate
    return Problem(pointer, what if isinstance(what, str) else _describe(what), rule)


def problems_from_validation_error(type_name: str, error: ValidationError) -> list[Problem]:
    """One ``Problem`` per pydantic error, with the document's own pointer, in pydantic's order."""
    return [problem_from_candidate(c) for c in candidates_from_validation_error(type_name, error)]
