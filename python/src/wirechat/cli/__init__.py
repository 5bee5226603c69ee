"""The ``wirechat`` command: validate documents, lint the schema, run the code generator.

Exit codes: 0 success, 1 a check failed (an invalid document, a lint problem, drift), 2 a usage error
(bad arguments, an unknown type, an unreadable file). It never prints a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from wirechat.cli import conformance, convert, dev_tools, serve_fake, validate
from wirechat.cli.usage_error import UsageError

__all__ = ["main"]

DESCRIPTION = """\
wirechat: one wire format for LLM conversations (messages, tool calls, usage, streams).

commands:
  validate     check JSON or NDJSON documents against a wire type
  schema lint  check the schema files against the house rules (source checkout)
  codegen      regenerate the models from the schema, or --check for drift (source checkout)
  conformance  run the cross-language conformance suite (source checkout)
"""

EPILOG = """\
examples:
  wirechat validate --type ChatRequest request.json
  wirechat validate --type StreamEvent events.ndjson
  cat response.json | wirechat validate --type ChatResponse -
  wirechat schema lint
  wirechat codegen --check
"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="wirechat", description=DESCRIPTION, epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True
    validate.add_parser(commands)
    dev_tools.add_parsers(commands)
    conformance.add_parser(commands)
    convert.add_parser(commands)
    serve_fake.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
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
