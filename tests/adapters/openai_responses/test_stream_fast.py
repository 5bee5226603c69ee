"""The Responses typed read of ``response.output_text.delta`` events (``stream_fast``) gives exactly what the
dict path gives: the same events and errors, on events drawn around that shape (wrong indices, an item or a
part not open, odd types), read with the fast read on and off."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wirechat.adapters import get
from wirechat.adapters.openai_responses import stream_fast

pytestmark = pytest.mark.skipif(stream_fast._decode is None, reason="msgspec (wirechat[fast]) is not installed")

_ITEM = {"type": "message", "id": "m", "role": "assistant", "status": "in_progress", "content": []}
OPENING = [
    {"type": "response.created", "response": {"id": "r", "model": "g", "status": "in_progress", "output": []}},
    {"type": "response.output_item.added", "output_index": 0, "item": _ITEM},
    {"type": "response.output_item.added", "output_index": 1, "item": {"type": "function_call", "id": "f",
                                                                        "call_id": "c", "name": "n", "arguments": ""}},
    {"type": "response.content_part.added", "item_id": "m", "output_index": 0, "content_index": 0,
     "part": {"type": "output_text", "text": "", "annotations": []}},
]  # fmt: skip
CLOSING = [{"type": "response.completed", "response": {"id": "r", "status": "completed", "output": []}}]
odd: st.SearchStrategy[Any] = st.sampled_from([None, True, False, 0.0, 1.5, -1, "0", 2**70, [], {}])


@st.composite
def events(draw: st.DrawFn) -> str:
    """Mostly a text delta of the open part, each member now and then odd, missing or pointing elsewhere."""

    def sometimes(values: st.SearchStrategy[Any], usual: Any) -> Any:
        return draw(values) if draw(st.integers(0, 4)) == 0 else usual

    event: dict[str, Any] = {
        "type": sometimes(st.sampled_from(["response.refusal.delta", "response.output_text.done"]),
                          "response.output_text.delta"),
        "item_id": "m", "output_index": sometimes(odd | st.sampled_from([1, 2]), 0),
        "content_index": sometimes(odd | st.sampled_from([1, 2]), 0),
        "delta": sometimes(odd, draw(st.text(max_size=6))), "logprobs": [], "sequence_number": 4,
    }  # fmt: skip
    if draw(st.integers(0, 5)) == 0:
        del event[draw(st.sampled_from(["type", "output_index", "content_index", "delta"]))]
    if draw(st.integers(0, 9)) == 0:
        event["logprobs"] = json.loads("[" * 300 + "]" * 300)
    text = json.dumps(event, separators=(",", ":"))
    match draw(st.integers(0, 10)):
        case 0:
            text = text[: draw(st.integers(0, len(text)))]
        case 1:
            text = text.replace('"item_id":', '"x":NaN,"item_id":', 1)
        case 2:
            text = text.replace('"delta":', '"delta":"dup","delta":', 1)
        case _:
            pass
    return text


def _read(drawn: list[str]) -> str:
    decoder: Any = get("openai-responses").stream_decoder()
    seen: list[Any] = []
    texts = [json.dumps(e) for e in OPENING] + drawn + [json.dumps(e) for e in CLOSING]
    for data in texts:
        try:
            out = decoder.feed_data(None, data)
        except Exception as exc:  # whatever the dict path raises, both must raise it
            seen.append(("raised", type(exc).__name__, str(exc)))
            continue
        seen += [(type(e).__name__, sorted(e.model_fields_set), e.model_dump(mode="json")) for e in out]
    try:
        seen += [(type(e).__name__, e.model_dump(mode="json")) for e in decoder.close()]
    except ValueError as exc:
        seen.append(("raised", type(exc).__name__, str(exc)))
    return repr(seen)


@settings(max_examples=300)
@given(st.lists(events(), min_size=1, max_size=4))
def test_the_fast_read_gives_what_the_dict_path_gives(drawn: list[str]) -> None:
    fast = _read(drawn)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(stream_fast, "_decode", None)
        slow = _read(drawn)
    assert fast == slow


def test_the_fast_read_takes_text_deltas_of_exact_types_only() -> None:
    common = '{"type":"response.output_text.delta","output_index":0,"content_index":1,"delta":"a","logprobs":[]}'
    assert stream_fast.text_delta_of(common) == (0, 1, "a")
    for other in (common.replace('"output_index":0', '"output_index":false'), common[:-1],
                  common.replace('"a"', "null"), common.replace("output_text.delta", "refusal.delta")):  # fmt: skip
        assert stream_fast.text_delta_of(other) is None, other
