"""The HTML report (``conformance-report.html``): written beside the JSON and JUnit reports, self-contained,
escaped (a case named ``<script>`` is text), showing failures with expected and actual, expected failures
with their reasons, and the adapter gates recorded in the same folder. The Chromium rendering test is
tests/release/test_html_report_chromium.py."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

from wirechat_conformance.cli import main
from wirechat_conformance.paths import Layout
from wirechat_conformance.report import Outcome, Summary, write_json
from wirechat_conformance.report_html import load_summary, render_html, write_adapter_gate, write_html
from wirechat_conformance.testees import command_for

from tests.conformance.conftest import broken

HOSTILE = "<script>alert('case')</script>"


def hostile_summary() -> Summary:
    """A run with one failure, one expected failure, a stale entry, and markup in every text it shows."""
    return Summary(
        outcomes=[
            Outcome("python", "examples/Message/valid/one", "Message", "passed"),
            Outcome(
                "go",
                f"cases/evil/{HOSTILE}",
                "Message",
                "failed",
                detail='canonical form differs </pre><img src="x" onerror="alert(1)">',
                description="a description with <b>markup</b> & an ampersand",
                expected='accepted: {"role":"user"}',
                actual='accepted: {"role":"<script>"}',
            ),
            Outcome(
                "typescript", "cases/known/gap", "ToolCall", "xfail", "the gap is issue 42 [differs]", "", "a", "b"
            ),
        ],
        stale=["go.txt:3: cases/gone  # <i>reason</i>"],
        regressions=[],
        seconds=1.5,
        seed=0,
        throughput={"python": 1000.0},
    )


def test_every_text_is_escaped_and_the_page_is_self_contained() -> None:
    page = render_html(hostile_summary(), ["python", "typescript", "go"])
    assert "<script" not in page.lower() and "<img" not in page and "<b>markup" not in page and "<i>" not in page
    assert "&lt;script&gt;alert(&#x27;case&#x27;)&lt;/script&gt;" in page
    assert "&lt;img src=&quot;x&quot; onerror=&quot;alert(1)&quot;&gt;" in page
    assert not re.search(r"""<[^>]*\s(?:src|href)\s*=|@import|url\(""", page), "the page loads nothing from elsewhere"


def test_the_page_shows_the_matrix_failures_with_expected_and_actual_and_reasons() -> None:
    page = render_html(hostile_summary(), ["python", "typescript", "go"])
    assert '<span id="verdict" class="verdict bad">FAILED</span>' in page
    assert '<tr data-category="Message"><td>Message</td><td class="n ok" data-language="python">1/0/0</td>' in page
    assert '<td class="n bad" data-language="go">0/1/0</td>' in page
    assert "Failures (1)" in page and "Expected failures (1)" in page
    assert "accepted: {&quot;role&quot;:&quot;user&quot;}" in page  # expected
    assert "accepted: {&quot;role&quot;:&quot;&lt;script&gt;&quot;}" in page  # actual
    assert "the gap is issue 42" in page and 'id="stale"' in page and 'id="no-adapter-gates"' in page


def test_a_real_failing_run_writes_expected_and_actual(layout: Layout, tmp_path: Path) -> None:
    python = shlex.join(broken("accept-unknown-members", command_for("python", layout)))
    flags = ["--lang", "python", "--examples", "0", "--no-problem-lists", "--testee", f"python={python}"]
    assert main([*flags, "--report-dir", str(tmp_path)]) == 1
    report = json.loads((tmp_path / "conformance-report.json").read_text(encoding="utf-8"))
    failed = {o["case_id"]: o for o in report["outcomes"] if o["status"] == "failed"}
    outcome = failed["examples/Part/invalid/extra_member"]
    assert outcome["expected"].startswith("rejected") and outcome["actual"].startswith("accepted: ")
    page = (tmp_path / "conformance-report.html").read_text(encoding="utf-8")
    assert "examples/Part/invalid/extra_member" in page and f"Failures ({len(failed)})" in page


def test_the_json_report_reads_back_to_the_same_page(tmp_path: Path) -> None:
    summary = hostile_summary()
    write_json(summary, tmp_path / "conformance-report.json")
    again, languages = load_summary(tmp_path / "conformance-report.json")
    assert again == summary and languages == ["python", "go", "typescript"]


def test_an_adapter_gate_joins_the_report_in_its_folder(tmp_path: Path) -> None:
    summary = hostile_summary()
    assert write_adapter_gate(tmp_path, {"adapter": "solo", "passed": True, "exit": 0}) is None  # no run yet
    write_json(summary, tmp_path / "conformance-report.json")
    write_html(summary, tmp_path, ["python", "typescript", "go"])
    record = {"adapter": "openai-chat", "passed": False, "exit": 1, "vectors": {"go": "failed"}, "report": "<x>"}
    page = write_adapter_gate(tmp_path, record)
    assert page is not None
    text = page.read_text(encoding="utf-8")
    assert '<tr data-adapter="openai-chat">' in text and "FAILED (exit 1)" in text and "&lt;x&gt;" in text
    assert '<tr data-adapter="solo">' in text and "no-adapter-gates" not in text


def test_the_page_never_says_passed_for_a_run_whose_recorded_traffic_failed(tmp_path: Path) -> None:
    """Issue 26 item 12: the cases passed, the recorded traffic written into the same folder failed."""
    summary = Summary([Outcome("python", "examples/Message/valid/one", "Message", "passed")], [], [], 1.0, 0, {})
    write_json(summary, tmp_path / "conformance-report.json")
    assert (
        '<span id="verdict" class="verdict ok">passed</span>' in write_html(summary, tmp_path, ["python"]).read_text()
    )
    recorded = {"passed": False, "bodies": [{"file": "a/<b>.json", "verdict": "failed", "reasons": ["x"]}]}
    (tmp_path / "recorded.json").write_text(json.dumps(recorded), encoding="utf-8")
    page = write_html(summary, tmp_path, ["python"]).read_text(encoding="utf-8")
    assert '<span id="verdict" class="verdict bad">FAILED</span> cases passed' in page
    assert "1 recorded bodies, 1 failing unlisted" in page and "a/&lt;b&gt;.json" in page
    (tmp_path / "recorded.json").unlink()
    write_adapter_gate(tmp_path, {"adapter": "anthropic", "passed": False, "exit": 1})  # and a failed gate alone
    assert '<span id="verdict" class="verdict bad">FAILED</span>' in (tmp_path / "conformance-report.html").read_text(
        encoding="utf-8"
    )
