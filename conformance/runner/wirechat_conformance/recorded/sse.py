"""A small server-sent-events framer for recorded stream bodies, independent of ``wirechat.transport.sse``.

The replay gate must not read a stream with the code it is judging, so this is a second, plain reading of
the WHATWG event-stream rules over a whole body: lines end in ``\\r\\n``, ``\\n`` or ``\\r``; a leading
byte-order mark is dropped; ``event:`` names the event, ``data:`` lines join with ``\\n``; one space after
the colon is dropped; a line starting with ``:`` is a comment; a line without a colon is a field with an
empty value; a blank line dispatches the event, and an event with no ``data`` line is not dispatched.
One liberty, the one providers need: an event still pending when the body ends is dispatched. ``[DONE]``
is an ordinary event here; the readers recognise it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Event", "frame"]

_LINES = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True, slots=True)
class Event:
    """One dispatched event: its ``event:`` name (None when absent) and its data text."""

    event: str | None
    data: str


def frame(body: bytes) -> list[Event]:
    """Every event of a whole ``text/event-stream`` body, in order."""
    text = body.decode("utf-8")
    if text.startswith("\ufeff"):
        text = text[1:]
    events: list[Event] = []
    name: str | None = None
    data: list[str] | None = None
    for line in _LINES.split(text):
        if line == "":
            if data is not None:
                events.append(Event(name, "\n".join(data)))
            name, data = None, None
            continue
        if line.startswith(":"):
            continue
        field, colon, value = line.partition(":")
        if colon and value.startswith(" "):
            value = value[1:]
        if field == "event":
            name = value
        elif field == "data":
            data = [*(data or []), value]
        # id, retry and unknown fields do not change what the readers see
    if data is not None:
        events.append(Event(name, "\n".join(data)))
    return events
