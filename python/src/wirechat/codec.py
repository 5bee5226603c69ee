"""Decode, encode and canonicalise wirechat documents.

``decode`` parses with jiter (pydantic's own parser), which rejects duplicate keys, lone surrogates,
NaN/Infinity and trailing data at about the speed of orjson, then validates the parsed value with the
generated models (parsing first and calling ``validate_python`` measured faster than ``validate_json``).
Number-range rules that jiter does not apply (``1e400`` becomes ``inf``; integers above 2^53 are kept)
are enforced by the schema's bounds on typed fields and by ``wirechat._ijson`` inside free-form data.

``encode`` writes compact JSON with only the members that are set; ``canonical`` writes RFC 8785 bytes,
the form in which two documents are compared.
"""

from __future__ import annotations

import re
from typing import Any, TypeVar, overload

import jiter
import rfc8785
from pydantic import BaseModel, ValidationError
from pydantic_core import PydanticSerializationError

from wirechat._locate import offset_from_line_column, pointer_at
from wirechat._pointers import problems_from_validation_error, required_tags
from wirechat._registry import name_of, serializer_for, validator_for
from wirechat.errors import Problem, WireError

__all__ = ["canonical", "decode", "encode"]

T = TypeVar("T")
_BOM = b"\xef\xbb\xbf"
_LINE_COLUMN = re.compile(r" at line (\d+) column (\d+)$")


def _as_bytes(data: bytes | bytearray | memoryview | str, type_name: str) -> bytes:
    if isinstance(data, str):
        try:
            return data.encode("utf-8")
        except UnicodeEncodeError as exc:
            problem = Problem("", f"text holds a lone surrogate at character {exc.start}", "lone-surrogate")
            raise WireError([problem], type_name) from None
    if isinstance(data, (bytes, bytearray, memoryview)):
        return bytes(data)
    raise TypeError(f"decode() takes JSON text as bytes or str, not {type(data).__name__}")


def _syntax_rule(raw: bytes, reason: str) -> str:
    if reason.startswith("Detected duplicate key"):
        return "duplicate-key"
    if reason.startswith("recursion limit"):
        return "depth"
    if "surrogate" in reason or "hex escape" in reason:
        return "lone-surrogate"
    # Bytes that are not UTF-8 anywhere in the text break that rule whatever jiter stopped at (a sequence
    # cut off by the end of the text, bytes after the value), as in TypeScript and Go; raw surrogates
    # (ED A0..BF ..) are their own rule.
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = raw[exc.start : exc.start + 2]
        return "lone-surrogate" if len(bad) == 2 and bad[0] == 0xED and bad[1] >= 0xA0 else "utf8"
    return "syntax"


def _syntax_problem(raw: bytes, exc: ValueError) -> Problem:
    message = str(exc)
    text = raw.decode("utf-8", errors="replace")
    match = _LINE_COLUMN.search(message)
    if match is None:
        return Problem("", message, _syntax_rule(raw, message))
    line, column = int(match.group(1)), int(match.group(2))
    pointer = pointer_at(text, offset_from_line_column(text, line, column))
    reason = message[: match.start()]
    rule = _syntax_rule(raw, reason)
    if rule == "lone-surrogate":
        reason += " (an incomplete \\u escape or a lone surrogate, which I-JSON forbids)"
    return Problem(pointer, f"{reason} (line {line}, column {column})", rule)


def parse(data: bytes | bytearray | memoryview | str, type_name: str = "") -> Any:
    """Parse I-JSON text into plain Python values, without checking any schema."""
    raw = _as_bytes(data, type_name)
    if raw.startswith(_BOM):
        raise WireError(
            [Problem("", "text starts with a byte-order mark, which I-JSON forbids", "bom")], type_name or None
        )
    try:
        return jiter.from_json(raw, allow_inf_nan=False, catch_duplicate_keys=True)
    except ValueError as exc:
        raise WireError([_syntax_problem(raw, exc)], type_name or None) from None


@overload
def decode(data: bytes | bytearray | memoryview | str, type_: type[T]) -> T: ...
@overload
def decode(data: bytes | bytearray | memoryview | str, type_: Any) -> Any: ...
def decode(data: bytes | bytearray | memoryview | str, type_: Any) -> Any:
    """Parse ``data`` as a document of ``type_`` (``wirechat.Message``, ``wirechat.Part`` ...).

    Raises ``WireError`` listing every problem as a JSON pointer and a message.
    """
    type_name = name_of(type_)
    value = parse(data, type_name)
    missing_tags = [
        Problem(f"/{tag}", "required member is missing", "required")
        for tag in required_tags(type_name)
        if isinstance(value, dict) and tag not in value
    ]
    try:
        decoded = validator_for(type_).validate_python(value)
    except ValidationError as exc:
        raise WireError(missing_tags + problems_from_validation_error(type_name, exc), type_name) from None
    if missing_tags:
        raise WireError(missing_tags, type_name)
    return decoded


def encode(obj: Any, type_: Any = None) -> bytes:
    """Compact JSON bytes of a wire object, with only the members that are set.

    ``obj`` is a model (``Message``, ``TextPart`` ...); a value of a type that is not a model class (a
    ``Role`` string, an ``Embedding`` list, ``ProviderMetadata``) needs its type: ``encode(v, wirechat.Role)``.
    """
    if type_ is None:
        if not isinstance(obj, BaseModel):
            raise TypeError(f"encode() needs type_= for a {type(obj).__name__}; models such as Message need none")
        serializer = obj.__pydantic_serializer__
        type_name = type(obj).__name__
    else:
        type_name = name_of(type_)
        serializer = serializer_for(type_)
    try:
        return bytes(serializer.to_json(obj, by_alias=True, warnings="error"))
    except PydanticSerializationError as exc:
        raise WireError([Problem("", f"cannot encode: {exc}", "json-value")], type_name) from None


def canonical(obj: BaseModel | Any) -> bytes:
    """RFC 8785 (JCS) bytes of a wire object or of a plain JSON value: the form documents are compared in."""
    value = obj.model_dump(mode="json", by_alias=True) if isinstance(obj, BaseModel) else obj
    try:
        return rfc8785.dumps(value)
    except rfc8785.CanonicalizationError as exc:
        raise WireError([Problem("", f"cannot canonicalise: {exc}", "json-value")]) from None
