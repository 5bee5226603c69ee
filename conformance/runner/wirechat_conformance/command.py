"""``wirechat conformance``: the command this distribution adds to ``wirechat``.

An entry point of the group ``wirechat.commands`` (``conformance/pyproject.toml``): with wirechat-conformance
installed, ``wirechat conformance`` runs the whole cross-language suite, the same as ``wirechat-conformance``,
in place of the built-in command of an installed wirechat (the adapter gate alone).
"""

from __future__ import annotations

import argparse
from typing import Any

from wirechat.cli import UsageError
from wirechat_conformance import cli

__all__ = ["COMMAND"]


class _Conformance:
    def add_parser(self, commands: Any) -> None:
        parser = commands.add_parser(
            "conformance",
            help="run the cross-language conformance suite, or an adapter gate (--adapter NAME)",
            description=cli.DESCRIPTION,
            epilog=cli.EPILOG.replace("wirechat-conformance", "wirechat conformance"),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        cli.add_arguments(parser)
        parser.set_defaults(run=self.run)

    @staticmethod
    def run(args: argparse.Namespace) -> int:
        try:
            return cli.execute(args)
        except cli.ConformanceUsageError as exc:
            raise UsageError(str(exc)) from None


COMMAND = _Conformance()
