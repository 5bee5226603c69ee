"""Decodes of texts from 4 KiB run with the cyclic GC paused (decision 031 and its addendum): no collection
during such a decode, the collector on again afterwards (also after a refusal), and left off if the caller
turned it off."""

from __future__ import annotations

import gc
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import wirechat
from wirechat import codec, fast

ENGINES: dict[str, Callable[[bytes], Any]] = {
    "wirechat.decode": lambda raw: wirechat.decode(raw, wirechat.ChatRequest),
    "fast.decode": lambda raw: fast.decode(raw, fast.ChatRequest),
}


def _request(size: int, bad: bool = False) -> bytes:
    message = {"role": "user", "parts": [{"type": "text", "text": "x" * 40}] * 20}
    count = size // len(json.dumps(message)) + 1
    messages: list[Any] = [message] * count + ([{"role": 5, "parts": []}] if bad else [])
    return json.dumps({"messages": messages}).encode()


BIG = _request(1 << 20)
SMALL = _request(codec._GC_PAUSE_FROM // 2)


@pytest.fixture
def collections() -> Iterator[list[str]]:
    """The collections that start while the test runs (``gc.callbacks``), with thresholds that make one
    start every few hundred allocations."""
    started: list[str] = []

    def note(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started.append(phase)

    thresholds = gc.get_threshold()
    gc.set_threshold(100, 2, 2)
    gc.callbacks.append(note)
    try:
        yield started
    finally:
        gc.callbacks.remove(note)
        gc.set_threshold(*thresholds)


@pytest.mark.parametrize("decode", ENGINES.values(), ids=ENGINES.keys())
def test_a_decode_of_a_mebibyte_runs_no_collection(decode: Callable[[bytes], Any], collections: list[str]) -> None:
    assert len(BIG) >= codec._GC_PAUSE_FROM
    decode(SMALL)  # the type's plan and validator are built on first use, outside the pause
    collections.clear()
    decode(BIG)
    assert collections == []
    assert gc.isenabled()


def test_refusing_many_bad_parts_runs_no_collection(collections: list[str]) -> None:
    """The resource suite's many-bad-parts row: 2,500 parts of 28 bytes, each refused; in a process holding
    a large heap the collections took most of the time and grew faster than the input."""
    parts = ",".join(f'{{"type":"text","text":{i}}}' for i in range(2500))
    text = ('{"role":"user","parts":[' + parts + "]}").encode()
    with pytest.raises(wirechat.WireError):
        wirechat.decode(text, wirechat.Message)
    collections.clear()
    with pytest.raises(wirechat.WireError):
        wirechat.decode(text, wirechat.Message)
    assert len(collections) <= 1  # the one the first allocation after the pause starts (dozens without it)


@pytest.mark.parametrize("decode", ENGINES.values(), ids=ENGINES.keys())
def test_a_small_decode_leaves_the_collector_running(decode: Callable[[bytes], Any], collections: list[str]) -> None:
    decode(SMALL)
    assert collections != []


@pytest.mark.parametrize("decode", ENGINES.values(), ids=ENGINES.keys())
def test_the_collector_is_back_on_after_a_refused_large_document(decode: Callable[[bytes], Any]) -> None:
    with pytest.raises(wirechat.WireError):
        decode(_request(codec._GC_PAUSE_FROM, bad=True))
    assert gc.isenabled()


@pytest.mark.parametrize("decode", ENGINES.values(), ids=ENGINES.keys())
def test_a_collector_the_caller_turned_off_stays_off(decode: Callable[[bytes], Any]) -> None:
    gc.disable()
    try:
        decode(BIG)
        assert not gc.isenabled()
    finally:
        gc.enable()
