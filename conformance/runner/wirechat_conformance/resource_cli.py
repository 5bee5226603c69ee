"""``wirechat-conformance resource`` (and ``wirechat conformance resource``): the resource suite's command.

It loads the rows of ``conformance/cases/resource/*.json`` for a profile, starts one testee per language,
prints one table line per row and language as each row finishes, then the failures; exit 0 when every
row passes, 1 when one fails, 2 on a usage error (bad flags, a malformed resource file, a testee that
cannot be built).
"""

from __future__ import annotations

import argparse
import shlex
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from wirechat_conformance.paths import Layout, find_layout
from wirechat_conformance.resource import RowResult, result_lines, run_rows
from wirechat_conformance.resource_rows import PROFILES, Limits, ResourceFileError, load_rows
from wirechat_conformance.testees import ALL_LANGUAGES, LANGUAGES, Testee, command_for

__all__ = ["DESCRIPTION", "add_parser", "execute", "run_suite", "summary_line"]

REPEATS = {"small": 3, "large": 1}  # rounds over the sizes (CPU time, best of the rounds)
REMEASURE_BELOW = {"small": 2.0, "large": 60.0}  # seconds of t(4n) past which a slow row is not re-measured

DESCRIPTION = """\
The resource suite: hostile inputs (deep nesting, huge strings terminated and not, 10^5-10^6 items valid
and invalid, repeated and distinct unknown keys, long numbers, many escapes, many bad messages) built at
four sizes n, 2n, 3n and 4n and decoded by every language's testee. For each row and language it prints
t(n) to t(4n) in ms of the testee's CPU time (every thread of the testee and its children; the sizes
measured in turn, the best of up to 3 rounds in the small profile, fewer once a round took 0.3 s; 1 in
the large; wall time, marked 'w', where /proc cannot tell), the growth a least-squares fit of log t on
log n gives over a factor of 4 (4 for linear work, 16 for quadratic), and the testee's peak memory on
the 4n input above its resident size before it (Linux: VmHWM after writing 5 to /proc/PID/clear_refs;
'n/a' elsewhere), also as a multiple of the input.
"""

EPILOG = """\
A row fails for a language when
  - the fitted growth reaches max_ratio (8: between linear, 4, and quadratic, 16) with t(4n) >= 20 ms
    of CPU, and reaches it again when measured once more at 2n, 4n, 6n and 8n (marked '*' in the
    table): work that grows faster than the input.
    CPU time, several sizes and a second fit keep a busy machine from failing a linear decoder; a row
    whose t(4n) already took 2 s (small) or 60 s (large) is judged on its first fit;
  - the peak memory exceeds memory_multiple x the input + memory_slack_mib (stated in the rows file);
  - the verdict is not the row's, or no problem names the row's rule;
  - its problem list differs from the other languages' (spec section 5: pointer, rule, line, column),
    unless --no-problem-lists.

Rows are data: conformance/cases/resource/*.json. A row builds
prefix + n x unit (joined by separator, {i} numbering the units) + middle + n x close + suffix,
so '[' and ']' make n nested arrays, and '"k{i}":{i}' with ',' makes n distinct members.

Profiles: small (CI, about a minute for the four testees) and large (on demand: 10^6 items and a
100 MB unterminated string; minutes, and about 1 GB of memory).
The main command runs the small profile after the cases with --resource small, and puts the rows in
its JSON, JUnit and HTML reports (wirechat conformance --resource small --report-dir DIR).

examples:
  wirechat-conformance resource
  wirechat-conformance resource --profile large --lang go
  wirechat-conformance resource --row deep-arrays --row huge-string
"""


