"""Every language's real testee speaks the protocol; a run writes its matrix, JSON report and JUnit XML."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest
from wirechat_conformance.cli import main
from wirechat_conformance.paths import Layout
from wirechat_conformance.testees import LANGUAGES, Testee, command_for

import wirechat.testing

MESSAGE = '{"parts":[{"text":"hi","type":"text"}],"role":"user"}'


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_testee_answers_the_protocol(layout: Layout, language: str) -> None:
    with Testee(language, command_for(language, layout), layout.root) as testee:
        accepted, rejected, folded, unknown = testee.call_many(
            [
                {"op": "decode", "type": "Message", "text": MESSAGE},
                {"op": "decode", "type": "Message", "text": '{"role":"user","parts":[],"colour":1}'},
                {"op": "fold", "events": ['{"type":"text_start","index":0}']},
                {"op": "no_such_op"},
            ]
        )
    assert accepted["ok"] is True and accepted["canonical"] == MESSAGE
    assert json.loads(accepted["encoded"]) == json.loads(MESSAGE)
    assert rejected["ok"] is False and rejected["problems"][0]["pointer"] == "/colour"
    assert folded["fold_error"] == "incomplete"
    assert "error" in unknown and "no_such_op" in unknown["error"]


def test_a_testee_that_dies_is_reported_not_fatal(layout: Layout) -> None:
    with Testee(
        "python", ["python3", "-c", 'print(\'{"id":0,"ok":true,"protocol":1}\', flush=True)'], layout.root
    ) as dying:
        [answer] = dying.call_many([{"op": "hello"}])
    assert "stopped answering" in answer["error"]


def test_reports_are_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    flags = ["--lang", "python", "--lang", "go", "--examples", "2", "--types", "ToolCall", "--no-problem-lists"]
    code = main([*flags, "--report-dir", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "python" in out.splitlines()[0] and "ToolCall" in out
    report = json.loads((tmp_path / "conformance-report.json").read_text())
    assert report["passed"] is True and report["seed"] == 0
    ids = {(o["language"], o["case_id"]) for o in report["outcomes"]}
    assert ("go", "property/ToolCall/chain") in ids and ("python", "behaviour/stream-fold/parallel-tool-calls") in ids
    suites = ElementTree.parse(tmp_path / "conformance-junit.xml").getroot().findall("testsuite")
    assert {suite.get("name") for suite in suites} == {"conformance.python", "conformance.go"}
    assert sum(int(suite.get("failures", "0")) for suite in suites) == 0


def test_the_adapter_gate_flag_without_a_gate(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "wirechat.testing.gate", None)  # importing it now raises ImportError
    monkeypatch.delattr(wirechat.testing, "gate", raising=False)  # as when it was never installed
    assert main(["--adapter", "openai-chat"]) == 2
    assert "adapter gate (wirechat.testing.gate), which is not installed" in capsys.readouterr().err
