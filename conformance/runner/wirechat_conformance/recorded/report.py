"""The replay gate's report: the table per adapter (and profile) and kind, the failures, and the JSON record.

The table counts, per row, the bodies and how many were ``lossless`` (no warning), ``declared-lossy``
(warnings, every check passed), ``refused`` (a refusal the manifest declares) and ``failed``, with the
failures the expected-failure list names beside them. ``--json PATH`` writes every body's verdict with its
reasons and warnings.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from wirechat_conformance.recorded.checks import VERDICTS
from wirechat_conformance.recorded.corpus import KINDS
from wirechat_conformance.recorded.run import EXPECTED_NAME, Summary

__all__ = ["failure_text", "summary_line", "table_text", "write_json"]

_COLUMNS = ("bodies", *VERDICTS, "listed")


def _counts(summary: Summary) -> dict[tuple[str, str], Counter[str]]:
    rows: dict[tuple[str, str], Counter[str]] = {}
    for verdict in summary.verdicts:
        for key in ((verdict.group, verdict.kind), ("total", "")):
            row = rows.setdefault(key, Counter())
            row["bodies"] += 1
            row[verdict.verdict] += 1
            row["listed"] += verdict.file in summary.expected
    return rows


def table_text(summary: Summary) -> str:
    """The table: one row per adapter (profile) and kind, then the total."""
    rows = _counts(summary)
    order: dict[str, int] = {kind: i for i, kind in enumerate(KINDS)}
    keys = sorted((k for k in rows if k[0] != "total"), key=lambda k: (k[0], order.get(k[1], 9)))
    width = max([len("adapter"), *(len(group) for group, _ in keys)])
    head = f"{'adapter':<{width}}  {'kind':<8}" + "".join(f"{name:>{len(name) + 2}}" for name in _COLUMNS)
    lines = [head, "-" * len(head)]
    for key in [*keys, ("total", "")]:
        if key not in rows:
            continue
        if key[0] == "total":
            lines.append("-" * len(head))
        cells = "".join(f"{rows[key][name]:>{len(name) + 2}}" for name in _COLUMNS)
        lines.append(f"{key[0]:<{width}}  {key[1]:<8}{cells}")
    return "\n".join(lines)


def failure_text(summary: Summary) -> str:
    """The failures no entry lists (each with all its reasons), unexpected passes, stale entries."""
    out = []
    for verdict in summary.unexpected_failures():
        out.append(f"FAILED {verdict.file}")
        out += [f"    {reason}" for reason in verdict.reasons]
    for file, entry in summary.unexpected_passes.items():
        out.append(f"UNEXPECTED PASS {file} (listed at {entry.where}: {entry.reason}): delete the entry")
    for entry in summary.stale:
        out.append(f"STALE {entry.where}: {entry.pattern!r} matches no recorded body: delete the entry")
    return "\n".join(out)


def summary_line(summary: Summary) -> str:
    counts = Counter(verdict.verdict for verdict in summary.verdicts)
    unfound = sum(bool(verdict.unfound) for verdict in summary.verdicts)
    return (
        f"{'FAILED' if summary.failed else 'passed'}: {len(summary.verdicts)} recorded bodies in "
        f"{summary.seconds:.1f}s: {counts['lossless']} lossless, {counts['declared-lossy']} declared-lossy, "
        f"{counts['refused']} refused, {counts['rejected']} rightly rejected, {counts['failed']} failed "
        f"({len(summary.expected)} listed in "
        f"expected-failures/{EXPECTED_NAME}.txt, {len(summary.unexpected_failures())} not listed), "
        f"{len(summary.unexpected_passes)} unexpected passes, {len(summary.stale)} stale entries; "
        f"{unfound} streams with members found neither in the fold nor in a warning (a diagnostic: see --json)"
    )


def write_json(summary: Summary, path: Path) -> None:
    """Every body's verdict, reasons and warnings, and the run's totals, as one JSON document."""
    bodies: list[dict[str, Any]] = []
    for verdict in summary.verdicts:
        entry = summary.expected.get(verdict.file) or summary.unexpected_passes.get(verdict.file)
        bodies.append({
            "file": verdict.file, "adapter": verdict.group, "kind": verdict.kind, "verdict": verdict.verdict,
            "listed": entry.reason if entry is not None else None, "reasons": verdict.reasons,
            "warnings": verdict.warnings, "stream_members_unfound": verdict.unfound,
        })  # fmt: skip
    rows = [
        {"adapter": group, "kind": kind, **{name: row[name] for name in _COLUMNS}}
        for (group, kind), row in sorted(_counts(summary).items())
    ]
    document = {
        "root": str(summary.root), "passed": not summary.failed, "seconds": round(summary.seconds, 3),
        "table": rows, "bodies": bodies,
        "unexpected_passes": sorted(summary.unexpected_passes), "stale": [e.pattern for e in summary.stale],
    }  # fmt: skip
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
