"""The resource suite: hostile inputs at sizes n and 4n through every language's testee, timed and weighed.

For each row (``wirechat_conformance.resource_rows``) and language: t(n) and t(4n) (the best of a few
runs of one decode request, the request's encoding left out), their ratio, and the peak memory the testee
used on the 4n input. One long-lived process per language serves every row; its peak is measured the
Linux way: write ``5`` to ``/proc/PID/clear_refs`` (VmHWM drops to the current VmRSS) before the input,
read ``VmHWM`` from ``/proc/PID/status`` after, and count the peak above the resident size before.

A row fails for a language when t(4n)/t(n) reaches the stated ratio while t(4n) is at least 20 ms
(measured again once at 2n and 8n first, as machines are noisy, unless t(4n) already took seconds);
when the peak exceeds the stated multiple of the input plus a slack; when its verdict is not the row's
(or no problem has the row's rule); or when its problem list differs from the other languages' (spec
section 5, ``wirechat_conformance.problems``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wirechat_conformance.problems import list_disagreements
from wirechat_conformance.resource_rows import Limits, Row, build_text
from wirechat_conformance.testees import Testee

__all__ = ["Measured", "RowResult", "judge_row", "measure", "result_lines", "run_rows"]

MIB = 1 << 20
BUDGET = 0.3  # seconds of runs per input, after which it is not repeated
FLOOR = 0.02  # seconds: a ratio is judged only when t(4n) reaches this (below, the pipe's jitter dominates)


@dataclass(frozen=True)
class Measured:
    """One language's answer to one input: best time, peak memory above the resident size (None where
    /proc cannot tell), the input's size, and the answer (verdict and problems only)."""

    seconds: float
    peak_bytes: int | None
    input_bytes: int
    answer: dict[str, Any]


@dataclass
class RowResult:
    """A row's measurements per language (at n and 4n), the n used, and why it failed per language."""

    row: Row
    n: int
    small: dict[str, Measured] = field(default_factory=dict)
    large: dict[str, Measured] = field(default_factory=dict)
    remeasured: dict[str, int] = field(default_factory=dict)  # language -> the n measured again
    failures: dict[str, list[str]] = field(default_factory=dict)
    answers: dict[str, dict[str, Any]] = field(default_factory=dict)
    """The answers every language gave to the same texts (``"n"``, ``"4n"``), kept from the first measurement:
    a language measured again at other sizes is still compared on the texts the others decoded."""

    def keep_answers(self) -> None:
        self.answers = {
            "n": {language: found.answer for language, found in self.small.items()},
            "4n": {language: found.answer for language, found in self.large.items()},
        }

    def n_of(self, language: str) -> int:
        return self.remeasured.get(language, self.n)

    def ratio(self, language: str) -> float:
        small = max(self.small[language].seconds, 1e-6)
        return self.large[language].seconds / small


def _status_kib(pid: int, field_name: str) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field_name + ":"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def _reset_peak(pid: int | None) -> int | None:
    """Reset the process's VmHWM to its VmRSS; the VmRSS, or None where /proc cannot do it."""
    if pid is None:
        return None
    try:
        Path(f"/proc/{pid}/clear_refs").write_text("5")
    except OSError:
        return None
    return _status_kib(pid, "VmRSS")


def measure(testee: Testee, type_name: str, text: str, repeats: int) -> Measured:
    """Decode ``text`` as ``type_name`` in ``testee`` up to ``repeats`` times (fewer once the runs took
    ``BUDGET`` seconds): the best time and the largest peak."""
    request = {"op": "decode", "type": type_name, "text": text}
    best = float("inf")
    peak: int | None = None
    answer: dict[str, Any] = {}
    spent = 0.0
    for _ in range(repeats):
        first, lines = testee.encode([request])
        before = _reset_peak(testee.pid)
        started = time.perf_counter()
        answer = testee.exchange(first, lines)[0]
        took = time.perf_counter() - started
        best, spent = min(best, took), spent + took
        after = _status_kib(testee.pid, "VmHWM") if before is not None and testee.pid is not None else None
        if before is not None and after is not None:
            peak = max(peak or 0, after - before)
        if "error" in answer or spent > BUDGET:
            break
    slim: dict[str, Any] = {key: answer[key] for key in ("ok", "problems", "error") if key in answer}
    return Measured(best, peak, len(text.encode("utf-8")), slim)


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


def judge_row(result: RowResult, limits: Limits, problem_lists: bool = True) -> None:
    """Fill ``result.failures``: verdicts, problem lists across languages, the time ratio, the memory."""
    row = result.row
    for language in result.large:
        faults = _verdict_faults(row, result.small[language], "n") + _verdict_faults(row, result.large[language], "4n")
        if result.ratio(language) >= limits.max_ratio and result.large[language].seconds >= FLOOR:
            faults.append(
                f"t(4n)/t(n) = {result.ratio(language):.1f} >= {limits.max_ratio:g} (n = {result.n_of(language)})"
            )
        found = result.large[language]
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


def _measure_all(testees: dict[str, Testee], row: Row, n: int, repeats: int) -> RowResult:
    result = RowResult(row, n)
    small_text, large_text = build_text(row, n), build_text(row, 4 * n)
    for language, testee in testees.items():
        result.small[language] = measure(testee, row.type, small_text, repeats)
        result.large[language] = measure(testee, row.type, large_text, repeats)
    return result


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
    ratio reaches the limit is measured once more at 2n and 8n, and judged by that second measurement,
    unless t(4n) already took ``remeasure_below`` seconds (a second look at 8n would take minutes)."""
    results = []
    for row in rows:
        n = row.n[profile]
        result = _measure_all(testees, row, n, repeats)
        result.keep_answers()
        suspicious = [
            language
            for language in testees
            if result.ratio(language) >= limits.max_ratio and FLOOR <= result.large[language].seconds < remeasure_below
        ]
        if suspicious:  # once more at 2n and 8n, for those languages only
            again = _measure_all({language: testees[language] for language in suspicious}, row, 2 * n, repeats)
            for language in suspicious:
                result.small[language], result.large[language] = again.small[language], again.large[language]
                result.remeasured[language] = 2 * n
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
    """The table lines of one row: one per language."""
    lines = []
    if header:
        lines.append(
            f"{'row':<30} {'language':<10} {'n':>9} {'input 4n':>9} {'t(n) ms':>9} {'t(4n) ms':>9} {'ratio':>6} "
            f"{'peak 4n':>8} {'x input':>7}  verdict"
        )
    for language, large in result.large.items():
        small = result.small[language]
        multiple = "n/a" if large.peak_bytes is None else f"{large.peak_bytes / large.input_bytes:.1f}"
        again = "*" if language in result.remeasured else " "
        verdict = "FAIL" if result.failures.get(language) else "ok"
        lines.append(
            f"{result.row.name:<30} {language:<10} {result.n_of(language):>9} {_size(large.input_bytes):>9} "
            f"{small.seconds * 1000:>9.1f} {large.seconds * 1000:>9.1f} {result.ratio(language):>5.2f}{again} "
            f"{_size(large.peak_bytes):>8} {multiple:>7}  {verdict}"
        )
    return lines
