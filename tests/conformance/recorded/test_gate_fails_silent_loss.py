"""The replay gate fails an adapter that loses data without a word, naming the pointer: wrapped adapters that
drop a member, change a text, drop a stream fragment, undercount usage, warn with an undeclared feature, or
refuse what they declare they carry. Each starts from a recorded body the real adapter passes."""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable
from typing import Any

import pytest
from wirechat_conformance.recorded.checks import Verdict, check
from wirechat_conformance.recorded.corpus import Body

from wirechat import ChatResponse, encode
from wirechat.adapters import Adapter, ConversionRefused, ConversionWarning, degraded, get
from wirechat.exchange import SseEvent

RESPONSE = "openai-chat/mirascope-max-tokens-openai-gpt-4o-completions-sync.response.json"
STREAM = "openai-chat/magentic-backend-test-openai-chat-model-completion.stream.sse"
REQUEST = "openai-chat/chatlas-provider-openai-completions-test-openai-logprobs.request.json"


class Wrapped:
    """An adapter that behaves like ``inner`` but for the methods a test replaces."""

    def __init__(self, inner: Adapter, **methods: Callable[..., Any]) -> None:
        self._inner = inner
        self.__dict__.update(methods)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


def _gate(adapter: Any, body: Body) -> Verdict:
    return check(adapter, body, {})


def _edited(response: ChatResponse, edit: Callable[[dict[str, Any]], None]) -> ChatResponse:
    document = json.loads(encode(response))
    edit(document)
    return ChatResponse.model_validate(document)


@pytest.fixture
def chat() -> Adapter:
    return get("openai-chat")


def test_the_real_adapter_passes_the_bodies_these_tests_start_from(chat: Adapter, bodies: dict[str, Body]) -> None:
    for file in (RESPONSE, STREAM, REQUEST):
        assert _gate(chat, bodies[file]).verdict != "failed", file


def test_a_member_dropped_before_decoding_fails_naming_its_pointer(chat: Adapter, bodies: dict[str, Body]) -> None:
    # the way message.audio went missing (issue 23): the decoder never looks at the member, says nothing
    def decode_response(body: Any, warnings: list[ConversionWarning] | None = None) -> ChatResponse:
        body = copy.deepcopy(body)
        body.pop("system_fingerprint", None)
        return chat.decode_response(body, warnings)

    verdict = _gate(Wrapped(chat, decode_response=decode_response), bodies[RESPONSE])
    assert verdict.verdict == "failed"
    assert any("member /system_fingerprint " in reason for reason in verdict.reasons), verdict.reasons


def test_the_same_drop_with_a_warning_at_the_pointer_is_declared(chat: Adapter, bodies: dict[str, Body]) -> None:
    def decode_response(body: Any, warnings: list[ConversionWarning] | None = None) -> ChatResponse:
        body = copy.deepcopy(body)
        if warnings is not None and body.pop("system_fingerprint", None) is not None:
            warnings.append(ConversionWarning("provider.unmapped", "dropped", "/system_fingerprint"))
        return chat.decode_response(body, warnings)

    features = {**chat.manifest.features, "provider.unmapped": degraded("not a member this adapter maps: dropped")}
    manifest = dataclasses.replace(chat.manifest, features=features)
    wrapped = Wrapped(chat, decode_response=decode_response, manifest=manifest)
    verdict = _gate(wrapped, bodies[RESPONSE])
    assert (verdict.verdict, verdict.warnings) == ("declared-lossy", ["provider.unmapped at /system_fingerprint"])


def test_a_changed_text_fails_naming_the_text(chat: Adapter, bodies: dict[str, Body]) -> None:
    def decode_response(body: Any, warnings: list[ConversionWarning] | None = None) -> ChatResponse:
        def edit(document: dict[str, Any]) -> None:
            document["message"]["parts"][0]["text"] = document["message"]["parts"][0]["text"].replace("Alaska", "Ohio")

        return _edited(chat.decode_response(body, warnings), edit)

    verdict = _gate(Wrapped(chat, decode_response=decode_response), bodies[RESPONSE])
    assert verdict.verdict == "failed"
    assert any(reason.startswith("text differs at /choices/0/message/content") for reason in verdict.reasons)


def test_undercounted_usage_fails_naming_the_usage(chat: Adapter, bodies: dict[str, Body]) -> None:
    def decode_response(body: Any, warnings: list[ConversionWarning] | None = None) -> ChatResponse:
        def edit(document: dict[str, Any]) -> None:
            document["usage"]["output_tokens"] -= 1
            document["usage"]["total_tokens"] -= 1

        return _edited(chat.decode_response(body, warnings), edit)

    verdict = _gate(Wrapped(chat, decode_response=decode_response), bodies[RESPONSE])
    assert "usage at /usage: output_tokens is 50, the adapter gives 49" in verdict.reasons


def test_a_stream_fragment_dropped_fails_naming_its_event(chat: Adapter, bodies: dict[str, Body]) -> None:
    def stream_decoder() -> Any:
        inner = chat.stream_decoder()

        class Dropping:
            warnings = inner.warnings
            seen = 0

            def feed(self, event: SseEvent) -> list[Any]:
                self.seen += 1
                return [] if self.seen == 3 else inner.feed(event)  # the third event: content "!"

            def close(self) -> list[Any]:
                return inner.close()

        return Dropping()

    verdict = _gate(Wrapped(chat, stream_decoder=stream_decoder), bodies[STREAM])
    assert verdict.verdict == "failed"
    assert any(reason.startswith("text differs at /2/choices/0/delta/content") for reason in verdict.reasons)


def test_a_warning_the_manifest_does_not_declare_fails(chat: Adapter, bodies: dict[str, Body]) -> None:
    def decode_response(body: Any, warnings: list[ConversionWarning] | None = None) -> ChatResponse:
        if warnings is not None:
            warnings.append(ConversionWarning("made.up", "something", "/created"))
        return chat.decode_response(body, warnings)

    verdict = _gate(Wrapped(chat, decode_response=decode_response), bodies[RESPONSE])
    assert "decode_response warned 'made.up' at /created, not in the manifest" in verdict.reasons


@pytest.mark.parametrize(("feature", "verdict"), [("file.file_id", "failed"), ("made.up", "failed")])
def test_a_refusal_is_a_verdict_only_where_the_manifest_declares_it(
    chat: Adapter, bodies: dict[str, Body], feature: str, verdict: str
) -> None:
    def decode_request(body: Any) -> Any:
        raise ConversionRefused(feature, "no", where="/messages/0")

    assert _gate(Wrapped(chat, decode_request=decode_request), bodies[REQUEST]).verdict == verdict


def test_a_declared_refusal_is_the_verdict_refused(bodies: dict[str, Body]) -> None:
    groq = get("openai-compatible:groq")
    refused = next(name for name, support in groq.manifest.features.items() if support.level == "refused")

    def decode_request(body: Any) -> Any:
        raise ConversionRefused(refused, "no", where="/messages/0")

    verdict = _gate(Wrapped(groq, decode_request=decode_request), bodies[REQUEST])
    assert (verdict.verdict, verdict.reasons) == (
        "refused",
        [f"decode_request: refused ({refused}) at /messages/0: no"],
    )
