"""The HTML conformance report renders in a real browser: headless Chromium (Debian's ``chromium``, which
``./dev install-check`` installs when missing) dumps the DOM it built and takes a screenshot. The DOM has the
verdict, the matrix, the failure with expected and actual, the expected failure's reason and the adapter
gate, and no element came from the markup inside case names and answers.

Skipped, saying why, when no Chromium is installed (``WIRECHAT_CHROMIUM`` names another binary)."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
from pathlib import Path

import pytest
from wirechat_conformance.report import write_json
from wirechat_conformance.report_html import write_adapter_gate, write_html

from tests.conformance.test_report_html import HOSTILE, hostile_summary

LANGUAGES = ["python", "typescript", "go"]


def _chromium() -> str:
    for name in (os.environ.get("WIRECHAT_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"):
        if name and (found := shutil.which(name)):
            return found
    pytest.skip("no headless Chromium: install Debian's chromium (./dev install-check does when it can)")


def _headless(chromium: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"]
    command = [chromium, *flags, "--user-data-dir=" + os.environ.get("TMPDIR", "/tmp") + "/wirechat-chromium"]
    return subprocess.run([*command, *arguments], capture_output=True, text=True, timeout=120, check=True)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("report")
    summary = hostile_summary()
    write_json(summary, folder / "conformance-report.json")
    write_html(summary, folder, LANGUAGES)
    record = {"adapter": "openai-chat", "passed": True, "exit": 0, "vectors": {"go": "passed"}, "report": "ok"}
    page = write_adapter_gate(folder, record)
    assert page is not None
    return page


def test_chromium_builds_the_report_s_dom(report: Path) -> None:
    dom = _headless(_chromium(), "--dump-dom", report.as_uri()).stdout
    assert '<span id="verdict" class="verdict bad">FAILED</span>' in dom
    assert '<table id="matrix">' in dom and 'data-category="ToolCall"' in dom and 'id="matrix-total"' in dom
    assert '<tr class="failure">' in dom and '<tr class="xfail">' in dom
    assert "the gap is issue 42" in dom and '<tr data-adapter="openai-chat">' in dom
    # the markup inside the texts stayed text: no script, image or bold element came from it
    assert "<script" not in dom and "<img" not in dom and "<b>markup" not in dom
    assert "&lt;script&gt;alert('case')&lt;/script&gt;" in dom, f"{HOSTILE} is shown as text"


def test_chromium_takes_a_screenshot(report: Path, tmp_path: Path) -> None:
    shot = tmp_path / "report.png"
    _headless(_chromium(), f"--screenshot={shot}", "--window-size=1280,1600", report.as_uri())
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (1280, 1600)
    assert len(data) > 20_000, f"a {len(data)}-byte screenshot is a blank page"
