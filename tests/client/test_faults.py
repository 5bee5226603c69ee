"""Every injected fault ends in its documented outcome: retried and succeeded, or a typed error of the
right kind carrying status, provider code, request id and, for streams, what arrived."""

from __future__ import annotations

import socket
import time
from typing import Any

import pytest

import wirechat
from tests.client.conftest import FAST_RETRY, PROVIDERS, REQUEST, ServeFn, client_for
from wirechat import TextPart
from wirechat.transport import (
    APIError,
    APITimeoutError,
    AuthenticationError,
    InvalidRequestError,
    InvalidResponseError,
    NetworkError,
    OverloadedError,
    ProviderError,
    RateLimitedError,
    RetryPolicy,
    StreamInterruptedError,
    Timeouts,
)

pytestmark = pytest.mark.timeout(30)

OK = {"reply": {"text": "recovered"}}
LONG = {"text": "The quick brown fox jumps over the lazy dog.", "chunk_size": 5}


def status(http_status: int, **fields: Any) -> dict[str, Any]:
    return {"fault": {"type": "status", "status": http_status, **fields}}


def chat_text(client: wirechat.Client) -> str:
    return wirechat.message_text(client.chat(REQUEST).message)


def stream_text(client: wirechat.Client) -> str:
    with client.stream(REQUEST) as stream:
        return wirechat.message_text(stream.until_done().message)


# -- retried and succeeded ------------------------------------------------------------------------------

RETRIED = [
    pytest.param(status(429, retry_after="0"), id="429-retry-after-seconds"),
    pytest.param(status(429, retry_after_ms=20), id="429-retry-after-ms"),
    pytest.param(status(500), id="500"),
    pytest.param(status(503), id="503"),
    pytest.param(status(529), id="529"),
    pytest.param({"fault": {"type": "drop"}}, id="dropped-before-answer"),
]


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("fault", RETRIED)
@pytest.mark.parametrize("streamed", [False, True], ids=["chat", "stream"])
def test_retryable_faults_are_retried_and_succeed(serve: ServeFn, provider: str, fault: Any, streamed: bool) -> None:
    fake = serve(provider, [fault, OK])
    with client_for(fake) as client:
        assert (stream_text(client) if streamed else chat_text(client)) == "recovered"
    assert len(fake.requests) == 2


@pytest.mark.parametrize("provider", PROVIDERS)
def test_retry_after_is_honoured(serve: ServeFn, provider: str) -> None:
    fake = serve(provider, [status(429, retry_after_ms=300), OK])
    started = time.monotonic()
    with client_for(fake) as client:
        assert chat_text(client) == "recovered"
    assert time.monotonic() - started >= 0.3


# -- typed errors --------------------------------------------------------------------------------------


@pytest.mark.parametrize("provider", PROVIDERS)
def test_retries_run_out_with_a_typed_error(serve: ServeFn, provider: str) -> None:
    fake = serve(provider, [{**status(429), "repeat": 3}])
    with client_for(fake) as client, pytest.raises(RateLimitedError) as caught:
        client.chat(REQUEST)
    error = caught.value
    assert (error.kind, error.status, error.retryable, error.attempts) == ("rate_limited", 429, True, 3)
    assert error.request_id == "req_fake_000003"
    assert error.provider_code
    assert len(fake.requests) == 3


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize(
    ("fault", "kind", "exception"),
    [
        (status(400, message="max_tokens: field required"), "invalid_request", InvalidRequestError),
        (status(401), "authentication", AuthenticationError),
        (status(500, should_retry=False), "provider", ProviderError),
        (status(429, retry_after="3600"), "rate_limited", RateLimitedError),
    ],
    ids=["400", "401", "500-x-should-retry-false", "429-wait-beyond-cap"],
)
def test_faults_that_are_not_retried(
    serve: ServeFn, provider: str, fault: Any, kind: str, exception: type[APIError]
) -> None:
    fake = serve(provider, [fault, OK])
    with client_for(fake) as client, pytest.raises(exception) as caught:
        client.chat(REQUEST)
    assert caught.value.kind == kind
    assert caught.value.status == fault["fault"]["status"]
    assert len(fake.requests) == 1


def test_openai_spent_quota_429_is_not_retried(serve: ServeFn) -> None:
    fake = serve("openai-chat", [status(429, error_type="insufficient_quota", code="insufficient_quota"), OK])
    with client_for(fake) as client, pytest.raises(RateLimitedError) as caught:
        client.chat(REQUEST)
    assert caught.value.retryable is False
    assert caught.value.provider_code == "insufficient_quota"
    assert len(fake.requests) == 1


