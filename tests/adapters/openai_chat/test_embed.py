"""The openai-chat embeddings codec: request bodies the OpenAI SDK accepts, recorded-shape response
bodies (vectors out of order, extra members, odd usage) to canonical values, and bad bodies named."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import wirechat
from wirechat import EmbedRequest, EmbedResponse, TokenUsage
from wirechat.adapters import CompleteCodec, ConversionRefused, EmbedCodec
from wirechat.adapters.openai_chat.embed import decode_embed_response, encode_embed_request

# The shape of a real POST /v1/embeddings answer (text-embedding-3-small, two inputs, dimensions 4),
# with the items listed out of index order, as the API does not promise an order in `data`.
RECORDED: dict[str, Any] = {
    "object": "list",
    "data": [
        {"object": "embedding", "index": 1, "embedding": [0.0123, -0.0456, 0.0789, 0]},
        {"object": "embedding", "index": 0, "embedding": [-0.0031, 0.0217, -0.0092, 0.0441]},
    ],
    "model": "text-embedding-3-small",
    "usage": {"prompt_tokens": 8, "total_tokens": 8},
}


def test_the_adapter_offers_both_optional_capabilities() -> None:
    adapter = wirechat.adapters.get("openai-chat")
    assert isinstance(adapter, EmbedCodec)
    assert isinstance(adapter, CompleteCodec)
    assert not isinstance(wirechat.adapters.get("anthropic"), EmbedCodec)


def test_request_body() -> None:
    request = EmbedRequest(
        model="text-embedding-3-small",
        inputs=["first", "second"],
        dimensions=4,
        provider_options={"openai-chat": {"user": "u-1"}, "anthropic": {"ignored": True}},
    )
    body = encode_embed_request(request)
    assert body == {
        "model": "text-embedding-3-small",
        "input": ["first", "second"],
        "encoding_format": "float",
        "dimensions": 4,
        "user": "u-1",
    }


def test_request_body_is_what_the_openai_sdk_types_accept() -> None:
    params = pytest.importorskip("openai.types.embedding_create_params")
    pydantic = pytest.importorskip("pydantic")
    body = encode_embed_request(EmbedRequest(model="m", inputs=["a"], dimensions=8))
    adapter = pydantic.TypeAdapter(params.EmbeddingCreateParams)
    assert adapter.validate_python(body) == body


@pytest.mark.parametrize(
    ("request_", "feature", "where"),
    [
        (EmbedRequest(inputs=["a"]), "model.absent", "/model"),
        (
            EmbedRequest(model="m", inputs=["a"], provider_options={"openai-chat": {"encoding_format": "base64"}}),
            "provider_options",
            "/provider_options/openai-chat/encoding_format",
        ),
        (
            EmbedRequest(model="m", inputs=["a"], dimensions=2, provider_options={"openai-chat": {"dimensions": 3}}),
            "provider_options",
            "/provider_options/openai-chat/dimensions",
        ),
    ],
    ids=["no-model", "encoding-format-is-the-adapters", "dimensions-twice"],
)
def test_refusals_name_feature_and_place(request_: EmbedRequest, feature: str, where: str) -> None:
    with pytest.raises(ConversionRefused) as caught:
        encode_embed_request(request_)
    assert (caught.value.feature, caught.value.where) == (feature, where)


def test_recorded_body_decodes_in_input_order() -> None:
    openai_response = pytest.importorskip("openai.types.create_embedding_response")
    openai_response.CreateEmbeddingResponse.model_validate(RECORDED)  # the payload has the real shape
    response = decode_embed_response(RECORDED)
    assert response == EmbedResponse(
        embeddings=[[-0.0031, 0.0217, -0.0092, 0.0441], [0.0123, -0.0456, 0.0789, 0.0]],
        model="text-embedding-3-small",
        usage=TokenUsage(input_tokens=8, output_tokens=0, total_tokens=8),
        provider_metadata={"openai": {"object": "list"}},
    )
    assert all(type(x) is float for vector in response.embeddings for x in vector)
    assert wirechat.decode(wirechat.encode(response), EmbedResponse) == response  # a valid wire value


def test_members_without_a_field_are_kept() -> None:
    body = copy.deepcopy(RECORDED)
    body["usage"]["total_tokens"] = 9  # a server that disagrees with itself: canonical total stays 8
    body["id"] = "emb-123"
    body["data"][0]["object"] = "embedding.v2"
    body["data"][1]["extra"] = {"norm": 1.0}
    response = decode_embed_response(body)
    assert response.usage == TokenUsage(input_tokens=8, output_tokens=0, total_tokens=8)
    assert response.provider_metadata == {
        "openai": {
            "object": "list",
            "id": "emb-123",
            "usage": {"total_tokens": 9},
            "data": [{"index": 0, "extra": {"norm": 1.0}}, {"index": 1, "object": "embedding.v2"}],
        }
    }


def _with_data(data: Any) -> dict[str, Any]:
    return {**RECORDED, "data": data}


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"object": "list"}, "/data: required array is missing"),
        (_with_data([]), "/data: no embeddings"),
        (_with_data([{"index": 0, "embedding": [1.0]}, {"index": 0, "embedding": [2.0]}]), "/data/1/index"),
        (_with_data([{"index": 1, "embedding": [1.0]}]), "/data/0/index: expected an integer from 0 to 0"),
        (_with_data([{"embedding": [1.0]}]), "/data/0/index"),
        (_with_data([{"index": 0, "embedding": "AACAPw=="}]), "/data/0/embedding: a base64 string"),
        (_with_data([{"index": 0, "embedding": [1.0, "x"]}]), "/data/0/embedding/1: expected a number within"),
        (_with_data([{"index": 0, "embedding": [True]}]), "/data/0/embedding/0"),
        (
            _with_data([{"index": 1, "embedding": [1.0]}, {"index": 0, "embedding": [2.0, 1e300]}]),
            "/data/1/embedding/1",
        ),
        (_with_data([{"index": 0, "embedding": []}]), "/data/0/embedding: expected a non-empty array"),
        ({**RECORDED, "usage": {"prompt_tokens": -1}}, "/usage/prompt_tokens"),
    ],
    ids=[
        "no-data",
        "empty",
        "duplicate-index",
        "index-out-of-range",
        "no-index",
        "base64",
        "not-a-number",
        "bool",
        "too-large-in-the-second-item-listed",
        "empty-vector",
        "negative-usage",
    ],
)
def test_bad_bodies_are_named(body: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match="^" + message.replace("[", r"\[")):
        decode_embed_response(body)
