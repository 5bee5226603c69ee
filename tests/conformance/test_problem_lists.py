"""The whole-problem-list comparison (``wirechat_conformance.problems``) on fake answers: spec section 5's
order, one problem per (pointer, rule), the cap, line/column on text faults only, and who is blamed when
the languages' lists differ."""

from __future__ import annotations

from typing import Any

from wirechat_conformance.cases import Case
from wirechat_conformance.problems import compare_pointers, list_disagreements, list_faults, sort_entries
from wirechat_conformance.report import Outcome
from wirechat_conformance.suite import _Answers, _judge_cases


def _problem(pointer: str, rule: str, line: int | None = None, column: int | None = None) -> dict[str, Any]:
    problem: dict[str, Any] = {"pointer": pointer, "message": "each language's own words", "rule": rule}
    if line is not None:
        problem |= {"line": line, "column": column}
    return problem


def _rejected(*problems: dict[str, Any]) -> dict[str, Any]:
    return {"ok": False, "problems": list(problems)}


def test_pointers_order_indices_as_numbers_names_by_code_points_and_a_prefix_first() -> None:
    pointers = ["/parts/10", "/parts/9/text", "", "/parts/9", "/b", "/a~1b", "/parts/1a", "/\u00e9", "/Z"]
    ordered = [entry[0] for entry in sort_entries([(p, "type", None, None) for p in pointers])]
    assert ordered == ["", "/Z", "/a~1b", "/b", "/parts/9", "/parts/9/text", "/parts/10", "/parts/1a", "/\u00e9"]
    assert compare_pointers("/01", "/1") == -1  # equal values: as written


def test_the_order_is_total_and_compares_tokens_as_written() -> None:
    """Issue 26 item 4: "2" < "10" < "1x" < "2" was a cycle, and the runner unescaped tokens before comparing."""
    spec = ["/02", "/2", "/10", "/1x", "/x"]
    assert [entry[0] for entry in sort_entries([(p, "type", None, None) for p in reversed(spec)])] == spec
    assert compare_pointers("/ab", "/a~1b") == -1 and compare_pointers("/ab", "/a~0b") == -1
    assert compare_pointers("/a~0b", "/a~1b") == -1
    assert compare_pointers("/a", "/a") == 0


def test_a_list_in_section_5_order_has_no_faults() -> None:
    entries = [("", "required", None, None), ("/parts/2", "type", None, None), ("/parts/10", "enum", None, None)]
    assert list_faults(entries) == []
    assert list_faults([("/a", "syntax", 1, 7)]) == []


def test_order_duplicates_and_locations_are_faults() -> None:
    assert "out of order" in list_faults([("/parts/10", "type", None, None), ("/parts/2", "type", None, None)])[0]
    assert "out of order" in list_faults([("/a", "type", None, None), ("/a", "enum", None, None)])[0]
    assert "listed twice" in list_faults([("/a", "type", None, None), ("/a", "type", None, None)])[0]
    assert "no 1-based line and column" in list_faults([("", "syntax", None, None)])[0]
    assert "only text faults" in list_faults([("/a", "unsafe-integer", 1, 5)])[0]
    both = list_faults([("/a", "duplicate-key", 1, 9), ("/b", "type", None, None)])
    assert "not the only problem" in both[0]


def test_the_cap_is_100_then_too_many_problems() -> None:
    hundred = [(f"/{index}", "type", None, None) for index in range(100)]
    assert list_faults([*hundred, ("", "too-many-problems", None, None)]) == []
    assert "at most 100" in list_faults([*hundred, ("/100", "type", None, None)])[0]
    assert "101st and last" in list_faults([*hundred[:99], ("", "too-many-problems", None, None)])[0]


def test_equal_lists_agree() -> None:
    answer = _rejected(_problem("/a", "type"), _problem("/b", "required"))
    assert list_disagreements({"python": answer, "typescript": answer, "go": answer}) == {}


def test_messages_are_not_compared() -> None:
    a = _rejected({"pointer": "/a", "message": "must be a string", "rule": "type"})
    b = _rejected({"pointer": "/a", "message": "expected string, got number", "rule": "type"})
    assert list_disagreements({"python": a, "go": b}) == {}


def test_the_odd_language_out_is_blamed_with_what_it_lacks_and_adds() -> None:
    same = _rejected(_problem("/a", "type"), _problem("/b", "required"))
    odd = _rejected(_problem("/a", "type"), _problem("/c", "additionalProperties"))
    found = list_disagreements({"python": same, "typescript": odd, "go": same})
    assert list(found) == ["typescript"]
    assert "differs from python and go" in found["typescript"]
    assert "lacks /b required" in found["typescript"]
    assert "adds /c additionalProperties" in found["typescript"]


def test_a_different_line_or_column_is_a_difference() -> None:
    python = _rejected(_problem("", "syntax", 1, 7))
    found = list_disagreements({"python": python, "typescript": python, "go": _rejected(_problem("", "syntax", 1, 8))})
    assert list(found) == ["go"]
    assert "lacks (root) syntax 1:7" in found["go"] and "adds (root) syntax 1:8" in found["go"]


def test_the_same_problems_in_another_order_are_a_difference() -> None:
    ordered = _rejected(_problem("/a", "type"), _problem("/b", "type"))
    swapped = _rejected(_problem("/b", "type"), _problem("/a", "type"))
    found = list_disagreements({"python": ordered, "typescript": ordered, "go": swapped})
    assert list(found) == ["go"]
    assert "out of order" in found["go"] and "another order" in found["go"]


def test_when_no_two_agree_every_language_is_blamed() -> None:
    found = list_disagreements(
        {
            "python": _rejected(_problem("/a", "type")),
            "typescript": _rejected(_problem("/b", "type")),
            "go": _rejected(_problem("/c", "type")),
        }
    )
    assert sorted(found) == ["go", "python", "typescript"]


def test_agreeing_lists_that_break_section_5_are_each_blamed() -> None:
    unsorted = _rejected(_problem("/b", "type"), _problem("/a", "type"))
    found = list_disagreements({"python": unsorted, "go": unsorted})
    assert sorted(found) == ["go", "python"]


def test_an_acceptance_is_left_to_the_verdict() -> None:
    answer = _rejected(_problem("/a", "type"))
    assert list_disagreements({"python": answer, "go": {"ok": True, "canonical": "{}"}}) == {}


def _case(valid: bool = False) -> Case:
    request = {"op": "decode", "type": "Message", "text": "{}"}
    return Case("x/y", "decode", "a case", "Message", valid, request, citation="c", rule="type", pointer="/a")


def test_the_run_fails_the_case_for_the_language_that_differs() -> None:
    same = _rejected(_problem("/a", "type"))
    odd = _rejected(_problem("/a", "type"), _problem("/a/b", "required"))
    answers = {
        language: _Answers(problems=[None], problem_lists={0: answer})
        for language, answer in (("python", same), ("typescript", same), ("go", odd))
    }
    entries: dict[str, list[Any]] = {"python": [], "typescript": [], "go": []}
    outcomes: list[Outcome] = _judge_cases([_case()], answers, entries)
    status = {outcome.language: outcome.status for outcome in outcomes}
    assert status == {"python": "passed", "typescript": "passed", "go": "failed"}
    assert "adds /a/b required" in next(o.detail for o in outcomes if o.language == "go")
    skipped = _judge_cases([_case()], answers, entries, problem_lists=False)
    assert {outcome.status for outcome in skipped} == {"passed"}
