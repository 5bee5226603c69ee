"""The one layout of the files under ``adapters/`` (decision 028), and their loading with duplicates refused.

Layout: two-space indentation; an array or object that fits on one line within ``WIDTH`` columns
(indentation, member name and trailing comma included) is written on one line, with ``", "`` and ``": "``
between items; otherwise one item per line. Member order is the file's own (it is the emitted order). Text
is UTF-8, not escaped, and the file ends with a newline. ``wirechat codegen fmt`` writes it; ``--check``
lists the files not in it.

Loading uses jiter with ``catch_duplicate_keys``: a member named twice in one object (a feature declared
twice) fails with the file and the name instead of the later value winning silently.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jiter

__all__ = ["WIDTH", "AdapterFileError", "dumps", "load"]

WIDTH = 110


class AdapterFileError(ValueError):
    """A file under ``adapters/`` that cannot be read: not JSON, a duplicate member, or not in the layout."""


def load(path: Path) -> Any:
    """The JSON value of ``path``; ``AdapterFileError`` naming the file for bad JSON or a duplicate member."""
    try:
        return jiter.from_json(path.read_bytes(), catch_duplicate_keys=True, allow_inf_nan=False)
    except ValueError as exc:
        raise AdapterFileError(f"{path.name}: {exc}") from None


def _one_line(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _render(value: Any, indent: int, prefix: str, suffix: str, out: list[str]) -> None:
    pad = "  " * indent
    flat = _one_line(value)
    if not isinstance(value, (dict, list)) or not value or len(pad) + len(prefix) + len(flat) + len(suffix) <= WIDTH:
        out.append(f"{pad}{prefix}{flat}{suffix}")
        return
    opener, closer = ("{", "}") if isinstance(value, dict) else ("[", "]")
    out.append(f"{pad}{prefix}{opener}")
    items = list(value.items()) if isinstance(value, dict) else [(None, item) for item in value]
    for index, (key, item) in enumerate(items):
        member = "" if key is None else f"{json.dumps(key, ensure_ascii=False)}: "
        _render(item, indent + 1, member, "," if index < len(items) - 1 else "", out)
    out.append(f"{pad}{closer}{suffix}")


def dumps(value: Any) -> str:
    """``value`` in the one layout, ending with a newline."""
    out: list[str] = []
    _render(value, 0, "", "", out)
    return "\n".join(out) + "\n"
