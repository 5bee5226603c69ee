"""Anthropic's typed read of ``text_delta`` events (``stream_fast``) gives exactly what the dict path gives:
the same events and errors, on events drawn around that shape, read with the fast read on and off."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wirechat.adapters import get
from wirechat.adapters.anthropic import stream_fast

pytestmark = pytest.mark.skipif(stream_fast._decode is None, reason="msgspec (wirechat[fast]) is not installed")

OPENING = [
    ("message_start", '{"type":"message_start","message":{"id":"m","model":"c","usage":{"input_tokens":1}}}'),
    ("content_block_start", '{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}'),
]
CLOSING = [
    ("content_block_stop", '{"type":"content_block_stop","index":0}'),
    ("message_stop", '{"type":"message_stop"}'),
]
odd: st.SearchStrategy[Any] = st.sampled_from([None, True, 0.0, 1.5, -1, "s", 2**70, [], {}, 2**53])


@st.composite
def events(draw: st.DrawFn) -> str:
    """Mostly a text delta, each member now and then odd, missing or extra."""

    def sometimes(values: st.SearchStrategy[Any], usual: Any) -> Any:
        return draw(values) if draw(st.integers(0, 4)) == 0 else usual

    kinds = st.sampled_from(["thinking_delta", "input_json_delta", 1])
    delta: dict[str, Any] = {"type": sometimes(kinds, "text_delta"), "text": sometimes(odd, draw(st.text(max_size=6)))}
    if draw(st.integers(0, 5)) == 0:
        del delta[draw(st.sampled_from(["type", "text"]))]
    if draw(st.integers(0, 5)) == 0:
        delta[draw(st.sampled_from(["thinking", "partial_json", "extra"]))] = "x"
    event: dict[str, Any] = {"type": sometimes(st.sampled_from(["content_block_start", "ping", None]),
                                               "content_block_delta"),
                             "index": sometimes(odd | st.just(1), 0), "delta": sometimes(odd, delta)}  # fmt: skip
    if draw(st.integers(0, 5)) == 0:
        del event[draw(st.sampled_from(["type", "index", "delta"]))]
    if draw(st.integers(0, 9)) == 0:
        event["deep"] = json.loads("[" * 300 + "]" * 300)
    text = json.dumps(event, separators=(",", ":"))
    match draw(st.integers(0, 10)):
        case 0:
            text = text[: draw(st.integers(0, len(text)))]
        case 1:
            text = text.replace('"index":', '"x":NaN,"index":', 1)
        case 2:
            text = text.replace('"text":', '"text":"dup","text":', 1)
        case _:
            pass
    return text


def _read(drawn: list[str]) -> str:
    decoder: Any = get("anthropic").stream_decoder()
    seen: list[Any] = []
    for name, data in [*OPENING, *(("content_block_delta", text) for text in drawn), *CLOSING]:
        try:
            out = decoder.feed_data(name, data)
        except Exception as exc:  # whatever the dict path raises, both must raise it
            seen.append(("raised", type(exc).__name__, str(exc)))
            continue
        seen += [(type(e).__name__, sorted(e.model_fields_set), e.model_dump(mode="json")) for e in out]
    seen += [(type(e).__name__, e.model_dump(mode="json")) for e in decoder.close()]
    return repr([*seen, vars(decoder)])


@settings(max_examples=300)
@given(st.lists(events(), min_size=1, max_size=4))
def test_the_fast_read_gives_what_the_dict_path_gives(drawn: list[str]) -> None:
    fast = _read(drawn)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(stream_fast, "_decode", None)
        slow = _read(drawn)
    assert fast == slow


def test_the_fast_read_takes_text_deltas_only() -> None:
    common = '{"type":"content_block_delta","index":2,"delta":{"type":"text_delta","text":"a"}}'
    assert stream_fast.text_delta_of(common) == (2, "a")
    assert stream_fast.text_delta_of(common.replace('"index":2,', "")) == (0, "a")
    for other in (common.replace('"index":2', '"index":true'), common.replace("text_delta", "thinking_delta"),
                  common[:-1], common.replace('"a"', "null")):  # fmt: skip
        assert stream_fast.text_delta_of(other) is None, other
