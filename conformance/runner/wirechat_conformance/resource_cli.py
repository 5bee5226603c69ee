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
from pathlib import Path
from typing import Any

from wirechat_conformance.paths import find_layout
from wirechat_conformance.resource import RowResult, result_lines, run_rows
from wirechat_conformance.resource_rows import PROFILES, ResourceFileError, load_rows
from wirechat_conformance.testees import LANGUAGES, Testee, command_for

__all__ = ["DESCRIPTION", "add_parser", "execute"]

REPEATS = {"small": 5, "large": 1}
REMEASURE_BELOW = {"small": 2.0, "large": 60.0}  # seconds of t(4n) past which a slow row is not re-measured

DESCRIPTION = """\
The resource suite: hostile inputs (deep nesting, huge strings terminated and not, 10^5-10^6 items valid
and invalid, repeated and distinct unknown keys, long numbers, many escapes, many bad messages) built at
two sizes n and 4n and decoded by every language's testee. For each row and language it prints t(n),
t(4n) (the best of up to 5 runs in the small profile, fewer once they
took 0.3 s; 1 run in the large), their ratio, and the testee's peak
memory on the 4n input above its resident size before it (Linux: VmHWM after writing 5 to
/proc/PID/clear_refs; 'n/a' elsewhere), also as a multiple of the input.
"""

EPILOG = """\
A row fails for a language when
  - t(4n)/t(n) reaches max_ratio (6) with t(4n) >= 20 ms (below that the pipe's jitter dominates):
    work that grows faster than the input. A suspicious row is
    measured once more at 2n and 8n before it fails, as machines are noisy (marked '*' in the table),
    unless t(4n) already took 2 s (small) or 60 s (large): a run that slow is not noise;
  - the peak memory exceeds memory_multiple x the input + memory_slack_mib (stated in the rows file);
  - the verdict is not the row's, or no problem names the row's rule;
  - its problem list differs from the other languages' (spec section 5: pointer, rule, line, column),
    unless --no-problem-lists.

Rows are data: conformance/cases/resource/*.json. A row builds
prefix + n x unit (joined by separator, {i} numbering the units) + middle + n x close + suffix,
so '[' and ']' make n nested arrays, and '"k{i}":{i}' with ',' makes n distinct members.

Profiles: small (CI, about 45 s for the three languages) and large (on demand: 10^6 items and a
100 MB unterminated string; minutes, and about 1 GB of memory).

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
        "--lang", dest="resource_lang", action="append", choices=LANGUAGES, help="a language (repeatable; default all)"
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
        if language not in LANGUAGES or not command.strip():
            raise ResourceFileError(f"--testee {value!r}: expected LANGUAGE=COMMAND, LANGUAGE one of {LANGUAGES}")
        found[language] = shlex.split(command)
    return found


def _print(result: RowResult, first: list[bool]) -> None:
    print("\n".join(result_lines(result, header=first[0])), flush=True)
    first[0] = False


def execute(args: argparse.Namespace) -> int:
    """Run the resource suite; raises ``ResourceFileError`` or ``TesteeError`` (exit 2)."""
    layout = find_layout(Path(args.resource_root) if args.resource_root else None)
    limits, rows = load_rows(layout.cases / "resource", args.profile)
    if args.resource_rows:
        unknown = sorted(set(args.resource_rows) - {row.name for row in rows})
        if unknown:
            names = ", ".join(row.name for row in rows)
            raise ResourceFileError(f"--row: no row {', '.join(unknown)} in profile {args.profile} (rows: {names})")
        rows = [row for row in rows if row.name in args.resource_rows]
    languages = tuple(dict.fromkeys(args.resource_lang or LANGUAGES))
    overrides = _overrides(args.resource_testee)
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
            args.profile,
            limits,
            REPEATS[args.profile],
            problem_lists=not args.resource_no_problem_lists,
            remeasure_below=REMEASURE_BELOW[args.profile],
            report=lambda result: _print(result, first),
        )
    finally:
        for testee in testees.values():
            testee.close()
    failed = [(result.row.name, language, faults) for result in results for language, faults in result.failures.items()]
    for name, language, faults in failed:
        for fault in faults:
            print(f"FAILED {language} {name}: {fault}")
    print(
        f"{'FAILED' if failed else 'passed'}: {len(rows)} rows x {len(languages)} languages, "
        f"{len(failed)} failing, profile {args.profile}, in {time.perf_counter() - started:.1f}s "
        f"(limits: ratio < {limits.max_ratio:g}, peak <= {limits.memory_multiple:g} x input + "
        f"{limits.memory_slack_mib:g} MiB)"
    )
    return 1 if failed else 0
