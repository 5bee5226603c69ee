"""``Client`` and ``AsyncClient`` ``.embed``/``.complete`` with the openai-chat adapter's own codecs,
end to end against the fake provider over a real socket: bodies sent, canonical answers, retries and
faults on these endpoints, and Anthropic's clear ``UnsupportedCallError``."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.client.conftest import ServeFn, async_client_for, client_for
from wirechat import ChatOptions, CompleteRequest, EmbedRequest, FinishReason, TokenUsage
from wirechat.adapters import ConversionRefused
from wirechat.client import UnsupportedCallError
from wirechat.transport import InvalidRequestError, InvalidResponseError, RateLimitedError

pytestmark = pytest.mark.timeout(30)

EMBED = EmbedRequest(model="text-embedding-3-small", inputs=["alpha", "beta"], dimensions=5)
COMPLETE = CompleteRequest(
    model="gpt-3.5-turbo-instruct", prompt="Once upon", options=ChatOptions(max_tokens=4, stop=["\n"], seed=3)
)
RATE_LIMITED = {"fault": {"type": "status", "status": 429, "retry_after_ms": 5}}
COMPLETION = {"reply": {"text": " a time", "finish": "length", "id": "cmpl-1", "usage": {"input": 2, "output": 3}}}


def test_embed_sends_the_openai_body_and_reads_vectors_in_input_order(serve: ServeFn) -> None:
    fake = serve("openai-chat", [{"reply": {"usage": {"input": 6}}}])
    with client_for(fake) as client:
        response = client.embed(EMBED)
    assert [request.path for request in fake.requests] == ["/v1/embeddings"]
    assert fake.requests[0].body == {
        "model": "text-embedding-3-small",
        "input": ["alpha", "beta"],
        "encoding_format": "float",
        "dimensions": 5,
    }
    assert [len(vector) for vector in response.embeddings] == [5, 5]
    assert response.embeddings[0][0] == pytest.approx(0.1) and response.embeddings[1][0] == pytest.approx(0.2)
    assert response.usage == TokenUsage(input_tokens=6, output_tokens=0, total_tokens=6)
    assert response.model == "text-embedding-3-small"
    assert response.provider_metadata == {"openai": {"object": "list"}}


def test_embed_sorts_items_the_provider_listed_out_of_order(serve: ServeFn) -> None:
    body = {
        "object": "list",
        "data": [{"object": "embedding", "index": i, "embedding": [float(i)]} for i in (1, 0)],
        "model": "m",
        "usage": {"prompt_tokens": 2, "total_tokens": 2},
    }
    fake = serve("openai-chat", [{"raw": {"status": 200, "body": body}}])
    with client_for(fake) as client:
        assert client.embed(EMBED).embeddings == [[0.0], [1.0]]


def test_embed_with_a_vector_missing_is_an_invalid_response(serve: ServeFn) -> None:
    fake = serve("openai-chat", [{"reply": {"embeddings": [[1, 2]]}}])
    with client_for(fake) as client, pytest.raises(InvalidResponseError, match="1 embeddings for 2 inputs"):
        client.embed(EMBED)


def test_complete_sends_the_openai_body_and_reads_the_choice(serve: ServeFn) -> None:
    fake = serve("openai-chat", [COMPLETION])
    with client_for(fake) as client:
        response = client.complete(COMPLETE)
    assert [request.path for request in fake.requests] == ["/v1/completions"]
    assert fake.requests[0].body == {
        "model": "gpt-3.5-turbo-instruct",
        "prompt": "Once upon",
        "max_tokens": 4,
        "stop": ["\n"],
        "seed": 3,
    }
    assert (response.text, response.id, response.model) == (" a time", "cmpl-1", "gpt-3.5-turbo-instruct")
    assert response.finish_reason == FinishReason(kind="length", raw="length")
    assert response.usage == TokenUsage(input_tokens=2, output_tokens=3, total_tokens=5)
    assert response.provider_metadata == {"openai": {"object": "text_completion", "created": 1_700_000_000}}


def test_an_unknown_finish_reason_is_other_with_the_raw_value(serve: ServeFn) -> None:
    fake = serve("openai-chat", [{"reply": {"text": "x", "finish": "eos"}}])
    with client_for(fake) as client:
        assert client.complete(COMPLETE).finish_reason == FinishReason(kind="other", raw="eos")


def test_a_refused_option_is_refused_before_sending(serve: ServeFn) -> None:
    fake = serve("openai-chat", [COMPLETION])
    request = COMPLETE.model_copy(update={"provider_options": {"openai-chat": {"n": 3}}})
    with client_for(fake) as client, pytest.raises(ConversionRefused, match="several completions"):
        client.complete(request)
    assert fake.requests == []


@pytest.mark.parametrize(
    "fault",
    [RATE_LIMITED, {"fault": {"type": "drop"}}, {"fault": {"type": "drop", "after": 2}}],
    ids=["429", "dropped", "dropped-after-2"],
)
def test_retryable_faults_on_both_endpoints_are_retried(serve: ServeFn, fault: dict[str, Any]) -> None:
    fake = serve("openai-chat", [fault, {"reply": {}}, fault, COMPLETION])
    with client_for(fake) as client:
        assert len(client.embed(EMBED).embeddings) == 2
        assert client.complete(COMPLETE).text == " a time"
    paths = [request.path for request in fake.requests]
    assert paths == ["/v1/embeddings", "/v1/embeddings", "/v1/completions", "/v1/completions"]


def test_faults_that_are_not_retried(serve: ServeFn) -> None:
    fake = serve(
        "openai-chat",
        [
            {"fault": {"type": "status", "status": 400, "message": "dimensions: too large"}},
            {"reply": {"text": "cut"}, "fault": {"type": "malformed"}},
            {**RATE_LIMITED, "repeat": 3},
        ],
    )
    with client_for(fake) as client:
        with pytest.raises(InvalidRequestError, match="dimensions: too large"):
            client.embed(EMBED)
        with pytest.raises(InvalidResponseError, match="completion response is not JSON"):
            client.complete(COMPLETE)
        with pytest.raises(RateLimitedError) as caught:
            client.embed(EMBED)
    assert caught.value.attempts == 3
    assert len(fake.requests) == 5


def test_async_client_embeds_and_completes_with_a_retry(serve: ServeFn) -> None:
    fake = serve("openai-chat", [RATE_LIMITED, {"reply": {}}, RATE_LIMITED, COMPLETION])

    async def run() -> tuple[int, str]:
        async with async_client_for(fake) as client:
            embedded = await client.embed(EMBED)
            completed = await client.complete(COMPLETE)
        return len(embedded.embeddings), completed.text

    assert asyncio.run(run()) == (2, " a time")
    assert len(fake.requests) == 4


def test_anthropic_has_neither_call_and_says_so(serve: ServeFn) -> None:
    fake = serve("anthropic", [])
    with client_for(fake) as client:
        with pytest.raises(UnsupportedCallError) as embed_error:
            client.embed(EmbedRequest(model="m", inputs=["a"]))
        with pytest.raises(UnsupportedCallError) as complete_error:
            client.complete(CompleteRequest(model="m", prompt="a"))
    assert str(embed_error.value).startswith("anthropic offers no embeddings (Client.embed): the API has no such")
    assert str(complete_error.value).startswith("anthropic offers no text completions (Client.complete):")
    for error in (embed_error, complete_error):
        assert str(error.value).endswith("calls it offers: chat")
    assert fake.requests == []


def test_anthropic_async_calls_are_refused_too(serve: ServeFn) -> None:
    fake = serve("anthropic", [])

    async def run() -> None:
        async with async_client_for(fake) as client:
            with pytest.raises(UnsupportedCallError, match="no embeddings"):
                await client.embed(EmbedRequest(model="m", inputs=["a"]))
            with pytest.raises(UnsupportedCallError, match="no text completions"):
                await client.complete(CompleteRequest(model="m", prompt="a"))

    asyncio.run(run())
    assert fake.requests == []
