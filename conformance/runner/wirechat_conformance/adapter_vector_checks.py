"""Each language held to the adapter vectors (``wirechat conformance --adapter NAME``): Python replays every line
of the file (``adapter_vectors.replay``), TypeScript and Go run their own vector tests, and a language that has no
such adapter yet (``adapter_vectors.PORTED``) is "not ported" rather than failed."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from wirechat.adapters import get
from wirechat_conformance.adapter_vectors import PORTED, replay, vectors_path

__all__ = ["check_go", "check_python", "check_typescript"]


def _same(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True, ensure_ascii=False) == json.dumps(b, sort_keys=True, ensure_ascii=False)


def check_python(name: str, root: Path) -> tuple[int, list[str]]:
    """(vectors replayed, the descriptions of those the Python adapter no longer gives)."""
    adapter = get(name)
    lines = [json.loads(text) for text in vectors_path(root, name).read_text(encoding="utf-8").split("\n") if text]
    differ = [
        f"{line.get('kind')}: {line.get('description')}" for line in lines if not _same(replay(adapter, line), line)
    ]
    return len(lines), differ


def check_go(name: str, root: Path) -> tuple[str, str]:
    """Run Go's vector test for ``name``: (verdict, detail), verdict "passed", "failed" or "not run"."""
    if name not in PORTED["go"]:
        return "not ported", "no Go adapter yet"
    pattern = "TestVectors/" + name + "$"
    try:
        done = subprocess.run(
            ["go", "test", "-count=1", "-run", pattern, "./adapters/"],
            cwd=root / "go", capture_output=True, text=True, timeout=600, check=False,
        )  # fmt: skip
    except (OSError, subprocess.TimeoutExpired) as exc:
        return "not run", str(exc)
    return ("passed", "") if done.returncode == 0 else ("failed", (done.stdout + done.stderr)[-2000:])


def check_typescript(name: str, root: Path) -> tuple[str, str]:
    """Run TypeScript's adapter vector and manifest tests (built by ``npm test`` into ``typescript/build``):
    (verdict, detail), verdict "passed", "failed" or "not run"."""
    if name not in PORTED["typescript"]:
        return "not ported", "no TypeScript adapter yet"
    built = root / "typescript" / "build" / "test"
    files = ("shared-adapter-vectors.test.js", "adapter-manifests.test.js", "adapter-vectors.test.js")
    tests = [built / file for file in files]
    if not all(path.is_file() for path in tests):
        return "not run", "typescript/build is not there: npm test --prefix typescript builds it"
    try:
        done = subprocess.run(
            ["node", "--test", "--test-name-pattern", name, *map(str, tests)],
            cwd=root / "typescript", capture_output=True, text=True, timeout=600, check=False,
        )  # fmt: skip
    except (OSError, subprocess.TimeoutExpired) as exc:
        return "not run", str(exc)
    return ("passed", "") if done.returncode == 0 else ("failed", (done.stdout + done.stderr)[-2000:])
