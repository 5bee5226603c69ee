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
from wirechat_conformance.recorded import readers
from wirechat_conformance.recorded.checks import Verdict, check
from wirechat_conformance.recorded.corpus import Body

from wirechat import ChatResponse, encode
from wirechat.adapters import Adapter, ConversionRefused, ConversionWarning, degraded, get
from wirechat.exchange import SseEvent


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


@pytest.fixture(scope="module")
def chat() -> Adapter:
    return get("openai-chat")


def _lossless(chat: Adapter, bodies: dict[str, Body], kind: str, wanted: Callable[[Body], bool]) -> Body:
    """The first openai-chat body of ``kind`` that the real adapter passes without a warning."""
    for body in bodies.values():
        if (
            body.group == "openai-chat"
            and body.kind == kind
            and wanted(body)
            and _gate(chat, body).verdict == "lossless"
        ):
            return body
    pytest.fail(f"the corpus has no openai-chat {kind} the real adapter passes losslessly")


def _plain_text(body: Body) -> bool:
    data = body.json()
    content = data.get("choices", [{}])[0].get("message", {}).get("content")
    return isinstance(data.get("system_fingerprint"), str) and isinstance(content, str) and len(content) > 10


def _content_events(body: Body) -> list[int]:
    """The events of a Chat Completions stream that carry a non-empty text fragment."""
    found = []
    for n, event in enumerate(body.events()):
        data = json.loads(event.data) if event.data.startswith("{") else {}
        if any((choice.get("delta") or {}).get("content") for choice in data.get("choices") or []):
            found.append(n)
    return found


@pytest.fixture(scope="module")
def response(chat: Adapter, bodies: dict[str, Body]) -> Body:
    return _lossless(chat, bodies, "response", _plain_text)


@pytest.fixture(scope="module")
def stream(chat: Adapter, bodies: dict[str, Body]) -> Body:
    return _lossless(chat, bodies, "stream", lambda body: len(_content_events(body)) >= 3)


@pytest.fixture(scope="module")
def request_body(chat: Adapter, bodies: dict[str, Body]) -> Body:
    return _lossless(chat, bodies, "request", lambda body: True)


def test_a_member_dropped_before_decoding_fails_naming_its_pointer(chat: Adapter, response: Body) -> None:
    # the way message.audio went missing (issue 23): the decoder never looks at the member, says nothing
    def decode_response(body: Any, warnings: list[ConversionWarning] | None = None) -> ChatResponse:
        body = copy.deepcopy(body)
        body.pop("system_fingerprint", None)
        return chat.decode_response(body, warnings)

    verdict = _gate(Wrapped(chat, decode_response=decode_response), response)
    assert verdict.verdict == "failed"
    assert any("member /system_fingerprint " in reason for reason in verdict.reasons), verdict.reasons


def test_the_same_drop_with_a_warning_at_the_pointer_is_declared(chat: Adapter, response: Body) -> None:
    def decode_response(body: Any, warnings: list[ConversionWarning] | None = None) -> ChatResponse:
        body = copy.deepcopy(body)
        if warnings is not None and body.pop("system_fingerprint", None) is not None:
            warnings.append(ConversionWarning("provider.unmapped", "dropped", "/system_fingerprint"))
        return chat.decode_response(body, warnings)

    features = {**chat.manifest.features, "provider.unmapped": degraded("not a member this adapter maps: dropped")}
    manifest = dataclasses.replace(chat.manifest, features=features)
    wrapped = Wrapped(chat, decode_response=decode_response, manifest=manifest)
    verdict = _gate(wrapped, response)
    assert (verdict.verdict, verdict.warnings) == ("declared-lossy", ["provider.unmapped at /system_fingerprint"])


def test_a_changed_text_fails_naming_the_text(chat: Adapter, response: Body) -> None:
    def decode_response(body: Any, warnings: list[ConversionWarning] | None = None) -> ChatResponse:
        def edit(document: dict[str, Any]) -> None:
            text = document["message"]["parts"][0]["text"]
            document["message"]["parts"][0]["text"] = text[:5] + ("x" if text[5] != "x" else "y") + text[6:]

        return _edited(chat.decode_response(body, warnings), edit)

    verdict = _gate(Wrapped(chat, decode_response=decode_response), response)
    assert verdict.verdict == "failed"
    assert any(reason.startswith("text differs at /choices/0/message/content") for reason in verdict.reasons)


def test_undercounted_usage_fails_naming_the_usage(chat: Adapter, response: Body) -> None:
    def decode_response(body: Any, warnings: list[ConversionWarning] | None = None) -> ChatResponse:
        def edit(document: dict[str, Any]) -> None:
            document["usage"]["output_tokens"] -= 1
            document["usage"]["total_tokens"] -= 1

        return _edited(chat.decode_response(body, warnings), edit)

    verdict = _gate(Wrapped(chat, decode_response=decode_response), response)
    expected = readers.read_response("openai-chat", response.json()).usage["output_tokens"]
    assert expected is not None
    assert f"usage at /usage: output_tokens is {expected}, the adapter gives {expected - 1}" in verdict.reasons


def test_a_stream_fragment_dropped_fails_naming_its_event(chat: Adapter, stream: Body) -> None:
    def stream_decoder() -> Any:
        inner = chat.stream_decoder()

        class Dropping:
            warnings = inner.warnings
            seen = -1

            def feed(self, event: SseEvent) -> list[Any]:
                self.seen += 1
                return [] if self.seen == dropped else inner.feed(event)

            def close(self) -> list[Any]:
                return inner.close()

        return Dropping()

    dropped = _content_events(stream)[1]  # the second text fragment
    verdict = _gate(Wrapped(chat, stream_decoder=stream_decoder), stream)
    assert verdict.verdict == "failed"
    at = f"text differs at /{dropped}/choices/0/delta/content"
    assert any(reason.startswith(at) for reason in verdict.reasons), verdict.reasons


def test_a_warning_the_manifest_does_not_declare_fails(chat: Adapter, response: Body) -> None:
    def decode_response(body: Any, warnings: list[ConversionWarning] | None = None) -> ChatResponse:
        if warnings is not None:
            warnings.append(ConversionWarning("made.up", "something", "/created"))
        return chat.decode_response(body, warnings)

    verdict = _gate(Wrapped(chat, decode_response=decode_response), response)
    assert "decode_response warned 'made.up' at /created, not in the manifest" in verdict.reasons


@pytest.mark.parametrize(("feature", "verdict"), [("file.file_id", "failed"), ("made.up", "failed")])
def test_a_refusal_is_a_verdict_only_where_the_manifest_declares_it(
    chat: Adapter, request_body: Body, feature: str, verdict: str
) -> None:
    def decode_request(body: Any) -> Any:
        raise ConversionRefused(feature, "no", where="/messages/0")

    assert _gate(Wrapped(chat, decode_request=decode_request), request_body).verdict == verdict


def test_a_declared_refusal_is_the_verdict_refused(request_body: Body) -> None:
    groq = get("openai-compatible:groq")
    refused = next(name for name, support in groq.manifest.features.items() if support.level == "refused")

    def decode_request(body: Any) -> Any:
        raise ConversionRefused(refused, "no", where="/messages/0")

    verdict = _gate(Wrapped(groq, decode_request=decode_request), request_body)
    assert (verdict.verdict, verdict.reasons) == (
        "refused",
        [f"decode_request: refused ({refused}) at /messages/0: no"],
    )
