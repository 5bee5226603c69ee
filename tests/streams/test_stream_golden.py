"""The stream path gives exactly the events, folds and errors it gave before the fast path (decision 024):
every recorded, vector, generated and hostile stream of ``golden_cases``, by digest."""

from __future__ import annotations

import json

import pytest

from tests.streams import golden_cases
from wirechat.adapters import SseEvent, get
from wirechat.adapters.openai_chat import stream_fast


@pytest.mark.parametrize("fast_read", [True, False], ids=["msgspec read", "without msgspec"])
def test_every_stream_gives_its_recorded_output(fast_read: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if not fast_read:  # as without the wirechat[fast] extra: openai-chat reads every chunk with jiter
        monkeypatch.setattr(stream_fast, "_decode", None)
    golden = json.loads(golden_cases.GOLDEN.read_text(encoding="utf-8"))
    found = golden_cases.digests()
    moved = sorted(name for name in golden if name in found and found[name][0] != golden[name][0])
    assert not moved, f"these streams' inputs changed (not the stream path); check why: {moved}"
    assert sorted(found) == sorted(golden), "streams were added or removed; write the golden file again"
    assert len(found) > 300
    differ = [name for name in golden if found[name][1] != golden[name][1]]
    assert not differ, (
        f"{len(differ)} streams decode differently than before, e.g. {differ[:5]}; "
        "see one with: python -m tests.streams.golden_cases --show NAME"
    )


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("openai-chat", '{"id":"c","model":"m","choices":[{"index":0,"delta":{"content":"hi!"}}]}'),
        ("anthropic", '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"hi!"}}'),
    ],
)
def test_the_digest_sees_a_one_character_change(name: str, data: str) -> None:
    """The check can fail: one character of one delta changes the output, hence the digest."""
    start = '{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}'
    head = [SseEvent("content_block_start", start)] if name == "anthropic" else []
    one = golden_cases.output(name, [*head, SseEvent(None, data)])
    other = golden_cases.output(name, [*head, SseEvent(None, data.replace("hi!", "hi?"))])
    assert one != other and b"hi!" in one
    assert get(name).stream_decoder() is not None
