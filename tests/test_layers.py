"""The package's layers hold: the import-linter contracts in pyproject.toml, and one rule they cannot say
(no module of wirechat imports the package root, which would lift everything it re-exports under it)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "python" / "src" / "wirechat"
ROOT = PACKAGE.parents[2]


def root_imports(source: str) -> list[int]:
    """Lines of ``source`` that import the package root ``wirechat`` itself (not a submodule of it)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import) and any(alias.name == "wirechat" for alias in node.names):
            lines.append(node.lineno)
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module == "wirechat":
            lines.append(node.lineno)
    return lines


def test_the_root_import_check_sees_both_spellings() -> None:
    assert root_imports("import wirechat\nfrom wirechat import encode\nimport wirechat.codec\n") == [1, 2]
    assert root_imports("from wirechat.codec import encode\nimport wirechat.adapters as adapters\n") == []


def test_no_module_imports_the_package_root() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != PACKAGE / "__init__.py"
        for line in root_imports(path.read_text(encoding="utf-8"))
    ]
    assert offenders == [], "import from the defining submodule instead: " + ", ".join(offenders)


LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


@pytest.mark.skipif(not LINT_IMPORTS.exists(), reason="import-linter comes with the dev lock (./dev lint)")
def test_the_import_contracts_hold() -> None:
    result = subprocess.run(
        [str(LINT_IMPORTS), "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-3000:]
    assert "0 broken" in result.stdout
