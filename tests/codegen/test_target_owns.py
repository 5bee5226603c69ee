"""``Target.owns``: a target that owns one file of a hand-written folder replaces and checks that file only."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT
from wirechat_codegen import generate
from wirechat_codegen.targets import GenerationInput, Target


def _owning(text: str, extra: str | None = None) -> Target:
    def render(source: GenerationInput, out: Path) -> None:
        (out / "list_gen.go").write_text(text)
        if extra is not None:
            (out / extra).write_text("x")

    return Target(name="owning", output_dir="go/wirechat", render=render, owns="list_gen.go")


def _repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    shutil.copytree(REPO_ROOT / "schema", root / "schema")
    (root / "go" / "wirechat").mkdir(parents=True)
    (root / "go" / "wirechat" / "hand.go").write_text("package wirechat\n")
    return root


def test_generate_replaces_the_owned_file_and_keeps_the_hand_written_ones(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    generate.generate(root, [_owning("one")])
    generate.generate(root, [_owning("two")])
    folder = root / "go" / "wirechat"
    assert sorted(p.name for p in folder.iterdir()) == ["hand.go", "list_gen.go"]
    assert (folder / "list_gen.go").read_text() == "two"


def test_check_compares_the_owned_file_only(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    assert [str(d) for d in generate.check(root, [_owning("one")])] == ["go/wirechat/list_gen.go: missing"]
    generate.generate(root, [_owning("one")])
    assert generate.check(root, [_owning("one")]) == []
    assert [str(d) for d in generate.check(root, [_owning("two")])] == ["go/wirechat/list_gen.go: changed"]


def test_a_target_writing_a_file_it_does_not_own_fails(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match="does not own"):
        generate.generate(_repo(tmp_path), [_owning("one", extra="stray.go")])
