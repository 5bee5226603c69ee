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

from wirechat import ChatRequest, WireError
from wirechat.adapters import ConversionRefused, _encode_fast, get
from wirechat.adapters._encode_fast import Slow, arguments_object
from wirechat.adapters.anthropic import request_fast as anthropic_fast
from wirechat.adapters.gemini import request_fast as gemini_fast
from wirechat.adapters.openai_chat import request_fast as openai_chat_fast
from wirechat.adapters.openai_responses import request_fast as openai_responses_fast
from wirechat.testing import gate_strategies
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
GATE_SETTINGS = settings(SETTINGS, max_examples=60)
"""The gate's strategy is slow to draw from (it validates every document); the gate itself runs 200."""


def outcome(name: str, request: ChatRequest) -> tuple[Any, ...]:
    """What encoding ``request`` with adapter ``name`` gives: the body's JSON text and the warnings, or the
    refusal's type and text."""
    try:
        body, warnings = get(name).encode_request(request)
    except (ConversionRefused, WireError, ValueError, TypeError) as exc:
        return ("raised", type(exc).__name__, str(exc))
    return ("ok", json.dumps(body, ensure_ascii=False), [(warning.feature, warning.message) for warning in warnings])


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

_text = st.text(st.characters(exclude_categories=["Cs"]), max_size=12)
_arguments = st.one_of(
    json_objects.map(build_arguments),
    json_objects.map(json.dumps),
    st.sampled_from(
        ['{"a":0.00001}', '{"a":1e-05}', '{"a":1e+16}', '{"a":1e16}', '{"a":1.5}', '{"a":1,"a":2}', "[]", "", " {}",
         '{"a":9007199254740993}', '{"a":1e400}', '{"a":"\\ud800"}', '{"a":"\\u001f"}', '{"a":"\\u007f"}',
         '{"a":"\x7f"}', '{"a":"\\/"}', '{"a":"\\u00e9"}', '{"a":"é"}', '{"a":[1,{"b":null}]}', '{"a":-0.0}',
         '{"a":1.0}', '{"a":9007199254740992.0}', '{"a":true}', "{}", '{"a" :1}', "not json"]
    ),
)  # fmt: skip


def _cache(provider: str) -> st.SearchStrategy[dict[str, Any]]:
    control = st.sampled_from([{}, {provider: {"cache_control": {"type": "ephemeral"}}}, {provider: {}}])
    return st.one_of(st.just({}), control.map(lambda metadata: {"provider_metadata": metadata} if metadata else {}))


def _plain_message(provider: str) -> st.SearchStrategy[dict[str, Any]]:
    text = st.builds(lambda t, m: {"type": "text", "text": t, **m}, _text, _cache(provider))
    image = st.builds(
        lambda kind, m: {"type": "image", "image": kind, **m},
        st.sampled_from([
            {"source": "base64", "media_type": "image/png", "base64": "iVBORw0KGgo="},
            {"source": "url", "url": "https://example.com/a.png"},
        ]),
        _cache(provider),
    )  # fmt: skip
    call = st.builds(
        lambda i, a, m: {"type": "tool_call", "tool_call": {"id": f"c{i}", "name": "search", "arguments": a}, **m},
        st.integers(0, 3), _arguments, _cache(provider),
    )  # fmt: skip
    result = st.builds(
        lambda i, t, e: {"type": "tool_result", "tool_result": {"tool_call_id": f"c{i}", "content": t, **e}},
        st.integers(0, 3), _text, st.sampled_from([{}, {}, {"is_error": True}]),
    )  # fmt: skip
    reasoning = st.sampled_from([
        {"type": "reasoning", "reasoning": {"text": "think", "signature": "c2ln", "issuer": provider}},
        {"type": "reasoning", "reasoning": {"redacted_data": "cmVk", "issuer": provider}},
    ])  # fmt: skip
    name = st.sampled_from([{}, {}, {}, {"name": "alice"}])
    return st.one_of(
        st.builds(lambda p, n: {"role": "system", "parts": p, **n}, st.lists(text, min_size=1, max_size=2), name),
        st.builds(lambda p, n: {"role": "user", "parts": p, **n}, st.lists(text | image, min_size=1, max_size=3), name),
        st.builds(lambda p: {"role": "assistant", "parts": p}, st.lists(text | call | reasoning, max_size=3)),
        st.builds(lambda p: {"role": "tool", "parts": [p]}, result),
    )


def plain_requests(provider: str) -> st.SearchStrategy[ChatRequest]:
    document = st.fixed_dictionaries(
        {"model": st.just("m"), "messages": st.lists(_plain_message(provider), min_size=1, max_size=6)},
        optional={"options": st.just({"max_tokens": 100})},
    )
    return document.map(ChatRequest.model_validate)


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
    @GATE_SETTINGS
    @given(gate_strategies.requests(get(name)))
    def check(document: dict[str, Any]) -> None:
        fast, full = both_ways(name, ChatRequest.model_validate(document), monkeypatch)
        assert fast == full

    check()


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
