"""A third-party adapter, installed through the ``wirechat.adapters`` entry point, is found by name and
passes the same gate as the built-in ones (a real distribution on ``sys.path``, in a fresh process)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.timeout(900)  # a hang guard: each subprocess gets 300 s, which a loaded machine needs

MODULE = '''
"""Acme's adapter: OpenAI's wire format under another name, as a gateway vendor would ship it."""
from wirechat.adapters.openai_chat import OpenAIChatAdapter


class AcmeAdapter(OpenAIChatAdapter):
    name = "acme-chat"


ADAPTER = AcmeAdapter()
'''


def _install(site: Path) -> None:
    (site / "acme_adapter.py").write_text(MODULE)
    dist = site / "acme_adapter-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: acme-adapter\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[wirechat.adapters]\nacme-chat = acme_adapter:ADAPTER\n")


def _run(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, timeout=300, check=False)


def test_an_installed_adapter_is_listed_and_passes_the_gate_by_name(tmp_path: Path) -> None:
    _install(tmp_path)
    listed = _run(tmp_path, "-c", "from wirechat import adapters; print(adapters.names())")
    assert "acme-chat" in listed.stdout, listed.stderr
    # a few examples per property: this shows the entry point is found and gated, the gate's depth is tested elsewhere
    gate = _run(tmp_path, "-m", "wirechat.testing.gate", "--examples", "20", "acme-chat")
    assert gate.returncode == 0, gate.stdout + gate.stderr
    assert "acme-chat: PASSED" in gate.stdout


def test_an_installed_adapter_that_breaks_the_contract_is_refused(tmp_path: Path) -> None:
    _install(tmp_path)
    (tmp_path / "acme_adapter.py").write_text("ADAPTER = object()\n")
    result = _run(tmp_path, "-c", "from wirechat import adapters; adapters.get('acme-chat')")
    assert result.returncode != 0
    assert "is not a wirechat adapter" in result.stderr