def test_anthropic_529_runs_out_as_overloaded(serve: ServeFn) -> None:
    fake = serve("anthropic", [{**status(529), "repeat": 3}])
    with client_for(fake) as client, pytest.raises(OverloadedError) as caught:
        client.chat(REQUEST)
    assert (caught.value.status, caught.value.provider_code) == (529, "overloaded_error")


@pytest.mark.parametrize("provider", PROVIDERS)
def test_dropped_stream_is_reported_with_the_partial_content(serve: ServeFn, provider: str) -> None:
    fake = serve(provider, [{"reply": LONG, "fault": {"type": "drop", "after": 5}}, OK])
    with client_for(fake) as client, client.stream(REQUEST) as stream:
        received = []
        with pytest.raises(StreamInterruptedError) as caught:
            received.extend(stream)
    error = caught.value
    assert error.kind == "network" and "broke off" in str(error)
    assert error.partial is not None
    text = wirechat.message_text(error.partial)
    assert text and LONG["text"].startswith(text) and text != LONG["text"]
    assert any(event.type == "text_delta" for event in received)
    assert len(fake.requests) == 1  # a stream is not retried once it has begun


@pytest.mark.parametrize("provider", PROVIDERS)
def test_malformed_chunk_is_an_invalid_response_with_the_partial_content(serve: ServeFn, provider: str) -> None:
    fake = serve(provider, [{"reply": LONG, "fault": {"type": "malformed", "after": 4}}])
    with client_for(fake) as client, pytest.raises(InvalidResponseError) as caught:
        stream_text(client)
    assert caught.value.kind == "invalid_response" and caught.value.partial is not None


@pytest.mark.parametrize("provider", PROVIDERS)
def test_malformed_body_is_an_invalid_response(serve: ServeFn, provider: str) -> None:
    fake = serve(provider, [{"reply": LONG, "fault": {"type": "malformed"}}])
    with client_for(fake) as client, pytest.raises(InvalidResponseError, match="not JSON"):
        client.chat(REQUEST)


@pytest.mark.parametrize(
    ("provider", "error_type", "exception"),
    [
        pytest.param("openai-chat", "server_error", ProviderError, id="openai-server_error"),
        pytest.param("anthropic", "overloaded_error", OverloadedError, id="anthropic-overloaded_error"),
    ],
)
def test_error_event_after_a_200(serve: ServeFn, provider: str, error_type: str, exception: type[APIError]) -> None:
    fake = serve(provider, [{"reply": LONG, "fault": {"type": "error_event", "after": 5, "error_type": error_type}}])
    with client_for(fake) as client, pytest.raises(exception) as caught:
        stream_text(client)
    error = caught.value
    assert error.status is None  # it came inside a 200
    assert error.provider_code == error_type
    assert error.partial is not None and wirechat.message_text(error.partial)
    assert len(fake.requests) == 1


@pytest.mark.parametrize("provider", PROVIDERS)
def test_slow_stream_within_the_read_timeout_succeeds(serve: ServeFn, provider: str) -> None:
    fake = serve(provider, [{"reply": {"text": "slow but fine", "chunk_size": 5}, "delay_ms": 20}])
    with client_for(fake, timeout=Timeouts(connect=2, read=1, write=2, pool=2)) as client:
        assert stream_text(client) == "slow but fine"


@pytest.mark.parametrize("provider", PROVIDERS)
def test_stream_silent_past_the_read_timeout_fails_with_the_partial(serve: ServeFn, provider: str) -> None:
    fake = serve(provider, [{"reply": LONG, "delay_ms": 400}])
    started = time.monotonic()
    with client_for(fake, timeout=Timeouts(connect=2, read=0.15, write=2, pool=2), max_retries=0,
                    retry=None) as client, pytest.raises(APITimeoutError) as caught:  # fmt: skip
        stream_text(client)
    assert time.monotonic() - started < 3
    assert caught.value.kind == "timeout"


def test_connection_refused_is_a_network_error_after_retries() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # closed again: nothing listens there
    client = wirechat.Client("openai-chat", api_key="sk-x", base_url=f"http://127.0.0.1:{port}",
                             retry=RetryPolicy(max_retries=1, initial_delay=0.001))  # fmt: skip
    with client, pytest.raises(NetworkError) as caught:
        client.chat(REQUEST)
    assert caught.value.attempts == 2


def test_fast_retry_policy_keeps_tests_quick() -> None:
    assert FAST_RETRY.max_delay < 0.1


def test_partial_usage_travels_with_the_error(serve: ServeFn) -> None:
    reply = {"text": "abc", "chunk_size": 1, "usage": {"input": 5, "output": 3}}
    fake = serve("openai-chat", [{"reply": reply, "fault": {"type": "error_event", "after": 6}}])
    with client_for(fake) as client, pytest.raises(ProviderError) as caught:
        stream_text(client)
    assert caught.value.partial is not None
    assert caught.value.partial.parts == [TextPart(text="abc")]
