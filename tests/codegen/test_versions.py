"""The schema version is a parameter: a v2 folder beside v1 lints, bundles and renders under its own name,
and never into the packages, which are generated from the packaged version."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT
from wirechat_codegen import generate
from wirechat_codegen.targets import all_targets
from wirechat_codegen.versions import UnknownVersionError, available, schema_dir


@pytest.fixture(scope="module")
def two_versions(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A repository with schema/v1 and a schema/v2 copy whose ids say v2."""
    root = tmp_path_factory.mktemp("repo")
    shutil.copytree(REPO_ROOT / "schema" / "v1", root / "schema" / "v1")
    shutil.copytree(REPO_ROOT / "schema" / "v1", root / "schema" / "v2")
    shutil.copy(REPO_ROOT / "VERSION", root / "VERSION")
    for path in (root / "schema" / "v2").glob("*.schema.json"):
        path.write_text(path.read_text(encoding="utf-8").replace("/schema/v1/", "/schema/v2/"), encoding="utf-8")
    return root


def test_versions_are_listed_in_number_order(tmp_path: Path) -> None:
    for name in ("v10", "v2", "v1", "notes"):
        (tmp_path / "schema" / name).mkdir(parents=True)
    assert available(tmp_path) == ["v1", "v2", "v10"]


def test_an_unknown_version_names_the_ones_there_are(two_versions: Path) -> None:
    with pytest.raises(UnknownVersionError, match=r"no schema/v3 \(versions: v1, v2\)"):
        schema_dir(two_versions, "v3")
    with pytest.raises(UnknownVersionError, match="written v<number>"):
        schema_dir(two_versions, "2")


def test_a_second_version_lints_clean_under_its_own_base_uri(two_versions: Path) -> None:
    assert generate.lint_schema(two_versions, "v2") == []
    assert generate.lint_schema(two_versions, "v1") == []


def test_a_second_version_renders_under_out_and_says_which_version_it_is(two_versions: Path, tmp_path: Path) -> None:
    targets = [target for target in all_targets() if target.name in ("python", "go")]
    written = generate.generate(two_versions, targets, version="v2", out=tmp_path / "v2")
    assert len(written) == 2
    models = (tmp_path / "v2" / "python/src/wirechat/_generated/models.py").read_text(encoding="utf-8")
    assert "from schema/v2. DO NOT EDIT." in models
    go_doc = next((tmp_path / "v2" / "go/internal/wire").glob("doc_gen.go")).read_text(encoding="utf-8")
    assert "schema/v2" in go_doc
    assert generate.check(two_versions, targets, version="v2", out=tmp_path / "v2") == []
    assert not (two_versions / "python").exists(), "nothing was written into the packages"


def test_another_version_without_out_is_refused(two_versions: Path) -> None:
    with pytest.raises(UnknownVersionError, match="render v2 elsewhere with --out DIR"):
        generate.generate(two_versions, version="v2")
