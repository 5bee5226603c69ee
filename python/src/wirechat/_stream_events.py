"""Building the stream events a decoder emits per delta, at a third of a validated construction's cost.

A stream decoder builds one pydantic event per provider delta, and ``TextDeltaEvent(index=0, text="x")``
costs ~2.3 us (the class call, ``WireModel``'s error translation, pydantic's ``__init__``), more than the
JSON parse of the chunk that carried it (decision 024). The events built here hold the same values in the
same form (``__dict__`` in field order with ``MISSING`` for unset members, ``model_fields_set`` the members
given), and every check the model's schema makes is still made: the only constraints of these members are
"a string" and "an integer in 0..2^53-1", tested inline (``type(x) is str``: a subclass, like anything else
that fails the test, goes to the validated constructor, which accepts it or raises the ``WireError`` a
validated construction raises). Only the hot events are here; the once-per-stream ones (start, finish,
usage, error, whole parts) are built by their constructors.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from wirechat._generated.models import (
    ReasoningDeltaEvent,
    TextDeltaEvent,
    TextEndEvent,
    TextStartEvent,
    ToolCallDeltaEvent,
    ToolCallEndEvent,
)

__all__ = ["reasoning_signature", "reasoning_text", "text_delta", "text_end", "text_start", "tool_call_delta",
           "tool_call_end"]  # fmt: skip

_MAX_INDEX = 2**53 - 1
_new = object.__new__
_slots = BaseModel.__dict__
_set_dict = _slots["__dict__"].__set__
_set_fields = _slots["__pydantic_fields_set__"].__set__
_set_extra = _slots["__pydantic_extra__"].__set__
_set_private = _slots["__pydantic_private__"].__set__


def _template(cls: type[BaseModel]) -> dict[str, Any]:
    """The model's ``__dict__`` when nothing is given: every member's default, in field order."""
    return {name: field.default for name, field in cls.model_fields.items()}


_TEXT_DELTA = _template(TextDeltaEvent)
_TEXT_START = _template(TextStartEvent)
_TEXT_END = _template(TextEndEvent)
_CALL_DELTA = _template(ToolCallDeltaEvent)
_CALL_END = _template(ToolCallEndEvent)
_REASONING_DELTA = _template(ReasoningDeltaEvent)


def _made(cls: type[BaseModel], values: dict[str, Any], given: set[str]) -> Any:
    model = _new(cls)
    _set_dict(model, values)
    _set_fields(model, given)
    _set_extra(model, None)
    _set_private(model, None)
    return model


def text_delta(index: int, text: str) -> TextDeltaEvent:
    """``TextDeltaEvent(index=index, text=text)``."""
    if type(index) is not int or not 0 <= index <= _MAX_INDEX or type(text) is not str:
        return TextDeltaEvent(index=index, text=text)
    values = _TEXT_DELTA.copy()
    values["index"], values["text"] = index, text
    made: TextDeltaEvent = _made(TextDeltaEvent, values, {"index", "text"})
    return made


def tool_call_delta(index: int, arguments: str) -> ToolCallDeltaEvent:
    """``ToolCallDeltaEvent(index=index, arguments=arguments)``."""
    if type(index) is not int or not 0 <= index <= _MAX_INDEX or type(arguments) is not str:
        return ToolCallDeltaEvent(index=index, arguments=arguments)
    values = _CALL_DELTA.copy()
    values["index"], values["arguments"] = index, arguments
    made: ToolCallDeltaEvent = _made(ToolCallDeltaEvent, values, {"index", "arguments"})
    return made


def reasoning_text(index: int, text: str) -> ReasoningDeltaEvent:
    """``ReasoningDeltaEvent(index=index, text=text)``."""
    if type(index) is not int or not 0 <= index <= _MAX_INDEX or type(text) is not str:
        return ReasoningDeltaEvent(index=index, text=text)
    values = _REASONING_DELTA.copy()
    values["index"], values["text"] = index, text
    made: ReasoningDeltaEvent = _made(ReasoningDeltaEvent, values, {"index", "text"})
    return made


def reasoning_signature(index: int, signature: str) -> ReasoningDeltaEvent:
    """``ReasoningDeltaEvent(index=index, signature=signature)``."""
    if type(index) is not int or not 0 <= index <= _MAX_INDEX or type(signature) is not str:
        return ReasoningDeltaEvent(index=index, signature=signature)
    values = _REASONING_DELTA.copy()
    values["index"], values["signature"] = index, signature
    made: ReasoningDeltaEvent = _made(ReasoningDeltaEvent, values, {"index", "signature"})
    return made


def text_start(index: int) -> TextStartEvent:
    """``TextStartEvent(index=index)``."""
    if type(index) is not int or not 0 <= index <= _MAX_INDEX:
        return TextStartEvent(index=index)
    values = _TEXT_START.copy()
    values["index"] = index
    made: TextStartEvent = _made(TextStartEvent, values, {"index"})
    return made


def text_end(index: int) -> TextEndEvent:
    """``TextEndEvent(index=index)`` (no provider metadata: build one that has it with the constructor)."""
    if type(index) is not int or not 0 <= index <= _MAX_INDEX:
        return TextEndEvent(index=index)
    values = _TEXT_END.copy()
    values["index"] = index
    made: TextEndEvent = _made(TextEndEvent, values, {"index"})
    return made


def tool_call_end(index: int) -> ToolCallEndEvent:
    """``ToolCallEndEvent(index=index)`` (no provider metadata)."""
    if type(index) is not int or not 0 <= index <= _MAX_INDEX:
        return ToolCallEndEvent(index=index)
    values = _CALL_END.copy()
    values["index"] = index
    made: ToolCallEndEvent = _made(ToolCallEndEvent, values, {"index"})
    return made
