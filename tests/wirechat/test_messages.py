"""Constructors and accessors in ``wirechat.messages``."""

from __future__ import annotations

import pytest

import wirechat
from wirechat import (
    ImagePart,
    MediaBase64,
    MediaUrl,
    ReasoningPart,
    TextPart,
    deep_copy,
    image_message,
    message_text,
    text_message,
    tool_call,
    tool_call_message,
    tool_calls,
    tool_result_message,
    tool_results,
)


def test_text_message() -> None:
    message = text_message("system", "Be terse.")
    assert wirechat.encode(message) == b'{"role":"system","parts":[{"type":"text","text":"Be terse."}]}'


def test_image_message_by_url_with_text_first() -> None:
    message = image_message(url="https://example.com/a.png", text="What is this?")
    assert isinstance(message.parts[0], TextPart)
    assert isinstance(message.parts[1], ImagePart)
    assert message.parts[1].image == MediaUrl(url="https://example.com/a.png")


def test_image_message_inline_needs_a_media_type() -> None:
    message = image_message(base64="iVBORw0KGgo=", media_type="image/png")
    assert isinstance(message.parts[0], ImagePart)
    assert message.parts[0].image == MediaBase64(base64="iVBORw0KGgo=", media_type="image/png")
    with pytest.raises(ValueError, match="media_type"):
        image_message(base64="iVBORw0KGgo=")


@pytest.mark.parametrize("sources", [{}, {"url": "https://x/a.png", "base64": "AAAA"}])
def test_image_message_needs_exactly_one_source(sources: dict[str, str]) -> None:
    with pytest.raises(ValueError, match="exactly one"):
        image_message(**sources)


def test_image_message_validates_the_url() -> None:
    with pytest.raises(ValueError, match="pattern"):
        image_message(url="not a url")


def test_tool_call_message_with_parallel_calls() -> None:
    first = tool_call("call_1", "get_weather", {"city": "Paris"})
    second = tool_call("call_2", "get_weather", '{"city":"Oslo"}')
    message = tool_call_message([first, second], text="Checking.")
    assert message.role == "assistant"
    assert tool_calls(message) == [first, second]
    assert first.arguments == '{"city":"Paris"}'
    assert message_text(message) == "Checking."


def test_tool_call_message_needs_a_call() -> None:
    with pytest.raises(ValueError, match="at least one"):
        tool_call_message([])


def test_tool_result_message() -> None:
    data = wirechat.DataPart(data=wirechat.DataRef(value={"rows": 3}))
    message = tool_result_message("call_1", "timeout", is_error=True, parts=[data])
    (result,) = tool_results(message)
    assert message.role == "tool"
    assert result.is_error is True and result.parts == [data]
    plain = tool_result_message("call_2", "21C")
    assert wirechat.encode(plain) == (
        b'{"role":"tool","parts":[{"type":"tool_result","tool_result":{"tool_call_id":"call_2","content":"21C"}}]}'
    )


def test_message_text_joins_text_parts_only() -> None:
    message = wirechat.Message(
        role="assistant",
        parts=[
            ReasoningPart(reasoning=wirechat.Reasoning(text="hidden")),
            TextPart(text="a"),
            TextPart(text="b"),
        ],
    )
    assert message_text(message) == "ab"
    assert message_text(message, separator="\n") == "a\nb"
    assert wirechat.reasoning_text(message) == "hidden"


def test_deep_copy_is_independent() -> None:
    original = wirechat.Message(role="user", parts=[wirechat.DataPart(data=wirechat.DataRef(value={"a": [1]}))])
    copied = deep_copy(original)
    assert copied == original
    copied.parts[0].data.value["a"].append(2)  # type: ignore[union-attr]
    assert original.parts[0].data.value == {"a": [1]}  # type: ignore[union-attr]
