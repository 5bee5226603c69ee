"""The codec's path over Struct types without the native module (or with ``WIRECHAT_NATIVE=0``).

Correct and slower than the native scan: jiter parses with the text rules of spec section 2 (duplicate
keys, lone surrogates, NaN/Infinity, trailing data), ``msgspec.convert`` checks the schema, then
``wirechat._ijson`` walks the value for the number rules (safe integers, finite doubles) and the exact
depth is measured when a value nests deep. Like the native path, it only decides whether the text is
valid; a refusal's problems come from ``wirechat._report``.
"""

from __future__ import annotations

from typing import Any

import jiter
import msgspec

import wirechat._report as _report  # noqa: PLR0402 (a submodule: the root is not imported from)
from wirechat._ijson import _is_clean, deep_value_seen, reset_deep_value_watch, watch_for_deep_values

__all__ = ["decode"]


def decode(raw: bytes, type_name: str, type_: Any, tags: tuple[str, ...]) -> Any:
    """The Struct value of ``raw`` as a ``type_`` (schema name ``type_name``, required ``tags``)."""
    if raw.startswith(_report.BOM):
        _report.refused(raw, type_name, "byte order mark")
    try:
        value = jiter.from_json(raw, allow_inf_nan=False, catch_duplicate_keys=True)
    except ValueError as exc:
        _report.refused(raw, type_name, str(exc))
    if isinstance(value, dict) and any(tag not in value for tag in tags):
        _report.refused(raw, type_name, "a tag is missing")
    try:
        result = msgspec.convert(value, type_)
    except msgspec.ValidationError as exc:
        _report.refused(raw, type_name, str(exc))
    watch = watch_for_deep_values()
    try:
        clean = _is_clean(value)
    finally:
        deep = deep_value_seen()
        reset_deep_value_watch(watch)
    if not clean:
        _report.refused(raw, type_name, "a number outside the I-JSON profile")
    if deep:
        _report.check_depth(raw, type_name)
    return result
