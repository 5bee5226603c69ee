"""``wirechat._stream_events`` builds exactly what the validated constructors build, and refuses what they
refuse with the same error."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wirechat import _stream_events as fast
from wirechat import encode
from wirechat._generated.models import (
    ReasoningDeltaEvent,
    TextDeltaEvent,
    TextEndEvent,
    TextStartEvent,
    ToolCallDeltaEvent,
    ToolCallEndEvent,
)
from wirechat.errors import WireError


class Text(str):
    """A ``str`` subclass: not the exact type the fast test admits."""


indices = st.integers(-2, 3) | st.sampled_from([2**53 - 1, 2**53, True, 1.0, "1", None])
texts = st.text(max_size=5) | st.sampled_from(["\ud800", Text("sub"), 3, None, b"x"])

BUILDERS: list[tuple[Callable[..., Any], Callable[..., Any], tuple[str, ...]]] = [
    (fast.text_delta, TextDeltaEvent, ("index", "text")),
    (fast.tool_call_delta, ToolCallDeltaEvent, ("index", "arguments")),
    (fast.reasoning_text, ReasoningDeltaEvent, ("index", "text")),
    (fast.reasoning_signature, ReasoningDeltaEvent, ("index", "signature")),
    (fast.text_start, TextStartEvent, ("index",)),
    (fast.text_end, TextEndEvent, ("index",)),
    (fast.tool_call_end, ToolCallEndEvent, ("index",)),
]


def _outcome(build: Callable[[], Any]) -> Any:
    try:
        model = build()
    except WireError as exc:
        return ("refused", str(exc))
    try:
        dumped: Any = encode(model)
    except WireError as exc:  # a lone surrogate: the model holds it, the wire refuses it
        dumped = str(exc)
    return (type(model), list(model.__dict__.items()), model.model_fields_set, repr(model), dumped,
            model.__pydantic_extra__, model.__pydantic_private__)  # fmt: skip


@pytest.mark.parametrize(("build", "model", "names"), BUILDERS, ids=lambda x: getattr(x, "__name__", ""))
@given(index=indices, value=texts)
def test_a_built_event_is_the_validated_one(
    build: Callable[..., Any], model: Callable[..., Any], names: tuple[str, ...], index: Any, value: Any
) -> None:
    values = (index, value)[: len(names)]
    expected = _outcome(lambda: model(**dict(zip(names, values, strict=True))))
    assert _outcome(lambda: build(*values)) == expected


def test_a_built_event_is_its_own() -> None:
    """Each event owns its members and its fields set: changing one leaves the next untouched."""
    first, second = fast.text_delta(0, "a"), fast.text_delta(0, "a")
    first.model_fields_set.add("type")
    first.__dict__["text"] = "changed"
    assert second.model_fields_set == {"index", "text"} and second.text == "a"
    assert fast.text_delta(0, "a") == TextDeltaEvent(index=0, text="a") != fast.text_delta(0, "b")
