"""Streams through a QueryMT plugin: the whole reply as one event.

QueryMT's ``chat_stream`` export pushes chunks through QueryMT's own host function (``qmt_yield_chunk``),
which no other host provides, so wirechat calls ``chat`` and streams the whole reply (decision 014). The
"provider stream" is therefore one ``SseEvent("response", <ExtismChatResponse JSON>)`` (or
``SseEvent("error", <PluginError JSON>)``); the decoder turns it into the canonical events of that reply
(``wirechat.stream.events_from_response``), the encoder folds canonical events back into one reply.
"""

from __future__ import annotations

import json

from wirechat._generated.models import ErrorEvent, StreamEvent
from wirechat.adapters._contract import ConversionWarning, SseEvent
from wirechat.adapters.querymt import errors, response
from wirechat.stream import events_from_response, fold

__all__ = ["StreamDecoder", "StreamEncoder"]


class StreamDecoder:
    """One whole reply (or one plugin error) -> canonical stream events."""

    def __init__(self) -> None:
        self.warnings: list[ConversionWarning] = []
        self._done = False

    def feed(self, event: SseEvent) -> list[StreamEvent]:
        if self._done:
            return []
        self._done = True
        if event.event == "error":
            return [ErrorEvent(error=errors.decode_error(None, {}, event.data.encode("utf-8")))]
        try:
            body = json.loads(event.data)
        except ValueError as exc:
            return [_invalid(f"the plugin's reply is not JSON ({exc})")]
        if not isinstance(body, dict):
            return [_invalid("the plugin's reply is not a JSON object")]
        try:
            decoded = response.decode_response(body)
        except ValueError as exc:
            return [_invalid(f"the plugin's reply could not be read: {exc}")]
        return list(events_from_response(decoded))

    def close(self) -> list[StreamEvent]:
        if self._done:
            return []
        self._done = True
        return [_invalid("the plugin returned no reply")]


def _invalid(message: str) -> ErrorEvent:
    return ErrorEvent.model_validate({"error": {"kind": "invalid_response", "message": message, "retryable": False}})


class StreamEncoder:
    """Canonical stream events -> one whole QueryMT reply (or its error), sent at ``close``."""

    def __init__(self) -> None:
        self._events: list[StreamEvent] = []

    def feed(self, event: StreamEvent) -> list[SseEvent]:
        if isinstance(event, ErrorEvent):
            _, _, body = errors.encode_error(event.error)
            self._events = []
            return [SseEvent("error", json.dumps(body))]
        self._events.append(event)
        return []

    def close(self) -> list[SseEvent]:
        if not self._events:
            return []
        body = response.encode_response(fold(self._events))
        self._events = []
        return [SseEvent("response", json.dumps(body, ensure_ascii=False))]
