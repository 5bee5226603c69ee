"""The replay gate's own SSE framer (``recorded.sse``): the WHATWG rules it must share with the transport."""

from __future__ import annotations

from wirechat_conformance.recorded.corpus import Body
from wirechat_conformance.recorded.sse import Event, frame


def test_an_event_is_its_name_and_data_up_to_a_blank_line() -> None:
    assert frame(b"event: a\ndata: {}\n\ndata: [DONE]\n\n") == [Event("a", "{}"), Event(None, "[DONE]")]


def test_crlf_and_cr_end_lines_like_lf() -> None:
    assert frame(b"event: a\r\ndata: 1\r\n\r\nevent: b\rdata: 2\r\r") == [Event("a", "1"), Event("b", "2")]


def test_data_lines_join_with_a_newline_and_one_space_after_the_colon_goes() -> None:
    assert frame(b"data:x\ndata:  y\ndata\n\n") == [Event(None, "x\n y\n")]


def test_comments_ids_and_events_without_data_are_not_events() -> None:
    assert frame(b": keep-alive\n\nid: 7\nretry: 10\nevent: ping\n\ndata: 1\n\n") == [Event(None, "1")]


def test_the_name_does_not_carry_over_to_the_next_event() -> None:
    assert frame(b"event: a\ndata: 1\n\ndata: 2\n\n") == [Event("a", "1"), Event(None, "2")]


def test_a_byte_order_mark_is_dropped_and_an_event_pending_at_the_end_is_kept() -> None:
    assert frame("\ufeffdata: é".encode()) == [Event(None, "é")]


def test_a_recorded_stream_frames_into_one_event_per_data_line(bodies: dict[str, Body]) -> None:
    # a stream with CRLF line ends, as recorded
    body = bodies["gemini/fantasy-vertex-gemini-2-5-flash-multi-tool-streaming-1.stream.sse"]
    raw = body.path.read_bytes()
    assert b"\r\n" in raw
    events = body.events()
    assert len(events) == raw.count(b"data:")
    assert all(event.data.startswith("{") for event in events)
