"""The README's install section is what CI runs (tests/release/install_steps.py): its blocks are found, each
names files that exist in the checkout, and the versions it prints are the repository's VERSION."""

from __future__ import annotations

import re

import pytest

from tests.conftest import REPO_ROOT
from tests.release.install_steps import install_blocks

README = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
VERSION = (REPO_ROOT / "VERSION").read_text(encoding="utf-8").strip()


def test_the_install_section_has_a_block_per_artifact() -> None:
    codes = [block.code for block in install_blocks(README)]
    assert len(codes) == 4
    assert 'uv build --out-dir dist "$WIRECHAT/python"' in codes[0] and "sdist-env" in codes[0]
    assert "wirechat conformance --root" in codes[1]
    assert "npm pack" in codes[2] and "npm-esm" in codes[2] and "npm-cjs" in codes[2]
    assert "go mod edit -require github.com/wirechat/wirechat/go@" in codes[3]


def test_every_path_the_blocks_name_exists() -> None:
    named = {path for block in install_blocks(README) for path in re.findall(r"\$WIRECHAT/([\w./-]+)", block.code)}
    assert named, "the blocks name no file of the checkout"
    missing = sorted(path for path in named if not (REPO_ROOT / path).exists())
    assert not missing, f"the README's install steps name files that do not exist: {missing}"


def test_the_install_section_states_the_current_version() -> None:
    section = README[README.index("## Install") : README.index("## In Python")]
    stated = set(re.findall(r"(?:wirechat-|/go@v|/go v)(\d+\.\d+\.\d+)", section))
    assert stated == {VERSION}, f"the install section names versions {sorted(stated)}; VERSION is {VERSION}"


def test_a_missing_section_is_named() -> None:
    with pytest.raises(ValueError, match="no '## Install' section"):
        install_blocks("# a README\n\n## Usage\n")


def test_the_go_module_path_is_go_mod_s() -> None:
    module = (REPO_ROOT / "go/go.mod").read_text(encoding="utf-8").splitlines()[0].split()[1]
    assert f"-require {module}@v{VERSION} -replace {module}=" in install_blocks(README)[3].code
