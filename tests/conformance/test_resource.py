"""The resource suite (``wirechat_conformance.resource``): rows built from data, and a row judged on fake
measurements (time ratio, memory, verdict, problem lists), then one real row through the Python testee."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

import pytest
from wirechat_conformance.cli import main
from wirechat_conformance.paths import Layout
from wirechat_conformance.report import Summary, write_json, write_junit
from wirechat_conformance.report_html import write_html
from wirechat_conformance.resource import (
    MIB,
    SCALES,
    Measured,
    RowResult,
    fitted_growth,
    judge_row,
    measure,
    result_lines,
    result_records,
    run_rows,
)
from wirechat_conformance.resource_rows import Limits, ResourceFileError, Row, build_text, load_rows
from wirechat_conformance.testees import Testee, command_for

from tests.conformance.conftest import broken

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
    assert limits.max_ratio == 8
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


def _measured(seconds: float, answer: dict[str, Any], peak: int = MIB, size: int = MIB, n: int = 1000) -> Measured:
    return Measured(n, seconds, peak, size, answer)


def _linear(seconds: float, answer: dict[str, Any], growth: float = 4.0, n: int = 1000) -> list[Measured]:
    """Measurements at n to 4n whose time grows by ``growth`` per 4x input, t(n) = ``seconds``."""
    return [_measured(seconds * growth ** math.log(scale, 4), answer, n=n * scale) for scale in SCALES]


def _result(row: Row, points: dict[str, list[Measured]]) -> RowResult:
    result = RowResult(row, 1000, points)
    judge_row(result, LIMITS)
    return result


VALID = Row("v", "v", "JsonValue", "1", True, {"small": 1000})
INVALID = Row("i", "i", "JsonValue", "[", False, {"small": 1000}, rule="depth")
ACCEPTED = {"ok": True}


def test_the_fit_gives_the_growth_per_4x_input() -> None:
    assert fitted_growth(_linear(0.1, ACCEPTED)) == pytest.approx(4.0)
    assert fitted_growth(_linear(0.1, ACCEPTED, growth=16.0)) == pytest.approx(16.0)
    # 4n measured 1.5x too slow: the ratio of the ends says 6.0 and fails; the fit, held by 2n and 3n, does not
    noisy = _linear(0.1, ACCEPTED)
    noisy[-1] = _measured(noisy[-1].seconds * 1.5, ACCEPTED, n=4000)
    assert noisy[-1].seconds / noisy[0].seconds == pytest.approx(6.0)
    assert fitted_growth(noisy) < 5.5


def test_a_growth_of_7_fails_and_a_linear_one_passes() -> None:
    result = _result(VALID, {"go": _linear(0.1, ACCEPTED, growth=7.0)})
    assert "time grows 7.0x per 4x input" in result.failures["go"][0]
    assert _result(VALID, {"go": _linear(0.1, ACCEPTED)}).failures == {}
    tiny = _result(VALID, {"go": _linear(0.001, ACCEPTED, growth=9.0)})
    assert tiny.failures == {}  # under 20 ms of CPU: fixed costs, not the decoder


def test_a_row_fails_on_two_fits_not_one() -> None:
    once = RowResult(VALID, 1000, {"go": _linear(0.1, ACCEPTED, n=2000)}, first_growth={"go": 8.0})
    judge_row(once, LIMITS)
    assert once.failures == {}  # the second look was linear: the first was the machine
    twice = RowResult(VALID, 1000, {"go": _linear(0.1, ACCEPTED, growth=15.0, n=2000)}, first_growth={"go": 16.0})
    judge_row(twice, LIMITS)
    assert "and 16.0 at the first measurement" in twice.failures["go"][0]


def test_memory_above_the_multiple_fails() -> None:
    points = _linear(0.1, ACCEPTED)
    points[-1] = _measured(0.4, ACCEPTED, peak=12 * MIB, n=4000)
    result = _result(VALID, {"python": points})
    assert "peak memory 12.0 MiB on a 1.0 MiB input is above 10 x input + 1 MiB" in result.failures["python"][0]


def test_verdicts_rules_and_problem_lists_are_judged() -> None:
    fault = {"ok": False, "problems": [{"pointer": "", "rule": "depth", "line": 1, "column": 201}]}
    other = {"ok": False, "problems": [{"pointer": "", "rule": "depth", "line": 1, "column": 202}]}
    syntax = {"ok": False, "problems": [{"pointer": "", "rule": "syntax", "line": 1, "column": 5}]}
    points = {name: _linear(0.1, fault) for name in ("python", "typescript", "go")}
    points["typescript"][-1] = _measured(0.4, other, n=4000)
    points["go"][-1] = _measured(0.4, ACCEPTED, n=4000)
    failures = _result(INVALID, points).failures
    assert failures["go"] == ["accepted the 4n input, which is invalid"]
    assert "its problem list differs from python" in failures["typescript"][0]
    wrong_rule = _result(INVALID, {"go": _linear(0.1, syntax)}).failures
    assert "no problem of rule 'depth' at n (rules: syntax)" in wrong_rule["go"][0]
    valid = _linear(0.1, ACCEPTED)
    valid[0] = _measured(0.1, fault)
    rejected = _result(VALID, {"go": valid}).failures
    assert "rejected the n input, which is valid" in rejected["go"][0]


def test_one_row_through_the_python_testee(layout: Layout) -> None:
    row = Row("deep", "deep", "JsonValue", "[", False, {"small": 300}, close="]", rule="depth")
    with Testee("python", command_for("python", layout), layout.root) as testee:
        points = [measure(testee, row.type, build_text(row, n), repeats=2, n=n) for n in (300, 600, 900, 1200)]
    small, large = points[0], points[-1]
    assert small.answer["ok"] is False and large.input_bytes == 2400
    if sys.platform == "linux":
        assert large.peak_bytes is not None and large.clock == "cpu"
        assert large.seconds > 0  # CPU time of the testee, read from /proc
    result = RowResult(row, 300, {"python": points})
    judge_row(result, LIMITS, problem_lists=False)
    assert result.failures == {}
    assert "deep" in result_lines(result, header=True)[1]


def test_the_command_teaches_and_refuses_unknown_rows(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["resource", "--help"])
    assert "the fitted growth reaches max_ratio" in capsys.readouterr().out
    assert main(["resource", "--row", "no-such-row", "--lang", "python"]) == 2
    assert "--row: no row no-such-row" in capsys.readouterr().err


def test_a_language_measured_again_is_still_compared_on_the_same_texts() -> None:
    at_n = {"ok": False, "problems": [{"pointer": "/x1", "rule": "additionalProperties"}]}
    at_8n = {"ok": False, "problems": [{"pointer": "/x10000", "rule": "additionalProperties"}]}
    result = RowResult(INVALID, 1000, {name: _linear(0.1, at_n) for name in ("python", "go")})
    result.keep_answers()  # what run_rows does before it measures a slow language again at 2n, 4n and 8n
    result.points["python"] = _linear(0.1, at_8n, n=2000)
    result.first_growth["python"] = 7.0
    judge_row(result, LIMITS)
    assert not any("problem list" in reason for reasons in result.failures.values() for reason in reasons)


def test_the_rows_go_into_the_reports_and_their_failure_fails_the_run(tmp_path: Path) -> None:
    failing = _result(VALID, {"go": _linear(0.1, ACCEPTED, growth=16.0)})
    failing.first_growth["go"] = 16.0
    depth = {"ok": False, "problems": [{"pointer": "", "rule": "depth", "line": 1, "column": 201}]}
    records = result_records([_result(INVALID, {"go": _linear(0.1, depth)}), failing])
    summary = Summary([], [], [], 1.0, 0, {}, resource=records, resource_profile="small")
    assert summary.failed  # no case failed: the resource rows alone fail the run
    write_json(summary, tmp_path / "conformance-report.json")
    write_junit(summary, tmp_path / "conformance-junit.xml")
    write_html(summary, tmp_path, ["go"])
    document = json.loads((tmp_path / "conformance-report.json").read_text(encoding="utf-8"))
    assert document["passed"] is False and document["resource"]["passed"] is False
    assert [row["growth"] for row in document["resource"]["rows"]] == [4.0, 16.0]
    junit = (tmp_path / "conformance-junit.xml").read_text(encoding="utf-8")
    assert 'name="conformance.resource" tests="2" failures="1"' in junit
    html = (tmp_path / "conformance-report.html").read_text(encoding="utf-8")
    assert '<span id="verdict" class="verdict bad">FAILED</span> cases passed' in html
    assert 'data-row="v" data-language="go"' in html and "Resource suite (FAILED)" in html


def test_a_quadratic_testee_fails_even_behind_a_wrapper(layout: Layout) -> None:
    """The CPU time of a wrapper's child counts: the proxy does the quadratic work, the real testee the rest."""
    row = Row("strings", "s", "JsonValue", "ab", True, {"small": 2000}, prefix='"', suffix='"')
    limits = Limits(max_ratio=8, memory_multiple=1000, memory_slack_mib=100)
    with Testee("python", broken("quadratic", command_for("python", layout)), layout.root) as testee:
        (result,) = run_rows({"python": testee}, [row], "small", limits, repeats=2)
    assert result.growth("python") > 8 and "python" in result.first_growth  # measured twice before failing
    assert "time grows" in result.failures["python"][0]
    with Testee("python", broken("misname-rules", command_for("python", layout)), layout.root) as testee:
        child = measure(testee, "JsonValue", build_text(row, 40_000), repeats=1)
        assert child.clock == "cpu" and child.seconds > 0.0  # the decoding child's time, not only the proxy's
