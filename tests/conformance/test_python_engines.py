"""Python's two engines are two testees (``python``: checked, ``python-fast``: fast), judged on their own:
an engine that drifts from the cases is blamed by name, the other is not (decision 025)."""

from __future__ import annotations

from pathlib import Path

from wirechat_conformance.paths import Layout
from wirechat_conformance.suite import Options, run
from wirechat_conformance.testees import LANGUAGES, Testee, command_for

from tests.conformance.conftest import broken


def test_each_engine_is_a_testee_of_its_own(layout: Layout) -> None:
    assert LANGUAGES[:2] == ("python", "python-fast")
    assert command_for("python", layout)[-2:] == ["--engine", "checked"]
    assert command_for("python-fast", layout)[-2:] == ["--engine", "fast"]
    with Testee("python-fast", command_for("python-fast", layout), layout.root) as testee:
        assert testee.call({"op": "hello"})["language"] == "python-fast"


def test_a_fast_engine_that_encodes_differently_fails_python_fast_only(layout: Layout, tmp_path: Path) -> None:
    fast = command_for("python-fast", layout)
    summary = run(
        Options(
            languages=("python", "python-fast"),
            testee_commands={"python-fast": broken("encode-extra-member", fast)},
            examples=2,
            types=("ToolCall",),
            regressions=tmp_path,
            problem_lists=False,
        )
    )
    failures = {(o.language, o.case_id): o.detail for o in summary.outcomes if o.status == "failed"}
    assert summary.failed
    assert {language for language, _ in failures} == {"python-fast"}
    assert "x_extra" in failures["python-fast", "examples/Message/valid/user_text"]
    assert ("python-fast", "property/ToolCall/chain") in failures  # python -> python-fast breaks the chain


def test_a_fast_engine_that_names_other_rules_is_the_odd_one_out(layout: Layout, go_command: list[str]) -> None:
    fast = command_for("python-fast", layout)
    summary = run(
        Options(
            languages=("python", "python-fast", "go"),
            testee_commands={"python-fast": broken("misname-rules", fast), "go": go_command},
            examples=0,
        )
    )
    failures = {(o.language, o.case_id): o.detail for o in summary.outcomes if o.status == "failed"}
    assert summary.failed
    assert {language for language, _ in failures} == {"python-fast"}  # the checked engine and Go agree
    assert "duplicate-key" in failures["python-fast", "ijson/duplicate-members/duplicate-tag"]
