"""The official ``openai`` SDK's ``client.responses.create`` and ``wirechat.Client("openai-responses")``
against ``FakeProvider("openai-responses")`` on 127.0.0.1: plain and streamed replies, reasoning with
encrypted content, parallel calls, usage, and the faults (HTTP errors, an error event after a 200, a
dropped stream, a cut event) each ending as documented."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import wirechat
from tests.client.conftest import API_KEY, FAST_RETRY, REQUEST, ServeFn, client_for
from wirechat._calls import UnsupportedCallError
from wirechat.transport import InvalidResponseError, ProviderError, RateLimitedError, StreamInterruptedError

pytestmark = pytest.mark.timeout(30)
openai = pytest.importorskip("openai")

REPLY = {
    "text": "Paris is sunny.",
    "reasoning": {"text": "Look it up.", "signature": "gAAAA-encrypted"},
    "tool_calls": [
        {"id": "call_A", "name": "get_weather", "arguments": {"city": "Paris"}},
        {"id": "call_B", "name": "get_time", "arguments": {"tz": "CET"}},
    ],
    "usage": {"input": 120, "output": 40, "cache_read": 100, "reasoning": 12},
    "chunk_size": 4,
    "interleave": True,
}


def sdk(fake: Any) -> Any:
    return openai.OpenAI(api_key=API_KEY, base_url=fake.url + "/v1", max_retries=0)


def test_the_sdk_reads_a_plain_reply(serve: ServeFn) -> None:
    fake = serve("openai-responses", [{"reply": REPLY}])
    response = sdk(fake).responses.create(model="gpt-5.1", input="Weather in Paris?", store=False,
                                          include=["reasoning.encrypted_content"])  # fmt: skip
    assert response.output_text == "Paris is sunny."
    kinds = [item.type for item in response.output]
    assert kinds == ["reasoning", "message", "function_call", "function_call"]
    assert response.output[0].encrypted_content == "gAAAA-encrypted"
    assert response.usage is not None and response.usage.input_tokens_details.cached_tokens == 100
    assert fake.requests[0].path == "/v1/responses"
    assert fake.requests[0].body["include"] == ["reasoning.encrypted_content"]


def test_the_sdk_reads_a_streamed_reply_event_by_event(serve: ServeFn) -> None:
    fake = serve("openai-responses", [{"reply": REPLY}])
    events = list(sdk(fake).responses.create(model="gpt-5.1", input="Weather?", stream=True))
    kinds = [event.type for event in events]
    assert kinds[0] == "response.created" and kinds[-1] == "response.completed"
    assert [event.sequence_number for event in events] == list(range(len(events)))
    text = "".join(event.delta for event in events if event.type == "response.output_text.delta")
    assert text == "Paris is sunny."
    arguments: dict[int, str] = {}
    for event in events:
        if event.type == "response.function_call_arguments.delta":
            arguments[event.output_index] = arguments.get(event.output_index, "") + event.delta
    assert arguments == {2: '{"city":"Paris"}', 3: '{"tz":"CET"}'}
    assert events[-1].response.usage.output_tokens_details.reasoning_tokens == 12


def test_the_sdk_sees_an_http_error(serve: ServeFn) -> None:
    fake = serve("openai-responses", [{"fault": {"type": "status", "status": 429, "code": "rate_limit_exceeded"}}])
    with pytest.raises(openai.RateLimitError):
        sdk(fake).responses.create(model="gpt-5.1", input="hi")


def test_wirechat_client_chat(serve: ServeFn) -> None:
    fake = serve("openai-responses", [{"reply": REPLY}])
    with client_for(fake) as client:
        response = client.chat(REQUEST)
    parts = response.message.parts
    assert [part.type for part in parts] == ["reasoning", "text", "tool_call", "tool_call"]
    reasoning = parts[0].reasoning
    assert (reasoning.text, reasoning.signature, reasoning.redacted_data, reasoning.issuer) == (
        "Look it up.", "rs_fake", "gAAAA-encrypted", "openai")  # fmt: skip
    assert [(p.tool_call.id, p.tool_call.arguments) for p in parts[2:]] == [
        ("call_A", '{"city":"Paris"}'), ("call_B", '{"tz":"CET"}')]  # fmt: skip
    assert response.finish_reason.kind == "tool_calls" and response.finish_reason.raw == "completed"
    usage = response.usage
    assert (usage.input_tokens, usage.cache_read_input_tokens, usage.output_tokens, usage.reasoning_output_tokens) == (
        120, 100, 40, 12)  # fmt: skip
    sent = fake.requests[0]
    assert sent.path == "/v1/responses" and sent.body["max_output_tokens"] == 100
    assert sent.body["input"] == [
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "Weather?"}]}
    ]
    assert sent.headers["authorization"] != "Bearer " + API_KEY  # redacted in the log


def test_wirechat_client_stream_folds_to_the_plain_reply(serve: ServeFn) -> None:
    fake = serve("openai-responses", [{"reply": REPLY}, {"reply": REPLY}])
    with client_for(fake) as client:
        plain = client.chat(REQUEST)
        with client.stream(REQUEST) as stream:
            events = list(stream)
            streamed = stream.until_done()
    assert wirechat.encode(streamed) == wirechat.encode(plain)
    starts = [event for event in events if event.type == "tool_call_start"]
    assert [(event.index, event.id) for event in starts] == [(2, "call_A"), (3, "call_B")]
    assert fake.requests[1].body["stream"] is True


def test_replayed_reasoning_reaches_the_wire_only_for_openai(serve: ServeFn) -> None:
    fake = serve("openai-responses", [{"reply": REPLY}, {"reply": {"text": "ok"}}])
    with client_for(fake) as client:
        first = client.chat(REQUEST)
        follow = REQUEST.model_copy(update={"messages": [*REQUEST.messages, first.message]})
        client.chat(follow)
    sent = fake.requests[1].body["input"]
    summary = [{"type": "summary_text", "text": "Look it up."}]
    assert sent[1] == {"type": "reasoning", "id": "rs_fake", "summary": summary, "encrypted_content": "gAAAA-encrypted"}
    assert [item["type"] for item in sent[2:]] == ["message", "function_call", "function_call"]


@pytest.mark.parametrize(
    ("fault", "exception", "kind"),
    [
        ({"type": "error_event", "after": 6, "error_type": "server_error"}, ProviderError, "provider"),
        ({"type": "error_event", "after": 6, "error_type": "insufficient_quota"}, RateLimitedError, "rate_limited"),
        ({"type": "malformed", "after": 6}, InvalidResponseError, "invalid_response"),
        ({"type": "drop", "after": 6}, StreamInterruptedError, "network"),
    ],
    ids=["error-event", "error-event-quota", "malformed", "drop"],
)
def test_stream_faults(serve: ServeFn, fault: dict[str, Any], exception: type[Exception], kind: str) -> None:
    fake = serve("openai-responses", [{"reply": {"text": "The quick brown fox.", "chunk_size": 3}, "fault": fault}])
    with client_for(fake) as client, client.stream(REQUEST) as stream, pytest.raises(exception) as caught:
        stream.until_done()
    error: Any = caught.value
    assert error.kind == kind
    assert error.partial is not None and wirechat.message_text(error.partial)
    assert "The quick brown fox.".startswith(wirechat.message_text(error.partial))


def test_http_429_is_retried(serve: ServeFn) -> None:
    fake = serve("openai-responses", [{"fault": {"type": "status", "status": 429, "retry_after_ms": 10}},
                                      {"reply": {"text": "recovered"}}])  # fmt: skip
    with client_for(fake, retry=FAST_RETRY) as client:
        assert wirechat.message_text(client.chat(REQUEST).message) == "recovered"
    assert len(fake.requests) == 2


def test_embeddings_are_refused_before_sending(serve: ServeFn) -> None:
    fake = serve("openai-responses", [])
    request = wirechat.decode(b'{"model": "e", "inputs": ["a"]}', wirechat.EmbedRequest)
    with client_for(fake) as client, pytest.raises(UnsupportedCallError, match="embed"):
        client.embed(request)
    assert fake.requests == []


def test_the_fake_speaks_valid_sdk_shapes(serve: ServeFn) -> None:
    """The SDK builds its objects without validating them: validate the fake's shapes strictly here."""
    pydantic = pytest.importorskip("pydantic")
    responses = pytest.importorskip("openai.types.responses")
    fake = serve("openai-responses", [{"reply": REPLY}, {"reply": {**REPLY, "finish": "max_output_tokens"}}])
    body = sdk(fake).responses.create(model="gpt-5.1", input="hi").model_dump(mode="json", exclude_unset=True)
    responses.Response.model_validate(body)
    events = pydantic.TypeAdapter(responses.ResponseStreamEvent)
    streamed = list(sdk(fake).responses.create(model="gpt-5.1", input="hi", stream=True))
    for event in streamed:
        events.validate_python(event.model_dump(mode="json", exclude_unset=True))
    assert streamed[-1].type == "response.incomplete"
    assert streamed[-1].response.incomplete_details.reason == "max_output_tokens"


