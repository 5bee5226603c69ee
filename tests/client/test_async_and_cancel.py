"""AsyncClient against the fake provider, and cancellation: a stream that is closed or cancelled
mid-way closes its connection (the server sees it go)."""

from __future__ import annotations

import asyncio
import time

import pytest

import wirechat
from tests.client.conftest import PROVIDERS, REQUEST, ServeFn, async_client_for, client_for
from wirechat.testing.fake_provider import FakeProvider
from wirechat.transport import OverloadedError, ProviderError, StreamInterruptedError

pytestmark = pytest.mark.timeout(30)

SLOW = {"reply": {"text": "a long answer, sent slowly, one piece at a time", "chunk_size": 2}, "delay_ms": 50}


def wait_for_connections(fake: FakeProvider, count: int, within: float = 3.0) -> None:
    deadline = time.monotonic() + within
    while fake.open_connections != count:
        assert time.monotonic() < deadline, f"{fake.open_connections} connections open, expected {count}"
        time.sleep(0.01)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_async_chat_and_stream(serve: ServeFn, provider: str) -> None:
    reply = {"text": "hello from afar", "tool_calls": [{"id": "t1", "name": "f", "arguments": {"x": 1}}]}
    fake = serve(provider, [{"reply": reply}, {"reply": reply}])

    async def run() -> tuple[wirechat.ChatResponse, wirechat.ChatResponse, list[str]]:
        async with async_client_for(fake) as client:
            whole = await client.chat(REQUEST)
            async with client.stream(REQUEST) as stream:
                kinds = [event.type async for event in stream]
                return whole, stream.response, kinds

    whole, streamed, kinds = asyncio.run(run())
    assert streamed.message == whole.message
    assert kinds[-1] == "finish"


@pytest.mark.parametrize("provider", PROVIDERS)
def test_async_faults_are_typed_and_retried(serve: ServeFn, provider: str) -> None:
    fault = {"fault": {"type": "status", "status": 503}}
    broken = {"reply": {"text": "cut short here"}, "fault": {"type": "drop", "after": 4}}
    fake = serve(provider, [fault, {"reply": {"text": "ok"}}, broken])

    async def run() -> None:
        async with async_client_for(fake) as client:
            assert wirechat.message_text((await client.chat(REQUEST)).message) == "ok"
            with pytest.raises(StreamInterruptedError) as caught:
                async with client.stream(REQUEST) as stream:
                    await stream.until_done()
            assert caught.value.partial is not None

    asyncio.run(run())
    assert len(fake.requests) == 3


@pytest.mark.parametrize("provider", PROVIDERS)
def test_cancelling_the_task_closes_the_stream(serve: ServeFn, provider: str) -> None:
    fake = serve(provider, [SLOW])
    seen: list[str] = []

    async def consume(client: wirechat.AsyncClient) -> None:
        async with client.stream(REQUEST) as stream:
            async for event in stream:
                seen.append(event.type)

    async def run() -> None:
        async with async_client_for(fake) as client:
            task = asyncio.create_task(consume(client))
            while len(seen) < 3:
                await asyncio.sleep(0.01)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            await asyncio.to_thread(wait_for_connections, fake, 0)

    asyncio.run(run())
    assert 3 <= len(seen) < 20


@pytest.mark.parametrize("provider", PROVIDERS)
def test_closing_a_stream_early_closes_the_connection(serve: ServeFn, provider: str) -> None:
    fake = serve(provider, [SLOW, {"reply": {"text": "next"}}])
    with client_for(fake) as client:
        with client.stream(REQUEST) as stream:
            next(iter(stream))
            wait_for_connections(fake, 1)
        wait_for_connections(fake, 0)
        # The client is still usable afterwards.
        assert wirechat.message_text(client.chat(REQUEST).message) == "next"


def test_async_error_event_is_typed(serve: ServeFn) -> None:
    fake = serve("openai-chat", [{"reply": {"text": "abcdef"}, "fault": {"type": "error_event", "after": 3}}])

    async def run() -> None:
        async with async_client_for(fake) as client, client.stream(REQUEST) as stream:
            await stream.until_done()

    with pytest.raises(ProviderError):
        asyncio.run(run())
    assert not issubclass(ProviderError, OverloadedError)
