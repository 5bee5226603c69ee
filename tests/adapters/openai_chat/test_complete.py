"""The openai-chat legacy completions codec: request bodies the OpenAI SDK accepts, options mapped or
refused, recorded-shape ``text_completion`` bodies to canonical values, and bad bodies named."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import wirechat
from wirechat import ChatOptions, CompleteRequest, CompleteResponse, FinishReason, TokenUsage
from wirechat.adapters import ConversionRefused
from wirechat.adapters.openai_chat.complete import decode_complete_response, encode_complete_request

# The shape of a real POST /v1/completions answer (gpt-3.5-turbo-instruct, logprobs=1, cut by max_tokens).
RECORDED: dict[str, Any] = {
    "id": "cmpl-9f3kQ2x1Lb7Zr0aYvW4n",
    "object": "text_completion",
    "created": 1_731_000_000,
    "model": "gpt-3.5-turbo-instruct",
    "choices": [
        {
            "text": " a quick brown",
            "index": 0,
            "logprobs": {
                "tokens": [" a", " quick", " brown"],
                "token_logprobs": [-0.31, -1.2, -0.05],
                "top_logprobs": [{" a": -0.31}, {" quick": -1.2}, {" brown": -0.05}],
                "text_offset": [9, 11, 17],
            },
            "finish_reason": "length",
        }
    ],
    "usage": {"prompt_tokens": 4, "completion_tokens": 3, "total_tokens": 7},
}


def test_request_body_maps_the_options() -> None:
    request = CompleteRequest(
        model="gpt-3.5-turbo-instruct",
        prompt="Say this",
        options=ChatOptions(max_tokens=3, temperature=0.5, top_p=0.9, stop=["\n", "END"], seed=7),
        provider_options={"openai-chat": {"logprobs": 1, "suffix": "!", "n": 1}, "anthropic": {"x": 1}},
    )
    assert encode_complete_request(request) == {
        "model": "gpt-3.5-turbo-instruct",
        "prompt": "Say this",
        "max_tokens": 3,
        "temperature": 0.5,
        "top_p": 0.9,
        "stop": ["\n", "END"],
        "seed": 7,
        "logprobs": 1,
        "suffix": "!",
        "n": 1,
    }


def test_request_body_is_what_the_openai_sdk_types_accept() -> None:
    params = pytest.importorskip("openai.types.completion_create_params")
    pydantic = pytest.importorskip("pydantic")
    request = CompleteRequest(model="m", prompt="p", options=ChatOptions(max_tokens=5, stop=["x"], seed=1))
    body = encode_complete_request(request)
    assert pydantic.TypeAdapter(params.CompletionCreateParamsNonStreaming).validate_python(body) == body


@pytest.mark.parametrize(
    ("request_", "feature", "where"),
    [
        (CompleteRequest(prompt="p"), "model.absent", "/model"),
        (CompleteRequest(model="m", prompt="p", provider_options={"openai-chat": {"n": 2}}), "provider_options",
         "/provider_options/openai-chat/n"),
        (CompleteRequest(model="m", prompt="p", provider_options={"openai-chat": {"echo": True}}), "provider_options",
         "/provider_options/openai-chat/echo"),
        (CompleteRequest(model="m", prompt="p", provider_options={"openai-chat": {"stream": True}}),
         "provider_options", "/provider_options/openai-chat/stream"),
        (CompleteRequest(model="m", prompt="p", options=ChatOptions(max_tokens=3),
                         provider_options={"openai-chat": {"max_tokens": 9}}),
         "provider_options", "/provider_options/openai-chat/max_tokens"),
        (CompleteRequest(model="m", prompt="p", options=ChatOptions(parallel_tool_calls=True)),
         "options.parallel_tool_calls", "/options/parallel_tool_calls"),
        (CompleteRequest.model_validate({"model": "m", "prompt": "p",
                                         "options": {"response_format": {"type": "json_object"}}}),
         "options.response_format", "/options/response_format"),
    ],
    ids=["no-model", "n-2", "echo", "stream", "max-tokens-twice", "parallel-tool-calls", "response-format"],
)  # fmt: skip
def test_refusals_name_feature_and_place(request_: CompleteRequest, feature: str, where: str) -> None:
    with pytest.raises(ConversionRefused) as caught:
        encode_complete_request(request_)
    assert (caught.value.feature, caught.value.where) == (feature, where)
    assert caught.value.reason


def test_recorded_body() -> None:
    completion = pytest.importorskip("openai.types.completion")
    completion.Completion.model_validate(RECORDED)  # the payload has the real shape
    response = decode_complete_response(RECORDED)
    assert response == CompleteResponse(
        text=" a quick brown",
        finish_reason=FinishReason(kind="length", raw="length"),
        usage=TokenUsage(input_tokens=4, output_tokens=3, total_tokens=7),
        id="cmpl-9f3kQ2x1Lb7Zr0aYvW4n",
        model="gpt-3.5-turbo-instruct",
        provider_metadata={
            "openai": {
                "logprobs": RECORDED["choices"][0]["logprobs"],
                "object": "text_completion",
                "created": 1_731_000_000,
            }
        },
    )
    assert wirechat.decode(wirechat.encode(response), CompleteResponse) == response  # a valid wire value


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("stop", FinishReason(kind="stop", raw="stop")),
        ("content_filter", FinishReason(kind="content_filter", raw="content_filter")),
        ("eos_token", FinishReason(kind="other", raw="eos_token")),  # an OpenAI-compatible server's own value
        ("tool_calls", FinishReason(kind="other", raw="tool_calls")),  # no tool call here: never tool_calls
        (None, FinishReason(kind="other")),
    ],
)
def test_finish_reasons(raw: str | None, expected: FinishReason) -> None:
    body = copy.deepcopy(RECORDED)
    body["choices"][0]["finish_reason"] = raw
    assert decode_complete_response(body).finish_reason == expected


def test_extra_choices_and_members_go_to_provider_metadata() -> None:
    body = copy.deepcopy(RECORDED)
    first = {"text": " one", "index": 0, "logprobs": None, "finish_reason": "stop", "stop_reason": 50256}
    second = {"text": " two", "index": 1, "logprobs": None, "finish_reason": "stop"}
    body["choices"] = [second, first]  # index 0 is the answer wherever it is listed
    body["system_fingerprint"] = "fp_44709d6fcb"
    body["usage"] = {
        "prompt_tokens": 4,
        "completion_tokens": 2,
        "total_tokens": 6,
        "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
    }
    response = decode_complete_response(body)
    assert response.text == " one"
    assert response.usage == TokenUsage(input_tokens=4, output_tokens=2, total_tokens=6, cache_read_input_tokens=0)
    assert response.provider_metadata == {
        "openai": {
            "choice": {"stop_reason": 50256},
            "other_choices": [second],
            "usage": {"prompt_tokens_details": {"audio_tokens": 0}},
            "object": "text_completion",
            "created": 1_731_000_000,
            "system_fingerprint": "fp_44709d6fcb",
        }
    }


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"id": "x"}, "/choices: required array is missing"),
        ({**RECORDED, "choices": []}, "/choices: no completion"),
        ({**RECORDED, "choices": ["text"]}, "/choices/0: expected a choice object"),
        ({**RECORDED, "choices": [{"index": 0, "finish_reason": "stop"}]}, "/choices/0/text: required string"),
        ({**RECORDED, "choices": [{"index": 0, "text": 3}]}, "/choices/0/text: expected a string"),
        ({**RECORDED, "usage": {"prompt_tokens": 1.5}}, "/usage/prompt_tokens"),
    ],
    ids=["no-choices", "empty-choices", "choice-not-object", "no-text", "text-not-string", "bad-usage"],
)
def test_bad_bodies_are_named(body: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match="^" + message):
        decode_complete_response(body)
