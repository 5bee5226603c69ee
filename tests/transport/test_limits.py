"""Each bound of spec section 5.3 in the Python transport, tested where it broke (issue 27)."""

from __future__ import annotations

import gzip
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from wirechat.transport import (
    HttpTransport,
    Limits,
    OverloadedError,
    RedirectRefusedError,
    ResponseTooLargeError,
    RetryPolicy,
    status_error,
)
from wirechat.transport.secrets import REDACTED, Secret, redact
from wirechat.transport.sse import SseDecoder, SseTooLargeError


def test_a_one_letter_key_leaves_words_alone() -> None:
    # Before: "Ra[redacted]e limi[redacted] reached", and "[redac[redacted]ed]" on a second pass.
    assert redact("Rate limit reached", Secret("t")) == "Rate limit reached"


def test_a_key_is_redacted_as_a_whole_token_only() -> None:
    key = Secret("abcdefgh12")
    assert redact("key=abcdefgh12.", key) == f"key={REDACTED}."
    assert redact("xabcdefgh12y is another token", key) == "xabcdefgh12y is another token"
    assert redact(redact("abcdefgh12", key), key) == REDACTED


def test_an_sse_line_in_1_kib_chunks_is_linear() -> None:
    # Before: ``pending += chunk`` made 8 MB in 1 KiB chunks cost 30 s; 2 MB must cost well under a second.
    decoder = SseDecoder(max_event_bytes=4 << 20)
    piece = b"a" * 1024
    start = time.perf_counter()
    decoder.feed(b"data: ")
    for _ in range(2048):
        decoder.feed(piece)
    events = decoder.feed(b"\n\n")
    assert time.perf_counter() - start < 1.0
    assert len(events) == 1 and len(events[0].data) == 2048 * 1024


@pytest.mark.parametrize("chunk", [1024, 1 << 20])
def test_an_sse_line_past_the_cap_is_refused(chunk: int) -> None:
    decoder = SseDecoder(max_event_bytes=64 * 1024)
    decoder.feed(b"data: ")
    with pytest.raises(SseTooLargeError):
        for _ in range(100):
            decoder.feed(b"a" * chunk)


def test_an_sse_event_of_many_lines_past_the_cap_is_refused() -> None:
    decoder = SseDecoder(max_event_bytes=64 * 1024)
    with pytest.raises(SseTooLargeError, match="event's data"):
        for _ in range(100):
            decoder.feed(b"data: " + b"a" * 1000 + b"\n")


def test_sse_events_under_the_cap_are_unchanged() -> None:
    decoder = SseDecoder(max_event_bytes=64)
    assert [e.data for e in decoder.feed(b"data: one\n\ndata: two\ndata: three\n\n")] == ["one", "two\nthree"]


def _transport(handler: Callable[[httpx.Request], httpx.Response], **options: Any) -> HttpTransport:
    client = httpx.Client(transport=httpx.MockTransport(handler), follow_redirects=True)
    return HttpTransport(
        "http://provider.test",
        auth_headers={"x-api-key": "sk-ant-0123456789"},
        secret=Secret("sk-ant-0123456789"),
        decode_error=status_error,
        retry=RetryPolicy(max_retries=0),
        http_client=client,
        **options,
    )


def test_a_redirect_is_refused_even_by_a_client_that_follows_them() -> None:
    seen: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(str(request.url))
        return httpx.Response(307, headers={"location": "http://elsewhere.test/v1/messages"})

    with pytest.raises(RedirectRefusedError) as caught:
        _transport(handler).post("/v1/messages", b"{}")
    assert seen == ["http://provider.test/v1/messages"]
    assert caught.value.location == "http://elsewhere.test/v1/messages"
    assert caught.value.status == 307


def test_a_gzip_body_is_capped_after_decompression() -> None:
    bomb = gzip.compress(b"0" * (8 << 20))

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, headers={"content-encoding": "gzip"}, content=iter([bomb]))  # streamed

    with pytest.raises(ResponseTooLargeError) as caught:
        _transport(handler, limits=Limits(max_body_bytes=1 << 20)).post("/v1/chat", b"{}")
    assert (caught.value.limit, caught.value.limit_bytes) == ("max_body_bytes", 1 << 20)
    assert len(bomb) < (1 << 20)  # the compressed body is under the cap: the cap counts what it inflates to


def test_an_error_body_past_its_cap_is_judged_by_its_status() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(529, content=iter([b"x" * (64 << 10)] * 32))

    with pytest.raises(OverloadedError, match="larger than the 1048576-byte limit; not read"):
        _transport(handler).post("/v1/messages", b"{}")
