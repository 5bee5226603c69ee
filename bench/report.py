"""``./dev bench``'s report: every benchmark script run with ``--json``, every issue-18 and -24 target in one table.

Each script writes, besides its own figures, a top-level ``targets`` list (the bench result contract):
``{"name", "value", "target", "spread": [low, high], "met", "baseline", "note"}``, one row per target it
measures, every ratio against a baseline run in the same process and round. Lower is better unless the
name says "at least". This runs the scripts one after another (their own output goes to the terminal as
they run), reads their rows without knowing any script's figures, and prints one table; a script that
fails, or writes no ``targets`` list, gets a "no figure" line saying why. The combined JSON holds every
row with its script, the scripts' states and the load average.

    python bench/report.py                      # every script's full profile (about a minute, 2 cores)
    python bench/report.py --quick              # smoke profiles (about 20 s)
    python bench/report.py --only testee        # some scripts only (repeatable)
    python bench/report.py --results DIR        # no run: read DIR/<script>.json written earlier
    python bench/report.py --check              # exit 1 on a missed target or a missing figure

Without ``--check`` the exit code is 0 whatever the figures (a report, not a gate); 2 is a usage error.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


@dataclass(frozen=True)
class Script:
    """A benchmark script: its file under bench/, and its arguments (besides ``--json``) per profile."""

    name: str
    file: str
    full: tuple[str, ...]
    quick: tuple[str, ...]
    timeout: float = 3600.0


SCRIPTS = (
    Script("codec", "codec_bench.py", (), ("--quick",)),
    Script("adapters", "adapters_bench.py", (), ("--rounds", "3")),
    Script("streams", "stream_bench.py", (), ("--rounds", "3")),
    Script("load", "load_test.py", (), ("--streams", "50", "--concurrency", "50", "--rounds", "1")),
    Script("testee", "testee_bench.py", (), ("--quick",)),
    Script("startup", "startup_bench.py", (), ("--rounds", "5")),
    Script("gc", "gc_bench.py", (), ("--rounds", "1", "--big-mb", "20")),
)
FIELDS = {"name": str, "value": float, "target": float, "spread": list, "met": bool, "baseline": str, "note": str}


@dataclass
class Outcome:
    """One script's result: its rows, or why it has none."""

    script: str
    rows: list[dict[str, Any]]
    problem: str = ""  # non-empty: no figure, and why
    seconds: float = 0.0


def _row_problem(row: Any) -> str:
    """Why ``row`` is not a contract row (which field, which value, why), or ``""``."""
    if not isinstance(row, dict):
        return f"a row is {type(row).__name__}, not an object: {row!r:.80}"
    for field, kind in FIELDS.items():
        value = row.get(field)
        if field not in row:
            return f"row {row.get('name', '?')!r} has no {field!r}"
        if kind is float:
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                return f"row {row['name']!r}: {field} is {value!r}, not a finite number"
        elif not isinstance(value, kind):
            return f"row {row.get('name', '?')!r}: {field} is {value!r}, not a {kind.__name__}"
    spread = row["spread"]
    if len(spread) != 2 or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in spread):
        return f"row {row['name']!r}: spread is {spread!r}, not [low, high]"
    at_least = "at least" in row["name"]
    should = row["value"] >= row["target"] if at_least else row["value"] <= row["target"]
    if row["met"] != should:
        sense = ">=" if at_least else "<="
        return f"row {row['name']!r}: met is {row['met']} but {row['value']} {sense} {row['target']} is {should}"
    return ""


def read_rows(script: str, path: Path) -> Outcome:
    """The rows of one script's JSON file, or an outcome that says why there are none."""
    if not path.exists():
        return Outcome(script, [], f"no output file ({path.name})")
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        return Outcome(script, [], f"{path.name} is not JSON: {exc}")
    targets = document.get("targets") if isinstance(document, dict) else None
    if not isinstance(targets, list):
        found = "none" if targets is None else f"a {type(targets).__name__}"
        return Outcome(
            script, [], f"{path.name} has no 'targets' list (found {found}): the script predates the contract"
        )
    if not targets:
        return Outcome(script, [], f"{path.name} has an empty 'targets' list")
    for row in targets:
        problem = _row_problem(row)
        if problem:
            return Outcome(script, [], f"{path.name}: {problem}")
    return Outcome(script, targets)


