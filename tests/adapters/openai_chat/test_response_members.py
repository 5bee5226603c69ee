"""No member of a Chat Completions reply is dropped without a word (issue 23, class "response data dropped
without a word"): each is mapped, kept in ``provider_metadata.openai`` and written back, or reported as
``provider.unmapped`` with its pointer, in bodies and in streams. Every body here is a recorded one
(``conformance/recorded/openai-chat``) unless its name says it is written for the test."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.adapters.recorded_bodies import body, decode_stream, fold_stream, round_trip
from wirechat.adapters import ConversionWarning, SseEvent, get

ADAPTER = get("openai-chat")
AZURE = "openai-chat/mirascope-call-with-tools-azure-gpt-5-mini-sync-1.response.json"
TWO_CHOICES = "openai-chat/dd-trace-py-litellm-completion-multiple-choices.response.json"
TWO_CHOICES_STREAM = "openai-chat/dd-trace-py-litellm-completion-stream-multiple-choices-with-tools.stream.sse"
FILTERED = "openai-chat/openllmetry-traces-test-azure-test-chat-content-filtering-1.response.json"


def test_azure_content_filter_results_are_kept_and_written_back() -> None:
    """Was: ``prompt_filter_results`` and ``content_filter_results`` (Azure OpenAI) dropped silently."""
    decoded, warnings, lost = round_trip(ADAPTER, AZURE)
    assert (warnings, lost) == ([], [])
    kept = decoded.provider_metadata["openai"]  # type: ignore[index]
    assert kept["prompt_filter_results"] == body(AZURE)["prompt_filter_results"]
    assert "content_filter_results" in kept


def test_a_filtered_choice_without_a_message_is_an_empty_reply_not_an_error() -> None:
    """Was: ``ValueError: /choices/0/message: required object is missing`` (Azure filtered the whole reply)."""
    decoded, warnings, lost = round_trip(ADAPTER, FILTERED)
    assert decoded.message.parts == [] and decoded.finish_reason.kind == "content_filter"
    assert (warnings, lost) == ([], [])


def test_choices_after_the_first_are_reported_not_kept_silently() -> None:
    """Was: ``n > 1`` choices carried in ``provider_metadata`` without a warning."""
    decoded, warnings, lost = round_trip(ADAPTER, TWO_CHOICES)
    assert [(w.feature, w.where) for w in warnings] == [("provider.unmapped", "/choices/1")]
    assert lost == []
    assert decoded.message.parts[0].text.startswith("Not much, just here and ready")  # type: ignore[union-attr]


def test_a_stream_reports_each_other_choice_once_at_the_event_it_came_in() -> None:
    """Was: the chunks of choice 1 skipped without a word (``n > 1`` streams)."""
    folded, warnings = fold_stream(ADAPTER, TWO_CHOICES_STREAM)
    assert [(w.feature, w.where) for w in warnings] == [("provider.unmapped", "/2/choices/0")]
    assert [part.type for part in folded.message.parts] == ["tool_call"]


def _chunk(**members: Any) -> SseEvent:
    choice = {"index": 0, "delta": {"content": "hi"}, "finish_reason": None}
    return SseEvent(None, json.dumps({"id": "c", "object": "chat.completion.chunk", "choices": [choice], **members}))


def test_an_unknown_chunk_member_is_reported_once_even_on_the_fast_text_path() -> None:
    """Written for the test: a member repeated on every chunk (here ``mystery``) is reported where it first
    came, including on chunks that only add text (the typed fast path must not skip it)."""
    decoder = ADAPTER.stream_decoder()
    for event in [_chunk(), _chunk(mystery=1), _chunk(mystery=2), SseEvent(None, "[DONE]")]:
        decoder.feed(event)
    assert [(w.feature, w.where) for w in decoder.warnings] == [("provider.unmapped", "/1/mystery")]


def test_obfuscation_padding_is_read_as_nothing() -> None:
    """``obfuscation`` pads streamed chunks to hide their length (OpenAI's ``include_obfuscation``)."""
    decoder = ADAPTER.stream_decoder()
    for event in [_chunk(obfuscation="x2"), _chunk(obfuscation="k"), SseEvent(None, "[DONE]")]:
        decoder.feed(event)
    assert decoder.warnings == []


def test_an_unknown_message_member_is_reported_with_its_pointer() -> None:
    """Written for the test, as Azure-hosted models answer: ``reasoning_content`` is not OpenAI's member."""
    reply = {"id": "x", "choices": [{"index": 0, "finish_reason": "stop",
             "message": {"role": "assistant", "content": "ok", "reasoning_content": "hm", "seed": None}}]}  # fmt: skip
    warnings: list[ConversionWarning] = []
    ADAPTER.decode_response(reply, warnings)
    assert [w.where for w in warnings] == ["/choices/0/message/reasoning_content"]  # a null says nothing


@pytest.mark.parametrize(
    "path",
    [
        "openai-chat/mirascope-refusal-openai-gpt-4o-completions-stream.stream.sse",
        "openai-chat/mirascope-max-tokens-openai-gpt-5-mini-completions-stream.stream.sse",
    ],
)
def test_recorded_openai_streams_decode_without_a_warning(path: str) -> None:
    _, warnings = decode_stream(ADAPTER, path)
    assert warnings == []