def test_the_serve_fake_command_speaks_responses(tmp_path: Path) -> None:
    (tmp_path / "s.json").write_text('[{"reply": {"text": "from the command line"}}]')
    command = [
        sys.executable,
        "-m",
        "wirechat.cli",
        "serve-fake",
        "openai-responses",
        "--script",
        str(tmp_path / "s.json"),
    ]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as server:
        try:
            assert server.stdout is not None
            url = server.stdout.readline().split()[-1]
            assert f"base_url='{url}/v1'" in server.stdout.readline()
            sdk_client = openai.OpenAI(base_url=f"{url}/v1", api_key="k", max_retries=0)
            assert sdk_client.responses.create(model="m", input="hi").output_text == "from the command line"
        finally:
            server.terminate()
            server.wait(10)
    assert server.returncode == 0, server.stderr.read() if server.stderr else ""


def test_a_streamed_call_without_a_name_reaches_the_client_as_an_invalid_response(serve: ServeFn) -> None:
    item = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "arguments": ""}
    sse = [
        {"event": "response.created", "data": {"type": "response.created", "sequence_number": 0,
                                               "response": {"id": "resp_1", "model": "m", "status": "in_progress"}}},
        {"event": "response.output_item.added", "data": {"type": "response.output_item.added", "sequence_number": 1,
                                                         "output_index": 0, "item": item}},
    ]  # fmt: skip
    fake = serve(
        "openai-responses", [{"raw": {"status": 200, "headers": {"content-type": "text/event-stream"}, "sse": sse}}]
    )
    with client_for(fake) as client, client.stream(REQUEST) as stream, pytest.raises(InvalidResponseError) as caught:
        stream.until_done()
    assert "/output/0/name" in str(caught.value)
    assert caught.value.partial is None or not [p for p in caught.value.partial.parts if p.type == "tool_call"]
