"""``wirechat-conformance --list [--type NAME]``: a type's schema file, generated code (file:line), examples,
corpus cases, behaviour vectors and property rounds, found by scanning the checkout."""

from __future__ import annotations

import re

import pytest
from wirechat_conformance.cli import main
from wirechat_conformance.listing import definitions_in_code, schema_file
from wirechat_conformance.paths import Layout


def test_a_type_in_its_own_file_and_one_among_definitions(layout: Layout) -> None:
    assert schema_file(layout, "ToolCall") == "schema/v1/tool_call.schema.json"
    assert schema_file(layout, "TextPart") == "schema/v1/part.schema.json#/$defs/TextPart"


def test_generated_definitions_point_at_the_line_that_defines_the_type(layout: Layout) -> None:
    found = definitions_in_code(layout, "ToolCall")
    for language, places in found.items():
        assert places, f"no {language} definition found"
        path, line = places[0].rsplit(":", 1)
        text = (layout.root / path).read_text(encoding="utf-8").splitlines()[int(line) - 1]
        assert "ToolCall" in text
    assert re.fullmatch(r"go/internal/wire/tool_call_gen\.go:\d+", found["go"][0])


def test_one_type_in_full(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--list", "--type", "ToolCall"]) == 0
    out = capsys.readouterr().out
    assert "schema/v1/examples/ToolCall/valid/weather.json" in out
    assert "ijson/surrogates/escaped-lone-low-in-arguments  (invalid: lone-surrogate at /arguments)" in out
    assert "behaviour/tool-arguments/truncated  (parse_arguments)" in out
    assert "property/ToolCall/roundtrip" in out and "missing-member" in out


def test_a_type_lists_the_tool_loop_vectors_that_decode_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--list", "--type", "ToolLoopState"]) == 0
    out = capsys.readouterr().out
    assert "vectors/tool-loop/state-many  (check_tool_loop_state)" in out


def test_every_type_in_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--list"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^TokenUsage\s+token_usage\.schema\.json\s+\d+\s+\d+$", out, re.MULTILINE)


def test_an_unknown_type_or_a_lone_type_flag_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--list", "--type", "Messages"]) == 2
    assert "no wire type of that name (did you mean Message" in capsys.readouterr().err
    assert main(["--type", "Message"]) == 2
    assert "--type NAME goes with --list" in capsys.readouterr().err
