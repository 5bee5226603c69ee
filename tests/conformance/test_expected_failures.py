"""Expected-failure lists: a listed failure is tolerated with its reason; a listed case that passes, an
entry that matches nothing, and an entry without a reason each fail the run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from wirechat_conformance.cli import main
from wirechat_conformance.expected import ExpectedFailureError, parse_expected
from wirechat_conformance.paths import Layout
from wirechat_conformance.suite import Options, run

EXPECTED_PYTHON = (Path(__file__).parents[2] / "conformance" / "expected-failures" / "python.txt").read_text()


def _python_only(expected_dir: Path) -> Options:
    return Options(languages=("python",), examples=0, expected_dir=expected_dir, problem_lists=False)


def test_the_real_lists_make_a_clean_python_run(layout: Layout) -> None:
    summary = run(Options(languages=("python",), examples=0, problem_lists=False))
    assert not summary.failed, [o for o in summary.outcomes if o.status in ("failed", "xpass")] + summary.stale


def test_an_unexpected_pass_fails_the_run(tmp_path: Path) -> None:
    (tmp_path / "python.txt").write_text(EXPECTED_PYTHON + "examples/Message/valid/user_text  # pretend it fails\n")
    summary = run(_python_only(tmp_path))
    assert summary.failed
    [xpass] = [o for o in summary.outcomes if o.status == "xpass"]
    assert xpass.case_id == "examples/Message/valid/user_text" and xpass.detail == "pretend it fails"


def test_a_stale_entry_fails_the_run(tmp_path: Path) -> None:
    (tmp_path / "python.txt").write_text(EXPECTED_PYTHON + "ijson/depth/no-such-case  # it was renamed\n")
    summary = run(_python_only(tmp_path))
    assert summary.failed
    assert len(summary.stale) == 1 and "ijson/depth/no-such-case (it was renamed)" in summary.stale[0]


def test_an_unlisted_failure_fails_the_run(tmp_path: Path) -> None:
    (tmp_path / "python.txt").write_text("")
    cases = tmp_path / "cases"
    cases.mkdir()
    wrong = {"op": "decode", "name": "claimed-valid", "description": "an empty object claimed to be a Message"}
    wrong |= {"type": "Message", "text": "{}", "valid": True}
    (cases / "wrong.json").write_text(json.dumps({"description": "a case no language passes", "cases": [wrong]}))
    summary = run(Options(languages=("python",), examples=0, expected_dir=tmp_path, case_dirs=(cases,), builtin=False))
    assert summary.failed
    assert {o.case_id for o in summary.outcomes if o.status == "failed"} == {"wrong/claimed-valid"}


def test_the_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "python.txt").write_text(EXPECTED_PYTHON + "ijson/depth/no-such-case  # stale\n")
    assert main(["--lang", "python", "--examples", "0", "--expected-failures", str(tmp_path)]) == 1
    assert "STALE expected failure" in capsys.readouterr().out
    (tmp_path / "python.txt").write_text("ijson/depth/empty-arrays-201-deep\n")
    assert main(["--lang", "python", "--examples", "0", "--expected-failures", str(tmp_path)]) == 2
    assert "has no reason" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a/b\n", "has no reason"),
        ("a/b  #   \n", "has no reason"),
        ("a/b # one\na/b # two\n", "listed twice"),
        ("a b # spaces\n", "one case id or pattern"),
    ],
)
def test_malformed_lists_are_refused(text: str, message: str) -> None:
    with pytest.raises(ExpectedFailureError, match=message):
        parse_expected(text, "python.txt")


def test_patterns_match_case_ids() -> None:
    [entry] = parse_expected("# comment\n\nproperty/*Part/mutation/missing-member  # tags default\n", "x.txt")
    assert entry.matches("property/TextPart/mutation/missing-member")
    assert not entry.matches("property/TextPart/roundtrip")
    assert entry.where == "x.txt:3"
