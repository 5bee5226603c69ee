"""What start-up imports: ``import wirechat``, ``wirechat --version`` and ``wirechat serve-fake`` load none of
the heavy modules (decision 031), and every public name still loads on first use.

Module sets, not timings, so they cannot flake; ``bench/startup_bench.py`` measures the times.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import wirechat
import wirechat.transport

HEAVY = ("pydantic", "httpx", "jsonschema", "msgspec", "hypothesis", "wirechat._generated", "wirechat.adapters")
"""Top-level modules (and wirechat subpackages) whose import is the cost that start-up must not pay."""


def _loaded_after(code: str) -> list[str]:
    """The heavy modules in ``sys.modules`` after running ``code`` in a fresh interpreter."""
    probe = f"{code}\nimport sys, json\nprint(json.dumps(sorted(sys.modules)))"
    shown = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True, timeout=120)
    modules = json.loads(shown.stdout.splitlines()[-1])
    return [m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY)]


def test_import_wirechat_loads_no_heavy_module() -> None:
    assert _loaded_after("import wirechat") == []


def test_wirechat_version_imports_no_command() -> None:
    code = (
        "import sys\nfrom wirechat.cli import main\n"
        "try:\n    main(['--version'])\nexcept SystemExit:\n    pass\n"
        "assert not [m for m in sys.modules if m.startswith('wirechat.cli.') and m != 'wirechat.cli.usage_error' "
        "and m != 'wirechat.cli.commands'], sorted(sys.modules)\n"
        "assert not [m for m in sys.modules if m.startswith(('wirechat_codegen', 'wirechat_conformance'))]"
    )
    assert _loaded_after(code) == []


def test_serve_fake_starts_without_models_http_client_or_pydantic() -> None:
    assert _loaded_after("import wirechat.cli.serve_fake") == []


def test_one_command_imports_only_its_own_module() -> None:
    code = (
        "import sys\nfrom wirechat.cli import build_parser\nbuild_parser('serve-fake')\n"
        "assert 'wirechat.cli.validate' not in sys.modules and 'wirechat.cli.convert' not in sys.modules"
    )
    assert _loaded_after(code) == []


def test_a_client_loads_no_schema_validator_before_it_checks_a_schema() -> None:
    code = "import wirechat\nwirechat.Client('anthropic', api_key='test')"
    assert [m for m in _loaded_after(code) if m.startswith(("jsonschema", "hypothesis"))] == []


@pytest.mark.parametrize("name", wirechat.__all__)
def test_every_public_name_imports_from_the_package(name: str) -> None:
    exec(f"from wirechat import {name}", {})  # the statement a user writes
    assert getattr(wirechat, name) is not None


def test_star_import_gives_every_public_name() -> None:
    names: dict[str, object] = {}
    exec("from wirechat import *", names)
    assert set(wirechat.__all__) <= set(names)


def _checked_names(module: object) -> set[str]:
    """The names a module's ``if TYPE_CHECKING:`` block imports (what mypy sees), besides star imports."""
    tree = ast.parse(Path(str(module.__file__)).read_text(encoding="utf-8"))  # type: ignore[attr-defined]
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for statement in node.body:
                if isinstance(statement, ast.ImportFrom):
                    found |= {alias.asname or alias.name for alias in statement.names if alias.name != "*"}
    return found


@pytest.mark.parametrize("module", [wirechat, wirechat.transport], ids=lambda m: m.__name__)
def test_the_type_checkers_see_the_names_the_package_loads(module: object) -> None:
    exports: dict[str, str] = module._EXPORTS  # type: ignore[attr-defined]
    assert _checked_names(module) == set(exports)
    for name, home in exports.items():  # each name is the object its home module defines
        assert getattr(module, name) is getattr(__import__(home, fromlist=[name]), name)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'no_such_name'"):
        wirechat.no_such_name  # noqa: B018
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        wirechat.transport.Nope  # noqa: B018
