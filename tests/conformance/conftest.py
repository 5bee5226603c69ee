"""Shared fixtures for the conformance suite's tests: the checkout layout and the real testees' commands."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from wirechat_conformance.paths import Layout

PROXY = Path(__file__).parent / "broken_testees" / "proxy.py"


@pytest.fixture(scope="session")
def layout() -> Layout:
    from wirechat_conformance.paths import find_layout  # noqa: PLC0415 (not at conftest import: hypothesis warns)

    return find_layout()


@pytest.fixture(scope="session")
def go_command(layout: Layout) -> list[str]:
    from wirechat_conformance.testees import command_for  # noqa: PLC0415

    return command_for("go", layout)


@pytest.fixture(scope="session")
def typescript_command(layout: Layout) -> list[str]:
    from wirechat_conformance.testees import command_for  # noqa: PLC0415

    return command_for("typescript", layout)


def broken(breakage: str, command: list[str]) -> list[str]:
    """A testee command that proxies ``command`` and breaks its answers (see broken_testees/proxy.py)."""
    return [sys.executable, str(PROXY), breakage, *command]
