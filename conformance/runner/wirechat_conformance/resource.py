"""The resource suite: hostile inputs at sizes n to 4n through every language's testee, timed and weighed.

For each row (``wirechat_conformance.resource_rows``) and language: the testee's CPU time on one decode
request at n, 2n, 3n and 4n (the best of a few runs, the request's encoding left out; ``resource_clock``: every
thread of the testee, so a busy machine's waits do not count; wall time only where /proc cannot tell), a
least-squares fit of log time on log size, and the growth it gives over a factor of 4 (``4 ** slope``: 4 for
a linear decoder, 16 for a quadratic one), and the peak memory the testee used on the 4n input. One
long-lived process per language serves every row.

The sizes are measured in turn (n, 2n, 3n, 4n, then again), so a burst of load slows one run of each size
rather than every run of one. A row fails for a language when the fitted growth reaches the stated
``max_ratio`` while t(4n) is at least 20 ms of CPU, and again when measured once more at 2n, 4n, 6n and 8n
(machines are noisy: a row fails on two fits, not one; unless t(4n) already took seconds, when the first
fit stands); when the peak exceeds the stated multiple of the input plus a slack; when its verdict is not
the row's (or no problem has the row's rule); or when its problem list differs from the other languages'
(spec section 5, ``wirechat_conformance.problems``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from wirechat_conformance.problems import list_disagreements
from wirechat_conformance.resource_clock import cpu_seconds, peak_since, reset_peak
from wirechat_conformance.resource_rows import Limits, Row, build_text
from wirechat_conformance.testees import Testee

__all__ = [
    "SCALES",
    "Measured",
    "RowResult",
    "fitted_growth",
    "judge_row",
    "measure",
    "result_lines",
    "result_records",
    "run_rows",
]

MIB = 1 << 20
BUDGET = 0.3  # seconds of runs per input, after which it is not repeated
FLOOR = 0.02  # seconds: growth is judged only when t(4n) reaches this (below, fixed costs dominate)
SCALES = (1, 2, 3, 4)  # the sizes measured, as multiples of the row's n (not only powers of 2: with three
# equally spaced log sizes a least-squares slope is the two ends' ratio, and the middle point counts for nothing)


@dataclass(frozen=True)
class Measured:
    """One language's answer to one input of ``n`` units: the best time (CPU seconds of the testee, or wall
    seconds where ``clock`` says so), the best wall time, the peak memory above the resident size (None where
    /proc cannot tell), the input's size, and the answer (verdict and problems only)."""

    n: int
    seconds: float
    peak_bytes: int | None
    input_bytes: int
    answer: dict[str, Any]
    wall: float = 0.0
    clock: str = "cpu"


def fitted_growth(points: Sequence[Measured]) -> float:
    """``4 ** slope`` of the least-squares line through (log n, log t): the time's growth over a factor of 4."""
    xs = [math.log(point.n) for point in points]
    ys = [math.log(max(point.seconds, 1e-6)) for point in points]
    mean_x, mean_y = sum(xs) / len(xs), sum(ys) / len(ys)
    spread = sum((x - mean_x) ** 2 for x in xs)
    if spread == 0:
        return 1.0
    slope = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)) / spread
    return float(4**slope)


@dataclass
class RowResult:
    """A row's measurements per language (at n, 2n, 3n, 4n), the n used, and why it failed."""

    row: Row
    n: int
    points: dict[str, list[Measured]] = field(default_factory=dict)
    first_growth: dict[str, float] = field(default_factory=dict)
    """language -> the growth of the first measurement, for a language measured again at 2n to 8n."""
    failures: dict[str, list[str]] = field(default_factory=dict)
    answers: dict[str, dict[str, Any]] = field(default_factory=dict)
    """The answers every language gave to the same texts (``"n"`` to ``"4n"``), kept from the first
    measurement: a language measured again at other sizes is still compared on the texts the others decoded."""

    def keep_answers(self) -> None:
        self.answers = {
            _size_label(index): {language: found[index].answer for language, found in self.points.items()}
            for index, scale in enumerate(SCALES)
        }

    def n_of(self, language: str) -> int:
        return self.points[language][0].n

    def largest(self, language: str) -> Measured:
        return self.points[language][-1]

    def growth(self, language: str) -> float:
        return fitted_growth(self.points[language])

    @property
    def remeasured(self) -> set[str]:
        return set(self.first_growth)


