"""``ChatStream`` and ``AsyncChatStream``: the events of one streamed chat as they arrive, then the folded
response. ``Client.stream`` and ``AsyncClient.stream`` return them (``wirechat.client``); each drives the
transport's chunks through an ``EventPump`` (the adapter's stream decoder, then the fold) and closes the
connection when it is closed, read to the end or not.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from types import TracebackType

from wirechat._calls import warn_response_data
from wirechat._generated.models import ChatResponse, StreamEvent, TextDeltaEvent
from wirechat.adapters import ConversionWarning
from wirechat.transport.call_options import CallOptions
from wirechat.transport.errors import APIError
from wirechat.transport.events import EventPump
from wirechat.transport.http import AsyncHttpTransport, HttpTransport

__all__ = ["AsyncChatStream", "ChatStream"]


class ChatStream:
    """The events of one streamed chat, as they arrive. Iterate it; then ``response`` is the folded
    ``ChatResponse``. ``close()`` (or leaving ``with``) closes the connection, read to the end or not.
    """

    def __init__(
        self, transport: HttpTransport, path: str, body: bytes, pump: EventPump, call: CallOptions | None = None
    ) -> None:
        self._pump = pump
        self._events = self._run(transport, path, body, call)

    def _run(self, transport: HttpTransport, path: str, body: bytes, call: CallOptions | None) -> Iterator[StreamEvent]:
        pump = self._pump
        with transport.stream(path, body, call) as chunks:
            failure: APIError | None = None
            try:
                for chunk in chunks:
                    yield from pump.feed(chunk)
            except APIError as exc:
                chunk = b""  # the body's bytes leave this frame: a careless server may echo the key in them
                if exc.partial is not None:  # the pump's own verdict, already carrying what arrived
                    raise
                failure = pump.broken(exc)  # reading the body failed; raised outside the handler
            if failure is not None:
                raise failure
            yield from pump.finish()
            warn_response_data(pump.warnings, stacklevel=3)

    def __iter__(self) -> Iterator[StreamEvent]:
        return self._events

    def __next__(self) -> StreamEvent:
        return next(self._events)

    @property
    def response(self) -> ChatResponse:
        """The folded response; ``RuntimeError`` until the stream has been read to its end."""
        return self._pump.response()

    @property
    def warnings(self) -> list[ConversionWarning]:
        """What the adapter set aside from the provider's stream so far (each also warned about as a
        ``ResponseDataWarning`` when the stream ends), with pointers ``/<n>/...`` into the n-th event."""
        return list(self._pump.warnings)

    def until_done(self) -> ChatResponse:
        """Read the rest of the stream and return the folded response."""
        for _ in self._events:
            pass
        return self._pump.response()

    def text_deltas(self) -> Iterator[str]:
        """Only the text of the answer, piece by piece as it arrives (reasoning and tool calls are
        skipped); ``response`` holds all of it once this is exhausted."""
        for event in self._events:
            if isinstance(event, TextDeltaEvent):
                yield event.text

    def close(self) -> None:
        self._events.close()  # type: ignore[attr-defined]

    def __enter__(self) -> ChatStream:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class AsyncChatStream:
    """The asyncio twin of ``ChatStream``: ``async for`` the events, then ``response``; ``aclose()`` or
    ``async with`` closes the connection. Cancelling the task that reads it closes it too.
    """

    def __init__(
        self, transport: AsyncHttpTransport, path: str, body: bytes, pump: EventPump, call: CallOptions | None = None
    ) -> None:
        self._pump = pump
        self._events = self._run(transport, path, body, call)

    async def _run(
        self, transport: AsyncHttpTransport, path: str, body: bytes, call: CallOptions | None
    ) -> AsyncIterator[StreamEvent]:
        pump = self._pump
        async with transport.stream(path, body, call) as chunks:
            failure: APIError | None = None
            try:
                async for chunk in chunks:
                    for event in pump.feed(chunk):
                        yield event
            except APIError as exc:
                chunk = b""  # the body's bytes leave this frame: a careless server may echo the key in them
                if exc.partial is not None:  # the pump's own verdict, already carrying what arrived
                    raise
                failure = pump.broken(exc)  # reading the body failed; raised outside the handler
            if failure is not None:
                raise failure
            for event in pump.finish():
                yield event
            warn_response_data(pump.warnings, stacklevel=3)

    def __aiter__(self) -> AsyncIterator[StreamEvent]:
        return self._events

    async def __anext__(self) -> StreamEvent:
        return await anext(self._events)

    @property
    def response(self) -> ChatResponse:
        """The folded response; ``RuntimeError`` until the stream has been read to its end."""
        return self._pump.response()

    @property
    def warnings(self) -> list[ConversionWarning]:
        """What the adapter set aside from the provider's stream so far (each also warned about as a
        ``ResponseDataWarning`` when the stream ends), with pointers ``/<n>/...`` into the n-th event."""
        return list(self._pump.warnings)

    async def until_done(self) -> ChatResponse:
        """Read the rest of the stream and return the folded response."""
        async for _ in self._events:
            pass
        return self._pump.response()

    async def text_deltas(self) -> AsyncIterator[str]:
        """Only the text of the answer, piece by piece as it arrives (see ``ChatStream.text_deltas``)."""
        async for event in self._events:
            if isinstance(event, TextDeltaEvent):
                yield event.text

    async def aclose(self) -> None:
        await self._events.aclose()  # type: ignore[attr-defined]

    async def __aenter__(self) -> AsyncChatStream:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose()
