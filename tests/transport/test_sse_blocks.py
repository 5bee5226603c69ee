"""The block fast path of ``SseDecoder`` against a line-by-line reader of the WHATWG rules, on streams
made of the lines that tell them apart (comments, ``id:``, several ``data:`` lines, ``data:`` without a
space, runs of blank lines, byte-order marks, ``\\r``), cut into chunks anywhere."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from wirechat.adapters import SseEvent
from wirechat.transport.sse import SseDecoder

LINES = ["data: a", "data:b", "data:  c", "data: {\"x\": 1}", "event: e", "event:", ": note", "id: 1", "retry: 5",
         "data", "", "", "data: é€😀", "event: message_start", "data: [DONE]"]  # fmt: skip


def reference(text: str) -> list[SseEvent]:
    """Line by line, as the spec reads it (the body's end dispatches a pending event, as ``flush`` does)."""
    text = text.removeprefix("\ufeff")
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    events: list[SseEvent] = []
    data: list[str] = []
    name: str | None = None
    for line in [*lines, ""]:
        if not line:
            if data:
                events.append(SseEvent(name, "\n".join(data)))
            data, name = [], None
            continue
        field, colon, value = line.partition(":")
        if not field and colon:
            continue
        value = value[1:] if value[:1] == " " else value
        if field == "event":
            name = value
        elif field == "data":
            data.append(value)
    return events


@given(
    st.lists(st.sampled_from(LINES), max_size=24),
    st.sampled_from(["\n", "\r\n", "\r"]),
    st.booleans(),
    st.lists(st.integers(1, 40), min_size=1, max_size=8),
)
def test_any_stream_any_chunking_reads_as_the_line_reader(
    lines: list[str], ending: str, bom: bool, cuts: list[int]
) -> None:
    text = ("\ufeff" if bom else "") + ending.join(lines)
    raw = text.encode("utf-8")
    decoder, got, at, turn = SseDecoder(), [], 0, 0
    while at < len(raw):
        size = cuts[turn % len(cuts)]
        got += decoder.feed(raw[at : at + size])
        at, turn = at + size, turn + 1
    got += decoder.flush()
    assert got == reference(text)


def test_a_body_without_any_line_ending_loses_its_byte_order_mark() -> None:
    decoder = SseDecoder()
    assert decoder.feed('\ufeffdata: {"a":1}'.encode()) == []
    assert decoder.flush() == [SseEvent(None, '{"a":1}')]


def test_pairs_are_the_events_fields() -> None:
    decoder = SseDecoder()
    assert decoder.feed_pairs(b"event: x\ndata: 1\n\ndata: 2\n\n: c\ndata: 3\ndata: 4\n\n") == [
        ("x", "1"), (None, "2"), (None, "3\n4")
    ]  # fmt: skip
    assert decoder.feed_pairs(b"event: y\ndata: 5") == [] and decoder.flush_pairs() == [("y", "5")]
