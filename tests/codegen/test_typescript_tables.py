"""The typescript-tables target's options validators (decision 034): ajv's standalone code for each options
schema, with no runtime import left, and a schema ajv refuses fails generation naming the adapter."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from wirechat_codegen.targets.typescript import NodeToolsMissingError
from wirechat_codegen.targets.typescript_tables import render_options_validators

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "typescript"


def _render(schemas: dict[str, object]) -> str:
    try:
        return render_options_validators(schemas, PACKAGE, "v1")
    except NodeToolsMissingError as error:  # pragma: no cover (CI installs the tools)
        pytest.skip(str(error))


def test_the_validators_import_nothing_at_run_time() -> None:
    text = _render({"openai-chat": {"type": "object", "properties": {"user": {"type": "string", "maxLength": 4}}}})
    assert not re.search(r"\brequire\(|^import (?!type)", text, re.M)
    assert '"openai-chat": validate' in text
    assert "function ucs2length" in text


def test_an_options_schema_ajv_refuses_fails_generation_naming_the_adapter() -> None:
    with pytest.raises(RuntimeError, match=r"the options schema of broken does not compile: .*minimun"):
        _render({"broken": {"type": "object", "properties": {"n": {"type": "integer", "minimun": 1}}}})
