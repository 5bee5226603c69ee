"""The schema version as a parameter of the runner: the newest folder by default, a named one on request,
and a clear refusal when the folder is missing or the installed packages speak another version."""

from __future__ import annotations

from pathlib import Path

import pytest
from wirechat_conformance.cli import main
from wirechat_conformance.paths import Layout, find_layout, schema_versions
from wirechat_conformance.suite import check_bundle_version


def _checkout(tmp_path: Path, *versions: str) -> Path:
    (tmp_path / "conformance" / "cases").mkdir(parents=True)
    for version in versions:
        (tmp_path / "schema" / version / "examples").mkdir(parents=True)
    (tmp_path / "schema" / "README.md").write_text("spec\n", encoding="utf-8")
    return tmp_path


def test_the_newest_version_folder_is_the_default(tmp_path: Path) -> None:
    root = _checkout(tmp_path, "v1", "v2", "v10")
    assert schema_versions(root) == ["v1", "v2", "v10"]
    layout = find_layout(root)
    assert layout.schema_version == "v10"
    assert layout.examples == root.resolve() / "schema" / "v10" / "examples"
    assert find_layout(root, "v2").examples == root.resolve() / "schema" / "v2" / "examples"


def test_a_missing_version_names_the_ones_there_are(tmp_path: Path) -> None:
    root = _checkout(tmp_path, "v1")
    with pytest.raises(FileNotFoundError, match=r"no folder schema/v3 \(there are v1\)"):
        Layout(root, "v3")


def test_packages_of_another_version_are_refused(tmp_path: Path) -> None:
    root = _checkout(tmp_path, "v1", "v2")
    check_bundle_version(Layout(root, "v1"))  # the installed packages are generated from schema/v1
    with pytest.raises(FileNotFoundError, match="generated from schema/v1, not schema/v2"):
        check_bundle_version(Layout(root, "v2"))


def test_the_command_line_takes_the_version(capsys: pytest.CaptureFixture[str], layout: Layout) -> None:
    assert main(["--schema-version", "v1", "--check-cases"]) == 0
    assert main(["--schema-version", "v9", "--check-cases"]) == 2
    assert "no folder schema/v9" in capsys.readouterr().err
