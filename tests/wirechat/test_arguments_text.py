"""The one text of arguments built from an object (spec section 6; decision 036): ``build_arguments``
writes it, ``ArgumentsNormaliser`` rewrites a provider's streamed spelling into it token by token.

Failure class of issue 26 item 2: ``{"x":1.0}`` was ``{"x":1.0}`` in Python and Go and ``{"x":1}`` in
TypeScript, ``0.00001`` was ``1e-05``, and a ``partial_json`` spelling ``1E2`` or ``"\\u00e9"`` folded to a
text other than the unstreamed one."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.json_spellings import OBJECTS, pieces, spelled
from wirechat import build_arguments
from wirechat._arguments_text import format_number
from wirechat.tool_arguments import ArgumentsNormaliser, ArgumentsTextError

# (what a provider sent, the arguments text): one row per spelling that differed before
SPELLINGS = [
    ('{"x": 1.0}', '{"x":1}'),
    ('{"x":1E2}', '{"x":100}'),
    ('{"x":0.00001}', '{"x":0.00001}'),
    ('{"x":1e-05}', '{"x":0.00001}'),
    ('{"x":1e-7}', '{"x":1e-7}'),
    ('{"x":1e21}', '{"x":1e+21}'),
    ('{"x":-0.0}', '{"x":0}'),
    ('{"x":"\\u00e9"}', '{"x":"é"}'),
    ('{"x":"\\u00E9\\/"}', '{"x":"é/"}'),
    ('{"x":"\\ud83d\\ude00"}', '{"x":"😀"}'),
    ('{"x":"\\u2028\\u001F"}', '{"x":"\u2028\\u001f"}'),
    ('{"b":1,"a":[true,null]}', '{"b":1,"a":[true,null]}'),  # the provider's member order is kept
]


def _normalise(fragments: list[str]) -> str:
    normaliser = ArgumentsNormaliser()
    return "".join(normaliser.feed(fragment) for fragment in fragments) + normaliser.finish()


@pytest.mark.parametrize(("sent", "text"), SPELLINGS)
def test_each_spelling_gives_the_one_text_whole_and_char_by_char(sent: str, text: str) -> None:
    assert build_arguments(json.loads(sent)) == text
    assert _normalise([sent]) == text
    assert _normalise(list(sent)) == text


def test_numbers_are_written_as_ecmascript_writes_them() -> None:
    cases = {1.0: "1", 100.0: "100", 1e-5: "0.00001", 1e-6: "0.000001", 1e-7: "1e-7", 1e21: "1e+21",
             1.5e300: "1.5e+300", -0.0: "0", 5e-324: "5e-324", 0.1: "0.1", 1e16: "10000000000000000"}  # fmt: skip
    assert {value: format_number(value) for value in cases} == cases


REFUSED = [
    ('{"id":9007199254740993}', "unsafe-integer"),
    ('{"x":1.5e20}', "unsafe-integer"),
    ('{"x":1e400}', "number-overflow"),
    ('{"x":"\\ud800"}', "lone-surrogate"),
    ('{"x":"\\udc00"}', "lone-surrogate"),
    ('{"x":"\\ud800x"}', "lone-surrogate"),
]


@pytest.mark.parametrize(("sent", "rule"), REFUSED)
def test_what_the_form_cannot_hold_is_refused_by_the_normaliser(sent: str, rule: str) -> None:
    with pytest.raises(ArgumentsTextError) as caught:
        _normalise(list(sent))
    assert caught.value.rule == rule


def test_text_that_is_not_json_passes_without_its_whitespace() -> None:
    assert _normalise(['{"a": tru', "e , 01x }"]) == '{"a":true,01x}'


@given(st.data(), OBJECTS)
def test_any_spelling_cut_anywhere_normalises_to_build_arguments(data: st.DataObject, value: dict[str, Any]) -> None:
    text = data.draw(spelled(value))
    assert _normalise(data.draw(pieces(text))) == build_arguments(value)