def add_parser(commands: Any) -> None:
    """Register ``resource`` under the runner's subcommands."""
    parser = commands.add_parser(
        "resource",
        help="hostile inputs at n and 4n through every testee: time ratio and peak memory",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--profile", choices=PROFILES, default="small", help="the sizes to run (default: small)")
    parser.add_argument(
        "--lang",
        dest="resource_lang",
        action="append",
        choices=ALL_LANGUAGES,
        help="a language (repeatable; default all)",
    )
    parser.add_argument(
        "--row", dest="resource_rows", action="append", metavar="NAME", help="only this row (repeatable)"
    )
    parser.add_argument(
        "--testee",
        dest="resource_testee",
        action="append",
        default=[],
        metavar="LANG=COMMAND",
        help="start LANG's testee with COMMAND instead of the built-in one",
    )
    parser.add_argument(
        "--no-problem-lists",
        dest="resource_no_problem_lists",
        action="store_true",
        help="compare verdicts only, not the problem lists across languages",
    )
    parser.add_argument(
        "--root", dest="resource_root", metavar="DIR", help="the repository root (default: found from this package)"
    )


def _overrides(values: list[str]) -> dict[str, list[str]]:
    found = {}
    for value in values:
        language, _, command = value.partition("=")
        if language not in ALL_LANGUAGES or not command.strip():
            raise ResourceFileError(f"--testee {value!r}: expected LANGUAGE=COMMAND, LANGUAGE one of {ALL_LANGUAGES}")
        found[language] = shlex.split(command)
    return found


def _print(result: RowResult, first: list[bool]) -> None:
    print("\n".join(result_lines(result, header=first[0])), flush=True)
    first[0] = False


def run_suite(
    layout: Layout,
    profile: str,
    languages: Sequence[str],
    overrides: dict[str, list[str]],
    *,
    only: Sequence[str] = (),
    problem_lists: bool = True,
) -> tuple[Limits, list[RowResult], float]:
    """Run the rows of ``profile`` (``only`` these when given) through ``languages``' testees, printing each
    row's lines as it finishes: the limits, the results and the seconds taken. Raises ``ResourceFileError``
    or ``TesteeError``."""
    limits, rows = load_rows(layout.cases / "resource", profile)
    if only:
        unknown = sorted(set(only) - {row.name for row in rows})
        if unknown:
            names = ", ".join(row.name for row in rows)
            raise ResourceFileError(f"--row: no row {', '.join(unknown)} in profile {profile} (rows: {names})")
        rows = [row for row in rows if row.name in only]
    started = time.perf_counter()
    testees: dict[str, Testee] = {}
    try:
        for language in languages:
            testee = Testee(language, command_for(language, layout, overrides), layout.root, timeout=600.0)
            testee.start()
            testees[language] = testee
        first = [True]
        results = run_rows(
            testees,
            rows,
            profile,
            limits,
            REPEATS[profile],
            problem_lists=problem_lists,
            remeasure_below=REMEASURE_BELOW[profile],
            report=lambda result: _print(result, first),
        )
    finally:
        for testee in testees.values():
            testee.close()
    return limits, results, time.perf_counter() - started


def summary_line(
    limits: Limits, results: Sequence[RowResult], languages: Sequence[str], profile: str, seconds: float
) -> str:
    """The failures, one line each, then the verdict line."""
    failed = [(result.row.name, language, faults) for result in results for language, faults in result.failures.items()]
    lines = [f"FAILED {language} {name}: {fault}" for name, language, faults in failed for fault in faults]
    lines.append(
        f"{'FAILED' if failed else 'passed'}: resource suite, {len(results)} rows x {len(languages)} languages, "
        f"{len(failed)} failing, profile {profile}, in {seconds:.1f}s (limits: fitted growth per 4x input < "
        f"{limits.max_ratio:g}, peak <= {limits.memory_multiple:g} x input + {limits.memory_slack_mib:g} MiB)"
    )
    return "\n".join(lines)


def execute(args: argparse.Namespace) -> int:
    """Run the resource suite; raises ``ResourceFileError`` or ``TesteeError`` (exit 2)."""
    layout = find_layout(Path(args.resource_root) if args.resource_root else None)
    languages = tuple(dict.fromkeys(args.resource_lang or LANGUAGES))
    limits, results, seconds = run_suite(
        layout,
        args.profile,
        languages,
        _overrides(args.resource_testee),
        only=args.resource_rows or (),
        problem_lists=not args.resource_no_problem_lists,
    )
    print(summary_line(limits, results, languages, args.profile, seconds))
    return 1 if any(result.failures for result in results) else 0
