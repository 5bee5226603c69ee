"""A run of the replay gate over the corpus: every body's verdict, held to the expected-failure list.

``conformance/expected-failures/recorded-python.txt`` lists the bodies known to fail, one ``file  # reason``
a line (an ``fnmatch`` pattern may stand for several), in the format of the suite's other lists
(``wirechat_conformance.expected``). A listed body that fails is an expected failure; a listed body that
gives its verdict is an unexpected pass, and an entry that matches no body of the corpus is stale: both
fail the run, so the list only ever shrinks to the truth.
"""

from __future__ import annotations

import fnmatch
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from wirechat.adapters import Adapter, get
from wirechat_conformance.expected import Entry, load_expected
from wirechat_conformance.recorded.checks import Verdict, check, rightly_rejected
from wirechat_conformance.recorded.corpus import Body, load

__all__ = ["EXPECTED_NAME", "Summary", "expected_text", "run"]

EXPECTED_NAME = "recorded-python"
"""The expected-failure list's name under ``conformance/expected-failures/`` (``.txt``)."""


@dataclass
class Summary:
    """What a run found: the verdicts (in corpus order), which failures were listed, and the list's faults."""

    root: Path
    verdicts: list[Verdict]
    expected: dict[str, Entry] = field(default_factory=dict)
    """Failed bodies that the list names, and the entry naming each."""
    unexpected_passes: dict[str, Entry] = field(default_factory=dict)
    stale: list[Entry] = field(default_factory=list)
    seconds: float = 0.0

    def unexpected_failures(self) -> list[Verdict]:
        return [v for v in self.verdicts if v.verdict == "failed" and v.file not in self.expected]

    @property
    def failed(self) -> bool:
        return bool(self.unexpected_failures() or self.unexpected_passes or self.stale)


def _adapter(name: str, cache: dict[str, Adapter]) -> Adapter:
    if name not in cache:
        cache[name] = get(name)
    return cache[name]


def run(
    root: Path,
    expected_dir: Path | None,
    only: str | None = None,
    checker: Callable[[Adapter, Body, dict[str, Body]], Verdict] | None = None,
    adapters: Callable[[str], Adapter] | None = None,
) -> Summary:
    """Every body under ``root`` (those whose file matches the ``only`` pattern, when given) through its
    adapter; ``checker`` and ``adapters`` replace ``checks.check`` and the registry (the gate's own tests)."""
    started = time.perf_counter()
    everything = load(root)
    bodies = [b for b in everything if only is None or fnmatch.fnmatchcase(b.file, only)]
    pairs = {b.stem: b for b in everything if b.kind == "response"}
    provider_errors = {b.stem: b for b in everything if b.kind == "error"}
    cache: dict[str, Adapter] = {}
    verdicts = []
    for body in bodies:
        try:
            adapter = adapters(body.adapter) if adapters is not None else _adapter(body.adapter, cache)
        except KeyError:
            verdicts.append(Verdict(body.file, body.group, body.kind, "failed", [f"no adapter {body.adapter!r}"]))
            continue
        verdicts.append(rightly_rejected((checker or check)(adapter, body, pairs), body, provider_errors))
    summary = Summary(root, verdicts)
    entries = load_expected(expected_dir, EXPECTED_NAME) if expected_dir is not None else []
    files = [b.file for b in everything]
    for entry in entries:
        if not any(entry.matches(file) for file in files):
            summary.stale.append(entry)
    for verdict in verdicts:
        listed = next((e for e in entries if e.matches(verdict.file)), None)
        if listed is None:
            continue
        if verdict.verdict == "failed":
            summary.expected[verdict.file] = listed
        else:
            summary.unexpected_passes[verdict.file] = listed
    summary.seconds = time.perf_counter() - started
    return summary


def expected_text(summary: Summary) -> str:
    """An expected-failure list naming every body that fails in ``summary`` (the reason: its first one)."""
    lines = [
        "# Recorded bodies the Python adapters are known to fail (wirechat conformance --recorded), one",
        "# 'file-or-pattern  # reason' a line (see conformance/README.md). A listed body that gives its verdict,",
        "# or an entry that matches no body, fails the run: delete the line when fixed.",
    ]
    group = None
    for verdict in summary.verdicts:
        if verdict.verdict != "failed":
            continue
        if verdict.group != group:
            group = verdict.group
            lines += ["", f"# {group}"]
        reason = verdict.reasons[0].splitlines()[0] if verdict.reasons else "failed"
        more = f" (+{len(verdict.reasons) - 1} more)" if len(verdict.reasons) > 1 else ""
        lines.append(f"{verdict.file}  # {reason[:200]}{more}")
    return "\n".join(lines) + "\n"
