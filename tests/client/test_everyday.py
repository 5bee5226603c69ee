"""The client surface a user types every day (issue 28 item 4): headers, an injected httpx client, per-call
options, base URLs from the providers' variables in either form, ``response.text``, the text stream
helper, and the error for an unknown adapter."""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest

import wirechat
from tests.client.conftest import API_KEY, FAST_RETRY, PROVIDERS, REQUEST, ServeFn, async_client_for, client_for
from wirechat.transport import RateLimitedError, Timeouts

pytestmark = pytest.mark.timeout(30)

OK = {"reply": {"text": "Sunny, 21 °C.", "chunk_size": 3}}


def rate_limited(times: int) -> dict[str, object]:
    return {"fault": {"type": "status", "status": 429, "retry_after_ms": 1}, "repeat": times}


@pytest.mark.parametrize("provider", PROVIDERS)
def test_client_headers_and_per_call_headers_reach_the_server(serve: ServeFn, provider: str) -> None:
    fake = serve(provider, [OK, OK])
    with client_for(fake, headers={"x-team": "search", "x-trace": "client"}) as client:
        client.chat(REQUEST)
        client.chat(REQUEST, headers={"x-trace": "call-7"})
    first, second = (request.headers for request in fake.requests)
    assert (first["x-team"], first["x-trace"]) == ("search", "client")
    assert (second["x-team"], second["x-trace"]) == ("search", "call-7")


def test_per_call_headers_cannot_replace_the_credentials(serve: ServeFn) -> None:
    fake = serve("anthropic", [OK])
    with client_for(fake) as client:
        client.chat(REQUEST, headers={"x-api-key": "someone-else"})
    assert fake.requests[0].headers["x-api-key"] != "someone-else"


@pytest.mark.parametrize("provider", PROVIDERS)
def test_per_call_max_retries_overrides_the_client(serve: ServeFn, provider: str) -> None:
    fake = serve(provider, [rate_limited(1), OK])
    with client_for(fake) as client:  # the client retries twice
        with pytest.raises(RateLimitedError) as caught:
            client.chat(REQUEST, max_retries=0)
        assert caught.value.attempts == 1
        assert client.chat(REQUEST).text == "Sunny, 21 °C."  # the next call has the client's retries again


def test_per_call_timeout_ends_a_slow_answer(serve: ServeFn) -> None:
    fake = serve("openai-chat", [{"reply": {"text": "late"}, "delay_ms": 1500}])
    with client_for(fake, max_retries=0, retry=None) as client:
        started = time.monotonic()
        with pytest.raises(wirechat.APITimeoutError):
            client.chat(REQUEST, timeout=0.2)
    assert time.monotonic() - started < 1.2


def test_a_bad_per_call_option_fails_at_the_call(serve: ServeFn) -> None:
    fake = serve("openai-chat", [OK])
    with client_for(fake) as client:
        with pytest.raises(ValueError, match="max_retries must be 0 or more"):
            client.chat(REQUEST, max_retries=-1)
        with pytest.raises(ValueError, match="positive number of seconds"):
            client.stream(REQUEST, timeout=0)


def test_an_injected_http_client_carries_the_calls(serve: ServeFn) -> None:
    fake = serve("openai-chat", [OK, OK])
    seen: list[str] = []
    own = httpx.Client(
        timeout=Timeouts(2, 2, 2, 2).to_httpx(), event_hooks={"request": [lambda r: seen.append(r.url.path)]}
    )
    with client_for(fake, http_client=own) as client:
        client.chat(REQUEST)
        with client.stream(REQUEST) as stream:
            stream.until_done()
    assert seen == ["/v1/chat/completions"] * 2
    assert not own.is_closed  # the caller's client is the caller's to close
    own.close()


