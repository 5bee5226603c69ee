"""No exception the client raises carries the key: a fake provider echoes it back (request-id header, error
code and message, stream error events), for both adapters, sync and async, chat and stream, every fault."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import httpx
import pytest

import wirechat
from tests.client.conftest import API_KEY, PROVIDERS, REQUEST, ServeFn, async_client_for, client_for
from tests.client.secret_walk import walk
from wirechat.transport import APIError

pytestmark = pytest.mark.timeout(120)

LONG = {"text": "The quick brown fox jumps over the lazy dog.", "chunk_size": 5}
FAULTS: dict[str, dict[str, Any]] = {
    "400": {"fault": {"type": "status", "status": 400}},
    "401": {"fault": {"type": "status", "status": 401}},
    "429 exhausted": {"fault": {"type": "status", "status": 429, "retry_after_ms": 1}, "repeat": 3},
    "500 exhausted": {"fault": {"type": "status", "status": 500}, "repeat": 3},
    "503 should-retry false": {"fault": {"type": "status", "status": 503, "should_retry": False}},
    "529 exhausted": {"fault": {"type": "status", "status": 529}, "repeat": 3},
    "drop before the answer": {"fault": {"type": "drop"}, "repeat": 3},
    "drop mid-stream": {"reply": LONG, "fault": {"type": "drop", "after": 4}},
    "malformed": {"reply": LONG, "fault": {"type": "malformed", "after": 3}},
    "error event": {"reply": LONG, "fault": {"type": "error_event", "after": 3}},
}
MODES = ("chat", "stream", "async chat", "async stream")


def _call(fake: Any, mode: str) -> None:
    if mode.startswith("async"):

        async def run() -> None:
            async with async_client_for(fake) as client:
                if mode.endswith("stream"):
                    async with client.stream(REQUEST) as stream:
                        async for _ in stream:
                            pass
                else:
                    await client.chat(REQUEST)

        asyncio.run(run())
        return
    with client_for(fake) as client:
        if mode.endswith("stream"):
            with client.stream(REQUEST) as stream:
                for _ in stream:
                    pass
        else:
            client.chat(REQUEST)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("fault", list(FAULTS))
@pytest.mark.parametrize("provider", PROVIDERS)
def test_no_exception_carries_the_echoed_key(
    serve: ServeFn, caplog: pytest.LogCaptureFixture, provider: str, fault: str, mode: str
) -> None:
    fake = serve(provider, [FAULTS[fault]], echo_key=True)
    caplog.set_level(logging.DEBUG)
    with pytest.raises(APIError) as caught:
        _call(fake, mode)
    result = walk(caught.value, API_KEY)
    for record in caplog.records:
        result.text(f"log {record.name}", record.getMessage())
    assert result.leaks == [], f"{fault}/{mode}: the key shows in {result.leaks}"
    assert result.checks > 10


def test_the_fake_really_echoes_the_key(serve: ServeFn) -> None:
    fake = serve("openai-chat", [FAULTS["400"]], echo_key=True)
    answer = httpx.post(f"{fake.url}/v1/chat/completions", json={"model": "m", "messages": []},
                        headers={"authorization": f"Bearer {API_KEY}"})  # fmt: skip
    assert API_KEY in answer.headers["x-request-id"]
    assert API_KEY in answer.text


def test_the_walk_finds_a_key_anywhere_in_the_chain() -> None:
    request = httpx.Request("POST", "http://127.0.0.1/", headers={"authorization": f"Bearer {API_KEY}"})
    inner = httpx.ReadError("boom", request=request)
    try:
        try:
            raise inner
        except httpx.ReadError:
            raise wirechat.WireError([wirechat.Problem("", "x")]) from None  # context kept, as before the fix
    except wirechat.WireError as exc:
        found = walk(exc, API_KEY)
    assert any("__context__" in leak for leak in found.leaks)
    assert walk(ValueError(f"code {API_KEY}"), API_KEY).leaks == ["str(ValueError)", "repr(ValueError)",
                                                                  "ValueError.args[0]"]  # fmt: skip
