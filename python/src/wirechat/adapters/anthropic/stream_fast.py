"""The common Anthropic stream event, a ``text_delta``, read by a typed msgspec decode.

Most events of a text stream are ``{"type": "content_block_delta", "index": 0, "delta": {"type":
"text_delta", "text": "..."}}``. ``text_delta_of`` decodes such an event into the Structs below (about half
the cost of building its dicts with ``jiter``, decision 024) and gives ``(index, text)`` only when the
result is certain to be what the dict path (``stream.StreamDecoder._delta``) makes of the same text;
otherwise ``None``, and the caller reads the event as before:

- exact types: ``type`` is ``content_block_delta`` and ``delta.type`` ``text_delta``; ``index`` an integer
  (not a bool; absent means 0, as the dict path reads it) and ``text`` a string (absent means ""). Any
  other member fails the decode too, so that the dict path reports it (``warnings``). Any other value fails
  the decode, and the dict path reads it (and refuses a bad index or text with the model's error, as
  before);
- JSON the dict path refuses is refused here too (``NaN`` and ``Infinity`` fail here), except nesting
  deeper than ``jiter``'s limit, which msgspec skips over: an event holding 200 or more ``[``/``{``
  characters is left to the dict path;
- duplicate keys keep the last value in both.

Without msgspec (the optional ``wirechat[fast]`` extra), ``text_delta_of`` always answers ``None``.
"""

from __future__ import annotations

from typing import Any, Literal

__all__ = ["text_delta_of"]

_DEPTH_BOUND = 200

try:
    import msgspec
except ImportError:  # pragma: no cover - the fast read is optional
    msgspec = None  # type: ignore[assignment]

_decode: Any = None
if msgspec is not None:

    class _TextDelta(msgspec.Struct, forbid_unknown_fields=True):
        type: Literal["text_delta"]
        text: str = ""

    class TextDeltaEvent(msgspec.Struct, forbid_unknown_fields=True):
        """A ``content_block_delta`` carrying text."""

        type: Literal["content_block_delta"]
        delta: _TextDelta
        index: int = 0

    _decode = msgspec.json.Decoder(TextDeltaEvent).decode
    _errors: tuple[type[Exception], ...] = (msgspec.DecodeError,)


def text_delta_of(data: str) -> tuple[int, str] | None:
    """``(index, text)`` of the event ``data`` when it is a text delta (see the module docstring)."""
    if _decode is None or data.count("[") + data.count("{") >= _DEPTH_BOUND:
        return None
    try:
        event = _decode(data)
    except _errors:
        return None
    return event.index, event.delta.text
