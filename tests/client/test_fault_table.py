"""The client fault table (``conformance/faults/client-faults.json``) against the Python client, blocking and
asyncio, over the fake provider on 127.0.0.1: every row ends in its typed error within the profile's bounds of
time and memory (the peak of Python's allocations during the call, ``tracemalloc``: a process's peak RSS
only ever rises, so after one large row it would hide the next). ``WIRECHAT_FAULTS=long`` runs the long
profile (the sizes of issue 27, default caps)."""

from __future__ import annotations

import asyncio
import json
import os
import time
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

import wirechat
from tests.client.conftest import API_KEY, REQUEST
from wirechat.testing.fake_provider import FakeProvider
from wirechat.transport import (
    APIError,
    APITimeoutError,
    Limits,
    RedirectRefusedError,
    ResponseTooLargeError,
    Timeouts,
)

TABLE = json.loads((Path(__file__).parents[2] / "conformance" / "faults" / "client-faults.json").read_text())
PROFILE_NAME = os.environ.get("WIRECHAT_FAULTS", "short")
PROFILE = TABLE["profiles"][PROFILE_NAME]
ERRORS: dict[str, type[APIError]] = {
    "too-large": ResponseTooLargeError,
    "redirect-refused": RedirectRefusedError,
    "timeout": APITimeoutError,
    "status": APIError,
}

pytestmark = pytest.mark.timeout(PROFILE["seconds"] * 4 + 30)


def turn(row: dict[str, Any]) -> dict[str, Any]:
    hostile = {**row["hostile"], "bytes": row["bytes"][PROFILE_NAME]}
    if "interval_ms" in row:
        hostile["interval_ms"] = row["interval_ms"][PROFILE_NAME]
    return {"hostile": hostile}


def options() -> dict[str, Any]:
    timeouts = PROFILE["timeouts"]
    return {
        "api_key": API_KEY,
        "max_retries": 0,
        "limits": Limits(**PROFILE["limits"]),
        "timeout": Timeouts(connect=2, read=timeouts["read_s"], write=2, pool=2, total=timeouts["total_s"]),
    }


def start_tracing() -> None:
    tracemalloc.start()
    tracemalloc.reset_peak()


def traced_peak_mib() -> float:
    peak = tracemalloc.get_traced_memory()[1] / (1 << 20)
    tracemalloc.stop()
    return peak


def check(
    row: dict[str, Any], failure: BaseException | None, seconds: float, growth: float, fake: FakeProvider
) -> None:
    expect = row["expect"]
    assert isinstance(failure, ERRORS[expect["error"]]), f"{row['name']}: got {failure!r}"
    assert failure.kind == expect["kind"], failure
    if "status" in expect:
        assert failure.status == expect["status"], failure
    if "requests" in expect:
        assert len(fake.requests) == expect["requests"], [request.path for request in fake.requests]
    assert API_KEY not in str(failure)
    assert seconds < PROFILE["seconds"], f"{row['name']}: {seconds:.2f} s"
    assert growth < PROFILE["rss_growth_mib"], f"{row['name']}: allocations peaked at {growth:.0f} MiB"
    print(f"\n{row['name']}: {type(failure).__name__} in {seconds:.2f} s, allocations peaked at {growth:.1f} MiB")


def run_blocking(client: wirechat.Client, call: str) -> None:
    if call == "chat":
        client.chat(REQUEST)
    else:
        with client.stream(REQUEST) as stream:
            stream.until_done()


async def run_async(client: wirechat.AsyncClient, call: str) -> None:
    if call == "chat":
        await client.chat(REQUEST)
    else:
        async with client.stream(REQUEST) as stream:
            await stream.until_done()


@pytest.mark.parametrize("row", TABLE["faults"], ids=[row["name"] for row in TABLE["faults"]])
def test_fault_row_blocking(row: dict[str, Any]) -> None:
    with FakeProvider("openai-chat", [turn(row)], api_key=API_KEY) as fake:
        client = wirechat.Client("openai-chat", base_url=fake.url, **options())
        start_tracing()
        start = time.monotonic()
        failure: BaseException | None = None
        try:
            run_blocking(client, row["call"])
        except APIError as exc:
            failure = exc
        seconds, growth = time.monotonic() - start, traced_peak_mib()
        client.close()
        check(row, failure, seconds, growth, fake)


@pytest.mark.parametrize("row", TABLE["faults"], ids=[row["name"] for row in TABLE["faults"]])
def test_fault_row_async(row: dict[str, Any]) -> None:
    async def main() -> tuple[BaseException | None, float]:
        client = wirechat.AsyncClient("openai-chat", base_url=fake.url, **options())
        start = time.monotonic()
        try:
            await run_async(client, row["call"])
        except APIError as exc:
            return exc, time.monotonic() - start
        finally:
            await client.aclose()
        return None, time.monotonic() - start

    with FakeProvider("openai-chat", [turn(row)], api_key=API_KEY) as fake:
        start_tracing()
        failure, seconds = asyncio.run(main())
        check(row, failure, seconds, traced_peak_mib(), fake)


@pytest.mark.parametrize(
    ("call", "fault"),
    [
        ("chat", {"type": "status", "status": 400, "message": "bad"}),
        ("stream", {"type": "error_event", "after": 2, "message": "boom"}),
    ],
)
def test_no_frame_of_a_failed_call_holds_the_echoed_key(call: str, fault: dict[str, Any]) -> None:
    # Before: ``post`` kept the response headers (where an echoing server put the key) in its locals, and a
    # stream's ``_run``, ``feed`` and ``_take`` the chunk and the event text.
    script = [{"fault": fault, "reply": {"text": "hello there friend"}}]
    with FakeProvider("openai-chat", script, api_key=API_KEY, echo_key=True) as fake:
        client = wirechat.Client("openai-chat", base_url=fake.url, **options())
        with pytest.raises(APIError) as caught:
            run_blocking(client, call)
        client.close()
    leaks = []
    frame_tb = caught.value.__traceback__
    while frame_tb is not None:
        for name, value in list(frame_tb.tb_frame.f_locals.items()):
            if API_KEY in repr(value):
                leaks.append(f"{frame_tb.tb_frame.f_code.co_name}.{name}")
        frame_tb = frame_tb.tb_next
    assert leaks == []
