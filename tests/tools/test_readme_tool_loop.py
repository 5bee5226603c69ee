"""The README's tool-loop example runs as written: the fake provider plays the README's script, the first
snippet runs in one process and pauses, the second resumes in another, and each prints what it promises."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT
from wirechat.testing.fake_provider import FakeProvider

pytestmark = pytest.mark.timeout(120)


def _section() -> str:
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    (section,) = re.findall(r"## The tool loop\n(.*?)\n## ", readme, re.S)
    return section


def _promised(code: str) -> list[str]:
    return [line.split("# ", 1)[1].strip() for line in code.splitlines() if line.startswith("print(")]


def test_readme_tool_loop_example(tmp_path: Path) -> None:
    section = _section()
    (script,) = re.findall(r"```json\n(.*?)```", section, re.S)
    first, second = re.findall(r"```python\n(.*?)```", section, re.S)
    env = {**os.environ, "PYTHONWARNINGS": "ignore"}
    with FakeProvider("openai-chat", json.loads(script)) as fake:
        env["FAKE_URL"] = fake.url
        for code in (first, second):
            done = subprocess.run(
                [sys.executable, "-c", code],
                cwd=tmp_path,
                env=env,
                capture_output=True,
                text=True,
                timeout=60,
                check=False,
            )
            assert done.returncode == 0, done.stderr
            assert done.stdout.strip().splitlines() == _promised(code)
    assert (tmp_path / "state.json").exists()
