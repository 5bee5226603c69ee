"""The README's Python example runs, and prints what the README says it prints."""

from __future__ import annotations

import contextlib
import io
import re

from tests.conftest import REPO_ROOT


def test_python_example_runs_as_written() -> None:
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    (code,) = re.findall(r"## In Python\n\n```python\n(.*?)```", readme, re.S)
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile(code, "README.md", "exec"), {})
    promised = [
        line.split("# ", 1)[1] for line in code.splitlines() if "print(" in line or line.strip().startswith("#  ")
    ]
    assert [line.strip() for line in output.getvalue().splitlines()] == [line.strip() for line in promised]
