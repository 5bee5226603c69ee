"""Break one language on purpose and the suite must notice: a Go decoder that accepts unknown members,
a TypeScript encoder that adds a member the input did not have, a Go decoder that names the wrong rules.
All run the real testees behind a proxy (tests/conformance/broken_testees/proxy.py) that changes only the
broken behaviour. Problem lists are not compared here (``test_problem_lists`` covers them)."""

from __future__ import annotations

import json
from pathlib import Path

from wirechat_conformance.paths import Layout
from wirechat_conformance.suite import Options, run

from tests.conformance.conftest import broken


def _failures(summary: object) -> dict[str, str]:
    return {o.case_id: o.detail for o in summary.outcomes if o.status == "failed"}  # type: ignore[attr-defined]


def test_a_go_decoder_that_accepts_unknown_members_fails_the_run(
    layout: Layout, go_command: list[str], tmp_path: Path
) -> None:
    summary = run(
        Options(
            languages=("go",),
            testee_commands={"go": broken("accept-unknown-members", go_command)},
            examples=5,
            types=("Message", "TokenUsage"),
            regressions=tmp_path,
        )
    )
    failures = _failures(summary)
    assert summary.failed
    assert "examples/Part/invalid/extra_member" in failures  # the corpus catches it ...
    assert "examples/TokenUsage/invalid/camel_case" in failures
    assert "property/Message/mutation/unknown-member" in failures  # ... and so do the mutations
    assert "accepted" in failures["property/Message/mutation/unknown-member"]
    written = sorted(tmp_path.glob("*.json"))  # each shrunk failure became a regression case
    assert written and all(json.loads(path.read_text())["cases"][0]["valid"] is False for path in written)


def test_a_typescript_encoder_that_adds_a_member_fails_the_run(
    layout: Layout, typescript_command: list[str], tmp_path: Path
) -> None:
    summary = run(
        Options(
            languages=("python", "typescript"),
            testee_commands={"typescript": broken("encode-extra-member", typescript_command)},
            examples=3,
            types=("ToolCall",),
            regressions=tmp_path,
            problem_lists=False,
        )
    )
    failures = {(o.language, o.case_id): o.detail for o in summary.outcomes if o.status == "failed"}
    assert summary.failed
    assert {language for language, _ in failures} == {"typescript"}
    detail = failures["typescript", "examples/Message/valid/user_text"]
    assert "encode wrote a different document" in detail and "x_extra" in detail
    assert ("typescript", "property/ToolCall/roundtrip") in failures
    assert ("typescript", "property/ToolCall/chain") in failures  # Python -> TypeScript breaks the chain
    written = [json.loads(path.read_text()) for path in tmp_path.glob("*.json")]
    assert written and written[0]["cases"][0]["valid"] is True  # the shrunk valid instance, as a case


def test_a_go_decoder_that_names_the_wrong_rules_fails_the_run(layout: Layout, go_command: list[str]) -> None:
    summary = run(
        Options(
            testee_commands={"go": broken("misname-rules", go_command)},
            examples=0,
            problem_lists=False,
        )
    )
    failures = {(o.language, o.case_id): o.detail for o in summary.outcomes if o.status == "failed"}
    assert summary.failed
    assert {language for language, _ in failures} == {"go"}  # Python and TypeScript agree with each other
    # a case that states its rule: judged on its own
    assert "no problem of rule 'duplicate-key' at '/type'" in failures["go", "ijson/duplicate-members/duplicate-tag"]
    # cases that state none: compared across languages, the odd one out blamed
    detail = failures["go", "examples/Part/invalid/extra_member"]
    assert "no common rule at '/colour'" in detail and "go: type" in detail
    assert ("go", "unions/variants/tool-choice-tool-choice-tool-tagged-auto") in failures
    assert ("go", "unions/variants/part-text-part-tagged-reasoning") not in failures  # 'required' still shared
