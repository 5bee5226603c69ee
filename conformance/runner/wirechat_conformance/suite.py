"""A whole conformance run: load the corpus, start the testees, run cases and property rounds, judge.

``run(options)`` returns a ``Summary``; the command line (``wirechat_conformance.cli``) prints and
writes it. Expected failures are applied here: a failing case listed for its language becomes ``xfail``,
a passing listed one ``xpass``, and an entry that matches nothing the run checked is stale.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wirechat_conformance.bundle import bundle_version, type_names
from wirechat_conformance.cases import Case, load_cases, load_examples
from wirechat_conformance.expected import Entry, load_expected
from wirechat_conformance.loop_vectors import load_loop_vectors
from wirechat_conformance.paths import Layout, find_layout
from wirechat_conformance.problems import list_disagreements
from wirechat_conformance.report import Outcome, Progress, Summary
from wirechat_conformance.rounds import run_type
from wirechat_conformance.rules import compared_across_languages, disagreements
from wirechat_conformance.testees import LANGUAGES, Testee, command_for
from wirechat_conformance.verdicts import expected_text, judge, summarise_answer

__all__ = ["Options", "check_bundle_version", "load_corpus", "run"]

BATCH = 500


@dataclass
class Options:
    """What to run (the command line's flags)."""

    root: Path | None = None
    schema_version: str | None = None  # a folder under schema/ (default: the newest)
    languages: Sequence[str] = LANGUAGES
    case_dirs: Sequence[Path] = ()  # added to the built-in corpus
    builtin: bool = True  # the corpus under conformance/cases and the schema's examples
    examples: int = 25  # property-round instances per wire type; 0 skips the rounds
    types: Sequence[str] | None = None  # property rounds for these types only
    seed: int = 0
    regressions: Path | None = None  # where shrunk failures are written (default conformance/cases/regressions)
    write_regressions: bool = True
    expected_dir: Path | None = None
    testee_commands: dict[str, list[str]] = field(default_factory=dict)  # per-language overrides
    progress: bool = False
    problem_lists: bool = True  # compare every invalid decode case's whole problem list (spec section 5)


def check_bundle_version(layout: Layout) -> None:
    """The installed packages (whose testees run) must speak the run's schema version."""
    speaks = bundle_version()
    if speaks != layout.schema_version:
        raise FileNotFoundError(
            f"the installed wirechat was generated from schema/{speaks}, not schema/{layout.schema_version}: "
            f"regenerate the packages from schema/{layout.schema_version} (./dev codegen) or pass "
            f"--schema-version {speaks}"
        )


def load_corpus(layout: Layout, options: Options) -> list[Case]:
    """The run's cases: the schema's examples, the corpus and the tool-loop vectors (the built-in ones), then
    the case files of ``options.case_dirs``."""
    folders = [layout.cases] if options.builtin else []
    folders += [Path(folder) for folder in options.case_dirs]
    cases = load_examples(layout.examples) if options.builtin else []
    cases += load_cases(folders, layout.case_schema)
    if options.builtin:
        cases += load_loop_vectors(layout.tool_loop_vectors)
    return cases


def _printable(text: str) -> str:
    """Testees echo what they were sent, lone surrogates included: escape those for terminals and files."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _classify(language: str, case_id: str, problem: str | None, entries: list[Entry]) -> tuple[str, str]:
    if problem is not None:
        problem = _printable(problem)
    listed = next((entry for entry in entries if entry.matches(case_id)), None)
    if listed is None:
        return ("passed", "") if problem is None else ("failed", problem)
    return ("xpass", listed.reason) if problem is None else ("xfail", f"{listed.reason} [{problem}]")


@dataclass
class _Answers:
    """One language's answers to the corpus: its verdict problem per case (None: passed), and the answers
    kept for the cross-language comparisons: whole answers for the rule comparison, and the problem lists
    of every invalid decode case (only problems: a valid case's answer may hold megabytes)."""

    problems: list[str | None] = field(default_factory=list)
    compared: dict[int, dict[str, Any]] = field(default_factory=dict)
    problem_lists: dict[int, dict[str, Any]] = field(default_factory=dict)
    actual: dict[int, str] = field(default_factory=dict)  # a one-line account of each answer that failed
    rate: float = 0.0


def _run_cases(testee: Testee, cases: list[Case], progress: Progress) -> _Answers:
    found = _Answers()
    started = time.perf_counter()
    for start in range(0, len(cases), BATCH):
        batch = cases[start : start + BATCH]
        answers = testee.call_many([case.request for case in batch])
        for index, (case, answer) in enumerate(zip(batch, answers, strict=False), start=start):
            problem = judge(case, answer)
            found.problems.append(problem)
            if problem is not None:
                found.actual[index] = summarise_answer(answer)
            if compared_across_languages(case):
                found.compared[index] = answer
            if case.op == "decode" and not case.valid:
                found.problem_lists[index] = {"ok": answer.get("ok"), "problems": answer.get("problems")}
        progress.update(f"cases: {testee.language}", start + len(batch), len(cases))
    elapsed = time.perf_counter() - started
    found.rate = len(cases) / elapsed if elapsed > 0 else 0.0
    return found


def _judge_cases(
    cases: list[Case], answers: dict[str, _Answers], entries: dict[str, list[Entry]], problem_lists: bool = True
) -> list[Outcome]:
    """Each language's verdict on each case: its own answer judged, then (for invalid decode cases that
    state no machine rule) its rules compared with the other languages' (``wirechat_conformance.rules``),
    and (for every invalid decode case) its whole problem list (``wirechat_conformance.problems``)."""
    outcomes = []
    for index, case in enumerate(cases):
        rule_problems: dict[str, str] = {}
        if compared_across_languages(case):
            rule_problems = disagreements(
                case, {language: found.compared[index] for language, found in answers.items()}
            )
        list_problems: dict[str, str] = {}
        if problem_lists and case.op == "decode" and not case.valid:
            list_problems = list_disagreements(
                {language: found.problem_lists[index] for language, found in answers.items()}
            )
        for language, found in answers.items():
            problem = found.problems[index] or rule_problems.get(language) or list_problems.get(language)
            status, detail = _classify(language, case.id, problem, entries[language])
            expected = actual = ""
            if status in ("failed", "xfail"):
                expected = expected_text(case)
                answer = found.compared.get(index) or found.problem_lists.get(index) or {}
                actual = _printable(found.actual.get(index) or summarise_answer(answer))
            outcomes.append(
                Outcome(language, case.id, case.category, status, detail, case.description, expected, actual)
            )
    return outcomes


def _run_properties(
    testees: dict[str, Testee], entries: dict[str, list[Entry]], options: Options, layout: Layout, progress: Progress
) -> tuple[list[Outcome], list[str]]:
    names = list(options.types) if options.types else type_names()
    outcomes: list[Outcome] = []
    regressions: list[str] = []
    folder = None
    if options.write_regressions:
        folder = options.regressions or layout.regressions

    def tolerated(language: str, check: str, type_name: str) -> bool:
        return any(entry.matches(f"property/{type_name}/{check}") for entry in entries[language])

    for done, type_name in enumerate(names, start=1):
        result = run_type(
            type_name,
            testees,
            tolerated=functools.partial(tolerated, type_name=type_name),
            examples=options.examples,
            seed_value=options.seed,
            regressions=folder,
            problem_lists=options.problem_lists,
        )
        regressions += result.regressions
        for language in testees:
            for check in sorted(result.checks_run):
                case_id = f"property/{type_name}/{check}"
                problem = result.findings.get((language, check))
                status, detail = _classify(language, case_id, problem, entries[language])
                description = f"{result.examples} generated {type_name} instances: {check}"
                outcomes.append(Outcome(language, case_id, f"{type_name}", status, detail, description))
        progress.update("property rounds", done, len(names))
    return outcomes, regressions


def _stale(entries: list[Entry], outcomes: list[Outcome], options: Options) -> list[str]:
    ids = [outcome.case_id for outcome in outcomes]
    stale = []
    for entry in entries:
        if entry.pattern.startswith("property/") and (options.examples == 0 or options.types):
            continue  # the rounds did not run (or ran for some types only): nothing to judge by
        if not options.builtin and not entry.pattern.startswith("property/"):
            continue
        if not any(entry.matches(case_id) for case_id in ids):
            stale.append(f"{entry.where}: {entry.pattern} ({entry.reason})")
    return stale


def run(options: Options) -> Summary:
    """Run the suite; raises ``CaseFileError``, ``ExpectedFailureError`` or ``TesteeError`` on bad input."""
    started = time.perf_counter()
    layout = find_layout(options.root, options.schema_version)
    check_bundle_version(layout)
    cases = load_corpus(layout, options)
    entries = {
        language: load_expected(options.expected_dir or layout.expected_failures, language)
        for language in options.languages
    }
    progress = Progress(options.progress)
    testees: dict[str, Testee] = {}
    outcomes: list[Outcome] = []
    throughput: dict[str, float] = {}
    regressions: list[str] = []
    try:
        for language in options.languages:
            testee = Testee(language, command_for(language, layout, options.testee_commands), layout.root)
            testee.start()
            testees[language] = testee
        answers = {language: _run_cases(testee, cases, progress) for language, testee in testees.items()}
        throughput = {language: found.rate for language, found in answers.items()}
        outcomes += _judge_cases(cases, answers, entries, options.problem_lists)
        if options.examples > 0:
            found, regressions = _run_properties(testees, entries, options, layout, progress)
            outcomes += found
    finally:
        progress.finish()
        for testee in testees.values():
            testee.close()
    stale = [
        line
        for language in options.languages
        for line in _stale(entries[language], [o for o in outcomes if o.language == language], options)
    ]
    return Summary(outcomes, stale, regressions, time.perf_counter() - started, options.seed, throughput)
