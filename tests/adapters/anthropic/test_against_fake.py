""" "Web search, then a follow-up question" end to end: ``wirechat.Client("anthropic")`` against
``FakeProvider("anthropic")`` over a real socket, streamed and not. The first turn is the web search server
tool's (a ``server_tool_use``, a ``web_search_tool_result`` and cited text); the second request carries that
turn's blocks back byte for byte, as the API needs them (spec section 15; issue 23, "a provider-run tool call
can't be sent back": the second turn of any conversation in which Claude searched the web failed)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.client.conftest import REQUEST, ServeFn, client_for
from wirechat import ChatRequest, Message, ProviderToolCallPart, ProviderToolResultPart, TextPart
from wirechat.testing.fake_provider import FakeProvider, ScriptError

pytestmark = pytest.mark.timeout(30)

SEARCH = {
    "id": "srvtoolu_01",
    "query": "weather in Paris",
    "results": [
        {"url": "https://example.com/paris", "title": "Paris weather", "cited_text": "Sunny, 21 degrees."},
        {"url": "https://example.com/france", "title": "France"},
    ],
}
SCRIPT = [
    {"reply": {"web_search": SEARCH, "text": "It is sunny in Paris.", "chunk_size": 5}},
    {"reply": {"text": "Yes, take sunglasses."}},
]


def _follow_up(first: Message) -> ChatRequest:
    question = Message.model_validate({"role": "user", "parts": [{"type": "text", "text": "Sunglasses?"}]})
    return REQUEST.model_copy(update={"messages": [*REQUEST.messages, first, question]})


@pytest.mark.parametrize("streamed", [False, True], ids=["chat", "stream"])
def test_a_web_search_turn_goes_back_byte_for_byte_in_the_next_request(serve: ServeFn, streamed: bool) -> None:
    fake = serve("anthropic", SCRIPT)
    with client_for(fake) as client:
        if streamed:
            with client.stream(REQUEST) as stream:
                first = stream.until_done()
        else:
            first = client.chat(REQUEST)
        call, result, text = first.message.parts
        assert isinstance(call, ProviderToolCallPart) and isinstance(result, ProviderToolResultPart)
        assert (call.provider_tool_call.name, call.provider_tool_call.input) == (
            "web_search",
            {"query": SEARCH["query"]},
        )
        assert result.provider_tool_result.name == "web_search"
        assert isinstance(text, TextPart) and text.text == "It is sunny in Paris."
        assert [c.url for c in text.citations] == ["https://example.com/paris"]  # type: ignore[union-attr]
        second = client.chat(_follow_up(first.message))
    assert second.message.parts[0].text == "Yes, take sunglasses."  # type: ignore[union-attr]
    sent = fake.requests[1].body["messages"][1]
    assert sent == {"role": "assistant", "content": _first_turn_blocks(fake)}


def _first_turn_blocks(fake: FakeProvider) -> list[dict[str, Any]]:
    """The content of the first turn exactly as the fake writes it in a non-streamed body."""
    reply = fake.script.turns[0].reply
    assert reply is not None
    content: list[dict[str, Any]] = fake.wire.chat_body(reply, {})["content"]
    return content


def test_a_web_search_is_refused_by_a_fake_that_does_not_play_one() -> None:
    with pytest.raises(ScriptError, match=r"turn 1.reply.web_search"):
        FakeProvider("openai-chat", SCRIPT[:1])


def test_a_web_search_script_mistake_names_its_field() -> None:
    with pytest.raises(ScriptError, match=r"turn 1.reply.web_search.results\[0\].url"):
        FakeProvider("anthropic", [{"reply": {"web_search": {"id": "s", "query": "q", "results": [{"title": "t"}]}}}])
