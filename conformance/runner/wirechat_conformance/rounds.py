"""Property-based rounds: generated instances of every wire type through every language and across them.

For each wire type, hypothesis draws valid instances from the bundled schema (``strategies``) with a
fixed seed, and for each one checks three properties, each an id in the expected-failure lists:

- ``property/<Type>/roundtrip``: every language decodes it and gives its RFC 8785 bytes (canonical form
  and the canonical form of its own encoding);
- ``property/<Type>/chain``: Python encodes it, Go decodes and re-encodes, Python's fast engine decodes and
  re-encodes, TypeScript decodes and re-encodes, Python decodes (the languages of the run, in that order),
  and the bytes never change;
- ``property/<Type>/mutation/<kind>`` (and ``.../problem-list``, the whole problem lists compared across
  languages): every one-rule mutation of it (``mutations``: missing-member,
  wrong-type, unknown-member, above-maximum, bad-enum, tag-mismatch ...) is rejected by every language,
  with a problem at the mutation's pointer when it has one.

A failure is shrunk by hypothesis to a minimal instance, which is written as a new case file under the
regressions folder, so that every later run (and every language) checks it as an ordinary case.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from wirechat.testing.strategies import strategy_for
from wirechat_conformance.cases import jcs
from wirechat_conformance.mutations import Mutation, mutations
from wirechat_conformance.problems import list_disagreements
from wirechat_conformance.testees import Testee
from wirechat_conformance.verdicts import summarise_answer

__all__ = ["CHAIN_ORDER", "CHECKS", "PropertyResult", "run_type"]

CHECKS = ("roundtrip", "chain", "mutation")
CHAIN_ORDER = ("python", "go", "python-fast", "typescript", "python")
"""The chain's route; a testee of another name (``--testee NAME=COMMAND``) joins it before the last step."""


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


class PropertyFailureError(AssertionError):
    """Raised inside the hypothesis test so that it shrinks; carries the failing instance."""

    def __init__(self, findings: dict[tuple[str, str], str], text: str, mutation: Mutation | None) -> None:
        super().__init__("; ".join(f"{language} {check}: {detail}" for (language, check), detail in findings.items()))
        self.findings = findings
        self.text = text
        self.mutation = mutation


@dataclass
class PropertyResult:
    """What the rounds of one type found: the first failure detail per (language, check)."""

    type_name: str
    examples: int = 0
    findings: dict[tuple[str, str], str] = field(default_factory=dict)
    checks_run: set[str] = field(default_factory=set)
    regressions: list[str] = field(default_factory=list)


def _decode(testee: Testee, type_name: str, text: str) -> dict[str, Any]:
    return testee.call({"op": "decode", "type": type_name, "text": text})


def _roundtrip(testees: dict[str, Testee], type_name: str, text: str, expected: str) -> dict[str, str]:
    found = {}
    for language, testee in testees.items():
        answer = _decode(testee, type_name, text)
        if not answer.get("ok"):
            found[language] = f"a valid instance is refused: {summarise_answer(answer)}"
        elif answer.get("canonical") != expected:
            found[language] = f"canonical form {answer.get('canonical')!r} differs from {expected!r}"
        elif jcs(json.loads(answer["encoded"])) != expected:
            found[language] = f"encode wrote {answer['encoded']!r}, not the document {expected!r}"
    return found


def _chain(testees: dict[str, Testee], type_name: str, text: str, expected: str) -> dict[str, str]:
    """Each language decodes what the one before encoded; the first that refuses it, or whose canonical
    form or encoding differs from the original document, is blamed."""
    known = [language for language in CHAIN_ORDER if language in testees]
    order = [*known[:-1], *(language for language in testees if language not in CHAIN_ORDER), *known[-1:]]
    route = " -> ".join(order)
    current = text
    for step, language in enumerate(order, start=1):
        answer = _decode(testees[language], type_name, current)
        if not answer.get("ok"):
            return {language: f"chain step {step} ({route}) refused {current!r}: {summarise_answer(answer)}"}
        if answer.get("canonical") != expected:
            return {language: f"chain step {step} ({route}) changed it to {answer['canonical']!r}"}
        if jcs(json.loads(answer["encoded"])) != expected:
            return {language: f"chain step {step} ({route}) encoded it as {answer['encoded']!r}"}
        current = answer["encoded"]
    return {}


