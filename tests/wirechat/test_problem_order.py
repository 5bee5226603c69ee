"""Order, de-duplication and the cap of a decode error's problems (spec section 5.2)."""

from __future__ import annotations

import pytest

from wirechat import DataRef, Message, WireError, decode
from wirechat._order import MAX_PROBLEMS, finish_problems
from wirechat.errors import Problem


def _problems(text: bytes, type_: object = Message) -> list[Problem]:
    with pytest.raises(WireError) as caught:
        decode(text, type_)
    return caught.value.problems


def test_pointers_compare_token_by_token_indices_as_numbers() -> None:
    pointers = ["/b", "/a/10", "", "/a/9", "/a", "/a/x", "/a~1b", "/a/9/z", "/10", "/9", "/é", "/Z"]
    ordered = [p.pointer for p in finish_problems(Problem(p, "m", "type") for p in pointers)]
    assert ordered == ["", "/9", "/10", "/Z", "/a", "/a/9", "/a/9/z", "/a/10", "/a/x", "/a~1b", "/b", "/é"]


def test_same_pointer_is_ordered_by_rule_and_kept_once_per_rule() -> None:
    problems = [Problem("/a", "first", "type"), Problem("/a", "m", "enum"), Problem("/a", "second", "type")]
    assert [(p.rule, p.message) for p in finish_problems(problems)] == [("enum", "m"), ("type", "first")]


def test_decode_lists_problems_in_pointer_order() -> None:
    text = b'{"parts":[{"type":"text","text":1},{"type":"text"}],"zz":1,"role":"bot","aa":2}'
    assert [(p.pointer, p.rule) for p in _problems(text)] == [
        ("/aa", "additionalProperties"),
        ("/parts/0/text", "type"),
        ("/parts/1/text", "required"),
        ("/role", "enum"),
        ("/zz", "additionalProperties"),
    ]


def test_more_than_a_hundred_problems_are_cut_with_a_count() -> None:
    members = b",".join(b'"m%03d":1' % i for i in range(250))
    problems = _problems(b'{"role":"user","parts":[],' + members + b"}")
    assert len(problems) == MAX_PROBLEMS + 1
    assert [p.pointer for p in problems[:3]] == ["/m000", "/m001", "/m002"]
    assert problems[MAX_PROBLEMS - 1].pointer == "/m099"
    last = problems[-1]
    assert (last.pointer, last.rule, last.message) == ("", "too-many-problems", "and 150 more problems")
    assert str(last) == "(root): and 150 more problems"


def test_a_hundred_problems_are_not_cut() -> None:
    members = b",".join(b'"m%03d":1' % i for i in range(MAX_PROBLEMS))
    problems = _problems(b'{"role":"user","parts":[],' + members + b"}")
    assert len(problems) == MAX_PROBLEMS and problems[-1].rule == "additionalProperties"


def test_every_number_fault_in_free_form_data_is_reported() -> None:
    problems = _problems(b'{"value":{"b":[1e400,2,9007199254740993],"a":1.5e20}}', DataRef)
    assert [(p.pointer, p.rule) for p in problems] == [
        ("/value/a", "unsafe-integer"),
        ("/value/b/0", "number-overflow"),
        ("/value/b/2", "unsafe-integer"),
    ]
