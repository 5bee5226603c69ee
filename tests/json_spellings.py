"""Hypothesis strategies for tool-argument objects and for the many JSON texts that spell one object (the
respellings a provider's ``partial_json`` may use: ``1E2``, ``1.0``, ``"\\u00e9"``, ``"\\/"``, whitespace),
shared by the arguments-form tests of the helpers and of the adapters (decision 036)."""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import strategies as st

SAFE = 2**53 - 1


def _ijson_float(value: float) -> bool:
    return not (value.is_integer() and 2.0**53 <= abs(value) < 1e21)


SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-SAFE, SAFE)
    | st.floats(allow_nan=False, allow_infinity=False).filter(_ijson_float)
    | st.text(max_size=8)
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=12,
)
OBJECTS = st.dictionaries(st.text(max_size=4), VALUES, max_size=4)


def _space(draw: st.DrawFn) -> str:
    return draw(st.sampled_from(["", "", "", " ", "\n", "\t ", "\r\n  "]))


def _number(draw: st.DrawFn, value: int | float) -> str:
    if isinstance(value, int):
        return draw(st.sampled_from([str(value), f"{value}.0", f"{value}e0", f"{value}E+0", f"{value * 10}e-1"]))
    return draw(
        st.sampled_from([repr(value), f"{value:.17g}", f"{value:.17E}", f"{value:.16e}"]).filter(
            lambda text: float(text) == value
        )
    )


def _string(draw: st.DrawFn, text: str) -> str:
    out = ['"']
    for char in text:
        code = ord(char)
        escaped = char in '"\\' or code < 0x20
        how = draw(st.sampled_from(["raw", "raw", "u", "U"])) if not escaped else draw(st.sampled_from(["u", "U"]))
        if char == "/" and draw(st.booleans()):
            out.append("\\/")
        elif how == "raw":
            out.append(char)
        elif code > 0xFFFF:
            high, low = 0xD800 + ((code - 0x10000) >> 10), 0xDC00 + ((code - 0x10000) & 0x3FF)
            hex4 = "{:04x}" if how == "u" else "{:04X}"
            out.append("\\u" + hex4.format(high) + "\\u" + hex4.format(low))
        else:
            out.append(("\\u{:04x}" if how == "u" else "\\u{:04X}").format(code))
    return "".join(out) + '"'


@st.composite
def spelled(draw: st.DrawFn, value: Any) -> str:
    """One JSON text of ``value``: any number spelling, escapes and whitespace that read as the same value."""
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, (int, float)):
        return _number(draw, value)
    if isinstance(value, str):
        return _string(draw, value)
    if isinstance(value, list):
        items = [_space(draw) + draw(spelled(item)) + _space(draw) for item in value]
        return "[" + ",".join(items) + "]"
    members = [
        _space(draw) + _string(draw, key) + _space(draw) + ":" + _space(draw) + draw(spelled(item)) + _space(draw)
        for key, item in value.items()
    ]
    return "{" + ",".join(members) + "}"


@st.composite
def pieces(draw: st.DrawFn, text: str) -> list[str]:
    """``text`` cut at arbitrary places (an escape or a number may be cut in two)."""
    cuts = sorted(set(draw(st.lists(st.integers(0, len(text)), max_size=8))))
    bounds = [0, *cuts, len(text)]
    return [text[a:b] for a, b in itertools.pairwise(bounds)]
