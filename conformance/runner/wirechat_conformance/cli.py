"""The command line of the conformance suite: ``wirechat conformance`` (and ``wirechat-conformance``).

Exit codes: 0 every language gave every verdict (expected failures aside), 1 a failure, an unexpected
pass or a stale expected-failure entry, 2 a usage error (bad flags, a malformed case file or
expected-failure list, a testee that cannot be built or started).
"""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

from wirechat_conformance import adapter_vector_checks, adapter_vectors, resource_cli
from wirechat_conformance.bundle import type_names
from wirechat_conformance.cases import CaseFileError
from wirechat_conformance.expected import ExpectedFailureError
from wirechat_conformance.listing import list_text
from wirechat_conformance.paths import find_layout
from wirechat_conformance.recorded import command as recorded
from wirechat_conformance.report import Summary, failure_text, matrix_text, write_json, write_junit
from wirechat_conformance.report_html import HTML_NAME, write_adapter_gate, write_html
from wirechat_conformance.resource import result_records
from wirechat_conformance.resource_rows import PROFILES, ResourceFileError
from wirechat_conformance.suite import Options, load_corpus, run
from wirechat_conformance.testees import ALL_LANGUAGES, INSTALLED_LANGUAGES, LANGUAGES, TesteeError, testee_name
from wirechat_conformance.throughput import measure

__all__ = ["ConformanceUsageError", "add_arguments", "build_parser", "execute", "main"]

CI_SEED = 0
CI_EXAMPLES = 25

DESCRIPTION = """\
Run wirechat's conformance suite: every case of the corpus (conformance/cases and the schema's
examples) through every language's testee (Python twice: python is wirechat.decode, python-fast is
wirechat.fast), comparing RFC 8785 bytes; then property rounds: generated instances of every wire type
through every language and through a chain across them (python -> go -> python-fast -> typescript ->
python), and one-rule mutations that every language must reject.
"""

EPILOG = f"""\
CI runs the defaults (--seed {CI_SEED} --examples {CI_EXAMPLES}: the same instances every run). Go deeper with
--seed N --examples 200. A property failure is shrunk and written as a case under
conformance/cases/regressions/. Known failures are listed per language in
conformance/expected-failures/<language>.txt (one 'case-id  # reason' a line); a listed case that
passes, or an entry that matches nothing, fails the run.

examples:
  wirechat conformance
  wirechat conformance --lang go --lang python --examples 0
  wirechat conformance --cases ../my-team/cases --report-dir reports/
  wirechat conformance --seed 7 --examples 200 --types Message,StreamEvent
  wirechat conformance --testee go=./my-go-testee
  wirechat conformance --lang python --testee kotlin="java -jar my-testee.jar"   # certify your own implementation
  wirechat conformance --check-cases
  wirechat conformance --list --type ToolCall          # a type's schema, code, examples, cases, rounds
  wirechat conformance --throughput 5000
  wirechat conformance resource --profile small     # hostile inputs: time ratio and peak memory (see resource --help)
  wirechat conformance --recorded --json reports/recorded.json   # real provider traffic (conformance/recorded)
"""


class ConformanceUsageError(Exception):
    """Bad flags or bad input files: exit 2 with this message."""


def _testee_override(text: str) -> tuple[str, list[str]]:
    language, _, command = text.partition("=")
    if not command.strip():
        raise argparse.ArgumentTypeError(
            f"expected NAME=COMMAND (NAME one of {', '.join(LANGUAGES)} to replace a built-in testee, or a new name "
            "for your own implementation), got " + repr(text)
        )
    try:
        return testee_name(language), shlex.split(command)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _default_languages(args: argparse.Namespace) -> tuple[str, ...]:
    """Every built-in language from a checkout; from an installation, those it can start (the Python ones)."""
    try:
        installed = find_layout(args.root, args.schema_version).installed
    except FileNotFoundError:
        installed = False  # the run itself says what is missing
    return INSTALLED_LANGUAGES if installed else LANGUAGES


