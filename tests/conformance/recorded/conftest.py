"""Fixtures for the replay gate's tests: the recorded corpus of the checkout (``conformance/recorded``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from wirechat_conformance.paths import Layout
    from wirechat_conformance.recorded.corpus import Body


@pytest.fixture(scope="session")
def corpus_root(layout: Layout) -> Path:
    return layout.conformance / "recorded"


@pytest.fixture(scope="session")
def bodies(corpus_root: Path) -> dict[str, Body]:
    """Every recorded body, by its file under the corpus root."""
    from wirechat_conformance.recorded.corpus import load  # noqa: PLC0415

    return {body.file: body for body in load(corpus_root)}
