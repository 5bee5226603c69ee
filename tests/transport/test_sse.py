"""SSE framing on real byte streams: any chunking of a valid stream gives the same events."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wirechat.adapters import SseEvent
from wirechat.transport.sse import SseDecoder, aiter_sse, iter_sse

pytestmark = pytest.mark.timeout(60)

LINE_ENDINGS = ("\n", "\r\n", "\r")

# Field values: any text without line breaks (NUL and non-BMP included).
values = st.text(st.characters(blacklist_characters="\r\n", blacklist_categories=("Cs",)), max_size=30)
names = st.text(st.characters(blacklist_characters="\r\n:", blacklist_categories=("Cs",)), min_size=1, max_size=12)


@st.composite
def streams(draw: st.DrawFn) -> tuple[bytes, list[SseEvent]]:
    """A valid event stream and the events it stands for."""
    ending = draw(st.sampled_from(LINE_ENDINGS))
    lines: list[str] = []
    expected: list[SseEvent] = []
    if draw(st.booleans()):
        lines.append(": a comment first")
    for _ in range(draw(st.integers(0, 6))):
        name = draw(st.none() | names)
        data = draw(st.lists(values, min_size=1, max_size=3))
        if draw(st.booleans()):
            lines.append(":" + draw(values))  # a comment inside the event
        if name is not None:
            lines.append(f"event: {name}")
        if draw(st.booleans()):
            lines.append("id: 7")
        # "data:x" and "data: x" mean the same; "data:" + " x" would lose the space, so it gets "data:  x".
        lines += [f"data: {line}" if draw(st.booleans()) or line[:1] == " " else f"data:{line}" for line in data]
        lines.append("")
        expected.append(SseEvent(event=name, data="\n".join(data)))
    text = "".join(line + ending for line in lines)
    if expected and draw(st.booleans()):
        text = text[: -len(ending)]  # no final blank line
    if draw(st.booleans()):
        text = "\ufeff" + text
    return text.encode("utf-8"), expected


def split(data: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({cut % (len(data) + 1) for cut in cuts})
    return [data[a:b] for a, b in zip([0, *points], [*points, len(data)], strict=True)]


@given(streams(), st.lists(st.integers(0, 10_000), max_size=12))
def test_any_split_gives_the_same_events(stream: tuple[bytes, list[SseEvent]], cuts: list[int]) -> None:
    data, expected = stream
    assert list(iter_sse(split(data, cuts))) == expected


@given(streams())
def test_byte_at_a_time_gives_the_same_events(stream: tuple[bytes, list[SseEvent]]) -> None:
    data, expected = stream
    assert list(iter_sse(data[i : i + 1] for i in range(len(data)))) == expected


def test_openai_style_stream_with_done() -> None:
    body = b'data: {"a":1}\n\ndata: {"a":2}\n\ndata: [DONE]\n\n'
    assert [event.data for event in iter_sse([body])] == ['{"a":1}', '{"a":2}', "[DONE]"]


def test_anthropic_style_named_events_and_ping() -> None:
    body = (
        b'event: message_start\ndata: {"type":"message_start"}\n\n'
        b'event: ping\ndata: {"type": "ping"}\n\n'
        b": keep-alive comment\n\n"
        b'event: message_stop\ndata: {"type":"message_stop"}\n\n'
    )
    events = list(iter_sse([body]))
    assert [event.event for event in events] == ["message_start", "ping", "message_stop"]


def test_crlf_split_between_cr_and_lf() -> None:
    events = list(iter_sse([b"data: one\r", b"\n\r", b"\ndata: two\r\n\r\n"]))
    assert events == [SseEvent(None, "one"), SseEvent(None, "two")]


def test_lone_cr_endings() -> None:
    assert list(iter_sse([b"event: x\rdata: 1\rdata: 2\r\r"])) == [SseEvent("x", "1\n2")]


def test_multibyte_character_split_across_chunks() -> None:
    data = "data: héllo ☃ 𝄞\n\n".encode()
    cut = data.index("☃".encode()) + 1
    assert list(iter_sse([data[:cut], data[cut:]])) == [SseEvent(None, "héllo ☃ 𝄞")]


def test_event_without_data_is_not_dispatched_and_empty_data_is() -> None:
    assert list(iter_sse([b"event: lonely\n\ndata:\n\n"])) == [SseEvent(None, "")]


def test_field_without_colon_and_unknown_fields_are_ignored() -> None:
    assert list(iter_sse([b"data\nretry: 10\nfoo: bar\ndata: x\n\n"])) == [SseEvent(None, "\nx")]


def test_last_event_id_is_kept() -> None:
    decoder = SseDecoder()
    decoder.feed(b"id: 42\ndata: x\n\n")
    assert decoder.last_event_id == "42"


def test_missing_final_line_ending_is_flushed() -> None:
    decoder = SseDecoder()
    assert decoder.feed(b'data: {"a":1}') == []
    assert decoder.flush() == [SseEvent(None, '{"a":1}')]


def test_async_iteration_matches() -> None:
    async def chunks():  # type: ignore[no-untyped-def]
        for piece in (b"data: a\n", b"\ndata: b\n\n"):
            yield piece

    async def collect() -> list[SseEvent]:
        return [event async for event in aiter_sse(chunks())]

    assert asyncio.run(collect()) == [SseEvent(None, "a"), SseEvent(None, "b")]
