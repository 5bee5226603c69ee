"""Gemini's typed read of text-continuation chunks (``stream_fast``) gives exactly what the dict path gives:
the same events, errors and state, on chunks drawn around that shape, read with the fast read on and off."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wirechat.adapters import get
from wirechat.adapters.gemini import stream_fast

pytestmark = pytest.mark.skipif(stream_fast._decode is None, reason="msgspec (wirechat[fast]) is not installed")

OPENING = '{"candidates":[{"content":{"role":"model","parts":[{"text":"x"}]},"index":0}],"responseId":"r"}'
CLOSING = '{"candidates":[{"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":1}}'

odd: st.SearchStrategy[Any] = st.sampled_from([None, True, 0.0, 1.5, -1, "s", 2**70, [], {}])


@st.composite
def chunks(draw: st.DrawFn) -> str:
    """Mostly the common chunk, each member now and then odd or extra."""

    def sometimes(values: st.SearchStrategy[Any], usual: Any) -> Any:
        return draw(values) if draw(st.integers(0, 4)) == 0 else usual

    part: dict[str, Any] = {"text": sometimes(odd, draw(st.text(max_size=6)))}
    if draw(st.integers(0, 5)) == 0:
        part[draw(st.sampled_from(["thought", "thoughtSignature", "functionCall", "inlineData"]))] = draw(
            st.sampled_from([True, "sig", {"name": "f", "args": {}}, {"mimeType": "a/b", "data": "AA=="}])
        )
    parts = sometimes(st.sampled_from([[], [part, part], "p"]), [part])
    candidate: dict[str, Any] = {
        "content": sometimes(st.sampled_from([None, {}, "c"]), {"role": "model", "parts": parts})
    }
    candidate["index"] = sometimes(st.sampled_from([1, True, 0.0]), 0)
    if draw(st.integers(0, 5)) == 0:
        candidate[draw(st.sampled_from(["finishReason", "safetyRatings", "groundingMetadata"]))] = draw(
            st.sampled_from(["STOP", "MAX_TOKENS", [], {"x": 1}])
        )
    chunk: dict[str, Any] = {"candidates": sometimes(st.sampled_from([[], [candidate, candidate]]), [candidate])}
    chunk["modelVersion"] = sometimes(odd, "gemini-2.5-flash")
    chunk["responseId"] = sometimes(odd, "r")
    if draw(st.integers(0, 5)) == 0:
        chunk[draw(st.sampled_from(["usageMetadata", "promptFeedback", "error"]))] = draw(
            st.sampled_from([{"promptTokenCount": 2}, {"blockReason": "SAFETY"}, {"code": 429, "message": "m"}, 1])
        )
    if draw(st.integers(0, 9)) == 0:
        chunk[draw(st.sampled_from(["deep", "modelVersion"]))] = json.loads("[" * 300 + "]" * 300)
    text = json.dumps(chunk, separators=(",", ":"))
    match draw(st.integers(0, 10)):
        case 0:
            text = text[: draw(st.integers(0, len(text)))]
        case 1:
            text = text.replace('"responseId":', '"x":NaN,"responseId":', 1)
        case 2:
            text = text.replace('{"text":', '{"text":"dup","text":', 1)
        case _:
            pass
    return text


def _read(drawn: list[str]) -> list[Any]:
    decoder: Any = get("gemini").stream_decoder()
    seen: list[Any] = []
    for data in [OPENING, *drawn, CLOSING]:
        try:
            events = decoder.feed_data(None, data)
        except Exception as exc:  # whatever the dict path raises, both must raise it
            seen.append(("raised", type(exc).__name__, str(exc)))
            continue
        seen += [(type(e).__name__, sorted(e.model_fields_set), e.model_dump(mode="json")) for e in events]
    try:
        seen += [(type(e).__name__, e.model_dump(mode="json")) for e in decoder.close()]
    except ValueError as exc:  # a NaN kept in the metadata: the finish event refuses it
        seen.append(("raised", type(exc).__name__, str(exc)))
    return [*seen, {k: v for k, v in vars(decoder).items() if k != "_usage"}]


@settings(max_examples=300)
@given(st.lists(chunks(), min_size=1, max_size=4))
def test_the_fast_read_gives_what_the_dict_path_gives(drawn: list[str]) -> None:
    fast = _read(drawn)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(stream_fast, "_decode", None)
        slow = _read(drawn)
    assert repr(fast) == repr(slow)  # repr: a NaN kept in the metadata is not equal to itself


def test_the_fast_read_takes_the_common_chunk_only() -> None:
    common = '{"candidates":[{"content":{"role":"model","parts":[{"text":"a"}]},"index":0}],"modelVersion":"g"}'
    assert stream_fast.text_piece(common) == "a"
    for other in (common.replace('"index":0', '"index":false'), common[:-1],
                  common.replace('{"text":"a"}', '{"text":"a","thought":true}'),
                  common.replace('"modelVersion"', '"usageMetadata":{},"modelVersion"')):  # fmt: skip
        assert stream_fast.text_piece(other) is None, other
