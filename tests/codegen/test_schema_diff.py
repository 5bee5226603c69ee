"""``wirechat schema diff`` on a table of schema pairs, ``wirechat schema snapshot``, and the v1 freeze check."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.codegen.schema_edits import build
from tests.conftest import REPO_ROOT
from wirechat.cli import main
from wirechat_codegen.diff import diff_dirs
from wirechat_codegen.evolution import released_dir, snapshot

DATA = Path(__file__).parent / "data" / "schema_diff"
CASES: list[dict[str, Any]] = json.loads((DATA / "cases.json").read_text())["cases"]


def _pair(tmp_path: Path, edits: list[dict[str, Any]]) -> tuple[Path, Path]:
    return DATA / "base", build(DATA / "base", edits, tmp_path / "new")


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_diff_table(case: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old, new = _pair(tmp_path, case["edits"])
    found = [[c.where, c.change, c.readers, c.writers] for c in diff_dirs(old, new)]
    assert found == case["changes"]
    assert main(["schema", "diff", str(old), str(new), "--json"]) == case["exit"]
    report = json.loads(capsys.readouterr().out)
    assert report["breaking"] == (case["exit"] == 1)
    assert [[c["type"], c["member"], c["change"]] for c in report["changes"]] == [
        [c.type, c.member, c.change] for c in diff_dirs(old, new)
    ]


def test_text_output_says_which_type_member_and_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old, new = _pair(tmp_path, [{"file": "note", "pointer": "/properties/text/maxLength", "set": 50}])
    assert main(["schema", "diff", str(old), str(new)]) == 1
    out = capsys.readouterr().out
    assert "BREAKING Note.text: type narrowed (readers: breaking; writers: compatible)" in out
    assert "maxLength=100" in out and "maxLength=50" in out and "a NEW reader rejects some OLD documents" in out
    assert "1 change(s), 1 breaking" in out


def test_usage_errors_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "diff", str(tmp_path / "missing"), str(DATA / "base")]) == 2
    assert "OLD" in capsys.readouterr().err
    (tmp_path / "empty").mkdir()
    assert main(["schema", "diff", str(tmp_path / "empty"), str(DATA / "base")]) == 2
    assert "no *.schema.json files" in capsys.readouterr().err
    broken = tmp_path / "broken"
    shutil.copytree(DATA / "base", broken)
    (broken / "note.schema.json").write_text("{")
    assert main(["schema", "diff", str(DATA / "base"), str(broken)]) == 2


def test_v1_has_no_breaking_change_against_the_released_snapshot(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The check the gate runs (noxfile ``schema-freeze``): the frozen v1.0 against today's v1."""
    frozen = released_dir(REPO_ROOT)
    assert sorted(p.name for p in frozen.glob("*.schema.json")), f"{frozen} is empty: run wirechat schema snapshot"
    assert main(["schema", "diff", str(frozen), str(REPO_ROOT / "schema" / "v1")]) == 0, capsys.readouterr().out


def test_the_freeze_check_fails_on_a_breaking_change_inside_v1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "repo"
    shutil.copytree(REPO_ROOT / "schema", root / "schema", ignore=shutil.ignore_patterns("examples"))
    path = root / "schema" / "v1" / "tool_call.schema.json"
    document = json.loads(path.read_text())
    del document["properties"]["name"]
    document["required"].remove("name")
    path.write_text(json.dumps(document))
    assert main(["schema", "diff", str(released_dir(root)), str(root / "schema" / "v1")]) == 1
    assert "BREAKING ToolCall.name: member removed (readers: breaking; writers: breaking)" in capsys.readouterr().out


def test_snapshot_replaces_the_released_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "repo"
    shutil.copytree(REPO_ROOT / "schema", root / "schema", ignore=shutil.ignore_patterns("examples"))
    (root / "codegen").mkdir()
    stale = released_dir(root) / "gone.schema.json"
    stale.write_text("{}")
    assert snapshot(root) == released_dir(root)
    assert not stale.exists()
    assert {p.name for p in released_dir(root).iterdir()} == {
        p.name for p in (root / "schema" / "v1").glob("*.schema.json")
    }
    assert main(["schema", "snapshot", "--root", str(root), "--release", "../x"]) == 2
    assert main(["schema", "snapshot", "--root", str(root)]) == 0
    assert "wrote" in capsys.readouterr().out
