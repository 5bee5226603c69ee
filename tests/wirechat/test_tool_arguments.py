"""Building and parsing tool-call arguments."""

from __future__ import annotations

import pytest

from wirechat import ToolArgumentsError, ToolCall, build_arguments, parse_arguments


def test_build_is_compact_and_keeps_unicode() -> None:
    assert build_arguments({"city": "Zürich", "days": [1, 2]}) == '{"city":"Zürich","days":[1,2]}'


def test_build_then_parse_round_trips() -> None:
    value = {"q": 'a "quoted" \\ text\n', "n": 1.5, "nested": {"ok": True, "none": None}}
    assert parse_arguments(build_arguments(value)) == value


@pytest.mark.parametrize("bad", [{"n": float("nan")}, {"n": 2**60}, {"s": "\ud800"}])
def test_build_refuses_what_another_language_cannot_read(bad: dict[str, object]) -> None:
    with pytest.raises(ToolArgumentsError, match="/"):
        build_arguments(bad)


def test_build_needs_an_object() -> None:
    with pytest.raises(ToolArgumentsError, match="must be an object"):
        build_arguments([1, 2])  # type: ignore[arg-type]


def test_parse_blank_text_means_no_arguments() -> None:
    assert parse_arguments("") == {}
    assert parse_arguments("  \n") == {}


def test_parse_truncated_json_names_the_call_and_shows_the_text() -> None:
    call = ToolCall(id="call_7", name="search", arguments='{"query": "unterminat')
    with pytest.raises(ToolArgumentsError) as caught:
        parse_arguments(call)
    message = str(caught.value)
    assert "call_7" in message and "search" in message and "unterminat" in message
    assert caught.value.tool_call_id == "call_7"


def test_parse_needs_an_object() -> None:
    with pytest.raises(ToolArgumentsError, match="got list"):
        parse_arguments("[1, 2]")


def test_parse_rejects_duplicate_keys_and_unsafe_numbers() -> None:
    with pytest.raises(ToolArgumentsError, match="duplicate"):
        parse_arguments('{"a": 1, "a": 2}')
    with pytest.raises(ToolArgumentsError, match="/a"):
        parse_arguments('{"a": 9007199254740993}')


def test_parse_shortens_long_text_in_errors() -> None:
    with pytest.raises(ToolArgumentsError) as caught:
        parse_arguments("{" + "x" * 1000)
    assert len(str(caught.value)) < 400


def test_parse_takes_only_text_or_a_tool_call() -> None:
    with pytest.raises(TypeError):
        parse_arguments(42)  # type: ignore[arg-type]
