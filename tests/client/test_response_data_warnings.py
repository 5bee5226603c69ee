"""What an adapter sets aside from a provider's answer reaches the caller: a ``ResponseDataWarning`` per item
(chat and stream), and ``stream.warnings`` with the pointers. The adapter here is the real openai-chat one,
wrapped so that its decoders report one set-aside member, over a real socket to the fake provider."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from tests.client.conftest import API_KEY, FAST_RETRY, REQUEST, SHORT, ServeFn
from wirechat import ChatResponse
from wirechat.adapters import ConversionWarning, get
from wirechat.client import Client, ResponseDataWarning
from wirechat.exchange import SseEvent, StreamDecoder
from wirechat.stream import StreamEvent

pytestmark = pytest.mark.timeout(30)
SET_ASIDE = ConversionWarning("provider.unmapped", "/x_new: not a member this adapter maps: dropped", "/x_new")


class _Reporting:
    """openai-chat, but its decoders report ``SET_ASIDE`` (as a decoder meeting an unknown member would)."""

    def __init__(self) -> None:
        self._inner = get("openai-chat")

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def decode_response(self, body: Mapping[str, Any], warnings: list[ConversionWarning] | None = None) -> ChatResponse:
        if warnings is not None:
            warnings.append(SET_ASIDE)
        return self._inner.decode_response(body, warnings)

    def stream_decoder(self) -> StreamDecoder:
        inner = self._inner.stream_decoder()

        class Decoder:
            warnings = inner.warnings

            def feed(self, event: SseEvent) -> list[StreamEvent]:
                if not inner.warnings:
                    inner.warnings.append(SET_ASIDE)
                return inner.feed(event)

            def close(self) -> list[StreamEvent]:
                return inner.close()

        return Decoder()


def _client(url: str) -> Client:
    return Client(_Reporting(), api_key=API_KEY, base_url=url, retry=FAST_RETRY, timeout=SHORT)  # type: ignore[arg-type]


def test_a_chat_warns_of_what_the_adapter_set_aside(serve: ServeFn) -> None:
    fake = serve("openai-chat", [{"reply": {"text": "Sunny."}}])
    with _client(fake.url) as client, pytest.warns(ResponseDataWarning, match="/x_new"):
        client.chat(REQUEST)


def test_a_stream_warns_at_its_end_and_lists_the_warnings(serve: ServeFn) -> None:
    fake = serve("openai-chat", [{"reply": {"text": "Sunny."}}])
    with _client(fake.url) as client, pytest.warns(ResponseDataWarning, match="/x_new"):
        stream = client.stream(REQUEST)
        stream.until_done()
    assert stream.warnings == [SET_ASIDE]
