"""The fast request passes (decision 023) against the full walks they stand in for.

Every adapter's ``encode_request`` tries its ``request_fast`` pass over the messages first and runs its full
walk when the pass hands over. Here each request is encoded twice, with the fast pass on and with it
switched off (so the full walk, today's encoder, does everything), and the outcomes must be identical: the
body as text (key order included), the warnings in order, or the refusal. The requests are the adapter
gate's generated ones (mostly odd: foreign provider data, names, misplaced parts) and generated ones built
to take the fast pass (plain conversations, tool calls whose arguments are compact or not, with floats,
escapes and duplicate keys); the test also checks that the fast pass did take most of the latter.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.adapters.encode_golden import _arguments, outcome, plain_documents, vector_requests
from wirechat import ChatRequest
from wirechat.adapters import _encode_fast, get
from wirechat.adapters._encode_fast import Slow, arguments_object
from wirechat.adapters.anthropic import request_fast as anthropic_fast
from wirechat.adapters.gemini import request_fast as gemini_fast
from wirechat.adapters.openai_chat import request_fast as openai_chat_fast
from wirechat.adapters.openai_responses import request_fast as openai_responses_fast
from wirechat.testing.strategies import json_objects
from wirechat.tool_arguments import ToolArgumentsError, build_arguments, parse_arguments

FAST = {
    "openai-chat": openai_chat_fast,
    "openai-compatible:ollama": openai_chat_fast,
    "openai-compatible:groq": openai_chat_fast,
    "anthropic": anthropic_fast,
    "openai-responses": openai_responses_fast,
    "gemini": gemini_fast,
}
"""Each adapter with a fast pass, and the module whose ``messages`` it calls."""

SETTINGS = settings(max_examples=300, derandomize=True, database=None, deadline=None,
                    suppress_health_check=list(HealthCheck))  # fmt: skip


class Counting:
    """Wraps a fast module's ``messages`` and counts the requests it encoded (not handed over)."""

    def __init__(self, function: Any) -> None:
        self.function, self.taken, self.calls = function, 0, 0

    def __call__(self, messages: Any) -> Any:
        result = self.function(messages)
        self.calls += 1
        self.taken += result is not None
        return result


def both_ways(name: str, request: ChatRequest, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    module = FAST[name]
    fast = outcome(name, request)
    with monkeypatch.context() as patch:
        patch.setattr(module, "messages", lambda messages: None)
        full = outcome(name, request)
    return fast, full


# ------------------------------------------------------------------ requests built to take the fast pass


def plain_requests(provider: str) -> st.SearchStrategy[ChatRequest]:
    return plain_documents(provider).map(ChatRequest.model_validate)


def _provider(name: str) -> str:
    return get(name).provider


@pytest.mark.parametrize("name", sorted(FAST))
def test_the_fast_pass_agrees_with_the_full_walk_on_plain_requests(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    counter = Counting(FAST[name].messages)
    disagreements: list[Any] = []

    @SETTINGS
    @given(plain_requests(_provider(name)))
    def check(request: ChatRequest) -> None:
        with monkeypatch.context() as patch:
            patch.setattr(FAST[name], "messages", counter)
            fast = outcome(name, request)
        full = both_ways(name, request, monkeypatch)[1]
        if fast != full:
            disagreements.append((request.model_dump(mode="json"), fast, full))
        assert fast == full

    check()
    assert not disagreements
    assert counter.taken >= counter.calls // 5, f"the fast pass took {counter.taken} of {counter.calls} requests"


@pytest.mark.parametrize("name", sorted(FAST))
def test_the_fast_pass_agrees_with_the_full_walk_on_the_gate_requests(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The gate's requests as the adapter's vector file holds them (its strategies with a fixed seed, the
    schema's examples, requests decoded from provider bodies): drawing them here cost about 8 s per adapter,
    as the strategy validates every document."""
    documents = vector_requests(name)
    assert len(documents) > 40
    for document in documents:
        fast, full = both_ways(name, ChatRequest.model_validate(document), monkeypatch)
        assert fast == full, document


def _bench_request() -> Iterator[ChatRequest]:
    call = {"id": "call_1", "name": "search", "arguments": '{"q": "topic", "n": 5}'}
    yield ChatRequest.model_validate({
        "model": "m",
        "messages": [
            {"role": "system", "parts": [{"type": "text", "text": "Be terse."}]},
            {"role": "user", "parts": [{"type": "text", "text": "Find it."}]},
            {"role": "assistant", "parts": [{"type": "text", "text": "Go."}, {"type": "tool_call", "tool_call": call}]},
            {"role": "tool", "parts": [{"type": "tool_result", "tool_result": {"tool_call_id": "call_1", "content": ""}}]},  # noqa: E501
        ],
    })  # fmt: skip


@pytest.mark.parametrize("name", sorted(FAST))
def test_a_conversation_with_tool_calls_takes_the_fast_pass(name: str) -> None:
    request = next(_bench_request())
    assert FAST[name].messages(request.messages) is not None


@SETTINGS
@given(_arguments | json_objects.map(lambda o: json.dumps(o, ensure_ascii=False)) | st.text(max_size=8))
def test_the_arguments_check_agrees_with_parse_arguments_and_build_arguments(text: str) -> None:
    """``arguments_object`` returns what ``parse_arguments`` returns and says "compact" exactly when
    ``build_arguments`` gives the text back; it hands over (``Slow``) only where ``parse_arguments`` refuses or
    the text is blank (``{}`` with a warning, the full walk's to write)."""
    try:
        expected = parse_arguments(text)
    except ToolArgumentsError:
        expected = None
    try:
        got = arguments_object(text)
    except Slow:
        assert expected is None or not text.strip()
        return
    assert expected is not None
    assert got == (expected, build_arguments(expected) == text)
    assert json.dumps(got[0]) == json.dumps(expected)  # the same types too (1.0 stays a float)


@pytest.mark.parametrize(
    "text",
    ['{"q":"x","n":5}', '{"q": "x"}', '{"a":"\\u00e9"}', '{"a":"é"}', '{"a":[1,{"b":null}]}', '{"f":1.5}', "[1]"],
)
def test_the_arguments_check_without_orjson(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """orjson is not a dependency of wirechat (the wheel gate installs none): without it the compact verdict
    comes from ``build_arguments`` and is the same."""
    with_orjson = _outcome(text)
    monkeypatch.setattr(_encode_fast, "orjson", None)
    assert _outcome(text) == with_orjson


def _outcome(text: str) -> Any:
    try:
        return arguments_object(text)
    except Slow:
        return "slow"
