"""The Rust testee (``conformance/testees/rust``): built by cargo, run by default like the other languages."""

from __future__ import annotations

import json
import shutil

import pytest
from wirechat_conformance.paths import Layout
from wirechat_conformance.testees import ALL_LANGUAGES, LANGUAGES, Testee, command_for

MESSAGE = '{"parts":[{"text":"hi","type":"text"}],"role":"user"}'
UNKNOWN_MEMBER = '{"role":"user","parts":[],"colour":1}'

needs_cargo = pytest.mark.skipif(shutil.which("cargo") is None, reason="no Rust toolchain")


def test_rust_runs_by_default() -> None:
    assert "rust" in ALL_LANGUAGES and "rust" in LANGUAGES


@needs_cargo
def test_the_rust_testee_decodes_strictly_tolerantly_folds_and_maps_mcp(layout: Layout) -> None:
    with Testee("rust", command_for("rust", layout), layout.root) as testee:
        accepted, rejected, fault, variant, folded, tolerant, mapped = testee.call_many(
            [
                {"op": "decode", "type": "Message", "text": MESSAGE},
                {"op": "decode", "type": "Message", "text": UNKNOWN_MEMBER},
                {"op": "decode", "type": "JsonValue", "text": '{"a":1,\n"a":2}'},
                {"op": "decode", "type": "TextPart", "text": '{"type":"text","text":"hi"}'},
                {"op": "fold", "events": ['{"type":"text_start","index":0}']},
                {"op": "decode", "type": "Message", "mode": "tolerant", "text": UNKNOWN_MEMBER},
                {"op": "mcp_map", "mapping": "tool_to_definition", "input": '{"name":"t","inputSchema":{},"icons":[]}'},
            ]
        )
    assert accepted["ok"] is True and accepted["canonical"] == MESSAGE
    assert json.loads(accepted["encoded"]) == json.loads(MESSAGE)
    assert rejected["problems"] == [
        {
            "pointer": "/colour",
            "rule": "additionalProperties",
            "message": "unknown member (this type is closed; check the spelling or the schema version)",
        }
    ]
    [problem] = fault["problems"]
    assert (problem["pointer"], problem["rule"], problem["line"], problem["column"]) == ("/a", "duplicate-key", 2, 1)
    assert variant["canonical"] == '{"text":"hi","type":"text"}'
    assert (folded["ok"], folded["fold_error"], folded["usage"]) == (False, "incomplete", None)
    assert folded["partial"] == '{"parts":[{"text":"","type":"text"}],"role":"assistant"}'
    assert tolerant["canonical"] == '{"colour":1,"parts":[],"role":"user"}'
    assert (mapped["canonical"], mapped["warnings"]) == ('{"input_schema":{},"name":"t"}', ["/icons"])
