"""``wirechat schema lint|diff|snapshot`` and ``wirechat codegen``: the commands this distribution adds to ``wirechat``.

They are entry points of the group ``wirechat.commands`` (see ``codegen/pyproject.toml`` and
``wirechat.cli.commands``): installing wirechat-codegen beside wirechat adds them. Both need the repository's
``schema/`` folder, found by walking up from the current directory or given with ``--root``.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wirechat.cli import UsageError
from wirechat_codegen import adapter_data, evolution, generate
from wirechat_codegen.adapter_format import AdapterFileError
from wirechat_codegen.checkout import repo_root

__all__ = ["CODEGEN", "SCHEMA"]


def add_schema_parser(commands: Any) -> None:
    schema = commands.add_parser("schema", help="schema tools (source checkout)", description="Schema tools.")
    schema_commands = schema.add_subparsers(dest="schema_command", metavar="SUBCOMMAND")
    schema_commands.required = True
    lint = schema_commands.add_parser(
        "lint",
        help="check the schema files against the house rules",
        description="Check schema/VERSION/*.schema.json against the house rules (keyword subset, tagged unions, "
        "no defaults, naming, bounded numbers, portable patterns). Prints FILE: /pointer: message per problem; "
        "exit 1 when there is any.",
    )
    lint.add_argument("--root", type=Path, help="the repository root (default: found from the current directory)")
    _version_argument(lint)
    lint.set_defaults(run=run_lint)
    evolution.add_diff_parser(schema_commands)
    evolution.add_snapshot_parser(schema_commands)


def _version_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--schema-version",
        default=generate.VERSION,
        metavar="VERSION",
        help=f"the schema folder to read (default {generate.VERSION}, the version the packages are generated from)",
    )


def add_codegen_parser(commands: Any) -> None:
    codegen = commands.add_parser(
        "codegen",
        help="regenerate code from the schema (or --check for drift)",
        description="Regenerate every language's generated folder from schema/VERSION. With --check, regenerate into "
        "a temporary folder instead and exit 1 listing every file that differs (changed, missing or unexpected). "
        "A version other than the packaged one is rendered under --out DIR, never into the packages.",
        epilog="examples:\n  wirechat codegen\n  wirechat codegen --check\n"
        "  wirechat codegen --schema-version v2 --out /tmp/wirechat-v2",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    codegen.add_argument("--check", action="store_true", help="compare only; change nothing")
    codegen.add_argument("--root", type=Path, help="the repository root (default: found from the current directory)")
    _version_argument(codegen)
    codegen.add_argument("--out", type=Path, metavar="DIR", help="write (or --check against) the outputs under DIR")
    codegen.set_defaults(run=run_codegen)
    codegen_commands = codegen.add_subparsers(dest="codegen_command", metavar="SUBCOMMAND")
    fmt = codegen_commands.add_parser(
        "fmt",
        help="write the adapter tables (adapters/) in their one layout (or --check)",
        description="Rewrite every file under adapters/ in the one layout (two-space indentation, an array or object "
        "that fits in 110 columns on one line). With --check, change nothing and exit 1 listing the files not in it.",
    )
    fmt.add_argument("--check", action="store_true", help="compare only; change nothing")
    fmt.add_argument("--root", type=Path, help="the repository root (default: found from the current directory)")
    fmt.set_defaults(run=run_fmt)


@dataclass(frozen=True)
class _Command:
    add: Any

    def add_parser(self, commands: Any) -> None:
        self.add(commands)


SCHEMA = _Command(add_schema_parser)
CODEGEN = _Command(add_codegen_parser)


def run_lint(args: argparse.Namespace) -> int:
    root = repo_root(args.root)
    try:
        problems = generate.lint_schema(root)
    except generate.SchemaLoadError as exc:
        raise UsageError(str(exc)) from None
    for problem in problems:
        print(f"schema/{generate.VERSION}/{problem}")
    if problems:
        print(f"{len(problems)} problem(s)")
        return 1
    print("schema is clean")
    return 0


def run_codegen(args: argparse.Namespace) -> int:
    root = repo_root(args.root)
    try:
        if args.check:
            drift = generate.check(root, version=args.schema_version, out=args.out)
            for item in drift:
                print(item)
            if drift:
                print(f"generated code is out of date ({len(drift)} file(s)); run: {generate.FIX_COMMAND}")
                return 1
            print("generated code matches the schema")
            return 0
        for folder in generate.generate(root, version=args.schema_version, out=args.out):
            print(f"wrote {folder}")
        return 0
    except generate.SchemaLintError as exc:
        for problem in exc.problems:
            print(f"schema/{args.schema_version}/{problem}")
        print("the schema breaks the house rules; nothing was generated")
        return 1
    except adapter_data.AdapterDataError as exc:
        for line in exc.problems:
            print(line)
        print(f"the adapter tables (adapters/) break their schema or checks ({len(exc.problems)}); nothing generated")
        return 1
    except AdapterFileError as exc:
        print(f"adapters/{exc}")
        print("an adapter table cannot be read; nothing was generated")
        return 1
    except (generate.SchemaLoadError, generate.UnknownVersionError, RuntimeError) as exc:
        raise UsageError(str(exc)) from None


def run_fmt(args: argparse.Namespace) -> int:
    root = repo_root(args.root)
    if not (root / adapter_data.ADAPTERS_DIR).is_dir():
        raise UsageError(f"no {adapter_data.ADAPTERS_DIR}/ folder under {root}")
    if args.check:
        problems = adapter_data.layout_problems(root)
        for problem in problems:
            print(problem)
        if problems:
            print(f"{len(problems)} file(s) not in the layout; run: wirechat codegen fmt")
            return 1
        print("adapters/ is in the layout")
        return 0
    try:
        written = adapter_data.write_layout(root)
    except AdapterFileError as exc:
        print(f"adapters/{exc}")
        return 1
    for path in written:
        print(f"wrote {path}")
    return 0
