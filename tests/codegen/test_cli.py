"""``wirechat schema lint`` and ``wirechat codegen`` (commands wirechat-codegen adds): outcomes and error paths."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT
from wirechat.cli import main


def _copy_schema(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    shutil.copytree(REPO_ROOT / "schema", root / "schema")
    (root / "codegen").mkdir()
    return root


def test_lint_passes_on_the_real_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "lint", "--root", str(REPO_ROOT)]) == 0
    assert "clean" in capsys.readouterr().out


def test_lint_reports_problems_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _copy_schema(tmp_path)
    path = root / "schema" / "v1" / "tool_call.schema.json"
    document = json.loads(path.read_text())
    document["properties"]["id"]["default"] = "x"
    path.write_text(json.dumps(document))
    assert main(["schema", "lint", "--root", str(root)]) == 1
    out = capsys.readouterr().out
    assert "schema/v1/tool_call.schema.json: /properties/id/default: no `default`" in out


def test_lint_found_from_the_current_directory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO_ROOT / "schema" / "v1")
    assert main(["schema", "lint"]) == 0


def test_lint_outside_a_checkout_is_a_usage_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["schema", "lint"]) == 2
    assert main(["schema", "lint", "--root", str(tmp_path)]) == 2


def test_unreadable_schema_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _copy_schema(tmp_path)
    (root / "schema" / "v1" / "role.schema.json").write_text("{not json")
    assert main(["schema", "lint", "--root", str(root)]) == 2
    assert "role.schema.json" in capsys.readouterr().err


def test_codegen_refuses_a_schema_that_breaks_the_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _copy_schema(tmp_path)
    path = root / "schema" / "v1" / "role.schema.json"
    document = json.loads(path.read_text())
    document["type"] = ["string", "null"]
    path.write_text(json.dumps(document))
    assert main(["codegen", "--check", "--root", str(root)]) == 1
    assert "nothing was generated" in capsys.readouterr().out
