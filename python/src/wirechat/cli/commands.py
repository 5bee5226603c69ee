"""Which commands ``wirechat`` has: its own, and those other distributions contribute.

A distribution adds a command with an entry point in the group ``wirechat.commands``; the entry point's name
is the command's name and its object has ``add_parser(commands)``, which adds the subparser and sets its
``run(args) -> int`` default (raising ``wirechat.cli.UsageError`` for exit code 2)::

    [project.entry-points."wirechat.commands"]
    codegen = "wirechat_codegen.cli:CODEGEN"

wirechat-codegen contributes ``schema`` and ``codegen``; wirechat-conformance contributes ``conformance``,
the whole cross-language suite, which takes the place of the built-in one (the adapter gate only). Each
distribution owns its commands: nothing here knows their modules.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any, Protocol

from wirechat.cli import conformance, convert, mcp, serve_fake, validate

__all__ = ["ENTRY_POINT_GROUP", "Command", "add_all"]

ENTRY_POINT_GROUP = "wirechat.commands"


class Command(Protocol):
    """What a command offers: a way to add its subparser (whose defaults carry ``run``)."""

    def add_parser(self, commands: Any) -> None: ...


@dataclass(frozen=True)
class _Builtin:
    add: Callable[[Any], None]

    def add_parser(self, commands: Any) -> None:
        self.add(commands)


BUILTIN: dict[str, Command] = {
    "validate": _Builtin(validate.add_parser),
    "convert": _Builtin(convert.add_parser),
    "serve-fake": _Builtin(serve_fake.add_parser),
    "conformance": _Builtin(conformance.add_parser),
    "mcp": _Builtin(mcp.add_parser),
}


def contributed() -> dict[str, Command]:
    """The commands installed distributions contribute, by name (loaded now: each is a small module). One
    that fails to load is left out with a line on stderr naming it and its distribution, so a broken plugin
    never takes the other commands down with a traceback."""
    found: dict[str, Command] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        try:
            found[point.name] = point.load()
        except Exception as exc:
            owner = point.dist.name if point.dist is not None else "an unknown distribution"
            print(f"wirechat: the command {point.name!r} of {owner} could not be loaded "
                  f"({type(exc).__name__}: {exc}); it is left out", file=sys.stderr)  # fmt: skip
    return found


def add_all(commands: Any) -> list[str]:
    """Add every command's subparser, a contributed one replacing a built-in of the same name; returns
    the names in the order of ``wirechat --help``."""
    chosen: dict[str, Command] = dict(BUILTIN)
    chosen.update(contributed())
    for name in sorted(chosen):
        chosen[name].add_parser(commands)
    return sorted(chosen)
