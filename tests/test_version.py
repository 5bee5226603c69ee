"""One version for everything: the repository's VERSION is the Python package's ``__version__`` and
distribution version, the npm package's ``VERSION`` export and ``package.json`` version, Go's
``wirechat.Version``, the Rust crate's version and ``wirechat::VERSION``, and the version of the codegen
and conformance distributions."""

from __future__ import annotations

import json
import re
from importlib import metadata
from pathlib import Path

import pytest
import tomllib

import wirechat
from tests.conftest import REPO_ROOT
from wirechat_codegen.targets.typescript import _package_json_version
from wirechat_codegen.versions import UnknownVersionError, package_version

VERSION = (REPO_ROOT / "VERSION").read_text(encoding="utf-8").strip()


def _distribution_version(folder: str) -> str:
    project: dict[str, str] = tomllib.loads((REPO_ROOT / folder / "pyproject.toml").read_text())["project"]
    return project["version"]


def test_every_package_says_the_same_version() -> None:
    go = (REPO_ROOT / "go/internal/wire/version_gen.go").read_text(encoding="utf-8")
    rust = (REPO_ROOT / "rust/src/generated/mod.rs").read_text(encoding="utf-8")
    typescript = (REPO_ROOT / "typescript/src/generated/version.ts").read_text(encoding="utf-8")
    found = {
        "wirechat.__version__": wirechat.__version__,
        "the installed wirechat distribution": metadata.version("wirechat"),
        "typescript/package.json": json.loads((REPO_ROOT / "typescript/package.json").read_text())["version"],
        "typescript VERSION": re.search(r'VERSION = "([^"]+)"', typescript).group(1),  # type: ignore[union-attr]
        "go wire.Version": re.search(r'Version = "([^"]+)"', go).group(1),  # type: ignore[union-attr]
        "rust wirechat::VERSION": re.search(r'const VERSION: &str = "([^"]+)"', rust).group(1),  # type: ignore[union-attr]
        "rust/Cargo.toml": tomllib.loads((REPO_ROOT / "rust/Cargo.toml").read_text())["package"]["version"],
        "codegen/pyproject.toml": tomllib.loads((REPO_ROOT / "codegen/pyproject.toml").read_text())["project"][
            "version"
        ],
        "conformance/pyproject.toml": tomllib.loads((REPO_ROOT / "conformance/pyproject.toml").read_text())["project"][
            "version"
        ],
    }
    assert {name: value for name, value in found.items() if value != VERSION} == {}, f"VERSION is {VERSION}"


def test_a_bad_version_file_is_named(tmp_path: Path) -> None:
    (tmp_path / "VERSION").write_text("one point oh\n")
    with pytest.raises(UnknownVersionError, match="must hold one semver version"):
        package_version(tmp_path)
    with pytest.raises(UnknownVersionError, match="cannot read"):
        package_version(tmp_path / "nowhere")


def test_a_package_json_that_disagrees_stops_generation(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text(json.dumps({"version": "0.0.9"}))
    with pytest.raises(RuntimeError, match=re.escape("package.json has version '0.0.9'; VERSION says '0.1.0': set it")):
        _package_json_version(tmp_path, "0.1.0")
