"""``wirechat._canonical`` (msgspec's sorted encoder where it writes JCS, ``rfc8785`` elsewhere) gives the
same bytes and errors as the ``rfc8785`` reference: on the RFC's own examples and number table, and on
generated values with number edge cases, control characters and keys outside the BMP."""

from __future__ import annotations

import json
import math
import struct
from typing import Any

import pytest
import rfc8785
from hypothesis import example, given
from hypothesis import strategies as st

from wirechat import _canonical
from wirechat._canonical import canonical_bytes

# RFC 8785 appendix B: IEEE 754 bit patterns and the text JCS writes for them.
NUMBERS = {
    0x0000000000000000: "0",
    0x8000000000000000: "0",
    0x0000000000000001: "5e-324",
    0x8000000000000001: "-5e-324",
    0x7FEFFFFFFFFFFFFF: "1.7976931348623157e+308",
    0xFFEFFFFFFFFFFFFF: "-1.7976931348623157e+308",
    0x4340000000000000: "9007199254740992",
    0xC340000000000000: "-9007199254740992",
    0x4430000000000000: "295147905179352830000",
    0x44B52D02C7E14AF5: "9.999999999999997e+22",
    0x44B52D02C7E14AF6: "1e+23",
    0x44B52D02C7E14AF7: "1.0000000000000001e+23",
    0x444B1AE4D6E2EF4E: "999999999999999700000",
    0x444B1AE4D6E2EF4F: "999999999999999900000",
    0x444B1AE4D6E2EF50: "1e+21",
    0x3EB0C6F7A0B5ED8C: "9.999999999999997e-7",
    0x3EB0C6F7A0B5ED8D: "0.000001",
    0x41B3DE4355555553: "333333333.3333332",
    0x41B3DE4355555554: "333333333.33333325",
    0x41B3DE4355555555: "333333333.3333333",
    0x41B3DE4355555556: "333333333.3333334",
    0x41B3DE4355555557: "333333333.33333343",
    0xBECBF647612F3696: "-0.0000033333333333333333",
    0x43143FF3C1CB0959: "1424953923781206.2",
}


def _same(value: Any) -> None:
    """Both writers give the same bytes, or both refuse the value."""
    try:
        expected: bytes | type[Exception] = rfc8785.dumps(value)
    except rfc8785.CanonicalizationError:
        expected = rfc8785.CanonicalizationError
    if expected is rfc8785.CanonicalizationError:
        with pytest.raises(rfc8785.CanonicalizationError):
            canonical_bytes(value)
    else:
        assert canonical_bytes(value) == expected


@pytest.mark.parametrize("bits", sorted(NUMBERS), ids=[f"{bits:016x}" for bits in sorted(NUMBERS)])
def test_the_rfc_number_table(bits: int) -> None:
    number = struct.unpack(">d", bits.to_bytes(8, "big"))[0]
    if abs(number) >= 2**53 and number.is_integer():
        _same([number])  # a whole double past 2^53: the reference decides, and so do we
        return
    assert canonical_bytes([number]) == f"[{NUMBERS[bits]}]".encode()
    _same({"n": number, "list": [number, 1, "x"]})


def test_the_rfc_structure_example() -> None:
    text = (
        '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],'
        ' "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/", "literals": [null, true, false]}'
    )
    expected = (
        '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],'
        '"string":"\u20ac$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}'
    )
    assert canonical_bytes(json.loads(text)) == expected.encode()


def test_the_rfc_sorting_example_with_keys_outside_the_bmp() -> None:
    value = {"\u20ac": 1, "\r": 2, "\ufb33": 3, "1": 4, "\U0001f600": 5, "\u0080": 6, "\u00f6": 7}
    order = ["\r", "1", "\u0080", "\u00f6", "\u20ac", "\U0001f600", "\ufb33"]  # UTF-16 code units
    assert list(json.loads(canonical_bytes(value))) == order
    _same(value)


def test_the_fast_writer_is_used_for_plain_documents() -> None:
    assert _canonical._msgspec_writes_it({"a": [1, 0.5, "x", None, True], "b": {"c": 123.25}})
    for refused in (1.0, 1e16, 1e-5, 2**53, {"\U0001f600": 1}, (1,)):
        assert not _canonical._msgspec_writes_it([refused])


finite = st.floats(allow_nan=False, allow_infinity=False)
edge_numbers = st.sampled_from(
    [0.0, -0.0, 1e-4, 9.999e-5, 1e16, 9999999999999998.0, 1e21, 1e-7, 0.1, 2.5, 5e-324, 2**53 - 1, -(2**53), 2**53]
)
scalars = st.none() | st.booleans() | st.integers(-(2**54), 2**54) | finite | edge_numbers | st.text()
keys = st.text(
    st.characters(codec="utf-8", exclude_categories=["Cs"]) | st.sampled_from(["\U0001f600", "\ufb33", "\r"])
)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(keys, inner, max_size=5))


@given(values)
@example({"a": math.ulp(0.0)})
@example(["\ud800"])  # a lone surrogate: both refuse it
def test_generated_values_agree_with_the_reference(value: Any) -> None:
    _same(value)


def test_without_msgspec_the_reference_writes_everything(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_canonical, "_encoder", None)
    value = {"b": [1, 0.5, "\u2028"], "a": {"\U0001f600": None}}
    assert canonical_bytes(value) == rfc8785.dumps(value)
