"""The ``wirechat`` command: validate and convert documents, serve a fake provider, and the project's
own tools (schema lint, code generation, the conformance suite).

Exit codes: 0 success, 1 a check failed (an invalid document, a lint problem, drift), 2 a usage error
(bad arguments, an unknown type, an unreadable file). It never prints a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import metadata

from wirechat.cli.commands import add_all
from wirechat.cli.usage_error import UsageError

__all__ = ["UsageError", "main"]

DESCRIPTION = """\
wirechat: one wire format for LLM conversations (messages, tool calls, usage, streams).

The commands below are the ones installed: wirechat's own (validate, convert, serve-fake, and conformance
for the adapter gate), and those other distributions add through the entry point group
"wirechat.commands" (a source checkout adds schema, codegen and the whole conformance suite).
"""

EXAMPLES = [
    "wirechat validate --type ChatRequest request.json",
    "wirechat validate --type StreamEvent events.ndjson",
    "cat response.json | wirechat validate --type ChatResponse -",
    "wirechat convert --from openai-chat --to anthropic --kind request body.json",
    "wirechat serve-fake anthropic --port 8080 --script turns.json",
    "wirechat schema lint",
    "wirechat codegen --check",
    "wirechat conformance --adapter anthropic",
]


def epilog(installed: set[str]) -> str:
    """The examples of the commands this install has (a wheel has no ``schema`` or ``codegen``)."""
    shown = [example for example in EXAMPLES if example.split(" | ")[-1].split()[1] in installed]
    return "examples:\n" + "".join(f"  {example}\n" for example in shown)


def _version() -> str:
    try:
        return metadata.version("wirechat")
    except metadata.PackageNotFoundError:  # pragma: no cover (a source tree on sys.path, not installed)
        return "unknown (not installed)"


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; with ``only``, that command's alone (the whole one if there is no such
    command); with ``""``, none (what ``--version`` needs)."""
    parser = argparse.ArgumentParser(
        prog="wirechat", description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    commands.required = True
    if only == "":  # no command to run: the parser serves --version alone
        return parser
    added = add_all(commands, only)
    if only is not None and only not in added:
        return build_parser()
    parser.epilog = epilog(set(commands.choices))
    return parser


def _chosen(argv: Sequence[str]) -> str | None:
    """The command ``argv`` runs, so that only it is imported: ``""`` for ``--version`` alone, ``None`` when the
    whole parser is needed (``--help`` or no command: the listing of every command, or the usage error)."""
    for arg in argv:
        if arg in ("-h", "--help"):
            return None
        if not arg.startswith("-"):
            return arg
    return "" if "--version" in argv else None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(_chosen(argv))
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except UsageError as exc:
        print(f"wirechat: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 1
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