def measure(testee: Testee, type_name: str, text: str, repeats: int, n: int = 0) -> Measured:
    """Decode ``text`` as ``type_name`` in ``testee`` up to ``repeats`` times (fewer once the runs took
    ``BUDGET`` seconds of wall time): the best CPU time (or wall time), the best wall time, the largest peak."""
    request = {"op": "decode", "type": type_name, "text": text}
    best = best_wall = float("inf")
    peak: int | None = None
    answer: dict[str, Any] = {}
    spent = 0.0
    clock = "cpu"
    for _ in range(repeats):
        first, lines = testee.encode([request])
        before = reset_peak(testee.pid)
        cpu_before = cpu_seconds(testee.pid)
        started = time.perf_counter()
        answer = testee.exchange(first, lines)[0]
        wall = time.perf_counter() - started
        cpu_after = cpu_seconds(testee.pid)
        if cpu_before is None or cpu_after is None:
            clock, took = "wall", wall
        else:
            took = cpu_after - cpu_before
        best, best_wall, spent = min(best, took), min(best_wall, wall), spent + wall
        found = peak_since(testee.pid, before)
        if found is not None:
            peak = max(peak or 0, found)
        if "error" in answer or spent > BUDGET:
            break
    slim: dict[str, Any] = {key: answer[key] for key in ("ok", "problems", "error") if key in answer}
    return Measured(n, best, peak, len(text.encode("utf-8")), slim, wall=best_wall, clock=clock)


def _size_label(index: int) -> str:
    return "n" if SCALES[index] == 1 else f"{SCALES[index]}n"


def _verdict_faults(row: Row, found: Measured, size: str) -> list[str]:
    answer = found.answer
    if "error" in answer:
        return [f"testee error at {size}: {str(answer['error'])[:300]}"]
    if not row.valid and answer.get("ok") is not False:
        return [f"accepted the {size} input, which is invalid"]
    if row.valid and answer.get("ok") is not True:
        problems = answer.get("problems") or []
        first = problems[0] if problems else {}
        return [f"rejected the {size} input, which is valid ({first.get('pointer')!r}: {first.get('message')})"]
    if not row.valid and row.rule is not None:
        rules = {str(problem.get("rule")) for problem in answer.get("problems") or []}
        if row.rule not in rules:
            return [f"no problem of rule {row.rule!r} at {size} (rules: {', '.join(sorted(rules)) or 'none'})"]
    return []


def _growth_fault(result: RowResult, language: str, limits: Limits) -> str | None:
    growth, largest = result.growth(language), result.largest(language)
    if growth < limits.max_ratio or largest.seconds < FLOOR:
        return None
    first = result.first_growth.get(language)
    if first is not None and first < limits.max_ratio:
        return None  # one fit of two: noise, not growth
    again = "" if first is None else f", and {first:.1f} at the first measurement"
    sizes = ", ".join(str(point.n) for point in result.points[language])
    return (
        f"time grows {growth:.1f}x per 4x input (fitted over n = {sizes}{again}) >= {limits.max_ratio:g}: "
        f"work that grows faster than the input"
    )


def judge_row(result: RowResult, limits: Limits, problem_lists: bool = True) -> None:
    """Fill ``result.failures``: verdicts, problem lists across languages, the fitted growth, the memory."""
    row = result.row
    for language, points in result.points.items():
        faults = [
            fault for index, found in enumerate(points) for fault in _verdict_faults(row, found, _size_label(index))
        ]
        growth = _growth_fault(result, language, limits)
        if growth is not None:
            faults.append(growth)
        found = result.largest(language)
        allowed = limits.memory_multiple * found.input_bytes + limits.memory_slack_mib * MIB
        if found.peak_bytes is not None and found.peak_bytes > allowed:
            faults.append(
                f"peak memory {found.peak_bytes / MIB:.1f} MiB on a {found.input_bytes / MIB:.1f} MiB input is above "
                f"{limits.memory_multiple:g} x input + {limits.memory_slack_mib:g} MiB ({allowed / MIB:.1f} MiB)"
            )
        if faults:
            result.failures.setdefault(language, []).extend(faults)
    if problem_lists and not row.valid:
        if not result.answers:
            result.keep_answers()
        for size, answers in result.answers.items():
            for language, reason in list_disagreements(answers).items():
                result.failures.setdefault(language, []).append(f"at {size}: {reason}")


def _best(first: Measured, second: Measured) -> Measured:
    peaks = [peak for peak in (first.peak_bytes, second.peak_bytes) if peak is not None]
    best = first if first.seconds <= second.seconds else second
    return replace(best, wall=min(first.wall, second.wall), peak_bytes=max(peaks) if peaks else None)


