"""``wirechat conformance``: the cross-language conformance suite (a source checkout of wirechat).

The suite lives in the ``wirechat-conformance`` package (``pip install -e conformance``); this module
only registers its flags under ``wirechat`` and turns its usage errors into exit code 2.
"""

from __future__ import annotations

import argparse
import importlib
from types import ModuleType
from typing import Any

from wirechat.cli.usage_error import UsageError

__all__ = ["add_parser"]

_NOT_INSTALLED = "this command needs the conformance runner from a source checkout: pip install -e conformance"


def _runner() -> ModuleType | None:
    try:
        return importlib.import_module("wirechat_conformance.cli")
    except ImportError:
        return None


def add_parser(commands: Any) -> None:
    runner = _runner()
    description = runner.DESCRIPTION if runner is not None else "Run the conformance suite. " + _NOT_INSTALLED
    parser = commands.add_parser(
        "conformance",
        help="run the cross-language conformance suite (source checkout)",
        description=description,
        epilog=runner.EPILOG.replace("wirechat-conformance", "wirechat conformance") if runner is not None else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    if runner is not None:
        runner.add_arguments(parser)
    else:  # take any flags, so that the missing runner is reported rather than the flags
        parser.add_argument("arguments", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    runner = _runner()
    if runner is None:
        raise UsageError(_NOT_INSTALLED)
    try:
        code: int = runner.execute(args)
    except runner.ConformanceUsageError as exc:
        raise UsageError(str(exc)) from None
    return code