def run_script(script: Script, quick: bool, out_dir: Path) -> Outcome:
    """Run one script with ``--json`` into ``out_dir``; its output goes to the terminal as it runs."""
    path = out_dir / f"{script.name}.json"
    path.unlink(missing_ok=True)  # a stale file must not pass for this run's figures
    file = HERE / script.file
    if not file.exists():
        return Outcome(script.name, [], f"bench/{script.file} does not exist")
    command = [sys.executable, str(file), *(script.quick if quick else script.full), "--json", str(path)]
    print(f"\n### {script.name}: {' '.join(command[1:])}", flush=True)
    started = time.perf_counter()
    try:
        done = subprocess.run(command, cwd=ROOT, stderr=subprocess.PIPE, text=True, timeout=script.timeout, check=False)
    except subprocess.TimeoutExpired:
        return Outcome(script.name, [], f"bench/{script.file} took longer than {script.timeout:.0f} s and was stopped")
    seconds = time.perf_counter() - started
    sys.stderr.write(done.stderr)
    if done.returncode != 0:
        last = next((line for line in reversed(done.stderr.splitlines()) if line.strip()), "no message")
        outcome = Outcome(script.name, [], f"bench/{script.file} exited {done.returncode}: {last.strip()[:200]}")
    else:
        outcome = read_rows(script.name, path)
    outcome.seconds = seconds
    return outcome


def _cell(value: float) -> str:
    return f"{value:.3g}" if abs(value) < 1000 else f"{value:,.0f}"


def table(outcomes: list[Outcome]) -> str:
    """Every row of every script (name, value, target, spread, met, baseline), and a line per missing one."""
    header = ("script", "target", "value", "goal", "spread", "met", "baseline")
    lines = []
    rows = []
    for outcome in outcomes:
        if outcome.problem:
            rows.append((outcome.script, f"no figure: {outcome.problem}", "", "", "", "", ""))
            continue
        for row in outcome.rows:
            sense = ">=" if "at least" in row["name"] else "<="
            low, high = row["spread"]
            rows.append(
                (
                    outcome.script,
                    row["name"],
                    _cell(row["value"]),
                    f"{sense} {_cell(row['target'])}",
                    f"{_cell(low)}-{_cell(high)}",
                    "met" if row["met"] else "MISSED",
                    row["baseline"],
                )
            )
    widths = [max([len(header[i]), *(len(r[i]) for r in rows if r[2] or i == 0)]) for i in range(5)]
    widths[1] = min(widths[1], 70)
    for row in [header, *rows]:
        if not row[2] and row is not header:  # a "no figure" line runs across the columns
            lines.append(f"{row[0]:<{widths[0]}}  {row[1]}")
            continue
        cells = [f"{row[i]:<{widths[i]}}" if i < 2 else f"{row[i]:>{widths[i]}}" for i in range(5)]
        lines.append("  ".join([*cells, f"{row[5]:<6}", row[6]]).rstrip())
    return "\n".join(lines)


def combined(outcomes: list[Outcome], profile: str) -> dict[str, Any]:
    """The combined JSON: every row with its script, each script's state, what was missed or missing."""
    rows = [{"script": o.script, **row} for o in outcomes for row in o.rows]
    return {
        "generated": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "profile": profile,
        "load_average": list(os.getloadavg()),
        "scripts": {
            o.script: {"rows": len(o.rows), "no_figure": o.problem, "seconds": round(o.seconds, 1)} for o in outcomes
        },
        "targets": rows,
        "missed": [f"{row['script']}: {row['name']}" for row in rows if not row["met"]],
        "no_figure": [f"{o.script}: {o.problem}" for o in outcomes if o.problem],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    names = [script.name for script in SCRIPTS]
    parser.add_argument("--quick", action="store_true", help="each script's smoke profile")
    parser.add_argument("--only", action="append", choices=names, help="run (or read) this script only; repeatable")
    parser.add_argument("--results", type=Path, metavar="DIR", help="read DIR/<script>.json instead of running")
    parser.add_argument("--out-dir", type=Path, default=ROOT / "reports" / "bench", help="where scripts write JSON")
    parser.add_argument("--json", type=Path, metavar="PATH", help="the combined JSON (default OUT_DIR/report.json)")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed or has no figure")
    args = parser.parse_args(argv)
    chosen = [script for script in SCRIPTS if not args.only or script.name in args.only]
    if args.results is not None:
        if not args.results.is_dir():
            parser.error(f"--results {args.results}: not a folder")
        outcomes = [read_rows(script.name, args.results / f"{script.name}.json") for script in chosen]
    else:
        args.out_dir.mkdir(parents=True, exist_ok=True)
        outcomes = [run_script(script, args.quick, args.out_dir) for script in chosen]
    profile = f"read from {args.results}" if args.results is not None else "quick" if args.quick else "full"
    report = combined(outcomes, profile)
    load = ", ".join(f"{x:.1f}" for x in report["load_average"])
    print(f"\n== issue 18 and 24 targets ({profile}; load average {load} on {os.cpu_count()} cores)")
    print(table(outcomes))
    missed, missing = report["missed"], report["no_figure"]
    print(f"{len(report['targets'])} target rows: {len(missed)} missed; {len(missing)} script(s) without a figure")
    path = args.json or (args.results or args.out_dir) / "report.json"
    path.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(f"combined JSON: {path}")
    return 1 if args.check and (missed or missing) else 0


if __name__ == "__main__":
    sys.exit(main())
