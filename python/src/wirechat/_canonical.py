"""RFC 8785 (JCS) canonical JSON without a pure-Python writer on the common path.

JCS is compact JSON with object members sorted by their UTF-16 code units, strings escaped minimally
(``\\b \\t \\n \\f \\r``, ``\\"``, ``\\\\`` and ``\\u00xx`` for other control characters, everything else
as UTF-8) and numbers written as ECMAScript writes doubles. msgspec's encoder with ``order="sorted"``
writes exactly that for every value *except* two kinds, which one C-speed pass over the containers (no
string is read) looks for first:

- a float that is whole or outside 1e-4 <= |x| < 1e16 (JCS writes ``1e+21``, ``100000000000000000000``,
  ``0.00001`` and ``5`` where msgspec writes ``1e21``, ``1e20``, ``1e-05`` and ``5.0``; in between both
  write the same shortest round-trip digits), or an integer outside +/-(2^53-1) (JCS cannot write it);
- an object key outside the Basic Multilingual Plane, where sorting by code points and by UTF-16 code
  units can differ.

A value holding either, and every value when msgspec is not installed, is written by ``rfc8785`` (the
pure-Python reference): correct, slower. ``tests/wirechat/test_canonical_fast.py`` checks the two
writers agree on the RFC's vectors and on generated values, number edge cases included.
"""

from __future__ import annotations

from typing import Any

import rfc8785

try:
    import msgspec
except ImportError:  # pragma: no cover - depends on the environment
    msgspec = None  # type: ignore[assignment]

__all__ = ["canonical_bytes"]

_SAFE = 2**53 - 1
_encoder = None if msgspec is None else msgspec.json.Encoder(order="sorted")


def _msgspec_writes_it(value: Any) -> bool:
    """Whether msgspec's sorted encoding of ``value`` is its JCS form: no float it spells differently, no
    integer past 2^53-1,
    no key outside the BMP, only JSON types. Reads the containers level by level, never a string."""
    level = [value]
    while level:
        below: list[Any] = []
        extend = below.extend
        for node in level:
            kind = type(node)
            if kind is str or kind is bool or node is None:
                continue
            if kind is dict:
                for key in node:
                    if type(key) is not str or (not key.isascii() and max(key) > "\uffff"):
                        return False
                extend(node.values())
            elif kind is list:
                extend(node)
            elif kind is int:
                if not -_SAFE <= node <= _SAFE:
                    return False
            elif kind is float:
                # both write the shortest round-trip digits in plain decimal notation here; outside it (or
                # for a whole number: JCS ``5``, msgspec ``5.0``) the notations differ
                if not 1e-4 <= abs(node) < 1e16 or node.is_integer():
                    return False
            else:  # float, tuple, subclasses ...: the reference decides
                return False
        level = below
    return True


def canonical_bytes(value: Any) -> bytes:
    """The RFC 8785 bytes of a plain JSON value; ``rfc8785.CanonicalizationError`` as ``rfc8785`` raises it."""
    if _encoder is not None and _msgspec_writes_it(value):
        try:
            return _encoder.encode(value)
        except (UnicodeEncodeError, TypeError, ValueError, OverflowError):
            pass  # a lone surrogate and the like: the reference gives the error
    return rfc8785.dumps(value)
