"""Gemini errors (google.rpc Status, the wait in RetryInfo, per-day quotas), usage semantics (spec section 7)
and the embeddings codec."""

from __future__ import annotations

import json

import pytest

from wirechat import EmbedRequest
from wirechat.adapters import ConversionRefused, EmbedCodec, get
from wirechat.adapters.gemini import usage
from wirechat.adapters.gemini.errors import ERROR_CASES
from wirechat.adapters.gemini.manifest import MANIFEST
from wirechat.errors import WireError

ADAPTER = get("gemini")


@pytest.mark.parametrize("case", ERROR_CASES, ids=lambda case: f"{case[0]}-{case[3]}")
def test_the_error_table(case: tuple[object, ...]) -> None:
    status, headers, body, kind, retryable, wait = case
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    error = ADAPTER.decode_error(status, headers, raw)  # type: ignore[arg-type]
    assert (error.kind, error.retryable) == (kind, retryable)
    assert (error.retry_after_ms if wait is not None else None) == wait


def test_an_error_encodes_to_the_status_shape_and_reads_back() -> None:
    error = ADAPTER.decode_error(429, {}, json.dumps(ERROR_CASES[6][2]).encode())
    status, _, body = ADAPTER.encode_error(error)
    assert status == 429 and body["error"]["status"] == "RESOURCE_EXHAUSTED"
    assert body["error"]["details"] == [{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "34.4s"}]
    again = ADAPTER.decode_error(status, {}, json.dumps(body).encode())
    assert (again.kind, again.retry_after_ms, again.provider_code) == ("rate_limited", 34400, "RESOURCE_EXHAUSTED")


def test_usage_mapping() -> None:
    raw = {
        "promptTokenCount": 100,
        "cachedContentTokenCount": 60,
        "candidatesTokenCount": 15,
        "thoughtsTokenCount": 804,
        "toolUsePromptTokenCount": 7,
        "totalTokenCount": 926,
        "trafficType": "ON_DEMAND",
    }
    canonical, extra = usage.decode(raw)
    assert canonical.input_tokens == 107  # prompt (cached tokens inside it) + tool-use prompt
    assert canonical.cache_read_input_tokens == 60
    assert canonical.output_tokens == 819  # candidates + thoughts, which Gemini counts outside the candidates
    assert canonical.reasoning_output_tokens == 804
    assert canonical.total_tokens == 926
    assert extra == {"trafficType": "ON_DEMAND", "toolUsePromptTokenCount": 7}


def test_a_bad_count_is_an_error_naming_it() -> None:
    with pytest.raises(ValueError, match="/usageMetadata/thoughtsTokenCount"):
        usage.decode({"thoughtsTokenCount": -1})


def test_embeddings_body_and_response() -> None:
    assert isinstance(ADAPTER, EmbedCodec)
    request = EmbedRequest(
        model="gemini-embedding-001",
        inputs=["a", "b"],
        dimensions=3,
        provider_options={"gemini": {"taskType": "RETRIEVAL_QUERY"}},
    )
    body = ADAPTER.encode_embed_request(request)
    assert body == {
        "requests": [
            {
                "model": "models/gemini-embedding-001",
                "content": {"parts": [{"text": text}]},
                "outputDimensionality": 3,
                "taskType": "RETRIEVAL_QUERY",
            }
            for text in ("a", "b")
        ]
    }
    path, sent = ADAPTER.request_target("embed", body, stream=False)  # type: ignore[attr-defined]
    assert path == "/v1beta/models/gemini-embedding-001:batchEmbedContents" and sent == body
    response = ADAPTER.decode_embed_response({"embeddings": [{"values": [0.1, 0.2]}, {"values": [0.3, 0.4]}]})
    assert response.embeddings == [[0.1, 0.2], [0.3, 0.4]]
    assert ADAPTER.decode_embed_response({"embedding": {"values": [1, 2]}}).embeddings == [[1, 2]]


@pytest.mark.parametrize(
    ("body", "says"),
    [({"embeddings": []}, "/embeddings"), ({"embeddings": [{"values": "x"}]}, "/embeddings/0/values"), ({}, "neither")],
)
def test_bad_embeddings_responses_name_the_member(body: dict[str, object], says: str) -> None:
    with pytest.raises(ValueError, match=says):
        ADAPTER.decode_embed_response(body)


def test_embeddings_options_and_model_are_checked() -> None:
    with pytest.raises(WireError, match="taskType"):
        ADAPTER.encode_embed_request(
            EmbedRequest(model="m", inputs=["a"], provider_options={"gemini": {"taskType": "X"}})
        )
    with pytest.raises(ConversionRefused, match="model"):
        ADAPTER.encode_embed_request(EmbedRequest(inputs=["a"]))


def test_the_chat_path_carries_the_model_and_the_stream_method() -> None:
    body = {"model": "gemini-2.5-flash", "contents": []}
    assert ADAPTER.request_target("chat", body, stream=True) == (  # type: ignore[attr-defined]
        "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse",
        {"contents": []},
    )
    assert ADAPTER.request_target("chat", body, stream=False)[0] == "/v1beta/models/gemini-2.5-flash:generateContent"  # type: ignore[attr-defined]


def test_embeddings_options_are_checked_by_the_tables_schema(monkeypatch: pytest.MonkeyPatch) -> None:
    """What broke: the schema was written by hand here and in TypeScript and Go; it is now
    ``call_options_schemas.embed`` of ``adapters/gemini.adapter.json``, read through the manifest."""
    assert MANIFEST.call_options_schemas["embed"]["properties"]["taskType"]["enum"][0] == "RETRIEVAL_QUERY"
    monkeypatch.setitem(MANIFEST.call_options_schemas, "embed", {"type": "object", "maxProperties": 0})  # type: ignore[arg-type]
    with pytest.raises(WireError, match="expected to be empty"):
        ADAPTER.encode_embed_request(
            EmbedRequest(model="m", inputs=["a"], provider_options={"gemini": {"taskType": "RETRIEVAL_QUERY"}})
        )
