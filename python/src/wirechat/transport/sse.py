"""Server-sent events framing: bytes as they arrive off the socket in, ``SseEvent`` objects out.

Follows the WHATWG event-stream rules, on real byte streams: an event may be split across chunks at any
byte (a multi-byte UTF-8 character or a ``\\r\\n`` pair included), lines end in ``\\n``, ``\\r\\n`` or ``\\r``,
``event:`` names the event, several ``data:`` lines join with ``\\n``, ``:`` lines are comments, an event
with no ``data`` is not dispatched, and a leading byte-order mark is dropped. Two liberties, both what
providers need: an event still pending when the body ends (no final blank line) is dispatched by
``flush()``, and ``[DONE]`` is passed on as an ordinary event for the adapter to recognise.

``SseDecoder.feed`` returns a list per chunk rather than yielding: the per-event cost is what matters
here (see docs/decisions/006-transport.md for the measurements).
"""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator

from wirechat.exchange import SseEvent

__all__ = ["SseDecoder", "SseEvent", "aiter_sse", "iter_sse"]

_BOM = "\ufeff"


class SseDecoder:
    """Incremental SSE parser. ``feed(chunk)`` for each chunk of bytes, then ``flush()`` at the end."""

    __slots__ = ("_data", "_event", "_last_id", "_pending", "_skip_lf", "_started")

    def __init__(self) -> None:
        self._pending = b""  # bytes of a line not yet ended
        self._skip_lf = False  # the previous chunk ended in "\r": a "\n" opening this one belongs to it
        self._started = False  # past the first line (where a byte-order mark may sit)
        self._event: str | None = None
        self._data: list[str] = []
        self._last_id: str | None = None

    def feed(self, chunk: bytes) -> list[SseEvent]:
        """The events completed by ``chunk`` (often none, often one, sometimes several)."""
        return [SseEvent(event, data) for event, data in self.feed_pairs(chunk)]

    def flush(self) -> list[SseEvent]:
        """The body ended: a last line without its line ending, and an event without its blank line, count."""
        return [SseEvent(event, data) for event, data in self.flush_pairs()]

    def feed_pairs(self, chunk: bytes) -> list[tuple[str | None, str]]:
        """``feed`` as ``(event, data)`` pairs: what ``EventPump`` reads, without an object per event."""
        if chunk[-2:] == b"\n\n" and chunk[:6] == b"data: " and self._started and not self._pending:
            # One whole ``data:`` event in its own chunk, as token streams arrive, nothing open before it.
            body = chunk[6:-2]
            if b"\n" not in body and b"\r" not in body and not self._skip_lf and not self._data and self._event is None:
                return [(None, body.decode("utf-8", "replace"))]
        if self._skip_lf:
            self._skip_lf = False
            if chunk[:1] == b"\n":
                chunk = chunk[1:]
        if b"\r" in chunk:
            if chunk[-1:] == b"\r":
                self._skip_lf = True
            chunk = chunk.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        if chunk[-1:] == b"\n" and not self._pending:  # whole lines only, nothing held: the usual chunk
            return self._blocks(chunk.decode("utf-8", "replace"))
        end = chunk.rfind(b"\n")
        if end < 0:
            self._pending += chunk
            return []
        if self._pending:
            chunk = self._pending + chunk
            end += len(self._pending)
        self._pending = chunk[end + 1 :]
        return self._blocks(chunk[: end + 1].decode("utf-8", "replace"))

    def flush_pairs(self) -> list[tuple[str | None, str]]:
        """``flush`` as ``(event, data)`` pairs."""
        lines = [self._pending.decode("utf-8", "replace")] if self._pending else []
        self._pending = b""
        if not self._started:
            self._started = True
            if lines and lines[0].startswith(_BOM):
                lines[0] = lines[0][1:]
        lines.append("")
        events: list[tuple[str | None, str]] = []
        self._lines(lines, events)
        return events

    def _blocks(self, text: str) -> list[tuple[str | None, str]]:
        """The events of ``text``, whole lines each ending in ``\\n``. An event is usually one block between
        blank lines of the form ``data: ...`` or ``event: ...\\ndata: ...``: those are read by slicing; any
        other block (comments, ``id:``, several ``data:`` lines, a block continuing the previous chunk's event)
        goes line by line through ``_lines``, which holds every rule."""
        if not self._started:
            self._started = True
            if text.startswith(_BOM):
                text = text[1:]
        events: list[tuple[str | None, str]] = []
        append = events.append
        blocks = text.split("\n\n")
        last = blocks.pop()  # after the last blank line: whole lines of an event still open, or ""
        if blocks and (self._data or self._event is not None):  # the first block continues an open event
            lines = blocks.pop(0).split("\n")
            lines.append("")
            self._lines(lines, events)
        # Every block left starts clean (the blank line before it dispatched or dropped what was open).
        for block in blocks:
            if block.startswith("data: "):
                if "\n" not in block:
                    append((None, block[6:]))
                    continue
            elif block.startswith("event: "):
                newline = block.find("\n")
                if block.startswith("data: ", newline + 1) and block.find("\n", newline + 1) < 0:
                    append((block[7:newline], block[newline + 7 :]))
                    continue
            lines = block.split("\n")
            lines.append("")
            self._lines(lines, events)
        if last:
            self._lines(last[:-1].split("\n"), events)
        return events

    def _lines(self, lines: list[str], events: list[tuple[str | None, str]]) -> None:
        data = self._data
        for line in lines:
            if not line:
                if data:
                    events.append((self._event, "\n".join(data)))
                    data.clear()
                self._event = None
                continue
            if line[0] == ":":
                continue
            # The common lines first, without partition: "data: x", then "event: x".
            if line.startswith("data:"):
                data.append(line[6:] if line[5:6] == " " else line[5:])
                continue
            name, _, value = line.partition(":")
            if value[:1] == " ":
                value = value[1:]
            if name == "event":
                self._event = value
            elif name == "data":
                data.append(value)
            elif name == "id" and "\0" not in value:
                self._last_id = value
            # "retry" and unknown fields do not concern a client that never reconnects by itself.

    @property
    def last_event_id(self) -> str | None:
        """The last ``id:`` seen (the WHATWG "last event ID"), for a caller that wants to resume."""
        return self._last_id


def iter_sse(chunks: Iterable[bytes]) -> Iterator[SseEvent]:
    """The events of a whole byte stream."""
    decoder = SseDecoder()
    for chunk in chunks:
        yield from decoder.feed(chunk)
    yield from decoder.flush()


async def aiter_sse(chunks: AsyncIterable[bytes]) -> AsyncIterator[SseEvent]:
    """The events of a whole byte stream, read asynchronously."""
    decoder = SseDecoder()
    async for chunk in chunks:
        for event in decoder.feed(chunk):
            yield event
    for event in decoder.flush():
        yield event
