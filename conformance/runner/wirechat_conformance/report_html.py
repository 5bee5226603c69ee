"""The HTML report: ``conformance-report.html``, one self-contained page (inline CSS, no script, no external
asset) beside the JSON and JUnit reports of ``--report-dir``.

It shows the run's verdict and counts, the matrix of categories (wire types and operations) x languages,
every failure with its case, what the case expects and what the language answered, the expected failures
with their listed reasons, stale entries, the resource suite's rows when it ran with the cases
(``--resource PROFILE``), the recorded traffic written into the same folder (``recorded.json``, by
``wirechat conformance --recorded --json DIR/recorded.json``), and the adapter gates run with the same
``--report-dir`` (``adapter-gate-NAME.json``, written by ``wirechat conformance --adapter NAME --report-dir
DIR``). The page's verdict is FAILED when any of these parts failed: a report never says "passed" for a run
that failed (issue 26 item 12). Every
text from a case, a testee or a file goes through ``html.escape``: a case named ``<script>`` is text.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import fields
from html import escape
from pathlib import Path
from typing import Any

from wirechat_conformance.report import Outcome, Summary

__all__ = [
    "HTML_NAME",
    "RECORDED_NAME",
    "load_adapter_gates",
    "load_recorded",
    "load_summary",
    "overall_failed",
    "refresh_html",
    "render_html",
    "write_adapter_gate",
    "write_html",
]

HTML_NAME = "conformance-report.html"
JSON_NAME = "conformance-report.json"
GATE_PREFIX = "adapter-gate-"
RECORDED_NAME = "recorded.json"

_STYLE = """
body{font:14px/1.45 system-ui,sans-serif;margin:2em;color:#1b1b1b;max-width:1200px}
h1{font-size:1.5em}h2{margin-top:1.6em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:3px 8px;vertical-align:top}
th{background:#f2f2f2;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}
.ok{background:#e6f4e6}.bad{background:#fbe3e3;font-weight:bold}.xf{background:#fff4d6}
.verdict{display:inline-block;padding:4px 12px;border-radius:4px;font-weight:bold}
pre{white-space:pre-wrap;word-break:break-word;margin:0;font-size:12px}
"""


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def _cell(counts: Counter[str]) -> tuple[str, str]:
    bad = counts["failed"] + counts["xpass"]
    css = "bad" if bad else "xf" if counts["xfail"] else "ok"
    return css, f"{counts['passed']}/{bad}/{counts['xfail']}"


def _matrix(summary: Summary, languages: Sequence[str]) -> str:
    cells: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    totals: dict[str, Counter[str]] = defaultdict(Counter)
    for outcome in summary.outcomes:
        cells[outcome.category, outcome.language][outcome.status] += 1
        totals[outcome.language][outcome.status] += 1
    rows = ['<table id="matrix"><tr><th>category</th>' + "".join(f"<th>{_e(lang)}</th>" for lang in languages)]
    for category in sorted({category for category, _ in cells}):
        row = f'<tr data-category="{_e(category)}"><td>{_e(category)}</td>'
        for language in languages:
            css, text = _cell(cells[category, language])
            row += f'<td class="n {css}" data-language="{_e(language)}">{text}</td>'
        rows.append(row + "</tr>")
    total = "".join(f'<td class="n {_cell(totals[lang])[0]}">{_cell(totals[lang])[1]}</td>' for lang in languages)
    rows.append(f'<tr id="matrix-total"><th>total</th>{total}</tr></table>')
    rows.append("<p>cells: passed/failed/expected failures (an unexpected pass counts as a failure)</p>")
    return "\n".join(rows)


def _outcome_rows(outcomes: list[Outcome], css: str, reason_label: str) -> str:
    rows = [
        f'<table class="{css}-list"><tr><th>language</th><th>case</th><th>expected</th><th>actual</th>'
        f"<th>{reason_label}</th></tr>"
    ]
    for outcome in outcomes:
        case = f"<b>{_e(outcome.case_id)}</b><br>{_e(outcome.category)}: {_e(outcome.description)}"
        rows.append(
            f'<tr class="{css}"><td>{_e(outcome.language)}</td><td>{case}</td>'
            f"<td><pre>{_e(outcome.expected or '(see detail)')}</pre></td><td><pre>{_e(outcome.actual)}</pre></td>"
            f"<td><pre>{_e(outcome.detail)}</pre></td></tr>"
        )
    return "\n".join(rows) + "</table>"


def _gates(gates: list[dict[str, Any]]) -> str:
    if not gates:
        return (
            '<p id="no-adapter-gates">No adapter gate ran with this report directory '
            "(<code>wirechat conformance --adapter NAME --report-dir DIR</code> adds one).</p>"
        )
    rows = ['<table id="adapter-gates"><tr><th>adapter</th><th>verdict</th><th>cross-language vectors</th></tr>']
    details = []
    for gate in gates:
        passed = bool(gate.get("passed"))
        vectors = "<br>".join(f"{_e(lang)}: {_e(verdict)}" for lang, verdict in dict(gate.get("vectors", {})).items())
        name = _e(gate.get("adapter", "?"))
        rows.append(
            f'<tr data-adapter="{name}"><td>{name}</td><td class="{"ok" if passed else "bad"}">'
            f"{'passed' if passed else 'FAILED'} (exit {_e(gate.get('exit', '?'))})</td><td>{vectors}</td></tr>"
        )
        details.append(f"<details><summary>{name}: the gate's report</summary><pre>{_e(gate.get('report', ''))}</pre>")
        details[-1] += "</details>"
    return "\n".join(rows) + "</table>\n" + "\n".join(details)


def _resource(summary: Summary) -> str:
    if not summary.resource:
        return (
            '<p id="no-resource">The resource suite did not run with these cases '
            "(<code>wirechat conformance --resource small --report-dir DIR</code> runs it).</p>"
        )
    first = summary.resource[0]["points"]
    heads = "".join(f"<th>t({point['n'] // first[0]['n']}n) ms</th>".replace("t(1n)", "t(n)") for point in first)
    rows = [
        f"<p>profile {_e(summary.resource_profile)}; times are the testee's CPU time (wall time where marked "
        "<i>wall</i>); growth is 4<sup>slope</sup> of a least-squares fit of log t on log n (4 for linear work)</p>",
        f'<table id="resource"><tr><th>row</th><th>language</th><th>n</th>{heads}<th>growth</th>'
        "<th>peak (4n)</th><th>verdict</th></tr>",
    ]
    for record in summary.resource:
        points = record["points"]
        times = "".join(
            f'<td class="n">{point["ms"]:.1f}{" wall" if point["clock"] == "wall" else ""}</td>' for point in points
        )
        again = "" if record["first_growth"] is None else f" (first {record['first_growth']:.2f})"
        peak = "n/a" if record["peak_bytes"] is None else f"{record['peak_bytes'] / (1 << 20):.1f} MiB"
        verdict = "ok" if record["passed"] else "FAILED: " + "; ".join(record["failures"])
        rows.append(
            f'<tr data-row="{_e(record["row"])}" data-language="{_e(record["language"])}"><td>{_e(record["row"])}</td>'
            f'<td>{_e(record["language"])}</td><td class="n">{points[0]["n"]}</td>{times}'
            f'<td class="n">{record["growth"]:.2f}{_e(again)}</td><td class="n">{peak}</td>'
            f'<td class="{"ok" if record["passed"] else "bad"}">{_e(verdict)}</td></tr>'
        )
    return "\n".join(rows) + "</table>"


def overall_failed(summary: Summary, gates: list[dict[str, Any]], recorded: dict[str, Any] | None) -> bool:
    """The page's verdict: the cases, the resource rows, every adapter gate and the recorded traffic shown."""
    parts_failed = any(not gate.get("passed") for gate in gates) or (
        recorded is not None and not recorded.get("passed")
    )
    return summary.failed or parts_failed


def _recorded(recorded: dict[str, Any] | None) -> str:
    if recorded is None:
        return (
            '<p id="no-recorded">The recorded traffic did not run into this report directory '
            "(<code>wirechat conformance --recorded --json DIR/recorded.json</code> adds it).</p>"
        )
    passed = bool(recorded.get("passed"))
    bodies = list(recorded.get("bodies", []))
    failed = [body for body in bodies if body.get("verdict") == "failed" and not body.get("listed")]
    items = "".join(
        f"<li>{_e(body.get('file'))}: {_e('; '.join(body.get('reasons', [])))}</li>" for body in failed[:50]
    )
    return (
        f'<p id="recorded"><span class="verdict {"ok" if passed else "bad"}">{"passed" if passed else "FAILED"}</span> '
        f"{len(bodies)} recorded bodies, {len(failed)} failing unlisted, "
        f"{len(recorded.get('unexpected_passes', []))} unexpected passes, {len(recorded.get('stale', []))} stale "
        f"entries</p>" + (f"<ul>{items}</ul>" if items else "")
    )


def render_html(
    summary: Summary,
    languages: Sequence[str],
    gates: list[dict[str, Any]] | None = None,
    recorded: dict[str, Any] | None = None,
) -> str:
    """The whole page as text; its verdict is FAILED when any part it shows failed."""
    counts = summary.counts()
    failed = [o for o in summary.outcomes if o.status in ("failed", "xpass")]
    expected = [o for o in summary.outcomes if o.status == "xfail"]
    gates = gates or []
    whole_failed = overall_failed(summary, gates, recorded)
    verdict = "FAILED" if whole_failed else "passed"
    cases_verdict = "cases FAILED" if failed or summary.stale else "cases passed"
    rates = ", ".join(f"{_e(k)} {v:,.0f}/s" for k, v in summary.throughput.items()) or "not measured"
    parts = [
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">',
        f"<title>wirechat conformance: {verdict}</title><style>{_STYLE}</style></head><body>",
        "<h1>wirechat conformance report</h1>",
        f'<p><span id="verdict" class="verdict {"bad" if whole_failed else "ok"}">{verdict}</span> '
        f"{cases_verdict}: {counts['passed']} passed, {counts['failed']} failed, {counts['xfail']} expected failures, "
        f"{counts['xpass']} unexpected passes, {len(summary.stale)} stale entries; "
        f"{summary.seconds:.1f} s, seed {summary.seed}, corpus throughput {rates}</p>",
        '<h2 id="matrix-heading">Matrix: categories x languages</h2>',
        _matrix(summary, languages),
        f'<h2 id="failures-heading">Failures ({len(failed)})</h2>',
        _outcome_rows(failed, "failure", "why") if failed else '<p id="no-failures">None.</p>',
        f'<h2 id="expected-heading">Expected failures ({len(expected)})</h2>',
        _outcome_rows(expected, "xfail", "listed reason [what differed]")
        if expected
        else '<p id="no-expected-failures">None listed for this run.</p>',
    ]
    if summary.stale:
        items = "".join(f"<li>{_e(entry)}</li>" for entry in summary.stale)
        parts.append(f'<h2>Stale expected-failure entries</h2><ul id="stale">{items}</ul>')
    if summary.regressions:
        items = "".join(f"<li>{_e(path)}</li>" for path in summary.regressions)
        parts.append(f'<h2>Regression cases written</h2><ul id="regressions">{items}</ul>')
    resource_state = "none" if not summary.resource else "FAILED" if summary.resource_failed else "passed"
    parts += [
        f'<h2 id="resource-heading">Resource suite ({resource_state})</h2>',
        _resource(summary),
        '<h2 id="recorded-heading">Recorded traffic</h2>',
        _recorded(recorded),
        '<h2 id="adapter-gates-heading">Adapter gates</h2>',
        _gates(gates),
        "</body></html>\n",
    ]
    return "\n".join(parts)


def load_adapter_gates(folder: Path) -> list[dict[str, Any]]:
    """The adapter gates recorded in ``folder`` (``adapter-gate-NAME.json``), by name."""
    return [json.loads(path.read_text(encoding="utf-8")) for path in sorted(folder.glob(f"{GATE_PREFIX}*.json"))]


def load_recorded(folder: Path) -> dict[str, Any] | None:
    """The recorded traffic's verdicts written into ``folder`` (``recorded.json``), or None."""
    path = folder / RECORDED_NAME
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def write_html(summary: Summary, folder: Path, languages: Sequence[str]) -> Path:
    """Write ``conformance-report.html`` into ``folder`` with the adapter gates and recorded traffic there."""
    path = folder / HTML_NAME
    path.write_text(render_html(summary, languages, load_adapter_gates(folder), load_recorded(folder)), "utf-8")
    return path


def refresh_html(folder: Path) -> Path | None:
    """Write the HTML report again from the run's JSON report in ``folder`` (after a gate or the recorded
    traffic added its part there); None when the folder holds no run."""
    if not (folder / JSON_NAME).is_file():
        return None
    summary, languages = load_summary(folder / JSON_NAME)
    return write_html(summary, folder, languages)


def load_summary(path: Path) -> tuple[Summary, list[str]]:
    """A run back from its ``conformance-report.json`` (and its languages, in the order they ran)."""
    document = json.loads(path.read_text(encoding="utf-8"))
    known = {f.name for f in fields(Outcome)}
    outcomes = [Outcome(**{k: v for k, v in item.items() if k in known}) for item in document["outcomes"]]
    summary = Summary(
        outcomes=outcomes,
        stale=list(document["stale_expected_failures"]),
        regressions=list(document["regressions_written"]),
        seconds=float(document["seconds"]),
        seed=int(document["seed"]),
        throughput=dict(document["throughput_cases_per_second"]),
        resource=list(document.get("resource", {}).get("rows", [])),
        resource_profile=document.get("resource", {}).get("profile"),
    )
    return summary, list(dict.fromkeys(outcome.language for outcome in outcomes))


def write_adapter_gate(folder: Path, record: dict[str, Any]) -> Path | None:
    """Record one adapter gate in ``folder``; when the folder holds a run's JSON report, write its HTML report
    again so the gate appears in it. Returns the HTML report's path when it was written."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{GATE_PREFIX}{record['adapter']}.json").write_text(json.dumps(record, indent=1) + "\n", "utf-8")
    return refresh_html(folder)
