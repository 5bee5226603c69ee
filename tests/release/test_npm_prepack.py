"""``npm pack`` on a fresh clone (no ``npm ci`` yet) stops with a message that says to run ``npm ci``, not
the shell's "tsc: not found" (typescript/scripts/prepack.mjs)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_prepack_without_dev_dependencies_says_to_run_npm_ci(tmp_path: Path) -> None:
    package = tmp_path / "typescript"
    (package / "scripts").mkdir(parents=True)
    shutil.copy(REPO_ROOT / "typescript/scripts/prepack.mjs", package / "scripts")
    command = ["node", "scripts/prepack.mjs"]
    result = subprocess.run(command, check=False, cwd=package, capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert "run `npm ci` in" in result.stderr and "dev dependency that is not installed" in result.stderr
    assert not (package / "LICENSE").exists()
