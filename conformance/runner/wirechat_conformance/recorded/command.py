"""``wirechat conformance --recorded``: the flags of the replay gate, and the run they ask for.

Exit codes, as the suite's: 0 every recorded body gave its verdict (the listed expected failures aside), 1 a
failure no entry lists, an unexpected pass or a stale entry, 2 a usage error (raised to the caller as
``ValueError`` with the message).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from wirechat_conformance.expected import ExpectedFailureError
from wirechat_conformance.paths import find_layout
from wirechat_conformance.recorded.corpus import CorpusError
from wirechat_conformance.recorded.report import failure_text, summary_line, table_text, write_json
from wirechat_conformance.recorded.run import EXPECTED_NAME, expected_text, run
from wirechat_conformance.report_html import HTML_NAME, RECORDED_NAME, refresh_html

__all__ = ["add_arguments", "execute"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The replay gate's flags, on the suite's parser."""
    group = parser.add_argument_group(
        "recorded traffic (issue 23)",
        "replay conformance/recorded/ (real provider bodies) through the Python adapters, each held to an "
        "independent reading of the same body",
    )
    group.add_argument("--recorded", action="store_true", help="run the replay gate instead of the suite")
    group.add_argument(
        "--recorded-root", type=Path, metavar="DIR", help="the corpus (default: the checkout's conformance/recorded)"
    )
    group.add_argument(
        "--recorded-only", metavar="GLOB", help="only the bodies whose file matches (e.g. 'anthropic/*.stream.sse')"
    )
    group.add_argument("--json", type=Path, metavar="PATH", help="with --recorded: write every body's verdict here")
    group.add_argument(
        "--write-expected-failures",
        action="store_true",
        help=f"with --recorded: write expected-failures/{EXPECTED_NAME}.txt from this run's failures, then exit 0",
    )
    group.add_argument(
        "--write-vectors",
        type=Path,
        metavar="DIR",
        help="with --recorded: cut the anthropic and openai-chat bodies into adapter vector lines, written to "
        "DIR/recorded-<adapter>.ndjson (DIR is conformance/cases/adapters for the testees)",
    )


def execute(args: argparse.Namespace) -> int:
    """Run what the flags ask; ``ValueError`` (or ``FileNotFoundError``) for a usage error."""
    layout = find_layout(args.root)
    root = args.recorded_root or layout.conformance / "recorded"
    expected_dir = args.expected_failures or layout.expected_failures
    if args.write_vectors is not None:
        from wirechat_conformance.recorded.vectors import write  # noqa: PLC0415 (hypothesis loads with it)

        for path, count in write(root, args.write_vectors):
            print(f"wrote {path} ({count} vectors)")
        return 0
    try:
        summary = run(root, None if args.write_expected_failures else expected_dir, args.recorded_only)
    except (CorpusError, ExpectedFailureError) as exc:
        raise ValueError(str(exc)) from None
    if args.write_expected_failures:
        if args.recorded_only:
            raise ValueError("--write-expected-failures lists the whole corpus: drop --recorded-only")
        target = expected_dir / f"{EXPECTED_NAME}.txt"
        target.write_text(expected_text(summary), encoding="utf-8")
        print(f"wrote {target} ({sum(v.verdict == 'failed' for v in summary.verdicts)} entries)")
        return 0
    print(f"recorded traffic ({root}) through the Python adapters:")
    print(table_text(summary))
    failures = failure_text(summary)
    if failures:
        print(failures)
    print(summary_line(summary))
    if args.json is not None:
        write_json(summary, args.json)
        print(f"verdicts in {args.json}")
        if args.json.name == RECORDED_NAME and refresh_html(args.json.parent) is not None:
            print(f"and in {args.json.parent / HTML_NAME}, whose verdict now counts them")
    return 1 if summary.failed else 0