def _measure_all(testees: dict[str, Testee], row: Row, n: int, repeats: int) -> dict[str, list[Measured]]:
    """Every size in turn, ``repeats`` rounds (fewer once a round took ``BUDGET`` seconds): a burst of load
    on the machine slows one run of every size, not every run of one size."""
    texts = [(scale * n, build_text(row, scale * n)) for scale in SCALES]
    found: dict[str, list[Measured]] = {}
    for language, testee in testees.items():
        points = [measure(testee, row.type, text, 1, size) for size, text in texts]
        for _ in range(repeats - 1):
            if sum(point.wall for point in points) > BUDGET or any("error" in point.answer for point in points):
                break
            again = [measure(testee, row.type, text, 1, size) for size, text in texts]
            points = [_best(old, new) for old, new in zip(points, again, strict=True)]
        found[language] = points
    return found


def run_rows(
    testees: dict[str, Testee],
    rows: Sequence[Row],
    profile: str,
    limits: Limits,
    repeats: int,
    *,
    problem_lists: bool = True,
    remeasure_below: float = 2.0,
    report: Any = None,
) -> list[RowResult]:
    """Measure and judge every row; ``report(result)`` is called as each row is done. A language whose
    growth reaches the limit is measured once more at 2n, 4n, 6n and 8n, and fails only when that fit reaches it
    too, unless t(4n) already took ``remeasure_below`` seconds (a second look at 8n would take minutes)."""
    results = []
    for row in rows:
        n = row.n[profile]
        result = RowResult(row, n, _measure_all(testees, row, n, repeats))
        result.keep_answers()
        suspicious = [
            language
            for language in testees
            if result.growth(language) >= limits.max_ratio
            and FLOOR <= result.largest(language).seconds < remeasure_below
        ]
        if suspicious:  # once more at 2n to 8n, for those languages only
            again = _measure_all({language: testees[language] for language in suspicious}, row, 2 * n, repeats)
            for language in suspicious:
                result.first_growth[language] = result.growth(language)
                result.points[language] = again[language]
        judge_row(result, limits, problem_lists)
        results.append(result)
        if report is not None:
            report(result)
    return results


def _size(count: int | None) -> str:
    if count is None:
        return "n/a"
    return f"{count / MIB:.1f}M" if count >= MIB else f"{count / 1024:.0f}K"


def result_lines(result: RowResult, header: bool = False) -> list[str]:
    """The table lines of one row: one per language (times in ms of CPU, 'w' after them when wall time)."""
    lines = []
    if header:
        lines.append(
            f"{'row':<30} {'language':<10} {'n':>9} {'input 4n':>9} "
            + " ".join(f"{'t(' + _size_label(index) + ') ms':>9}" for index in range(len(SCALES)))
            + " "
            f"{'growth':>7} {'peak 4n':>8} {'x input':>7}  verdict"
        )
    for language, points in result.points.items():
        large = points[-1]
        multiple = "n/a" if large.peak_bytes is None else f"{large.peak_bytes / large.input_bytes:.1f}"
        again = "*" if language in result.first_growth else " "
        wall = "w" if any(point.clock == "wall" for point in points) else " "
        times = " ".join(f"{point.seconds * 1000:>9.1f}" for point in points)
        verdict = "FAIL" if result.failures.get(language) else "ok"
        lines.append(
            f"{result.row.name:<30} {language:<10} {result.n_of(language):>9} {_size(large.input_bytes):>9} "
            f"{times}{wall}{result.growth(language):>6.2f}{again} {_size(large.peak_bytes):>8} {multiple:>7}  {verdict}"
        )
    return lines


def result_records(results: Sequence[RowResult]) -> list[dict[str, Any]]:
    """One JSON-ready record per row and language, for the reports (``report.Summary.resource``)."""
    records = []
    for result in results:
        for language, points in result.points.items():
            large = points[-1]
            records.append({
                "row": result.row.name, "description": result.row.description, "language": language,
                "points": [
                    {"n": p.n, "input_bytes": p.input_bytes, "ms": round(p.seconds * 1000, 3),
                     "wall_ms": round(p.wall * 1000, 3), "clock": p.clock}
                    for p in points
                ],
                "growth": round(result.growth(language), 3),
                "first_growth": round(result.first_growth[language], 3) if language in result.first_growth else None,
                "peak_bytes": large.peak_bytes,
                "passed": not result.failures.get(language),
                "failures": list(result.failures.get(language, [])),
            })  # fmt: skip
    return records
