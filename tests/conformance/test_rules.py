"""The cross-language rule comparison (``wirechat_conformance.rules``): what counts as agreement, who is
blamed, and which cases it applies to."""

from __future__ import annotations

from typing import Any

from wirechat_conformance.cases import Case
from wirechat_conformance.rules import compared_across_languages, disagreements, rules_at
from wirechat_conformance.verdicts import judge


def _case(pointer: str | None = "/a", rule: str | None = None, valid: bool = False) -> Case:
    request = {"op": "decode", "type": "Message", "text": "{}"}
    return Case("x/y", "decode", "a case", "Message", valid, request, citation="c", rule=rule, pointer=pointer)


def _rejected(*problems: tuple[str, str]) -> dict[str, Any]:
    return {"ok": False, "problems": [{"pointer": p, "message": "m", "rule": r} for p, r in problems]}


def test_rules_are_read_at_the_pointer_or_everywhere() -> None:
    answer = _rejected(("/a", "type"), ("/b", "required"), ("/a", "enum"))
    assert rules_at(_case("/a"), answer) == {"type", "enum"}
    assert rules_at(_case(None), answer) == {"type", "enum", "required"}


def test_one_common_rule_is_agreement() -> None:
    answers = {
        "python": _rejected(("/a", "required"), ("/a", "additionalProperties")),
        "typescript": _rejected(("/a", "required")),
        "go": _rejected(("/a", "additionalProperties"), ("/a", "required")),
    }
    assert disagreements(_case(), answers) == {}


def test_the_odd_language_out_is_blamed() -> None:
    answers = {
        "python": _rejected(("/a", "enum")),
        "typescript": _rejected(("/a", "enum"), ("/b", "type")),
        "go": _rejected(("/a", "type"), ("/b", "enum")),  # enum, but not at the pointer
    }
    blamed = disagreements(_case(), answers)
    assert list(blamed) == ["go"]
    assert "no common rule at '/a'" in blamed["go"] and "go: type" in blamed["go"]


def test_when_all_differ_every_language_is_blamed() -> None:
    answers = {"python": _rejected(("/a", "enum")), "go": _rejected(("/a", "type"))}
    assert sorted(disagreements(_case(), answers)) == ["go", "python"]


def test_acceptances_and_errors_are_left_to_the_verdict() -> None:
    answers = {"python": _rejected(("/a", "enum")), "go": {"ok": True}, "typescript": {"error": "boom"}}
    assert disagreements(_case(), answers) == {}


def test_only_invalid_decode_cases_without_a_machine_rule_are_compared() -> None:
    assert compared_across_languages(_case())
    assert not compared_across_languages(_case(rule="enum"))
    assert not compared_across_languages(_case(valid=True))


def test_a_stated_rule_is_judged_per_language_at_the_pointer() -> None:
    case = _case("/a", rule="enum")
    assert judge(case, _rejected(("/a", "enum"))) is None
    problem = judge(case, _rejected(("/a", "type"), ("/b", "enum")))
    assert problem is not None and "no problem of rule 'enum' at '/a' (rules: type)" in problem
    assert judge(_case(None, rule="syntax"), _rejected(("/z", "syntax"))) is None
