"""Every provider adapter package has the same module set (``wirechat.adapters._module_set``), each module
satisfies its Protocol, the adapter object binds exactly those modules, and no hand-written module of the
adapters grows past 400 lines."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from types import ModuleType

import pytest

import wirechat.adapters as adapters_package
from wirechat.adapters._binding import ModuleAdapter
from wirechat.adapters._module_set import MODULE_SET

PACKAGE_DIR = Path(adapters_package.__file__).parent
PACKAGES = sorted(info.name for info in pkgutil.iter_modules([str(PACKAGE_DIR)]) if info.ispkg)
STORED_FORMATS = {"go_model"}
"""Formats that are stored, not served (no endpoint, no credentials): they have no stream of HTTP errors or
finish table of their own, so the provider module set does not apply; each says so in its docstring."""
PLUGIN_FORMATS = {"querymt"}
"""Formats a plugin speaks (called through its exports, not over HTTP): the module set applies, with no base URL."""
PROVIDERS = [name for name in PACKAGES if name not in STORED_FORMATS]


def test_every_package_is_a_provider_api_or_a_declared_stored_format() -> None:
    for name in PACKAGES:
        adapter = importlib.import_module(f"wirechat.adapters.{name}").ADAPTER
        assert bool(adapter.default_base_url) == (name not in STORED_FORMATS | PLUGIN_FORMATS), name


def protocol_members(protocol: type) -> set[str]:
    """The names a Protocol class asks for (methods, properties, annotated attributes)."""
    names = {name for name in vars(protocol) if not name.startswith("_")}
    return names | set(getattr(protocol, "__annotations__", {}))


def missing_members(module: ModuleType, protocol: type) -> list[str]:
    return sorted(name for name in protocol_members(protocol) if not hasattr(module, name))


def test_the_module_set_covers_every_step_of_a_provider() -> None:
    assert list(MODULE_SET) == [
        "shapes", "request_encode", "request_decode", "response", "stream", "usage", "finish", "errors", "manifest",
    ]  # fmt: skip
    assert protocol_members(MODULE_SET["usage"]) == {"decode", "encode"}
    assert protocol_members(MODULE_SET["manifest"]) == {"MANIFEST"}


def test_there_are_provider_packages() -> None:
    assert {"openai_chat", "anthropic"} <= set(PROVIDERS)


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("module_name", list(MODULE_SET))
def test_each_provider_has_each_module_and_it_keeps_its_protocol(provider: str, module_name: str) -> None:
    module = importlib.import_module(f"wirechat.adapters.{provider}.{module_name}")
    assert missing_members(module, MODULE_SET[module_name]) == []
    assert (module.__doc__ or "").strip(), f"{provider}/{module_name}.py needs a docstring saying what it is for"


def test_a_module_missing_a_member_is_reported() -> None:
    stand_in = ModuleType("stand_in")
    stand_in.decode = lambda raw: raw  # type: ignore[attr-defined]
    assert missing_members(stand_in, MODULE_SET["usage"]) == ["encode"]


@pytest.mark.parametrize("provider", PROVIDERS)
def test_the_adapter_binds_its_own_modules(provider: str) -> None:
    package = importlib.import_module(f"wirechat.adapters.{provider}")
    adapter = package.ADAPTER
    assert isinstance(adapter, ModuleAdapter)
    for role in ("request_encode", "request_decode", "response", "stream", "errors"):
        bound = getattr(adapter, f"{role}_module")
        assert bound.__name__ == f"wirechat.adapters.{provider}.{role}"
    assert adapter.manifest is importlib.import_module(f"wirechat.adapters.{provider}.manifest").MANIFEST


def test_no_adapter_module_is_over_400_lines() -> None:
    long = {
        str(path.relative_to(PACKAGE_DIR)): lines
        for path in PACKAGE_DIR.rglob("*.py")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > 400
    }
    assert long == {}


TABLES_DIR = PACKAGE_DIR.parent / "_tables"
SHARED_TABLES = {"features", "status"}


def test_every_adapter_package_has_generated_tables_and_every_tables_module_a_package() -> None:
    """Decision 028: each adapter's tables are generated into ``wirechat._tables.<package>`` from
    ``adapters/<name>.adapter.json``; a tables module without a package (or the reverse) is a stale file."""
    tables = {info.name for info in pkgutil.iter_modules([str(TABLES_DIR)])} - SHARED_TABLES
    assert tables == set(PACKAGES)
    for name in PACKAGES:
        adapter = importlib.import_module(f"wirechat.adapters.{name}").ADAPTER
        generated = importlib.import_module(f"wirechat._tables.{name}")
        manifests = getattr(generated, "MANIFESTS", {})
        assert adapter.manifest is getattr(generated, "MANIFEST", manifests.get("generic")), name
