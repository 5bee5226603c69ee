"""What every adapter's converters share: the warning/refusal bookkeeping tied to the manifest, data
URLs, compact JSON, provider_metadata helpers and checked reads of provider JSON."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import MISSING

from wirechat._generated.models import Reasoning
from wirechat.adapters._contract import ConversionRefused, ConversionWarning, Manifest

__all__ = [
    "Conversion",
    "build_data_url",
    "compact_json",
    "get_list",
    "get_map",
    "get_str",
    "metadata_for",
    "parse_data_url",
    "reasoning_disposition",
    "set_if",
    "unmapped_members",
]

T = TypeVar("T")
_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False)
"""Built once: ``json.dumps`` with these arguments builds the same encoder on every call (most of its cost)."""
_DATA_URL = re.compile(
    r"^data:([A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9*][A-Za-z0-9!#$&^_.+*-]*);base64,([A-Za-z0-9+/]*={0,2})$"
)


_warning = functools.lru_cache(maxsize=4096)(ConversionWarning)
"""Warnings are immutable values: the same one (a tool loop sends the same history again) is built once."""


class Conversion:
    """One conversion's warnings; ``degrade`` and ``refuse`` use the manifest's declared texts, so what
    an adapter does and what its manifest says cannot drift apart."""

    def __init__(self, manifest: Manifest, warnings: list[ConversionWarning] | None = None) -> None:
        self.manifest = manifest
        self.warnings: list[ConversionWarning] = [] if warnings is None else warnings

    def degrade(self, feature: str, where: str) -> None:
        """Record a degradation of ``feature`` at ``where`` (a JSON pointer into the canonical value)."""
        support = self.manifest.features[feature]
        if support.level != "degraded":
            raise AssertionError(f"adapter degraded {feature}, which its manifest declares {support.level}")
        self.warnings.append(_warning(feature, f"{where or '/'}: {support.message}", where))

    def refuse(self, feature: str, where: str) -> ConversionRefused:
        """The refusal of ``feature`` at ``where``, to raise."""
        support = self.manifest.features[feature]
        if support.level != "refused":
            raise AssertionError(f"adapter refused {feature}, which its manifest declares {support.level}")
        return ConversionRefused(feature, support.message, where=where or "/")

    def handle(self, feature: str, where: str) -> bool:
        """Apply the declared level of ``feature``: True to carry it, False after a degradation (the
        caller drops or rewrites it); raises for a refusal."""
        level = self.manifest.level(feature)
        if level == "lossless":
            return True
        if level == "degraded":
            self.degrade(feature, where)
            return False
        raise self.refuse(feature, where)


def compact_json(value: Any) -> str:
    """JSON text without insignificant whitespace, non-ASCII kept as is (the form arguments take when a
    provider hands them over as an object)."""
    return _COMPACT.encode(value)


def parse_data_url(url: str) -> tuple[str, str] | None:
    """``(media_type, base64)`` for a ``data:<type>;base64,<data>`` URL, else None."""
    found = _DATA_URL.match(url)
    return None if found is None else (found.group(1), found.group(2))


def build_data_url(media_type: str, base64: str) -> str:
    return f"data:{media_type};base64,{base64}"


def reasoning_disposition(reasoning: Reasoning, provider: str) -> str:
    """``"text"`` (plain reasoning, sendable anywhere), ``"own"`` (signed or redacted by ``provider``:
    replay it) or ``"foreign"`` (signed or redacted by someone else, or by no named issuer: drop it)."""
    signed = reasoning.signature is not MISSING or reasoning.redacted_data is not MISSING
    if not signed:
        return "text"
    return "own" if reasoning.issuer is not MISSING and reasoning.issuer == provider else "foreign"


def metadata_for(metadata: Any, provider: str) -> tuple[dict[str, Any], bool]:
    """The ``provider`` entry of a provider_metadata value (``{}`` when absent) and whether other keys
    were present (which the caller must degrade)."""
    if metadata is MISSING or metadata is None:
        return {}, False
    own = dict(metadata.get(provider, {}))
    return own, any(key != provider for key in metadata)


def set_if(target: dict[str, Any], key: str, value: Any) -> None:
    """``target[key] = value`` unless value is MISSING or None."""
    if value is not MISSING and value is not None:
        target[key] = value


def _where(path: str, key: str | int) -> str:
    return f"{path}/{key}"


def get_map(obj: Mapping[str, Any], key: str, path: str, *, required: bool = True) -> dict[str, Any] | None:
    """``obj[key]`` checked to be an object; ``ValueError`` naming the pointer otherwise."""
    value = obj.get(key)
    if value is None:
        if required:
            raise ValueError(f"{_where(path, key)}: required object is missing")
        return None
    if not isinstance(value, Mapping):
        raise ValueError(f"{_where(path, key)}: expected an object, got {type(value).__name__}")
    return dict(value)


def get_list(obj: Mapping[str, Any], key: str, path: str, *, required: bool = True) -> list[Any] | None:
    """``obj[key]`` checked to be an array."""
    value = obj.get(key)
    if value is None:
        if required:
            raise ValueError(f"{_where(path, key)}: required array is missing")
        return None
    if not isinstance(value, list):
        raise ValueError(f"{_where(path, key)}: expected an array, got {type(value).__name__}")
    return value


def get_str(obj: Mapping[str, Any], key: str, path: str, *, required: bool = True) -> str | None:
    """``obj[key]`` checked to be a string."""
    value = obj.get(key)
    if value is None:
        if required:
            raise ValueError(f"{_where(path, key)}: required string is missing")
        return None
    if not isinstance(value, str):
        raise ValueError(f"{_where(path, key)}: expected a string, got {type(value).__name__}")
    return value


Shape = Mapping[str, "Shape | None"]
"""The members of a provider object an adapter maps: each name, with the shape of its value when the
value is an object whose members are mapped one by one too (``None``: the value is taken whole)."""


def unmapped_members(value: Any, shape: Shape, where: str) -> list[str]:
    """The pointers of every member of ``value`` (and of its nested objects that ``shape`` describes) that the
    adapter does not map: what a decoder would otherwise drop without a word."""
    if not isinstance(value, Mapping):
        return []
    found = []
    for key, item in value.items():
        at = f"{where}/{str(key).replace('~', '~0').replace('/', '~1')}"
        if key not in shape:
            found.append(at)
        elif (inner := shape[key]) is not None:
            found += unmapped_members(item, inner, at)
    return found
