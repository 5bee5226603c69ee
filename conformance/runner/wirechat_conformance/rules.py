"""Comparing the rules of the problems across languages, for the invalid decode cases.

Every language names the rule a problem breaks with the same words (``Problem.rule``: ``required``,
``duplicate-key`` ...). A case that states its machine ``rule`` is judged per language (``verdicts``):
some problem of that rule, at the case's pointer when it states one. A case that states none (a tag whose
payload breaks the variant in several ways, a schema example) is judged across languages here: the rules
each language reports (at the case's pointer when it states one, else all of them) must share at least
one rule. "The first problem's rule" would be fragile (the order of problems is each parser's own), and
"the same set" too strict (one language may report a second, consequential problem), so agreement is a
common rule.

Who is blamed when they disagree: a language that lacks a rule every other language reports; when no
language stands out that way (all differ), every language that rejected the case.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirechat_conformance.cases import Case

__all__ = ["compared_across_languages", "disagreements", "rules_at"]


def rules_at(case: Case, answer: Mapping[str, Any]) -> set[str]:
    """The rules of the answer's problems at the case's pointer (all problems when it states none)."""
    problems = answer.get("problems") or []
    return {
        str(problem["rule"])
        for problem in problems
        if problem.get("rule") and (case.pointer is None or problem.get("pointer") == case.pointer)
    }


def compared_across_languages(case: Case) -> bool:
    """Whether a case's rules are compared across languages: an invalid decode case without a machine rule."""
    return case.op == "decode" and not case.valid and case.rule is None


def disagreements(case: Case, answers: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
    """Per blamed language, why its rules disagree with the others' on ``case`` (empty when they agree).

    Only languages that rejected the case with problems count: an acceptance or a testee error already
    fails that language's verdict.
    """
    if not compared_across_languages(case):
        return {}
    found = {
        language: rules_at(case, answer)
        for language, answer in answers.items()
        if answer.get("ok") is False and answer.get("problems")
    }
    if len(found) < 2 or set.intersection(*found.values()):
        return {}
    where = f" at {case.pointer!r}" if case.pointer is not None else ""
    listed = "; ".join(f"{language}: {', '.join(sorted(rules)) or 'none'}" for language, rules in found.items())
    blamed = []
    for language, rules in found.items():
        others = [other for name, other in found.items() if name != language]
        if set.intersection(*others) - rules:
            blamed.append(language)
    return {language: f"the languages name no common rule{where} ({listed})" for language in (blamed or list(found))}