def _mutations(
    testees: dict[str, Testee], type_name: str, sites: list[Mutation], problem_lists: bool = True
) -> dict[tuple[str, str], tuple[str, Mutation]]:
    """Every site through every language (pipelined); the first failure per (language, check): an acceptance
    or no problem at the mutation's pointer (``mutation/KIND``), and (``problem_lists``) a whole problem list
    (pointer, rule, order) that breaks spec section 5 or differs from the other languages', as the corpus
    compares them (``mutation/KIND/problem-list``, a check of its own so that a known difference can be
    listed without hiding a wrong verdict)."""
    found: dict[tuple[str, str], tuple[str, Mutation]] = {}
    requests = [{"op": "decode", "type": type_name, "text": _text(site.value)} for site in sites]
    answers = {language: testee.call_many(requests) for language, testee in testees.items()}
    for index, site in enumerate(sites):
        for language in testees:
            answer = answers[language][index]
            key = (language, f"mutation/{site.kind}")
            if key in found:
                continue
            if answer.get("ok") is not False:
                detail = f"a {site.kind} mutation ({site.rule}) is accepted: {summarise_answer(answer)}"
                found[key] = (f"{detail}; sent {_text(site.value)[:200]}", site)
            elif site.pointer is not None and all(p.get("pointer") != site.pointer for p in answer.get("problems", [])):
                detail = f"a {site.kind} mutation is rejected, but not at {site.pointer!r}: {summarise_answer(answer)}"
                found[key] = (f"{detail}; sent {_text(site.value)[:200]}", site)
        if problem_lists and len(testees) > 1:
            same_text = {language: answers[language][index] for language in testees}
            for language, reason in list_disagreements(same_text).items():
                key = (language, f"mutation/{site.kind}/problem-list")
                if key not in found:
                    found[key] = (f"a {site.kind} mutation: {reason}; sent {_text(site.value)[:200]}", site)
    return found


def _regression(folder: Path, type_name: str, seed_value: int, failure: PropertyFailureError) -> str:
    if failure.mutation is not None:
        check = f"mutation-{failure.mutation.kind}"
    else:
        check = next(c for _, c in failure.findings if not c.startswith("mutation/"))
    detail = "; ".join(f"{language}: {text}" for (language, _), text in failure.findings.items())
    if failure.mutation is not None:
        text = _text(failure.mutation.value)
        case: dict[str, Any] = {"valid": False, "citation": failure.mutation.rule[:240]}
        if failure.mutation.pointer is not None:
            case["pointer"] = failure.mutation.pointer
    else:
        text, case = failure.text, {"valid": True}
    digest = hashlib.sha256(f"{type_name}\n{check}\n{text}".encode()).hexdigest()[:10]
    name = f"{type_name.lower()}-{check}-{digest}"
    document = {
        "description": f"A {check} failure of {type_name} found by the property rounds (seed {seed_value}), shrunk.",
        "cases": [
            {
                "op": "decode",
                "name": name,
                "description": f"found by the property rounds: {detail}"[:240],
                "type": type_name,
                "text": text,
                **case,
            }
        ],
    }
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.json"
    path.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return str(path)


def run_type(
    type_name: str,
    testees: dict[str, Testee],
    *,
    tolerated: Callable[[str, str], bool],
    examples: int,
    seed_value: int,
    regressions: Path | None,
    checks: Sequence[str] = CHECKS,
    problem_lists: bool = True,
) -> PropertyResult:
    """Run the property rounds of one type. ``tolerated(language, check)`` says a failure is listed as
    expected, so it is recorded but does not stop (and shrink) the round."""
    result = PropertyResult(type_name)
    strategy = strategy_for(type_name)

    @seed(seed_value)
    @settings(
        max_examples=examples,
        database=None,
        deadline=None,
        derandomize=False,
        phases=(Phase.generate, Phase.shrink),
        suppress_health_check=list(HealthCheck),
        report_multiple_bugs=False,
    )
    @given(st.data())
    def round_of(data: st.DataObject) -> None:
        value = data.draw(strategy, label="instance")
        text, expected = _text(value), jcs(value)
        sites = mutations(type_name, value) if "mutation" in checks else []
        result.examples += 1
        result.checks_run.update(c for c in checks if c == "roundtrip" or (c == "chain" and len(testees) > 1))
        result.checks_run.update(f"mutation/{site.kind}" for site in sites)
        if problem_lists and len(testees) > 1:
            result.checks_run.update(f"mutation/{site.kind}/problem-list" for site in sites)
        findings: dict[tuple[str, str], str] = {}
        failing_sites: dict[tuple[str, str], Mutation] = {}
        if "roundtrip" in checks:
            findings |= {
                (language, "roundtrip"): d for language, d in _roundtrip(testees, type_name, text, expected).items()
            }
        if "chain" in checks and len(testees) > 1:
            findings |= {(language, "chain"): d for language, d in _chain(testees, type_name, text, expected).items()}
        for key, (detail, site) in _mutations(testees, type_name, sites, problem_lists).items():
            findings[key] = detail
            failing_sites[key] = site
        for key, detail in findings.items():
            result.findings.setdefault(key, detail)
        unexpected = {key: detail for key, detail in findings.items() if not tolerated(*key)}
        if unexpected:
            mutated = [failing_sites[key] for key in unexpected if key in failing_sites]
            only_mutation = len(mutated) == len(unexpected)
            raise PropertyFailureError(unexpected, text, mutated[0] if only_mutation else None)

    try:
        round_of()
    except PropertyFailureError as failure:
        for key, detail in failure.findings.items():  # the shrunk instance's account replaces the first one
            result.findings[key] = detail
        if regressions is not None:
            result.regressions.append(_regression(regressions, type_name, seed_value, failure))
    return result
