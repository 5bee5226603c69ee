"""Server-sent events framing: bytes as they arrive off the socket in, ``SseEvent`` objects out.

Follows the WHATWG event-stream rules, on real byte streams: an event may be split across chunks at any
byte (a multi-byte UTF-8 character or a ``\\r\\n`` pair included), lines end in ``\\n``, ``\\r\\n`` or ``\\r``,
``event:`` names the event, several ``data:`` lines join with ``\\n``, ``:`` lines are comments, an event
with no ``data`` is not dispatched, and a leading byte-order mark is dropped. Two liberties, both what
providers need: an event still pending when the body ends (no final blank line) is dispatched by
``flush()``, and ``[DONE]`` is passed on as an ordinary event for the adapter to recognise.

``SseDecoder.feed`` returns a list per chunk rather than yielding: the per-event cost is what matters
here (see docs/decisions/006-transport.md for the measurements).

Bounded (spec section 5.3): a line not yet ended is held as a list of chunks (joined once, when its end
arrives: linear in its length, however finely it is chunked), and no line, nor the data of one event, may
grow past ``max_event_bytes`` (``SseTooLargeError``; the data is counted in characters, each at least a byte).
"""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator

from wirechat.errors import WirechatError
from wirechat.exchange import SseEvent

__all__ = ["DEFAULT_MAX_EVENT_BYTES", "SseDecoder", "SseEvent", "SseTooLargeError", "aiter_sse", "iter_sse"]

_BOM = "\ufeff"

DEFAULT_MAX_EVENT_BYTES = 16 << 20


class SseTooLargeError(WirechatError, ValueError):
    """A line or an event's data grew past the decoder's ``max_event_bytes``; ``what`` says which."""

    def __init__(self, what: str, limit: int) -> None:
        super().__init__(f"{what} is longer than the max_event_bytes limit of {limit} bytes")
        self.what = what
        self.limit = limit


class SseDecoder:
    """Incremental SSE parser. ``feed(chunk)`` for each chunk of bytes, then ``flush()`` at the end."""

    __slots__ = (
        "_data",
        "_data_size",
        "_event",
        "_held",
        "_held_size",
        "_last_id",
        "_limit",
        "_pending",
        "_skip_lf",
        "_started",
    )

    def __init__(self, max_event_bytes: int = DEFAULT_MAX_EVENT_BYTES) -> None:
        self._limit = max_event_bytes
        self._pending = b""  # bytes of a line not yet ended, when they came in one chunk
        self._held: list[bytes] = []  # ... or in several: joined once the line ends
        self._held_size = 0
        self._data_size = 0  # characters in ``_data`` so far
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
        if self._held or len(chunk) > self._limit:
            self._check_lines(chunk)
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
            self._hold(chunk)
            return []
        if self._pending:
            chunk = self._pending + chunk
            end += len(self._pending)
        self._pending = chunk[end + 1 :]
        return self._blocks(chunk[: end + 1].decode("utf-8", "replace"))

    def _hold(self, chunk: bytes) -> None:
        """Keep the bytes of a line not yet ended: appended to a list, never concatenated (which costs the
        whole line's length each time: quadratic)."""
        if self._pending:
            self._held.append(self._pending)
            self._held_size += len(self._pending)
            self._pending = b""
        self._held.append(chunk)
        self._held_size += len(chunk)
        if self._held_size > self._limit:
            self._held.clear()
            self._held_size = 0
            raise SseTooLargeError("an SSE line", self._limit)

    def _check_lines(self, chunk: bytes) -> None:
        """Before a chunk that ends held bytes, or one longer than the limit: refuse a line longer than the
        limit, and join what is held into ``_pending`` (once: the line it belongs to ends in this chunk)."""
        first = min((at for at in (chunk.find(b"\n"), chunk.find(b"\r")) if at >= 0), default=-1)
        if first < 0:
            if len(chunk) > self._limit:
                self._held.clear()
                self._held_size = 0
                raise SseTooLargeError("an SSE line", self._limit)
            return  # no end of line here: ``_hold`` keeps counting
        if self._held:
            if self._held_size + first > self._limit:
                self._held.clear()
                self._held_size = 0
                raise SseTooLargeError("an SSE line", self._limit)
            self._pending = b"".join(self._held)
            self._held.clear()
            self._held_size = 0
        if len(chunk) > self._limit:
            for line in chunk.replace(b"\r", b"\n").split(b"\n"):
                if len(line) > self._limit:
                    raise SseTooLargeError("an SSE line", self._limit)

    def flush_pairs(self) -> list[tuple[str | None, str]]:
        """``flush`` as ``(event, data)`` pairs."""
        if self._held:
            self._pending = b"".join(self._held)
            self._held.clear()
            self._held_size = 0
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
                    self._data_size = 0
                self._event = None
                continue
            if line[0] == ":":
                continue
            # The common lines first, without partition: "data: x", then "event: x".
            if line.startswith("data:"):
                data.append(line[6:] if line[5:6] == " " else line[5:])
                self._data_size += len(line)
                if self._data_size > self._limit:
                    data.clear()
                    raise SseTooLargeError("an SSE event's data", self._limit)
                continue
            name, _, value = line.partition(":")
            if value[:1] == " ":
                value = value[1:]
            if name == "event":
                self._event = value
            elif name == "data":
                data.append(value)
                self._data_size += len(value) + 1
                if self._data_size > self._limit:
                    data.clear()
                    raise SseTooLargeError("an SSE event's data", self._limit)
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
