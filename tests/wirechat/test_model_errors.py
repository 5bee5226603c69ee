"""Building a model with a wrong value raises ``WireError`` (a ``ValueError``) naming each problem by
pointer, as ``decode`` does; decoding is not routed through construction."""

from __future__ import annotations

from typing import Any

import pytest

import wirechat
from wirechat import ChatOptions, Message, TextPart, WireError


def test_a_wrong_value_raises_wire_error_with_its_pointer() -> None:
    with pytest.raises(WireError) as caught:
        Message(role="bot", parts=[TextPart(text="hi")])  # type: ignore[arg-type]
    assert isinstance(caught.value, ValueError) and caught.value.type_name == "Message"
    assert [(p.pointer, p.rule) for p in caught.value.problems] == [("/role", "enum")]
    assert "errors.pydantic.dev" not in str(caught.value)


def test_every_problem_of_a_construction_is_listed_in_order() -> None:
    arguments: dict[str, Any] = {"temperature": 3, "max_tokens": -1, "colour": "red"}
    with pytest.raises(WireError) as caught:
        ChatOptions(**arguments)
    assert [(p.pointer, p.rule) for p in caught.value.problems] == [
        ("/colour", "additionalProperties"),
        ("/max_tokens", "minimum"),
        ("/temperature", "maximum"),
    ]


def test_construction_and_decode_still_work() -> None:
    message = Message(role="user", parts=[TextPart(text="hi")])
    assert wirechat.decode(wirechat.encode(message), Message) == message
