"""Fixtures for the tool loop's tests: a fake provider per test (both providers), clients with short
timeouts, and the weather/booking tools the scripts call."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import wirechat
from wirechat import ChatRequest, decode
from wirechat.testing.fake_provider import FakeProvider
from wirechat.tools import tool
from wirechat.transport import RetryPolicy, Timeouts

PROVIDERS = ["openai-chat", "anthropic"]
API_KEY = "sk-test-tools"
SHORT = Timeouts(connect=2.0, read=5.0, write=2.0, pool=2.0)
NO_RETRY = RetryPolicy(max_retries=0)

REQUEST = decode(
    b'{"model": "fake-model", "messages": [{"role": "user", "parts": [{"type": "text", "text": "Weather in Paris?"}]}],'
    b' "options": {"max_tokens": 100}}',
    ChatRequest,
)


def call(id: str, name: str, arguments: Any) -> dict[str, Any]:
    return {"id": id, "name": name, "arguments": arguments}


def calls_turn(*calls: dict[str, Any], usage: tuple[int, int] = (10, 5)) -> dict[str, Any]:
    return {"reply": {"tool_calls": list(calls), "usage": {"input": usage[0], "output": usage[1]}}}


def text_turn(text: str, usage: tuple[int, int] = (20, 7)) -> dict[str, Any]:
    return {"reply": {"text": text, "usage": {"input": usage[0], "output": usage[1]}}}


@tool
def get_weather(city: str, unit: str = "C") -> dict[str, Any]:
    """The current weather in a city.

    More text that is not part of the description."""
    if city == "Atlantis":
        raise LookupError("no such city: Atlantis")
    return {"city": city, "temperature": 18, "unit": unit}


@tool
async def book_train(time: str) -> str:
    """Book the train leaving at ``time``."""
    await asyncio.sleep(0)
    return f"booked the {time} train"


@tool
async def slow(seconds: float) -> str:
    """Sleep, then answer."""
    await asyncio.sleep(seconds)
    return "done"


TOOLS = [get_weather, book_train, slow]

ServeFn = Callable[..., FakeProvider]


@pytest.fixture
def serve() -> Iterator[ServeFn]:
    started: list[FakeProvider] = []

    def start(provider: str, script: Any, **options: Any) -> FakeProvider:
        fake = FakeProvider(provider, script, **options).start()
        started.append(fake)
        return fake

    yield start
    for fake in started:
        fake.stop()


def client_for(fake: FakeProvider) -> wirechat.Client:
    return wirechat.Client(fake.provider, api_key=API_KEY, base_url=fake.url, retry=NO_RETRY, timeout=SHORT)


def async_client_for(fake: FakeProvider) -> wirechat.AsyncClient:
    return wirechat.AsyncClient(fake.provider, api_key=API_KEY, base_url=fake.url, retry=NO_RETRY, timeout=SHORT)
