"""bench/report.py: rows read generically from canned script outputs (met, missed, missing, malformed), the
exit code only with ``--check``, and one real smoke run of the testee benchmark through it."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.conftest import REPO_ROOT

REPORT = REPO_ROOT / "bench" / "report.py"


def _module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_report", REPORT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_report"] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


report = _module()


def _row(name: str, value: float, target: float, met: bool) -> dict[str, Any]:
    return {
        "name": name,
        "value": value,
        "target": target,
        "spread": [value * 0.9, value * 1.1],
        "met": met,
        "baseline": "orjson.dumps of the same body, same round",
        "note": "canned",
    }


@pytest.fixture
def results(tmp_path: Path) -> Path:
    """codec: one met and one missed row; adapters: the old shape (targets as a dict); the rest: nothing."""
    rows = [_row("decode x orjson.loads, mixed", 1.8, 2.0, True), _row("encode x orjson.dumps, mixed", 2.2, 1.5, False)]
    (tmp_path / "codec.json").write_text(json.dumps({"targets": rows}))
    (tmp_path / "adapters.json").write_text(json.dumps({"targets": {"decode": 2.0}}))
    return tmp_path


def test_rows_met_missed_and_missing_are_printed(results: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert report.main(["--results", str(results)]) == 0  # a report, not a gate
    out = capsys.readouterr().out
    decode = next(line for line in out.splitlines() if "decode x orjson.loads" in line)
    encode = next(line for line in out.splitlines() if "encode x orjson.dumps" in line)
    assert " met " in decode and "<= 2" in decode and "1.62-1.98" in decode
    assert "MISSED" in encode and "<= 1.5" in encode
    assert "no figure: adapters.json has no 'targets' list (found a dict)" in out
    assert "no figure: no output file (streams.json)" in out
    assert "2 target rows: 1 missed; 6 script(s) without a figure" in out
    combined = json.loads((results / "report.json").read_text())
    assert [row["script"] for row in combined["targets"]] == ["codec", "codec"]
    assert combined["missed"] == ["codec: encode x orjson.dumps, mixed"]
    assert len(combined["no_figure"]) == 6 and len(combined["load_average"]) == 3


def test_check_exits_1_on_a_miss_or_a_missing_figure(results: Path, tmp_path: Path) -> None:
    out = ["--json", str(tmp_path / "out.json")]
    assert report.main(["--results", str(results), "--check", *out]) == 1
    assert report.main(["--results", str(results), "--only", "codec", *out]) == 0
    codec = json.loads((results / "codec.json").read_text())
    codec["targets"] = codec["targets"][:1]  # the met row only
    (results / "codec.json").write_text(json.dumps(codec))
    assert report.main(["--results", str(results), "--only", "codec", "--check", *out]) == 0
    assert report.main(["--results", str(results), "--only", "streams", "--check", *out]) == 1


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"value": "fast"}, "value is 'fast', not a finite number"),
        ({"met": True}, "met is True but 2.2 <= 1.5 is False"),
        ({"spread": [1.0]}, "spread is [1.0], not [low, high]"),
    ],
)
def test_a_malformed_row_is_no_figure_with_its_field(
    results: Path, capsys: pytest.CaptureFixture[str], change: dict[str, Any], says: str
) -> None:
    row = {**_row("encode x orjson.dumps, mixed", 2.2, 1.5, False), **change}
    (results / "codec.json").write_text(json.dumps({"targets": [row]}))
    report.main(["--results", str(results), "--only", "codec", "--json", str(results / "out.json")])
    out = capsys.readouterr().out
    assert "no figure: codec.json: row 'encode x orjson.dumps, mixed'" in out and says in out


def test_an_at_least_row_is_met_at_or_above_its_target(results: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = [_row("lead over pydantic, at least", 1.5, 1.5, True), _row("testee x hello, at least", 0.3, 0.35, False)]
    (results / "codec.json").write_text(json.dumps({"targets": rows}))
    assert report.main(["--results", str(results), "--only", "codec", "--json", str(results / "out.json")]) == 0
    out = capsys.readouterr().out
    assert "no figure" not in out and ">= 1.5" in out and "1 missed" in out


def test_a_smoke_run_of_the_testee_benchmark(tmp_path: Path) -> None:
    """The real script through the report (a few seconds): both engines' rows, whatever their values."""
    command = [sys.executable, str(REPORT), "--quick", "--only", "testee", "--out-dir", str(tmp_path)]
    done = subprocess.run(command, cwd=REPO_ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    combined = json.loads((tmp_path / "report.json").read_text())
    names = [row["name"] for row in combined["targets"]]
    assert names == [
        "conformance testee python (checked engine) x hello, at least",
        "conformance testee python-fast (fast engine) x hello, at least",
    ]
    assert all(0 < row["value"] < 1 and row["target"] == 0.35 for row in combined["targets"])
    assert "conformance testee python-fast" in done.stdout and combined["no_figure"] == []