def _non_negative(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The suite's flags, on ``parser`` (shared by ``wirechat conformance`` and ``wirechat-conformance``)."""
    parser.add_argument(
        "--lang", action="append", choices=ALL_LANGUAGES, help="a language to test (repeatable; default: all)"
    )
    parser.add_argument(
        "--cases",
        action="append",
        type=Path,
        default=[],
        metavar="DIR",
        help="another folder of case files (repeatable)",
    )
    parser.add_argument(
        "--no-builtin", action="store_true", help="run only the --cases folders, not the built-in corpus"
    )
    parser.add_argument("--seed", type=int, default=CI_SEED, help=f"the property rounds' seed (default {CI_SEED})")
    parser.add_argument(
        "--examples",
        type=_non_negative,
        default=CI_EXAMPLES,
        metavar="N",
        help=f"generated instances per wire type (default {CI_EXAMPLES}; 0 skips the property rounds)",
    )
    parser.add_argument("--types", metavar="T,T", help="property rounds for these wire types only")
    parser.add_argument(
        "--report-dir",
        type=Path,
        metavar="DIR",
        help=f"write conformance-report.json, conformance-junit.xml and {HTML_NAME} here (with --adapter: the "
        "gate's record, added to the HTML report already there)",
    )
    parser.add_argument(
        "--progress", action="store_true", help="draw a progress bar on stderr even when it is not a terminal"
    )
    parser.add_argument(
        "--testee",
        action="append",
        type=_testee_override,
        default=[],
        metavar="NAME=COMMAND",
        help="start NAME's testee with COMMAND: a built-in language's instead of its own, or your implementation's "
        "under a new name, which joins the run (repeatable)",
    )
    parser.add_argument("--expected-failures", type=Path, metavar="DIR", help="the folder of <language>.txt lists")
    parser.add_argument("--regressions", type=Path, metavar="DIR", help="where shrunk failures are written")
    parser.add_argument("--no-regressions", action="store_true", help="do not write shrunk failures as cases")
    parser.add_argument("--root", type=Path, help="the repository root (default: found from this package)")
    parser.add_argument(
        "--schema-version",
        metavar="vN",
        help="the schema folder whose examples and types are run (default: the newest folder under schema/)",
    )
    parser.add_argument(
        "--list", action="store_true", help="list the wire types, or with --type everything about one, and exit"
    )
    parser.add_argument("--type", metavar="NAME", help="with --list: the type's schema, code, examples, cases, rounds")
    parser.add_argument("--check-cases", action="store_true", help="only check that the case files are well formed")
    parser.add_argument(
        "--throughput",
        type=_non_negative,
        metavar="N",
        help="only measure cases per second per language on N simple cases",
    )
    parser.add_argument(
        "--no-problem-lists",
        action="store_true",
        help="do not compare invalid decode cases' whole problem lists across languages (spec section 5)",
    )
    parser.add_argument(
        "--resource",
        choices=PROFILES,
        metavar="PROFILE",
        help="after the cases, run the resource suite's PROFILE (small or large) through the same languages; its "
        "rows join the verdict and the reports (see 'resource --help')",
    )
    parser.add_argument(
        "--adapter",
        metavar="NAME",
        help="run the adapter gate for one provider adapter instead, then its cross-language vectors in every "
        "language that has the adapter (conformance/cases/adapters/NAME.ndjson)",
    )
    parser.add_argument(
        "--write-adapter-vectors",
        action="store_true",
        help="write conformance/cases/adapters/*.ndjson again from the Python adapters, then exit",
    )
    parser.add_argument(
        "--check-adapter-vectors",
        action="store_true",
        help="exit 1 naming each conformance/cases/adapters/*.ndjson that differs from what "
        "--write-adapter-vectors would write (every file; the tests check two)",
    )
    recorded.add_arguments(parser)
    commands = parser.add_subparsers(dest="conformance_command", metavar="COMMAND", title="commands")
    resource_cli.add_parser(commands)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="wirechat-conformance",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_arguments(parser)
    return parser


def _options(args: argparse.Namespace) -> Options:
    types = None
    if args.types:
        types = [name.strip() for name in args.types.split(",") if name.strip()]
        unknown = sorted(set(types) - set(type_names()))
        if unknown:
            raise ConformanceUsageError(f"--types: no wire type named {', '.join(unknown)}")
    for folder in args.cases:
        if not folder.is_dir():
            raise ConformanceUsageError(f"--cases {folder}: not a folder")
    if args.no_builtin and not args.cases:
        raise ConformanceUsageError("--no-builtin needs at least one --cases folder")
    return Options(
        root=args.root,
        schema_version=args.schema_version,
        languages=tuple(dict.fromkeys([*(args.lang or _default_languages(args)), *(name for name, _ in args.testee)])),
        case_dirs=tuple(args.cases),
        builtin=not args.no_builtin,
        examples=args.examples,
        types=types,
        seed=args.seed,
        regressions=args.regressions,
        write_regressions=not args.no_regressions,
        expected_dir=args.expected_failures,
        testee_commands=dict(args.testee),
        progress=args.progress or sys.stderr.isatty(),
        problem_lists=not args.no_problem_lists,
    )


def _adapter_gate(args: argparse.Namespace) -> int:
    try:
        from wirechat.testing import gate  # noqa: PLC0415 (the gate's SDK oracles load only when it runs)
    except ImportError as exc:
        raise ConformanceUsageError(
            f"--adapter needs the adapter gate (wirechat.testing.gate), which is not installed ({exc}); "
            'pip install "wirechat[gate]"'
        ) from None
    from wirechat.adapters import names  # noqa: PLC0415

    if args.adapter not in names():
        raise ConformanceUsageError(f"--adapter: no adapter named {args.adapter!r}; installed: {', '.join(names())}")
    text = None
    if args.report_dir is not None:
        args.report_dir.mkdir(parents=True, exist_ok=True)
        text = args.report_dir / f"adapter-gate-{args.adapter}.txt"
    gate_code: int = gate.run_with_profiles(args.adapter, seed=args.seed, examples=args.examples, report=text)
    code, vectors = gate_code, dict[str, str]()
    layout = find_layout(args.root)
    if args.adapter in adapter_vectors.VECTOR_ADAPTERS and not layout.installed:
        vector_code, vectors = _vector_matrix(args.adapter, layout.root)
        code = max(code, vector_code)
    elif layout.installed:
        print("cross-language vectors: not run (they are read by the languages' tests in a wirechat checkout)")
    if args.report_dir is not None and text is not None:
        record = {"adapter": args.adapter, "passed": code == 0, "exit": code, "gate_exit": gate_code}
        record |= {"vectors": vectors, "report": text.read_text(encoding="utf-8") if text.is_file() else ""}
        html = write_adapter_gate(args.report_dir, record)
        print(f"adapter gate recorded in {args.report_dir}/" + (f" and in {html.name}" if html else ""))
    return code


def _vector_matrix(name: str, root: Path) -> tuple[int, dict[str, str]]:
    """The cross-language vectors of adapter ``name``: Python replays each line, TypeScript and Go run their
    vector tests; prints one line per language and returns 1 when any differs, with each language's verdict."""
    path = adapter_vectors.vectors_path(root, name)
    count, differ = adapter_vector_checks.check_python(name, root)
    print(f"cross-language vectors ({path.relative_to(root)}, {count} vectors):")
    print(f"  python      {'passed' if not differ else f'FAILED ({len(differ)} differ)'}")
    for item in differ[:5]:
        print(f"    {item}")
    failed = bool(differ)
    verdicts = {"python": "passed" if not differ else f"failed ({len(differ)} of {count} differ)"}
    for language, check in (
        ("typescript", adapter_vector_checks.check_typescript),
        ("go", adapter_vector_checks.check_go),
    ):
        verdict, detail = check(name, root)
        print(
            f"  {language:<11} {verdict}" + (f"\n{detail}" if verdict == "failed" else f" ({detail})" if detail else "")
        )
        failed = failed or verdict == "failed"
        verdicts[language] = f"{verdict} ({detail})" if detail and verdict != "failed" else verdict
    return (1 if failed else 0), verdicts


def _resource(profile: str, options: Options, summary: Summary) -> None:
    """The resource suite after the cases, through the same languages; its rows go into ``summary``."""
    print(f"resource suite, profile {profile}:", flush=True)
    layout = find_layout(options.root, options.schema_version)
    languages = options.languages
    limits, results, seconds = resource_cli.run_suite(
        layout, profile, languages, dict(options.testee_commands), problem_lists=options.problem_lists
    )
    print(resource_cli.summary_line(limits, results, languages, profile, seconds))
    summary.resource, summary.resource_profile = result_records(results), profile


def _adapter_vector_files(args: argparse.Namespace) -> int:
    """``--write-adapter-vectors`` or ``--check-adapter-vectors``."""
    root = find_layout(args.root).root
    if args.write_adapter_vectors:
        for written in adapter_vectors.write(root):
            print(f"wrote {written}")
        return 0
    drift = adapter_vectors.stale(root)
    for line in drift:
        print(line)
    if drift:
        print("run: wirechat conformance --write-adapter-vectors, then the TypeScript and Go vector tests")
        return 1
    print(f"adapter vectors: {len(adapter_vectors.VECTOR_ADAPTERS)} files are what build writes")
    return 0


def execute(args: argparse.Namespace) -> int:
    """Run what ``args`` asks; raises ``ConformanceUsageError`` for exit 2."""
    if getattr(args, "conformance_command", None) == "resource":
        try:
            return resource_cli.execute(args)
        except (ResourceFileError, TesteeError, FileNotFoundError) as exc:
            raise ConformanceUsageError(str(exc)) from None
    if args.recorded:
        try:
            return recorded.execute(args)
        except (ValueError, FileNotFoundError) as exc:
            raise ConformanceUsageError(str(exc)) from None
    if args.write_adapter_vectors or args.check_adapter_vectors:
        return _adapter_vector_files(args)
    if args.adapter:
        return _adapter_gate(args)
    options = _options(args)
    try:
        if args.list or args.type:
            if not args.list:
                raise ConformanceUsageError("--type NAME goes with --list (--types T,T picks the property rounds)")
            try:
                print(list_text(find_layout(options.root, options.schema_version), args.type))
            except LookupError as exc:
                raise ConformanceUsageError(str(exc.args[0])) from None
            return 0
        if args.check_cases:
            cases = load_corpus(find_layout(options.root, options.schema_version), options)
            print(f"{len(cases)} cases are well formed")
            return 0
        if args.throughput is not None:
            print(measure(find_layout(options.root, options.schema_version), options, args.throughput or 5000))
            return 0
        summary = run(options)
        if args.resource:
            _resource(args.resource, options, summary)
    except ResourceFileError as exc:
        raise ConformanceUsageError(str(exc)) from None
    except CaseFileError as exc:
        raise ConformanceUsageError("malformed case file(s):\n" + "\n".join(exc.problems)) from None
    except (ExpectedFailureError, TesteeError, FileNotFoundError) as exc:
        raise ConformanceUsageError(str(exc)) from None
    print(matrix_text(summary, options.languages))
    failures = failure_text(summary)
    if failures:
        print(failures)
    counts = summary.counts()
    rates = ", ".join(f"{language} {rate:,.0f}/s" for language, rate in summary.throughput.items())
    print(
        f"{'FAILED' if summary.failed else 'passed'}: {counts['passed']} passed, {counts['failed']} failed, "
        f"{counts['xfail']} expected failures, {counts['xpass']} unexpected passes, {len(summary.stale)} stale entries "
        f"in {summary.seconds:.1f}s (seed {summary.seed}; corpus throughput {rates})"
        + (
            f"; resource suite ({summary.resource_profile}): "
            f"{sum(not record['passed'] for record in summary.resource)} of {len(summary.resource)} rows failing"
            if summary.resource_profile
            else ""
        )
    )
    for path in summary.regressions:
        print(f"wrote regression case {path}")
    if args.report_dir is not None:
        args.report_dir.mkdir(parents=True, exist_ok=True)
        write_json(summary, args.report_dir / "conformance-report.json")
        write_junit(summary, args.report_dir / "conformance-junit.xml")
        write_html(summary, args.report_dir, options.languages)
        print(f"reports in {args.report_dir}/ (conformance-report.json, conformance-junit.xml, {HTML_NAME})")
    return 1 if summary.failed else 0


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return execute(args)
    except ConformanceUsageError as exc:
        print(f"wirechat-conformance: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # | head
        return 1