def test_an_injected_async_http_client_carries_the_calls(serve: ServeFn) -> None:
    fake = serve("anthropic", [OK])
    seen: list[str] = []

    async def record(request: httpx.Request) -> None:
        seen.append(request.url.path)

    async def go() -> str:
        own = httpx.AsyncClient(event_hooks={"request": [record]})
        async with async_client_for(fake, http_client=own) as client:
            text = (await client.chat(REQUEST, timeout=2)).text
        assert not own.is_closed
        await own.aclose()
        return text

    assert asyncio.run(go()) == "Sunny, 21 °C."
    assert seen == ["/v1/messages"]


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("suffix", ["", "/", "/v1", "/v1/"])
def test_base_url_with_or_without_the_version_reaches_the_endpoint(serve: ServeFn, provider: str, suffix: str) -> None:
    """Was: ``base_url=.../v1`` sent ``/v1/v1/chat/completions``, a 404 reported as ``model_not_found``."""
    fake = serve(provider, [OK])
    with client_for(fake, base_url=fake.url + suffix) as client:
        client.chat(REQUEST)
    assert fake.requests[0].path == client.adapter.endpoint_path("chat")


@pytest.mark.parametrize(
    ("provider", "variable", "suffix"),
    [("openai-chat", "OPENAI_BASE_URL", "/v1"), ("anthropic", "ANTHROPIC_BASE_URL", "")],
)
def test_base_url_from_the_providers_own_variable(
    serve: ServeFn, monkeypatch: pytest.MonkeyPatch, provider: str, variable: str, suffix: str
) -> None:
    fake = serve(provider, [OK])
    monkeypatch.setenv(variable, fake.url + suffix)  # written the way the provider's SDK documents it
    with wirechat.Client(provider, api_key=API_KEY, retry=FAST_RETRY, timeout=2) as client:
        assert client.chat(REQUEST).text == "Sunny, 21 °C."
    assert fake.requests[0].path == client.adapter.endpoint_path("chat")


def test_an_explicit_base_url_wins_over_the_variable(serve: ServeFn, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = serve("openai-chat", [OK])
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")  # nothing listens there
    with client_for(fake) as client:
        assert client.chat(REQUEST).text == "Sunny, 21 °C."


def test_groq_base_url_variable_is_the_sdks_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GROQ_BASE_URL", "https://proxy.example")
    client = wirechat.Client("openai-compatible", profile="groq", api_key=API_KEY)
    assert "base_url='https://proxy.example/openai/v1'" in repr(client)
    client.close()


@pytest.mark.parametrize("provider", PROVIDERS)
def test_response_text_and_stream_text(serve: ServeFn, provider: str) -> None:
    fake = serve(provider, [OK, OK, OK])
    with client_for(fake) as client:
        assert client.chat(REQUEST).text == "Sunny, 21 °C."
        pieces = list(client.stream_text(REQUEST))
        with client.stream(REQUEST) as stream:
            deltas = list(stream.text_deltas())
            folded = stream.response
    assert len(pieces) > 1 and "".join(pieces) == "Sunny, 21 °C."
    assert "".join(deltas) == folded.text == "Sunny, 21 °C."


def test_async_stream_text(serve: ServeFn) -> None:
    fake = serve("openai-chat", [OK])

    async def go() -> list[str]:
        async with async_client_for(fake) as client:
            return [text async for text in client.stream_text(REQUEST, max_retries=0)]

    assert "".join(asyncio.run(go())) == "Sunny, 21 °C."


def test_response_text_is_empty_for_a_tool_call_only_reply() -> None:
    call = wirechat.tool_call_message([wirechat.tool_call("c1", "get_weather", {"city": "Paris"})])
    response = wirechat.ChatResponse(message=call, finish_reason=wirechat.FinishReason(kind="tool_calls"))
    assert response.text == ""


def test_unknown_adapter_lists_the_names_and_suggests_the_close_one() -> None:
    """Was: ``Client("openai")`` raised a bare ``KeyError`` printed with quotes around the message."""
    with pytest.raises(wirechat.UnknownAdapterError) as caught:
        wirechat.Client("openai", api_key=API_KEY)
    message = str(caught.value)
    assert message.startswith("no adapter named 'openai'; did you mean 'openai-chat'")
    assert "known adapters: anthropic, gemini" in message
    assert isinstance(caught.value, KeyError) and isinstance(caught.value, wirechat.WirechatError)
    with pytest.raises(wirechat.UnknownAdapterError, match="did you mean 'openai-compatible:groq'"):
        wirechat.Client("groq", api_key=API_KEY)
