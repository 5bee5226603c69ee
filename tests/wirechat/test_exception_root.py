"""One exception root (issue 28 item 2): every exception and warning wirechat raises on purpose derives
from ``WirechatError`` / ``WirechatWarning``, is importable from ``wirechat``, keeps its old builtin base
and its old import path, and appears in the tree drawn in ``WirechatError``'s docstring."""

from __future__ import annotations

import importlib
import inspect
import re
import subprocess
import sys

import pytest

import wirechat
from wirechat.errors import WirechatError, WirechatWarning

EXPORTED = [
    name
    for name in wirechat.__all__
    if isinstance(getattr(wirechat, name), type) and issubclass(getattr(wirechat, name), (Exception, Warning))
]


@pytest.mark.parametrize("name", EXPORTED)
def test_every_exported_exception_has_the_root_and_is_in_the_tree(name: str) -> None:
    cls = getattr(wirechat, name)
    assert issubclass(cls, (WirechatError, WirechatWarning)), f"{name} is outside the roots"
    assert cls is WirechatError or cls is WirechatWarning or name in _drawn()


def _drawn() -> list[str]:
    return re.findall(r"[├└]── (\w+)", (WirechatError.__doc__ or "") + (WirechatWarning.__doc__ or ""))


def test_every_class_in_the_tree_is_exported_under_its_drawn_parent() -> None:
    drawn = _drawn()
    assert len(drawn) == len(set(drawn)) > 40
    assert set(drawn) <= set(EXPORTED)
    for root in (WirechatError, WirechatWarning):
        parents: list[str] = [root.__name__]
        for line in inspect.cleandoc(root.__doc__ or "").splitlines():
            found = re.search(r"[├└]── (\w+)", line)
            if found:
                depth = found.start() // 4 - 1  # each level of the drawing is four columns wide
                del parents[depth + 1 :]
                child, parent = getattr(wirechat, found.group(1)), getattr(wirechat, parents[-1])
                assert issubclass(child, parent), f"{child.__name__} is drawn under {parent.__name__}"
                parents.append(found.group(1))


@pytest.mark.parametrize(
    ("module", "name", "builtin"),
    [
        ("wirechat.errors", "WireError", ValueError),
        ("wirechat.stream", "StreamError", ValueError),
        ("wirechat.tool_arguments", "ToolArgumentsError", ValueError),
        ("wirechat.structured_output", "StructuredOutputError", ValueError),
        ("wirechat.adapters", "ConversionRefused", ValueError),
        ("wirechat.adapters", "UnknownAdapterError", KeyError),
        ("wirechat.client", "UnsupportedCallError", NotImplementedError),
        ("wirechat.transport", "RateLimitedError", Exception),
        ("wirechat.transport", "APITimeoutError", TimeoutError),
        ("wirechat.mcp", "McpError", Exception),
        ("wirechat.tools", "MaxStepsExceeded", RuntimeError),
        ("wirechat.client", "DegradedRequestWarning", UserWarning),
    ],
)
def test_old_import_paths_and_builtin_bases_still_work(module: str, name: str, builtin: type) -> None:
    cls = getattr(importlib.import_module(module), name)
    assert cls is getattr(wirechat, name)
    assert issubclass(cls, builtin)


def test_importing_the_errors_does_not_load_httpx() -> None:
    code = "import sys, wirechat; from wirechat import WirechatError; print('httpx' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
