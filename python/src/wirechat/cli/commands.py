"""Which commands ``wirechat`` has: its own, and those other distributions contribute.

A distribution adds a command with an entry point in the group ``wirechat.commands``; the entry point's name
is the command's name and its object has ``add_parser(commands)``, which adds the subparser and sets its
``run(args) -> int`` default (raising ``wirechat.cli.UsageError`` for exit code 2)::

    [project.entry-points."wirechat.commands"]
    codegen = "wirechat_codegen.cli:CODEGEN"

wirechat-codegen contributes ``schema`` and ``codegen``; wirechat-conformance contributes ``conformance``,
the whole cross-language suite, which takes the place of the built-in one (the adapter gate only). Each
distribution owns its commands: nothing here knows their modules.

Only the command being run is imported (``add_all(commands, only=NAME)``): each command's module pulls in
what it runs (the fake server, the adapters, the conformance suite), and ``wirechat --version`` or one
command must not pay for all of them (decision 031). ``wirechat --help`` imports every command.
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any, Protocol

__all__ = ["ENTRY_POINT_GROUP", "Command", "add_all"]

ENTRY_POINT_GROUP = "wirechat.commands"


class Command(Protocol):
    """What a command offers: a way to add its subparser (whose defaults carry ``run``)."""

    def add_parser(self, commands: Any) -> None: ...


@dataclass(frozen=True)
class _Builtin:
    module: str  # under wirechat.cli, imported when the command's parser is added

    def add_parser(self, commands: Any) -> None:
        importlib.import_module(f"wirechat.cli.{self.module}").add_parser(commands)


BUILTIN: dict[str, Command] = {
    "validate": _Builtin("validate"),
    "convert": _Builtin("convert"),
    "serve-fake": _Builtin("serve_fake"),
    "conformance": _Builtin("conformance"),
    "mcp": _Builtin("mcp"),
}


def contributed(only: str | None = None) -> dict[str, Command]:
    """The commands installed distributions contribute, by name (loaded now: each is a small module), or
    only the one named ``only``. One that fails to load is left out with a line on stderr naming it and its
    distribution, so a broken plugin never takes the other commands down with a traceback."""
    found: dict[str, Command] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        if only is not None and point.name != only:
            continue
        try:
            found[point.name] = point.load()
        except Exception as exc:
            owner = point.dist.name if point.dist is not None else "an unknown distribution"
            print(f"wirechat: the command {point.name!r} of {owner} could not be loaded "
                  f"({type(exc).__name__}: {exc}); it is left out", file=sys.stderr)  # fmt: skip
    return found


def add_all(commands: Any, only: str | None = None) -> list[str]:
    """Add every command's subparser (or only the one named ``only``), a contributed one replacing a built-in
    of the same name; returns the names added, in the order of ``wirechat --help``."""
    chosen: dict[str, Command] = {name: command for name, command in BUILTIN.items() if only in (None, name)}
    chosen.update(contributed() if only is None else contributed(only))
    for name in sorted(chosen):
        chosen[name].add_parser(commands)
    return sorted(chosen)
