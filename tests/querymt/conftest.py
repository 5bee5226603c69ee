"""Fixtures for the QueryMT plugin tests: the Go plugins built from source and cached
(``wirechat_conformance.plugin_build``, shared with the plugin vectors' writer)."""

from __future__ import annotations

from pathlib import Path

import pytest
from wirechat_conformance.plugin_build import PluginBuildError, example_plugin, faulty_plugin

from tests.conftest import REPO_ROOT


@pytest.fixture(scope="session")
def example_wasm() -> Path:
    try:
        return example_plugin(REPO_ROOT)
    except PluginBuildError as exc:
        pytest.fail(str(exc))


@pytest.fixture(scope="session")
def faulty_wasm() -> Path:
    try:
        return faulty_plugin(REPO_ROOT)
    except PluginBuildError as exc:
        pytest.fail(str(exc))
