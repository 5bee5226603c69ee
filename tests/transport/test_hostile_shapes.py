"""A provider body or stream whose values have the wrong JSON types (a list where the provider writes an
object, a number where it writes text, a member gone) is an ``invalid_response``, never a ``TypeError`` or
``AttributeError`` out of the library: the adapters' binding turns such faults into ``ProviderShapeError``
(a ``ValueError``) and the client's event pump into ``InvalidResponseError`` (issue 27). Every recorded
fixture of every HTTP adapter, with each value of its first levels replaced in turn by each wrong type."""

from __future__ import annotations

import contextlib
import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from wirechat.adapters import get, names
from wirechat.transport.errors import APIError
from wirechat.transport.events import EventPump

ADAPTERS = [name for name in names() if name not in ("go-model", "querymt")]
WRONG: tuple[Any, ...] = (None, 3, "x", [], {}, [{}])
DEPTH = 3


def _paths(value: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if at:
        yield at
    if len(at) >= DEPTH:
        return
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*at, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:2]):
            yield from _paths(item, (*at, index))


def _replaced(value: Any, path: tuple[Any, ...], wrong: Any) -> Any:
    out = copy.deepcopy(value)
    parent = out
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = copy.deepcopy(wrong)
    return out


def _mutants(value: Any) -> Iterator[Any]:
    for path in _paths(value):
        for wrong in WRONG:
            yield _replaced(value, path, wrong)


def _fixtures(name: str) -> list[dict[str, Any]]:
    folder = getattr(get(name), "fixtures_dir", None)
    paths = sorted(Path(folder).glob("*.json")) if folder else []
    return [json.loads(path.read_text(encoding="utf-8")) for path in paths]


@pytest.mark.parametrize("name", ADAPTERS)
def test_a_response_body_of_wrong_types_is_a_value_error(name: str) -> None:
    adapter, tried, fixtures = get(name), 0, _fixtures(name)
    for fixture in fixtures:
        for body in _mutants(fixture["body"]):
            tried += 1
            with contextlib.suppress(ValueError):
                adapter.decode_response(body, [])
    assert tried > 50 or not fixtures


def _sse(event: dict[str, Any]) -> bytes:
    data = event["data"] if isinstance(event["data"], str) else json.dumps(event["data"])
    name = f"event: {event['event']}\n" if event.get("event") else ""
    return f"{name}data: {data}\n\n".encode()


@pytest.mark.parametrize("name", ADAPTERS)
def test_a_stream_event_of_wrong_types_is_an_invalid_response(name: str) -> None:
    adapter, tried, fixtures = get(name), 0, _fixtures(name)
    for fixture in fixtures:
        events = fixture.get("events", [])
        for index, event in enumerate(events[:6]):
            data = event["data"]
            if isinstance(data, str):
                try:
                    data = json.loads(data)
                except ValueError:  # [DONE] and other plain text
                    continue
            if not isinstance(data, (dict, list)):
                continue
            for mutant in _mutants(data):
                tried += 1
                changed = [*events[:index], {"event": event.get("event"), "data": mutant}, *events[index + 1 :]]
                pump = EventPump(adapter.stream_decoder())
                try:
                    for chunk in changed:
                        pump.feed(_sse(chunk))
                    pump.finish()
                except APIError:  # invalid_response, or the kind of an error event the mutant still reads as one
                    pass
    assert tried > 20 or not fixtures
