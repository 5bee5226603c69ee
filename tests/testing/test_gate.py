"""The adapter gate passes the built-in adapters and fails adapters broken in one function each."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from wirechat import ChatResponse, TokenUsage, ToolCallDeltaEvent, encode
from wirechat.adapters import SseEvent, get, register, unregister
from wirechat.testing import gate

EXAMPLES = 25  # the wheel gate in CI runs the built-in adapters with 200; these find each breakage within 25


def _run(name: str, examples: int = EXAMPLES) -> tuple[int, str]:
    out = io.StringIO()
    code = gate.run(name, examples=examples, out=out)
    return code, out.getvalue()


@pytest.mark.parametrize("name", ["openai-chat", "anthropic"])
def test_built_in_adapters_pass_the_gate(name: str) -> None:
    code, report = _run(name)
    assert code == 0, report
    assert f"{name}: PASSED" in report


class _Wrapped:
    """A real adapter with one function replaced."""

    def __init__(self, name: str, inner: Any, **overrides: Any) -> None:
        self._inner = inner
        self.name = name
        self.__dict__.update(overrides)

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self._inner, attribute)


# The Adapter protocol is checked with isinstance; attributes resolved through __getattr__ do not count.
for _member in (
    "provider", "manifest", "default_base_url", "api_key_env", "encode_request", "decode_request",
    "decode_response", "encode_response", "stream_decoder", "stream_encoder", "decode_error", "encode_error",
    "endpoint_path", "auth_headers", "stream_request_flags",
):  # fmt: skip
    setattr(_Wrapped, _member, property(lambda self, m=_member: getattr(self._inner, m)))


@pytest.fixture
def broken() -> Iterator[list[str]]:
    names: list[str] = []
    yield names
    for name in names:
        unregister(name)


def _make(name: str, inner_name: str, **overrides: Any) -> Any:
    cls = type(
        f"Broken_{name.replace('-', '_')}",
        (_Wrapped,),
        {k: property(lambda self, v=v: v) for k, v in overrides.items()},
    )
    return cls(name, get(inner_name))


def test_gate_fails_an_adapter_that_drops_signatures(broken: list[str]) -> None:
    inner = get("anthropic")

    def decode_response(body: Mapping[str, Any]) -> ChatResponse:
        document = json.loads(encode(inner.decode_response(body)))
        for part in document["message"]["parts"]:
            if part["type"] == "reasoning":
                part["reasoning"].pop("signature", None)  # the bug: the signature is lost
        return ChatResponse.model_validate(document)

    adapter = _make("broken-signature", "anthropic", decode_response=decode_response)
    register(adapter)
    broken.append(adapter.name)
    code, report = _run(adapter.name, examples=60)  # signed reasoning in a response is rarer than 1 in 25
    assert code == 1
    assert "FAIL response round trip and stream law" in report
    assert '"signature"' in report


def test_gate_fails_an_adapter_that_does_not_normalise_cached_tokens(broken: list[str]) -> None:
    inner = get("anthropic")

    def decode_response(body: Mapping[str, Any]) -> ChatResponse:
        response = inner.decode_response(body)
        raw = body.get("usage") or {}
        if response.usage is not None and "input_tokens" in raw:
            uncached = raw["input_tokens"]  # the bug: Anthropic's count without cache reads and writes
            usage = response.usage.model_copy(
                update={"input_tokens": uncached, "total_tokens": uncached + response.usage.output_tokens}
            )
            response = response.model_copy(update={"usage": TokenUsage.model_validate(usage.model_dump())})
        return response

    adapter = _make("broken-cache", "anthropic", decode_response=decode_response)
    register(adapter)
    broken.append(adapter.name)
    code, report = _run(adapter.name)
    assert code == 1
    assert "FAIL response round trip and stream law" in report


class _GluingDecoder:
    """Sends every tool-call fragment to the first tool call's index."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner
        self._first: int | None = None

    def feed(self, event: SseEvent) -> list[Any]:
        return [self._glue(e) for e in self._inner.feed(event)]

    def close(self) -> list[Any]:
        return [self._glue(e) for e in self._inner.close()]

    def _glue(self, event: Any) -> Any:
        if event.type == "tool_call_start" and self._first is None:
            self._first = event.index
        if isinstance(event, ToolCallDeltaEvent) and self._first is not None:
            return ToolCallDeltaEvent(index=self._first, arguments=event.arguments)
        return event


def test_gate_fails_an_adapter_that_glues_tool_fragments_to_the_wrong_index(broken: list[str]) -> None:
    inner = get("openai-chat")
    adapter = _make("broken-glue", "openai-chat", stream_decoder=lambda: _GluingDecoder(inner.stream_decoder()))
    register(adapter)
    broken.append(adapter.name)
    code, report = _run(adapter.name)
    assert code == 1
    # The recorded parallel calls catch it on every run; whether a generated response also has interleaved
    # fragments depends on hypothesis's draws, which change with what the process imported first.
    assert "FAIL recorded shapes" in report
    assert "parallel_tool_calls.json" in report


def test_unknown_adapter_fails_with_the_known_names() -> None:
    code, report = _run("no-such-adapter")
    assert code == 1
    assert "openai-chat" in report and "anthropic" in report


def test_gate_command_line_writes_a_report(tmp_path: Any) -> None:
    report = tmp_path / "gate.txt"
    assert gate.main(["anthropic", "--examples", "10", "--seed", "3", "--report", str(report)]) == 0
    text = report.read_text()
    assert "seed 3, 10 examples" in text and "anthropic: PASSED" in text


def test_the_gate_fails_an_adapter_without_an_sdk_oracle(broken: list[str]) -> None:
    adapter = _make("no-oracle", "openai-chat", request_oracle="no_such_sdk.types:Params")
    register(adapter)
    broken.append(adapter.name)
    code, report = _run(adapter.name)
    assert code == 1
    assert "install the provider SDK" in report


def test_gate_fails_an_adapter_that_drops_unknown_members_silently(broken: list[str]) -> None:
    inner = get("openai-chat")

    def decode_request(body: Mapping[str, Any]) -> tuple[Any, list[Any]]:
        request, _warnings = inner.decode_request(body)
        return request, []  # the bug: what it did not map vanishes without a word

    adapter = _make("broken-unmapped", "openai-chat", decode_request=decode_request)
    register(adapter)
    broken.append(adapter.name)
    code, report = _run(adapter.name)
    assert code == 1
    assert "was dropped without a warning" in report
