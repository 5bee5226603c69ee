"""The resource suite (``wirechat_conformance.resource``): rows built from data, and a row judged on fake
measurements (time ratio, memory, verdict, problem lists), then one real row through the Python testee."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from wirechat_conformance.cli import main
from wirechat_conformance.paths import Layout
from wirechat_conformance.resource import MIB, Measured, RowResult, judge_row, measure, result_lines
from wirechat_conformance.resource_rows import Limits, ResourceFileError, Row, build_text, load_rows
from wirechat_conformance.testees import Testee, command_for

LIMITS = Limits(max_ratio=6, memory_multiple=10, memory_slack_mib=1)


def test_a_row_builds_nesting_numbered_members_and_repeats() -> None:
    nested = Row("d", "d", "JsonValue", "[", False, {"small": 3}, middle="1", close="]")
    assert build_text(nested, 3) == "[[[1]]]"
    members = Row("k", "k", "JsonObject", '"k{i}":{i}', True, {"small": 3}, prefix="{", separator=",", suffix="}")
    assert json.loads(build_text(members, 3)) == {"k0": 0, "k1": 1, "k2": 2}
    assert build_text(Row("s", "s", "JsonValue", "ab", True, {"small": 2}, prefix='"', suffix='"'), 2) == '"abab"'


def test_the_built_in_rows_load_per_profile(layout: Layout) -> None:
    limits, small = load_rows(layout.cases / "resource", "small")
    _, large = load_rows(layout.cases / "resource", "large")
    assert limits.max_ratio == 6
    assert "string-100mb-unterminated" not in {row.name for row in small}
    row = next(row for row in large if row.name == "string-100mb-unterminated")
    assert len(build_text(row, 4 * row.n["large"])) >= 100_000_000 - 1
    assert max(4 * row.n["large"] for row in large if row.name == "many-numbers") == 1_000_000


def test_a_malformed_row_is_named(tmp_path: Path) -> None:
    row = {"name": "x", "description": "x", "type": "JsonValue", "unit": "[", "valid": True, "n": {"huge": 5}}
    file = {"max_ratio": 6, "memory_multiple": 10, "memory_slack_mib": 1, "rows": [row]}
    (tmp_path / "rows.json").write_text(json.dumps(file), encoding="utf-8")
    with pytest.raises(ResourceFileError, match=r"rows.json: /rows/0: n maps profiles"):
        load_rows(tmp_path, "small")


def _measured(seconds: float, answer: dict[str, Any], peak: int = MIB, size: int = MIB) -> Measured:
    return Measured(seconds, peak, size, answer)


def _result(row: Row, small: dict[str, Measured], large: dict[str, Measured]) -> RowResult:
    result = RowResult(row, 1000, small, large)
    judge_row(result, LIMITS)
    return result


VALID = Row("v", "v", "JsonValue", "1", True, {"small": 1000})
INVALID = Row("i", "i", "JsonValue", "[", False, {"small": 1000}, rule="depth")
ACCEPTED = {"ok": True}


def test_a_ratio_of_7_fails_and_a_linear_one_passes() -> None:
    result = _result(VALID, {"go": _measured(0.1, ACCEPTED)}, {"go": _measured(0.7, ACCEPTED)})
    assert "t(4n)/t(n) = 7.0 >= 6" in result.failures["go"][0]
    assert _result(VALID, {"go": _measured(0.1, ACCEPTED)}, {"go": _measured(0.4, ACCEPTED)}).failures == {}
    tiny = _result(VALID, {"go": _measured(0.001, ACCEPTED)}, {"go": _measured(0.009, ACCEPTED)})
    assert tiny.failures == {}  # under 20 ms: the pipe's jitter, not the decoder


def test_memory_above_the_multiple_fails() -> None:
    big = _measured(0.4, ACCEPTED, peak=12 * MIB)
    result = _result(VALID, {"python": _measured(0.1, ACCEPTED)}, {"python": big})
    assert "peak memory 12.0 MiB on a 1.0 MiB input is above 10 x input + 1 MiB" in result.failures["python"][0]


def test_verdicts_rules_and_problem_lists_are_judged() -> None:
    fault = {"ok": False, "problems": [{"pointer": "", "rule": "depth", "line": 1, "column": 201}]}
    other = {"ok": False, "problems": [{"pointer": "", "rule": "depth", "line": 1, "column": 202}]}
    syntax = {"ok": False, "problems": [{"pointer": "", "rule": "syntax", "line": 1, "column": 5}]}
    small = {name: _measured(0.1, fault) for name in ("python", "typescript", "go")}
    large = {"python": _measured(0.1, fault), "typescript": _measured(0.1, other), "go": _measured(0.1, ACCEPTED)}
    failures = _result(INVALID, small, large).failures
    assert failures["go"] == ["accepted the 4n input, which is invalid"]
    assert "its problem list differs from python" in failures["typescript"][0]
    wrong_rule = _result(INVALID, {"go": _measured(0.1, syntax)}, {"go": _measured(0.1, syntax)}).failures
    assert "no problem of rule 'depth' at n (rules: syntax)" in wrong_rule["go"][0]
    rejected = _result(VALID, {"go": _measured(0.1, fault)}, {"go": _measured(0.1, ACCEPTED)}).failures
    assert "rejected the n input, which is valid" in rejected["go"][0]


def test_one_row_through_the_python_testee(layout: Layout) -> None:
    row = Row("deep", "deep", "JsonValue", "[", False, {"small": 300}, close="]", rule="depth")
    with Testee("python", command_for("python", layout), layout.root) as testee:
        small = measure(testee, row.type, build_text(row, 300), repeats=2)
        large = measure(testee, row.type, build_text(row, 1200), repeats=2)
    assert small.answer["ok"] is False and large.input_bytes == 2400
    if sys.platform == "linux":
        assert large.peak_bytes is not None
    result = RowResult(row, 300, {"python": small}, {"python": large})
    judge_row(result, LIMITS, problem_lists=False)
    assert result.failures == {}
    assert "deep" in result_lines(result, header=True)[1]


def test_the_command_teaches_and_refuses_unknown_rows(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["resource", "--help"])
    assert "t(4n)/t(n) reaches max_ratio" in capsys.readouterr().out
    assert main(["resource", "--row", "no-such-row", "--lang", "python"]) == 2
    assert "--row: no row no-such-row" in capsys.readouterr().err


def test_a_language_measured_again_is_still_compared_on_the_same_texts() -> None:
    at_n = {"ok": False, "problems": [{"pointer": "/x1", "rule": "additionalProperties"}]}
    at_8n = {"ok": False, "problems": [{"pointer": "/x10000", "rule": "additionalProperties"}]}
    small = {name: _measured(0.1, at_n) for name in ("python", "go")}
    large = {name: _measured(0.1, at_n) for name in ("python", "go")}
    result = RowResult(INVALID, 1000, small, large)
    result.keep_answers()  # what run_rows does before it measures a slow language again at 2n and 8n
    result.small["python"], result.large["python"] = _measured(0.1, at_8n), _measured(0.1, at_8n)
    result.remeasured["python"] = 2000
    judge_row(result, LIMITS)
    assert not any("problem list" in reason for reasons in result.failures.values() for reason in reasons)
