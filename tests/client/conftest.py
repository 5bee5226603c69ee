"""Fixtures for driving the real client against the fake provider over a real socket, quickly.

Retries wait milliseconds (a ``RetryPolicy`` with tiny delays, never sleeps of seconds) and every timeout
is a couple of seconds, so no test can hang; each module also sets a pytest-timeout mark.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

import wirechat
from wirechat import ChatRequest, decode
from wirechat.testing.fake_provider import FakeProvider
from wirechat.transport import RetryPolicy, Timeouts

API_KEY = "sk-test-0123456789abcdefSECRET"
FAST_RETRY = RetryPolicy(max_retries=2, initial_delay=0.005, max_delay=0.02, max_retry_after=2.0)
SHORT = Timeouts(connect=2.0, read=2.0, write=2.0, pool=2.0)


PROVIDERS = ["openai-chat", "anthropic"]
"""Every built-in adapter; each test runs against each (a skip here once hid 68 tests when the attribute
lookup it relied on failed)."""

REQUEST = decode(
    b'{"model": "fake-model", "messages": [{"role": "user", "parts": [{"type": "text", "text": "Weather?"}]}],'
    b' "options": {"max_tokens": 100}}',
    ChatRequest,
)

ServeFn = Callable[..., FakeProvider]


@pytest.fixture
def serve() -> Iterator[ServeFn]:
    """``serve(provider, script, **options)`` starts a fake provider for the test and stops it after."""
    started: list[FakeProvider] = []

    def start(provider: str, script: Any, **options: Any) -> FakeProvider:
        fake = FakeProvider(provider, script, **options).start()
        started.append(fake)
        return fake

    yield start
    for fake in started:
        fake.stop()


def client_for(fake: FakeProvider, **options: Any) -> wirechat.Client:
    settings: dict[str, Any] = {"api_key": API_KEY, "base_url": fake.url, "retry": FAST_RETRY, "timeout": SHORT}
    settings.update(options)
    return wirechat.Client(fake.provider, **settings)


def async_client_for(fake: FakeProvider, **options: Any) -> wirechat.AsyncClient:
    settings: dict[str, Any] = {"api_key": API_KEY, "base_url": fake.url, "retry": FAST_RETRY, "timeout": SHORT}
    settings.update(options)
    return wirechat.AsyncClient(fake.provider, **settings)
