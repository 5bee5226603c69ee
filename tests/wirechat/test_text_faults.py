"""Text faults (spec section 5.1): the one problem, its rule, pointer, line and column, exactly."""

from __future__ import annotations

import pytest

from wirechat import DataRef, Message, WireError, decode
from wirechat._textfault import MAX_DEPTH, find_text_fault, may_be_too_deep
from wirechat.codec import parse
from wirechat.errors import Problem


def _only_problem(text: bytes | str, type_: object = DataRef) -> Problem:
    with pytest.raises(WireError) as caught:
        decode(text, type_)
    (problem,) = caught.value.problems
    return problem


@pytest.mark.parametrize(
    ("text", "rule", "pointer", "line", "column"),
    [
        (b'\xef\xbb\xbf{"value":1}', "bom", "", 1, 1),
        (b'{"value":"\xff"}', "utf8", "/value", 1, 11),
        (b'{"value":"\xe2\x82', "utf8", "/value", 1, 11),  # cut off by the end
        (b'{"value":1}\xff', "utf8", "", 1, 12),  # after the value
        (b'{"value":[1,]\n\xff', "utf8", "/value", 2, 1),  # wins over the syntax error before it
        (b'{"value":"\xed\xa0\x80"}', "lone-surrogate", "/value", 1, 11),  # raw
        (b'{"value":"ab\\ud800"}', "lone-surrogate", "/value", 1, 13),  # escaped: at the backslash
        (b'{"value":"\\udc00\\ud800"}', "lone-surrogate", "/value", 1, 11),
        (b'{"value":"\\ud800\\u0041"}', "lone-surrogate", "/value", 1, 11),
        (b'{"value":{"\\ud800":1}}', "lone-surrogate", "/value", 1, 12),  # in a name: the object
        (b'{"value":[1,]}', "syntax", "/value", 1, 13),
        (b'{"value":}', "syntax", "", 1, 10),  # a member's value begins at its own first byte
        (b'{"value":tru}', "syntax", "/value", 1, 13),
        (b'{"value":[1.]}', "syntax", "/value/0", 1, 13),
        (b'{"value":[-x]}', "syntax", "/value/0", 1, 12),
        (b'{"value":[1e+]}', "syntax", "/value/0", 1, 14),
        (b'{"value":[01]}', "syntax", "/value", 1, 12),  # the number 0 has ended
        (b'{"value":"a\\x"}', "syntax", "/value", 1, 13),
        (b'{"value":"a\\u12x4"}', "syntax", "/value", 1, 16),
        (b'{"value":"a\x01"}', "syntax", "/value", 1, 12),
        (b'{"value":"abc', "syntax", "/value", 1, 14),  # ends too early: the length of the text
        (b'{"value":1} {}', "syntax", "", 1, 13),  # trailing data: the root has ended
        (b"", "syntax", "", 1, 1),
        (b"  \n ", "syntax", "", 2, 2),
        (b'{"value" 1}', "syntax", "", 1, 10),
        (b'{"value":1,"value":2}', "duplicate-key", "/value", 1, 12),
        (b'{"value":{"a":1,\n  "\\u0061":2}}', "duplicate-key", "/value/a", 2, 3),
        (b'{"value":"\xc3\xa9\xc3\xa9",\n"\xc3\xa9":1,"x":\x01}', "syntax", "", 2, 11),  # columns count code points
    ],
)
def test_text_fault_is_the_only_problem_and_is_placed_by_the_spec(
    text: bytes, rule: str, pointer: str, line: int, column: int
) -> None:
    problem = _only_problem(text)
    assert (problem.rule, problem.pointer, problem.line, problem.column) == (rule, pointer, line, column), problem


def test_depth_fault_is_at_the_bracket_that_opens_level_201() -> None:
    for innermost in (b"[]", b"[1]", b"{}"):
        # the object is level 1, then 199 arrays, then the innermost value opens level 201
        text = b'{"value":' + b"[" * (MAX_DEPTH - 1) + innermost + b"]" * (MAX_DEPTH - 1) + b"}"
        problem = _only_problem(text)
        assert (problem.rule, problem.line, problem.column) == ("depth", 1, 10 + MAX_DEPTH - 1), innermost
        assert problem.pointer == "/value" + "/0" * (MAX_DEPTH - 2)


def test_two_hundred_levels_are_fine_even_with_an_empty_innermost_array() -> None:
    text = b'{"value":' + b"[" * (MAX_DEPTH - 1) + b"]" * (MAX_DEPTH - 1) + b"}"
    assert decode(text, DataRef).value is not None


def test_the_depth_precheck_ignores_brackets_in_strings() -> None:
    many = b'"' + b"[" * 300 + b'[]"'
    assert not may_be_too_deep(b'{"value":[' + many + b",[]]}")
    assert may_be_too_deep(b"[" * 201 + b"]" * 201)


def test_str_input_with_a_lone_surrogate_is_placed_like_bytes() -> None:
    problem = _only_problem('{"value":"a\ud800"}')
    assert (problem.rule, problem.pointer, problem.line, problem.column) == ("lone-surrogate", "/value", 1, 12)


def test_text_fault_stops_decoding_before_the_schema() -> None:
    problem = _only_problem(b'{"role":"bot","parts":[1],"x":1,"x":2}', Message)
    assert problem.rule == "duplicate-key" and problem.pointer == "/x"


def test_schema_and_number_problems_have_no_position() -> None:
    with pytest.raises(WireError) as caught:
        decode(b'{"value":[1e400, 9007199254740993]}', DataRef)
    assert [(p.pointer, p.rule, p.line, p.column) for p in caught.value.problems] == [
        ("/value/0", "number-overflow", None, None),
        ("/value/1", "unsafe-integer", None, None),
    ]


def test_parse_takes_a_size_limit_checked_before_parsing() -> None:
    with pytest.raises(WireError) as caught:
        parse(b"[" * 100, max_bytes=99)  # broken too, but too large first
    (problem,) = caught.value.problems
    assert (problem.pointer, problem.rule, problem.line) == ("", "too-large", None)
    assert "100 bytes" in problem.message and "99 bytes" in problem.message
    assert parse(b"[1]", max_bytes=3) == [1]


def test_decode_takes_the_size_limit_in_bytes_not_characters() -> None:
    with pytest.raises(WireError, match="more than the limit of 15 bytes"):
        decode('{"value":"éé"}', DataRef, max_bytes=15)
    assert decode('{"value":"éé"}', DataRef, max_bytes=16).value == "éé"


def test_a_long_unterminated_string_is_found_at_the_end() -> None:
    text = b'{"value":"' + b"x" * 5_000_000
    fault = find_text_fault(text)
    assert fault is not None and (fault.rule, fault.pointer, fault.column) == ("syntax", "/value", len(text) + 1)
