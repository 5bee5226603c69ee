"""The common Responses stream event, ``response.output_text.delta``, read by a typed msgspec decode.

Most events of a Responses text stream are ``{"type": "response.output_text.delta", "item_id": "...",
"output_index": 0, "content_index": 0, "delta": "...", "logprobs": [], "sequence_number": 7}``.
``text_delta_of`` decodes such an event into the Struct below (about half the cost of building its dicts with
``jiter``, decision 024) and gives ``(output_index, content_index, delta)`` only when the types are exact: the
two indices integers (not bools or floats, which a dict lookup would treat as 1 or 0; absent means -1 and 0,
as the dict path reads them) and ``delta`` a string, and no member but those every delta carries (a new one
goes down the dict path, which reports it in the decoder's warnings). The caller still checks that the item
and part are open, and reads the event as before when they are not (``stream.StreamDecoder._text`` raises its
error there). JSON the dict path refuses is refused here too (``NaN``, ``Infinity``), except nesting deeper
than ``jiter``'s limit, which msgspec skips over: an event holding 200 or more ``[``/``{`` characters is left
to the dict path. Duplicate keys keep the last value in both. Without msgspec (the optional ``wirechat[fast]``
extra) it always answers ``None``.
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

    class OutputTextDelta(msgspec.Struct, forbid_unknown_fields=True):
        """A ``response.output_text.delta`` event's members: the decoder reads the first four; the others
        are what every delta carries (another member sends the event down the dict path, which reports it)."""

        type: Literal["response.output_text.delta"]
        delta: str
        output_index: int = -1
        content_index: int = 0
        item_id: Any = None
        sequence_number: Any = None
        logprobs: Any = None
        obfuscation: Any = None

    _decode = msgspec.json.Decoder(OutputTextDelta).decode
    _errors: tuple[type[Exception], ...] = (msgspec.DecodeError,)


def text_delta_of(data: str) -> tuple[int, int, str] | None:
    """``(output_index, content_index, delta)`` of the event ``data`` when it is a text delta of exact types."""
    if _decode is None or data.count("[") + data.count("{") >= _DEPTH_BOUND:
        return None
    try:
        event = _decode(data)
    except _errors:
        return None
    return event.output_index, event.content_index, event.delta
