"""The fake provider's embeddings and legacy completions routes: bodies of the real shape (checked
against the OpenAI SDK's response models), default vectors sized by ``dimensions``, and faults played
on these non-streamed routes as documented."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from wirechat.testing.fake_provider import FakeProvider

pytestmark = pytest.mark.timeout(30)


def post(fake: FakeProvider, path: str, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(fake.url + path, json=body, timeout=5)


def test_embeddings_default_vectors_follow_dimensions() -> None:
    embedding_response = pytest.importorskip("openai.types.create_embedding_response")
    with FakeProvider("openai-chat", [{"reply": {}, "repeat": 2}]) as fake:
        sized = post(fake, "/v1/embeddings", {"model": "e", "input": ["a", "b", "c"], "dimensions": 6}).json()
        plain = post(fake, "/v1/embeddings", {"model": "e", "input": "a"}).json()
    embedding_response.CreateEmbeddingResponse.model_validate(sized)
    assert [item["index"] for item in sized["data"]] == [0, 1, 2]
    assert [len(item["embedding"]) for item in sized["data"]] == [6, 6, 6]
    assert sized["data"][2]["embedding"][:3] == pytest.approx([0.3, 0.2, -0.3])
    assert plain["data"] == [{"object": "embedding", "index": 0, "embedding": [0.1, 0.2, -0.3]}]


def test_completions_body_has_the_real_shape() -> None:
    completion = pytest.importorskip("openai.types.completion")
    script = [{"reply": {"text": " done", "finish": "length", "usage": {"input": 3, "output": 2}}}]
    with FakeProvider("openai-chat", script) as fake:
        body = post(fake, "/v1/completions", {"model": "i", "prompt": "p"}).json()
    completion.Completion.model_validate(body)
    assert body["choices"][0] == {
        "text": " done",
        "index": 0,
        "logprobs": None,
        "finish_reason": "length",
    }
    assert body["usage"] == {"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5}


@pytest.mark.parametrize("after", [0, 2])
@pytest.mark.parametrize("path", ["/v1/embeddings", "/v1/completions"])
def test_a_drop_on_a_non_streamed_route_closes_before_any_byte(path: str, after: int) -> None:
    with (
        FakeProvider("openai-chat", [{"reply": {"text": "x"}, "fault": {"type": "drop", "after": after}}]) as fake,
        pytest.raises(httpx.RemoteProtocolError),
    ):
        post(fake, path, {"model": "m", "input": ["a"], "prompt": "p"})


@pytest.mark.parametrize("path", ["/v1/embeddings", "/v1/completions"])
def test_status_malformed_and_error_event_faults_apply(path: str) -> None:
    script = [
        {"fault": {"type": "status", "status": 429, "retry_after_ms": 20}},
        {"fault": {"type": "malformed"}},
        {"fault": {"type": "error_event", "error_type": "server_error"}},
    ]
    with FakeProvider("openai-chat", script) as fake:
        limited = post(fake, path, {"model": "m", "input": ["a"], "prompt": "p"})
        cut = post(fake, path, {"model": "m", "input": ["a"], "prompt": "p"})
        failed = post(fake, path, {"model": "m", "input": ["a"], "prompt": "p"})
    assert (limited.status_code, limited.headers["retry-after-ms"]) == (429, "20")
    assert limited.json()["error"]["code"] == "rate_limit_exceeded"
    assert cut.status_code == 200
    with pytest.raises(ValueError):
        cut.json()
    assert (failed.status_code, failed.json()["error"]["type"]) == (500, "server_error")


@pytest.mark.parametrize("path", ["/v1/embeddings", "/v1/completions", "/v1/complete"])
def test_anthropic_has_no_such_routes(path: str) -> None:
    with FakeProvider("anthropic", [{"reply": {"text": "x"}}]) as fake:
        answer = post(fake, path, {"model": "m"})
    assert answer.status_code == 404
    assert "no endpoint" in answer.json()["error"]["message"]
