"""From a response's bytes to canonical stream events, folded as they pass, with typed errors.

``EventPump`` is the part of a streamed call that is the same whether the bytes are read blocking or with
asyncio: SSE framing, the adapter's stream decoder, ``StreamFold`` (which keeps the partial message), and
the translation of every way a stream can go wrong into one ``APIError`` carrying what arrived:

* the connection breaks or goes silent: ``StreamInterruptedError`` / ``APITimeoutError``;
* the provider sends an error event after its 200: the error's own kind (``OverloadedError`` ...);
* a chunk is not valid JSON, or the events break the stream rules: ``InvalidResponseError``;
* the body ends without the provider's terminal event: the adapter reports it (``invalid_response``);
* a line or an event is longer than ``max_event_bytes``: ``ResponseTooLargeError``.

No frame left by an error holds the stream's data (a careless server may echo the key in it): the pairs and
the event text are dropped before the error is raised.

The per-event path is kept short (decision 024): the framer gives ``(event, data)`` pairs, a decoder that
has ``feed_data(event, data)`` (the built-in ones; the same as ``feed(SseEvent(event, data))``) is called
with them and no ``SseEvent`` is built, and the fold takes deltas on its fast path.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import MISSING

from wirechat._generated.models import (
    ChatResponse,
    Error,
    ErrorEvent,
    FinishEvent,
    PartEvent,
    ReasoningDeltaEvent,
    ReasoningEndEvent,
    ReasoningStartEvent,
    StartEvent,
    StreamEvent,
    TextDeltaEvent,
    TextEndEvent,
    TextStartEvent,
    ToolCallDeltaEvent,
    ToolCallEndEvent,
    ToolCallStartEvent,
    UsageEvent,
)
from wirechat.exchange import UNREADABLE, ConversionWarning, SseEvent, StreamDecoder
from wirechat.stream import MalformedStreamError, StreamError, StreamFailedError, StreamFold
from wirechat.transport.errors import APIError, StreamInterruptedError, error_for
from wirechat.transport.limits import too_large
from wirechat.transport.secrets import Secret, redact_error
from wirechat.transport.sse import DEFAULT_MAX_EVENT_BYTES, SseDecoder, SseTooLargeError

__all__ = ["EventPump"]

_NOT_ERRORS = frozenset(
    {StartEvent, TextStartEvent, TextDeltaEvent, TextEndEvent, ReasoningStartEvent, ReasoningDeltaEvent,
     ReasoningEndEvent, ToolCallStartEvent, ToolCallDeltaEvent, ToolCallEndEvent, PartEvent, UsageEvent, FinishEvent}
)  # fmt: skip
"""Event classes that are not ``ErrorEvent``: an exact type test replaces ``isinstance`` for them."""


class EventPump:
    """Feed it the body's chunks; it returns the canonical events and keeps the fold."""

    __slots__ = ("_decoder", "_events", "_feed_data", "_fold", "_response", "_secret", "_sse")

    def __init__(
        self, decoder: StreamDecoder, secret: Secret | None = None, max_event_bytes: int = DEFAULT_MAX_EVENT_BYTES
    ) -> None:
        self._sse = SseDecoder(max_event_bytes)
        self._decoder = decoder
        feed_data: Callable[[str | None, str], list[StreamEvent]] | None = getattr(decoder, "feed_data", None)
        self._feed_data = feed_data if feed_data is not None else self._feed_event
        self._fold = StreamFold()
        self._secret = secret
        self._events = 0
        self._response: ChatResponse | None = None

    @property
    def events(self) -> int:
        """How many canonical events have passed."""
        return self._events

    # Every error below is raised after its ``except`` block has ended, never inside it: an exception raised
    # in a handler keeps the handled one as ``__context__`` (``from None`` only hides it from the traceback),
    # and a JSON decoder's exception holds the whole event text, which a careless server may fill with the key.

    def feed(self, chunk: bytes) -> list[StreamEvent]:
        """The canonical events completed by this chunk of the body."""
        try:
            return self._take(self._sse.feed_pairs(chunk))
        except SseTooLargeError as exc:
            failure = self._too_large(exc)
        except APIError:
            del chunk  # the body's bytes leave this frame before the error goes on
            raise
        del chunk
        raise failure

    def _too_large(self, exc: SseTooLargeError) -> APIError:
        error = too_large("max_event_bytes", exc.limit, f"the stream's {exc.what.removeprefix('an ')}")
        return type(error)(self._with_usage(error.error), partial=self._fold.partial())

    def finish(self) -> list[StreamEvent]:
        """The body ended: the last events, then the folded response is ready (``response()``)."""
        out = self._take(self._sse.flush_pairs())
        failure: APIError | None = None
        try:
            closing = self._decoder.close()
        except UNREADABLE as exc:
            failure = self._invalid(f"the stream ended badly ({_named(exc)})")
        if failure is not None:
            raise failure
        for event in closing:
            self._add(event)
            out.append(event)
        try:
            self._response = self._fold.response()
        except StreamFailedError as failed:
            failure = self._failed(failed.error)
        except StreamError as exc:
            failure = self._invalid(str(exc))
        if failure is not None:
            raise failure
        return out

    def _feed_event(self, name: str | None, data: str) -> list[StreamEvent]:
        return self._decoder.feed(SseEvent(name, data))

    def _take(self, pairs: list[tuple[str | None, str]]) -> list[StreamEvent]:
        """The canonical events of a chunk's SSE events, each decoded, checked and folded (one call per chunk,
        the loop over events inline: this is the per-event path)."""
        out: list[StreamEvent] = []
        feed_data, add = self._feed_data, self._fold.add
        failure: APIError | None = None
        for name, data in pairs:
            if name == "ping":
                continue
            try:
                decoded = feed_data(name, data)
            except UNREADABLE as exc:  # an event not shaped as the provider writes it, whatever the walk met
                failure = self._invalid(f"the provider sent an event that could not be read ({_named(exc)})")
            if failure is not None:
                del pairs, name, data  # the event text: a careless server may have echoed the key in it
                raise failure
            for event in decoded:
                if type(event) is ErrorEvent or (type(event) not in _NOT_ERRORS and isinstance(event, ErrorEvent)):
                    failure = self._failed(event.error)
                else:
                    try:
                        add(event)
                    except MalformedStreamError as exc:
                        failure = self._invalid(f"the provider's stream broke the stream rules: {exc}")
                if failure is not None:
                    del pairs, name, data, decoded, event
                    raise failure
                self._events += 1
            out += decoded
        return out

    @property
    def warnings(self) -> list[ConversionWarning]:
        """The decoder's warnings: what it set aside from the provider's events (``ConversionWarning``s)."""
        return self._decoder.warnings

    def response(self) -> ChatResponse:
        """The folded response, once ``finish()`` has succeeded."""
        if self._response is None:
            raise RuntimeError("the stream has not been read to its end")
        return self._response

    def broken(self, cause: APIError) -> APIError:
        """The error to raise when reading the body failed (``cause`` from the transport) mid-way."""
        message = f"the stream broke off after {self._events} events: {cause.error.message}"
        error = self._with_usage(cause.error.model_copy(update={"message": message}))
        kind = StreamInterruptedError if error.kind == "network" else error_for(error.kind)
        return kind(error, partial=self._fold.partial())

    def _add(self, event: StreamEvent) -> None:
        if isinstance(event, ErrorEvent):
            raise self._failed(event.error)
        failure: APIError | None = None
        try:
            self._fold.add(event)
        except MalformedStreamError as exc:
            failure = self._invalid(f"the provider's stream broke the stream rules: {exc}")
        if failure is not None:
            raise failure
        self._events += 1

    def _with_usage(self, error: Error) -> Error:
        usage = self._fold.usage
        if usage is not None and error.usage is MISSING:
            error = error.model_copy(update={"usage": usage})
        return redact_error(error, self._secret)

    def _failed(self, error: Error) -> APIError:
        message = f"the provider reported an error in its stream after {self._events} events: {error.message}"
        error = self._with_usage(error.model_copy(update={"message": message}))
        return error_for(error.kind)(error, partial=self._fold.partial())

    def _invalid(self, message: str) -> APIError:
        error = self._with_usage(Error(kind="invalid_response", message=message, retryable=False))
        return error_for("invalid_response")(error, partial=self._fold.partial())


def _named(fault: Exception) -> str:
    """A reading fault for a message: a ``ValueError`` names the member itself; the others need their type."""
    return str(fault) if isinstance(fault, ValueError) else f"{type(fault).__name__}: {fault}"
