"""The resource suite's rows: hostile inputs as data (``conformance/cases/resource/*.json``) and the text
each row builds at a size n.

A row's text is ``prefix + separator.join(unit for i in range(n)) + middle + close * n + suffix``, with
``{i}`` in ``unit`` replaced by the unit's number (so keys and values can be distinct). That covers deep
nesting (``unit "["``, ``close "]"``), huge strings (terminated or not), many items, repeated and distinct
unknown keys, long numbers, many escapes and many bad messages, without storing any of them. A row runs in
a profile when it gives an ``n`` for it (``small`` runs in CI, ``large`` on demand).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["PROFILES", "Limits", "ResourceFileError", "Row", "build_text", "load_rows"]

PROFILES = ("small", "large")
_TEXT_MEMBERS = ("prefix", "unit", "separator", "middle", "close", "suffix")


class ResourceFileError(ValueError):
    """A resource file that is not well formed (the message names the file, the row and the member)."""


@dataclass(frozen=True)
class Limits:
    """What a row must stay under: t(4n)/t(n), and peak memory as a multiple of the input plus a slack."""

    max_ratio: float
    memory_multiple: float
    memory_slack_mib: float


@dataclass(frozen=True)
class Row:
    """One hostile input: how to build it, the verdict every language gives, and its size per profile."""

    name: str
    description: str
    type: str
    unit: str
    valid: bool
    n: dict[str, int]
    prefix: str = ""
    separator: str = ""
    middle: str = ""
    close: str = ""
    suffix: str = ""
    rule: str | None = None
    source: str = ""


def build_text(row: Row, n: int) -> str:
    """The row's document with ``n`` units."""
    if "{i}" in row.unit:
        body = row.separator.join(row.unit.replace("{i}", str(i)) for i in range(n))
    elif row.separator:
        body = row.separator.join([row.unit] * n)
    else:
        body = row.unit * n
    return row.prefix + body + row.middle + row.close * n + row.suffix


def _row(raw: Any, where: str) -> Row:
    if not isinstance(raw, dict):
        raise ResourceFileError(f"{where}: a row is a JSON object")
    required = ("name", "description", "type", "unit", "valid", "n")
    missing = [name for name in required if name not in raw]
    if missing:
        raise ResourceFileError(f"{where}: missing {', '.join(missing)}")
    known = {*required, *_TEXT_MEMBERS, "rule"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise ResourceFileError(f"{where}: unknown member(s) {', '.join(unknown)} (known: {', '.join(sorted(known))})")
    for name in ("name", "description", "type", *_TEXT_MEMBERS):
        if name in raw and not isinstance(raw[name], str):
            raise ResourceFileError(f"{where}: {name} must be a string (got {json.dumps(raw[name])[:60]})")
    if not raw["unit"]:
        raise ResourceFileError(f"{where}: unit must not be empty")
    if not isinstance(raw["valid"], bool):
        raise ResourceFileError(f"{where}: valid must be true or false")
    if "rule" in raw and (raw["valid"] or not isinstance(raw["rule"], str)):
        raise ResourceFileError(
            f"{where}: rule names the rule an invalid row breaks (a string, only when valid is false)"
        )
    sizes = raw["n"]
    if not isinstance(sizes, dict) or not sizes or set(sizes) - set(PROFILES):
        raise ResourceFileError(f'{where}: n maps profiles ({", ".join(PROFILES)}) to a size, e.g. {{"small": 1000}}')
    for profile, size in sizes.items():
        if not isinstance(size, int) or isinstance(size, bool) or size < 1:
            raise ResourceFileError(f"{where}: n.{profile} must be a positive integer (got {json.dumps(size)})")
    fields = {name: raw[name] for name in (*_TEXT_MEMBERS, "rule") if name in raw}
    return Row(raw["name"], raw["description"], raw["type"], valid=raw["valid"], n=dict(sizes), source=where, **fields)


def _limit(data: dict[str, Any], name: str, path: Path) -> float:
    value = data.get(name)
    if not isinstance(value, (int, float)) or isinstance(value, bool) or value <= 0:
        raise ResourceFileError(f"{path}: {name} must be a positive number (got {json.dumps(value)})")
    return float(value)


def load_rows(folder: Path, profile: str) -> tuple[Limits, list[Row]]:
    """The rows of every ``*.json`` under ``folder`` that run in ``profile``, and the limits they state
    (the strictest when several files state them)."""
    if profile not in PROFILES:
        raise ResourceFileError(f"no profile {profile!r} (there are {', '.join(PROFILES)})")
    paths = sorted(folder.glob("*.json"))
    if not paths:
        raise ResourceFileError(f"{folder}: no resource files (*.json)")
    limits: list[Limits] = []
    rows: list[Row] = []
    names: set[str] = set()
    for path in paths:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except ValueError as exc:
            raise ResourceFileError(f"{path}: not JSON: {exc}") from None
        if not isinstance(data, dict) or not isinstance(data.get("rows"), list):
            raise ResourceFileError(f"{path}: a resource file is an object with rows (a list)")
        names_in = ("max_ratio", "memory_multiple", "memory_slack_mib")
        limits.append(Limits(*(_limit(data, name, path) for name in names_in)))
        for index, raw in enumerate(data["rows"]):
            row = _row(raw, f"{path}: /rows/{index}")
            if row.name in names:
                raise ResourceFileError(f"{row.source}: the name {row.name!r} is used twice")
            names.add(row.name)
            if profile in row.n:
                rows.append(row)
    strictest = Limits(
        min(limit.max_ratio for limit in limits),
        min(limit.memory_multiple for limit in limits),
        min(limit.memory_slack_mib for limit in limits),
    )
    return strictest, rows
