"""openai-chat's typed read of text-fragment chunks (``stream_fast``) gives exactly what the dict path gives:
the same events, errors and kept metadata, on chunks drawn around that shape (wrong types, extra members,
duplicate keys, deep nesting, NaN, cut JSON), each read with the fast read on and off."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wirechat.adapters import get
from wirechat.adapters.openai_chat import stream_fast

pytestmark = pytest.mark.skipif(stream_fast._decode is None, reason="msgspec (wirechat[fast]) is not installed")

OPENING = '{"id":"c","model":"m","created":1,"choices":[{"index":0,"delta":{"role":"assistant","content":"x"}}]}'
CLOSING = ['{"id":"c","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}', "[DONE]"]

odd: st.SearchStrategy[Any] = st.sampled_from([None, True, 0.0, 1.5, -1, "s", 2**70, [], {}])
member = st.one_of(st.text(max_size=4), st.integers(0, 3), odd)


def nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


@st.composite
def chunks(draw: st.DrawFn) -> str:
    """Mostly the common chunk (so the fast read is taken), each member now and then odd or extra."""

    def sometimes(values: st.SearchStrategy[Any], usual: Any) -> Any:
        return draw(values) if draw(st.integers(0, 4)) == 0 else usual

    delta: dict[str, Any] = {"content": sometimes(odd, draw(st.text(max_size=6)))}
    if draw(st.integers(0, 4)) == 0:
        delta[draw(st.sampled_from(["role", "refusal", "tool_calls", "reasoning_content"]))] = draw(member)
    choice: dict[str, Any] = {"delta": delta, "index": sometimes(st.sampled_from([1, True, 0.0]), 0)}
    choice["finish_reason"] = sometimes(member, None)
    choice["logprobs"] = sometimes(st.just({"content": []}), None)
    if draw(st.integers(0, 4)) == 0:
        choice["extra"] = draw(member)
    choices = sometimes(st.sampled_from([[], [choice, choice]]), [choice])
    chunk: dict[str, Any] = {"id": "c", "choices": choices}
    chunk["created"] = sometimes(member, draw(st.integers(0, 3)))
    for name in ("system_fingerprint", "service_tier"):
        chunk[name] = sometimes(member, draw(st.sampled_from(["fp1", "fp2", None])))
    for name in ("usage", "error", "object"):
        if draw(st.integers(0, 4)) == 0:
            chunk[name] = draw(member | st.none())
    if draw(st.integers(0, 9)) == 0:
        chunk["deep"] = nested(draw(st.sampled_from([5, 199, 240, 260, 600])))
    text = json.dumps(chunk, separators=(",", ":"))
    match draw(st.integers(0, 12)):
        case 0:
            text = text[: draw(st.integers(0, len(text)))]  # cut
        case 1:
            text = text.replace('"id":"c"', '"x":NaN', 1)
        case 2:
            text = text.replace('"content":', '"content":"dup","content":', 1)
        case 3:
            text = text.replace('{"delta"', '{"delta":{"content":"first"},"delta"', 1)
        case 4:
            text = text.replace('"id":"c"', '"id":"\\ud800"', 1)
        case _:
            pass
    return text


def _read(chunks_: list[str]) -> list[Any]:
    decoder: Any = get("openai-chat").stream_decoder()
    seen: list[Any] = []
    for data in [OPENING, *chunks_, *CLOSING]:
        try:
            events = decoder.feed_data(None, data)
        except Exception as exc:  # a TypeError too: the dict path raises one on "tool_calls": 1
            seen.append(("raised", type(exc).__name__, str(exc)))
            continue
        seen += [(type(e).__name__, sorted(e.model_fields_set), e.model_dump(mode="json")) for e in events]
    return [*seen, decoder.__dict__.get("_metadata")]


@settings(max_examples=300)
@given(st.lists(chunks(), min_size=1, max_size=4))
def test_the_fast_read_gives_what_the_dict_path_gives(drawn: list[str]) -> None:
    fast = _read(drawn)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(stream_fast, "_decode", None)
        slow = _read(drawn)
    assert fast == slow


def test_the_fast_read_takes_the_common_chunk_and_leaves_the_rest() -> None:
    common = '{"id":"c","created":1,"system_fingerprint":"fp","choices":[{"index":0,"delta":{"content":"a"}}]}'
    assert stream_fast.text_fragment(common) is not None
    for other in (common.replace('"index":0', '"index":true'), common.replace('"a"}', '"a","role":"assistant"}'),
                  common.replace('"created":1', '"created":1.0'), common[:-1],
                  common.replace('"id":"c"', '"deep":' + json.dumps(nested(200)))):  # fmt: skip
        assert stream_fast.text_fragment(other) is None, other
