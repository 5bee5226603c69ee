"""A web search, then a follow-up question: ``wirechat.Client("openai-responses")`` against
``FakeProvider("openai-responses")`` on 127.0.0.1, which plays a turn with a ``web_search_call`` item and a
message whose text carries ``url_citation`` annotations, streamed and not. The first turn reads as a provider-run
call, its result (the sources) and a cited text; the second request carries the first turn's item byte for byte
and its annotations (issue 23: "the second turn of any conversation in which GPT searched the web fails")."""

from __future__ import annotations

import json
from typing import Any

import pytest

import wirechat
from tests.client.conftest import ServeFn, client_for
from wirechat import ChatRequest, ChatResponse
from wirechat.testing.fake_provider import FakeProvider

pytestmark = pytest.mark.timeout(30)

SOURCES = [{"type": "url", "url": "https://example.com/paris"}, {"type": "url", "url": "https://example.com/wx"}]
TEXT = "Sunny in Paris, 21 degrees."
SEARCHED = {
    "web_search": {"id": "ws_fake_1", "query": "weather Paris", "results": [
        {"url": "https://example.com/paris", "title": "Paris weather", "cited_text": "Sunny in Paris"},
        {"url": "https://example.com/wx", "title": "Forecasts"},
    ]},
    "text": TEXT,
    "chunk_size": 5,
}  # fmt: skip
FIRST = ChatRequest.model_validate({
    "model": "gpt-5.1",
    "messages": [{"role": "user", "parts": [{"type": "text", "text": "Weather in Paris?"}]}],
    "provider_tools": [{"issuer": "openai", "type": "web_search", "definition": {"type": "web_search"}}],
})  # fmt: skip


def follow_up(first: ChatResponse) -> ChatRequest:
    document = json.loads(wirechat.encode(FIRST))
    document["messages"] += [json.loads(wirechat.encode(first.message)),
                             {"role": "user", "parts": [{"type": "text", "text": "Tomorrow?"}]}]  # fmt: skip
    return ChatRequest.model_validate(document)


def first_turn(client: wirechat.Client, streamed: bool) -> ChatResponse:
    if not streamed:
        return client.chat(FIRST)
    with client.stream(FIRST) as stream:
        events = list(stream)
        assert [event.type for event in events if event.type == "part"] == ["part", "part"]
        return stream.until_done()


PLAYED_ITEM: dict[str, Any] = {"type": "web_search_call", "id": "ws_fake_1", "status": "completed",
                               "action": {"type": "search", "query": "weather Paris", "sources": SOURCES}}  # fmt: skip
"""The item the fake writes for the scripted search."""


@pytest.mark.parametrize("streamed", [False, True], ids=["plain", "streamed"])
def test_a_web_search_turn_then_a_follow_up_question(serve: ServeFn, streamed: bool) -> None:
    fake = serve("openai-responses", [{"reply": SEARCHED}, {"reply": {"text": "Rain tomorrow."}}])
    with client_for(fake) as client:
        first = first_turn(client, streamed)
        parts = first.message.parts
        assert [part.type for part in parts] == ["provider_tool_call", "provider_tool_result", "text"]
        call, result, text = parts
        assert (call.provider_tool_call.name, call.provider_tool_call.input) == (
            "web_search", {"type": "search", "query": "weather Paris"})  # fmt: skip
        assert call.provider_tool_call.block == PLAYED_ITEM
        assert result.provider_tool_result.output == SOURCES
        assert text.text == TEXT and [c.url for c in text.citations] == ["https://example.com/paris"]
        assert (text.citations[0].start_index, text.citations[0].end_index) == (0, 14)
        second = client.chat(follow_up(first))
    assert second.message.parts[0].text == "Rain tomorrow."
    sent = fake.requests[1].body
    assert sent["tools"] == [{"type": "web_search"}]
    assert sent["input"][1] == PLAYED_ITEM  # the first turn's item, byte for byte, once
    assert [item.get("type") for item in sent["input"]].count("web_search_call") == 1
    message = sent["input"][2]
    assert message["content"][0]["annotations"] == [
        {
            "type": "url_citation",
            "url": "https://example.com/paris",
            "title": "Paris weather",
            "start_index": 0,
            "end_index": 14,
        }
    ]


def test_the_streamed_and_plain_first_turns_are_the_same(serve: ServeFn) -> None:
    fake = serve("openai-responses", [{"reply": SEARCHED}, {"reply": SEARCHED}])
    with client_for(fake) as client:
        assert wirechat.encode(first_turn(client, True)) == wirechat.encode(first_turn(client, False))


def test_a_fake_that_plays_no_web_search_refuses_the_script() -> None:
    with pytest.raises(ValueError, match="does not play a web search"):
        FakeProvider("openai-chat", [{"reply": SEARCHED}])
