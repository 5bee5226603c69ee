"""The bytes of a provider request body: compact JSON written by msgspec (decision 031).

``msgspec.json.encode`` writes what ``json.dumps(body, separators=(",", ":"), ensure_ascii=False)`` wrote
for every value a body holds (strings with the same escapes, integers of any size, key order kept), at
about a tenth of its cost, except in two ways, both tested in ``tests/wirechat/test_body.py``:

- float notation: ``1e-05`` is written ``0.00001`` and ``1e+21`` ``1e21``; the same double either way
  (shortest round-trip digits), so a provider reads the same number;
- NaN and the infinities, which ``json.dumps`` wrote as the non-JSON ``NaN`` / ``Infinity`` (a provider
  answers 400) and msgspec as ``null`` (the value silently changed): ``dumps_body`` refuses them, naming
  where. The models refuse them when built; only a value built around validation can hold one.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import msgspec

import wirechat._fast_check as _fast_check  # noqa: PLR0402 (a submodule: the root is not imported from)

__all__ = ["dumps_body"]

_json = msgspec.json.Encoder()
_msgpack = msgspec.msgpack.Encoder()


def dumps_body(body: Mapping[str, Any]) -> bytes:
    """Compact UTF-8 JSON of a provider request body; ``ValueError`` if it holds NaN or an infinity."""
    raw = _json.encode(body)
    # msgspec writes a non-finite double as null: only then can the body hold one. The native search of
    # the msgpack form (doubles kept as they are) rules most out before the walk that says where.
    if b"null" in raw and _may_hold_nonfinite(body):
        where = _nonfinite_at(body, "")
        if where is not None:
            raise ValueError(f"the request body holds a non-finite number at {where or '(root)'}; JSON has none")
    return raw


def _may_hold_nonfinite(body: Mapping[str, Any]) -> bool:
    search = _fast_check.may_hold_nonfinite
    if search is None:
        return True
    try:
        return search(_msgpack.encode(body))
    except OverflowError:  # an integer msgpack cannot hold (JSON can): the walk decides
        return True


def _nonfinite_at(value: Any, pointer: str) -> str | None:
    """The JSON pointer of the first NaN or infinity in ``value``, or None."""
    if isinstance(value, float):
        return None if math.isfinite(value) else pointer
    if isinstance(value, Mapping):
        items: Any = value.items()
    elif isinstance(value, (list, tuple)):
        items = enumerate(value)
    else:
        return None
    for key, item in items:
        found = _nonfinite_at(item, f"{pointer}/{str(key).replace('~', '~0').replace('/', '~1')}")
        if found is not None:
            return found
    return None
