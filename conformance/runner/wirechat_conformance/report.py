"""What a run found, and its reports: the matrix on the terminal, JSON, JUnit XML, and a progress bar.

Every (language, case) pair ends as one ``Outcome``: ``passed``, ``failed``, ``xfail`` (a listed
expected failure that failed) or ``xpass`` (a listed one that passed: a failure of the run). Stale
expected-failure entries are reported beside them.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, Any
from xml.etree import ElementTree

__all__ = ["Outcome", "Progress", "Summary", "matrix_text", "write_json", "write_junit"]

STATUSES = ("passed", "failed", "xfail", "xpass")


@dataclass(frozen=True)
class Outcome:
    """The verdict of one language on one case."""

    language: str
    case_id: str
    category: str
    status: str  # one of STATUSES
    detail: str = ""  # why it failed (or, for xfail, the listed reason)
    description: str = ""
    expected: str = ""  # for a failed or xfail case: what the case expects, in one line
    actual: str = ""  # ... and what the language answered


@dataclass
class Summary:
    """Everything a run found."""

    outcomes: list[Outcome]
    stale: list[str]  # "file:line: pattern (reason)" of entries that matched no case
    regressions: list[str]  # case files written by the property rounds
    seconds: float
    seed: int
    throughput: dict[str, float]  # cases per second per language over the line protocol
    resource: list[dict[str, Any]] = field(default_factory=list)
    """The resource suite's rows when it ran with the cases (``--resource PROFILE``): one record per row and
    language (``resource.result_records``)."""
    resource_profile: str | None = None

    @property
    def resource_failed(self) -> bool:
        return any(not record["passed"] for record in self.resource)

    @property
    def failed(self) -> bool:
        stale_or_failed = bool(self.stale) or any(o.status in ("failed", "xpass") for o in self.outcomes)
        return stale_or_failed or self.resource_failed

    def counts(self) -> Counter[str]:
        return Counter(outcome.status for outcome in self.outcomes)


def matrix_text(summary: Summary, languages: Sequence[str]) -> str:
    """A table: one row per category (wire type or operation), one column per language, with
    ``passed/failed/xfail`` counts; unexpected passes are counted as failures and listed below."""
    cells: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for outcome in summary.outcomes:
        cells[outcome.category, outcome.language][outcome.status] += 1
    categories = sorted({category for category, _ in cells})
    width = max([len("category"), *(len(c) for c in categories)])
    header = f"{'category':<{width}}  " + "  ".join(f"{language:>16}" for language in languages)
    lines = [header, "-" * len(header)]

    def cell(counts: Counter[str]) -> str:
        bad = counts["failed"] + counts["xpass"]
        text = f"{counts['passed']}/{bad}/{counts['xfail']}"
        return ("!" if bad else " ") + text

    for category in categories:
        row = "  ".join(f"{cell(cells[category, language]):>16}" for language in languages)
        lines.append(f"{category:<{width}}  {row}")
    totals: dict[str, Counter[str]] = defaultdict(Counter)
    for outcome in summary.outcomes:
        totals[outcome.language][outcome.status] += 1
    lines.append("-" * len(header))
    lines.append(f"{'total':<{width}}  " + "  ".join(f"{cell(totals[language]):>16}" for language in languages))
    lines.append("cells: passed/failed/expected failures; '!' marks a cell with failures or unexpected passes")
    return "\n".join(lines)


def failure_text(summary: Summary) -> str:
    lines = []
    for outcome in summary.outcomes:
        if outcome.status == "failed":
            lines.append(f"FAILED {outcome.language} {outcome.case_id}: {outcome.detail}")
        elif outcome.status == "xpass":
            lines.append(f"UNEXPECTED PASS {outcome.language} {outcome.case_id}: listed as failing ({outcome.detail})")
    lines += [f"STALE expected failure {entry}" for entry in summary.stale]
    return "\n".join(lines)


def write_json(summary: Summary, path: Path) -> None:
    document: dict[str, Any] = {
        "passed": not summary.failed,
        "seed": summary.seed,
        "seconds": round(summary.seconds, 3),
        "counts": dict(summary.counts()),
        "throughput_cases_per_second": {k: round(v, 1) for k, v in summary.throughput.items()},
        "stale_expected_failures": summary.stale,
        "regressions_written": summary.regressions,
        "outcomes": [asdict(outcome) for outcome in summary.outcomes],
        "resource": {
            "profile": summary.resource_profile,
            "passed": not summary.resource_failed,
            "rows": summary.resource,
        },
    }
    path.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def write_junit(summary: Summary, path: Path) -> None:
    """JUnit XML: one test suite per language, one test case per case (xfail as skipped, with the reason)."""
    root = ElementTree.Element("testsuites", name="wirechat conformance", time=f"{summary.seconds:.3f}")
    by_language: dict[str, list[Outcome]] = defaultdict(list)
    for outcome in summary.outcomes:
        by_language[outcome.language].append(outcome)
    for language, outcomes in by_language.items():
        counts = Counter(outcome.status for outcome in outcomes)
        suite = ElementTree.SubElement(
            root,
            "testsuite",
            name=f"conformance.{language}",
            tests=str(len(outcomes)),
            failures=str(counts["failed"] + counts["xpass"]),
            skipped=str(counts["xfail"]),
            errors="0",
        )
        for outcome in outcomes:
            case = ElementTree.SubElement(
                suite, "testcase", classname=f"conformance.{language}.{outcome.category}", name=outcome.case_id
            )
            if outcome.status == "failed":
                ElementTree.SubElement(case, "failure", message=outcome.detail[:200]).text = outcome.detail
            elif outcome.status == "xpass":
                message = f"unexpected pass: listed as failing ({outcome.detail})"
                ElementTree.SubElement(case, "failure", message=message[:200]).text = message
            elif outcome.status == "xfail":
                ElementTree.SubElement(case, "skipped", message=f"expected failure: {outcome.detail}"[:200])
    if summary.resource:
        _junit_resource(root, summary.resource)
    if summary.stale:
        suite = ElementTree.SubElement(root, "testsuite", name="conformance.expected-failures")
        suite.set("tests", str(len(summary.stale)))
        suite.set("failures", str(len(summary.stale)))
        for entry in summary.stale:
            case = ElementTree.SubElement(suite, "testcase", classname="conformance.expected-failures", name=entry)
            ElementTree.SubElement(case, "failure", message="stale entry: it matches no case of the run")
    ElementTree.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)


def _junit_resource(root: ElementTree.Element, records: list[dict[str, Any]]) -> None:
    """One test suite for the resource rows: a test case per row and language, its times in the output."""
    failures = sum(not record["passed"] for record in records)
    suite = ElementTree.SubElement(
        root, "testsuite", name="conformance.resource", tests=str(len(records)), failures=str(failures), errors="0"
    )
    for record in records:
        name = f"{record['row']} [{record['language']}]"
        case = ElementTree.SubElement(suite, "testcase", classname="conformance.resource", name=name)
        times = ", ".join(f"t({point['n']}) = {point['ms']:.1f} ms {point['clock']}" for point in record["points"])
        ElementTree.SubElement(case, "system-out").text = f"{times}; growth per 4x input {record['growth']:.2f}"
        if not record["passed"]:
            text = "\n".join(record["failures"])
            ElementTree.SubElement(case, "failure", message=text[:200]).text = text


class Progress:
    """A one-line progress bar on stderr, drawn only when enabled (a terminal, or --progress)."""

    def __init__(self, enabled: bool, stream: IO[str] | None = None) -> None:
        self.enabled = enabled
        self.stream = stream or sys.stderr
        self._last = 0.0

    def update(self, stage: str, done: int, total: int) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if done < total and now - self._last < 0.1:
            return
        self._last = now
        fraction = done / total if total else 1.0
        bar = "#" * int(fraction * 30)
        line = f"{stage:<28} [{bar:<30}] {done}/{total}"
        self.stream.write(f"\r{line:<78}")  # padded: a shorter count must not leave the last one's digits
        self.stream.flush()

    def finish(self) -> None:
        if self.enabled:
            self.stream.write("\r" + " " * 78 + "\r")
            self.stream.flush()
