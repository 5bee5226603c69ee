"""OpenAI embeddings (``POST /v1/embeddings``) <-> canonical ``EmbedRequest`` / ``EmbedResponse``.

The request asks for ``encoding_format: "float"`` (base64 vectors would need a decoder for packed
float32; the adapter sets the key, so ``provider_options`` cannot switch it) and passes ``dimensions``
through. The response's ``data`` is sorted by ``index``, so ``embeddings[i]`` belongs to ``inputs[i]``
whatever order the items arrived in; the indices must be 0..n-1, each once. Usage: ``prompt_tokens`` is
``input_tokens``, output is 0 (an embedding generates no tokens), total is input + output. Members with
no canonical field (``object``, per-item extras, a disagreeing ``total_tokens``) go to
``provider_metadata["openai"]``. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import EmbedRequest, EmbedResponse
from wirechat.adapters._contract import ConversionRefused
from wirechat.adapters._conversion import get_list
from wirechat.adapters._parts import merge_provider_options
from wirechat.adapters.openai_chat.extra_body import NAME, PROVIDER, decode_usage
from wirechat.errors import WireError

__all__ = ["decode_embed_response", "encode_embed_request"]

_ITEM_KEYS = ("index", "embedding")
_BODY_KEYS = ("data", "model", "usage")


def encode_embed_request(request: EmbedRequest, adapter_name: str = NAME) -> dict[str, Any]:
    """The ``/v1/embeddings`` body; ``ConversionRefused`` without a model or for an option the adapter sets."""
    if request.model is MISSING:
        raise ConversionRefused("model.absent", "the embeddings endpoint needs a model: set EmbedRequest.model",
                                where="/model")  # fmt: skip
    body: dict[str, Any] = {"model": request.model, "input": list(request.inputs), "encoding_format": "float"}
    if request.dimensions is not MISSING:
        body["dimensions"] = request.dimensions
    merge_provider_options(request.provider_options, adapter_name, body)
    return body


def _vector(value: Any, where: str) -> list[Any]:
    """The vector as given; its numbers are checked when the response model is built (``_numbers_error``)."""
    if isinstance(value, str):
        raise ValueError(f"{where}: a base64 string; the adapter asks for encoding_format float")
    if not isinstance(value, list) or not value:
        raise ValueError(f"{where}: expected a non-empty array of numbers")
    return value


def _numbers_error(error: WireError, pointers: list[str], vectors: list[list[Any]]) -> ValueError:
    """A bad number named by its place in the provider's body (the model validates the floats in one C
    pass; checking each number in Python first cost 8x the whole validation)."""
    for problem in error.problems:
        tokens = problem.pointer.split("/")
        if len(tokens) == 4 and tokens[1] == "embeddings" and tokens[2].isdigit() and tokens[3].isdigit():
            vector, place = int(tokens[2]), int(tokens[3])
            number = vectors[vector][place]
            return ValueError(f"{pointers[vector]}/{place}: expected a number within ±2**53, got {number!r}")
    return ValueError(str(error))


def decode_embed_response(body: Mapping[str, Any]) -> EmbedResponse:
    """The canonical response for a ``/v1/embeddings`` body, vectors in input order; ``ValueError``
    naming the member for a body that is not one."""
    data = get_list(body, "data", "") or []
    metadata: dict[str, Any] = {}
    by_index: dict[int, list[Any]] = {}
    pointer_of: dict[int, str] = {}
    item_extras: list[dict[str, Any]] = []
    for i, item in enumerate(data):
        where = f"/data/{i}"
        if not isinstance(item, Mapping):
            raise ValueError(f"{where}: expected an embedding object")
        index = item.get("index")
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(data):
            raise ValueError(f"{where}/index: expected an integer from 0 to {len(data) - 1}, got {index!r}")
        if index in by_index:
            raise ValueError(f"{where}/index: index {index} appears twice")
        by_index[index] = _vector(item.get("embedding"), f"{where}/embedding")
        pointer_of[index] = f"{where}/embedding"
        extra = {key: value for key, value in item.items() if key not in _ITEM_KEYS}
        if extra.get("object") == "embedding":
            del extra["object"]  # the item's type tag, always the same
        if extra:
            item_extras.append({"index": index, **extra})
    if not by_index:
        raise ValueError("/data: no embeddings")
    fields: dict[str, Any] = {"embeddings": [by_index[index] for index in range(len(data))]}
    if isinstance(body.get("model"), str) and body["model"]:
        fields["model"] = body["model"]
    usage = decode_usage(body.get("usage"), metadata)
    if usage is not None:
        fields["usage"] = usage
    if item_extras:
        metadata["data"] = sorted(item_extras, key=lambda extra: int(extra["index"]))
    for key, value in body.items():
        if key not in _BODY_KEYS and value is not None:
            metadata[key] = value
    if metadata:
        fields["provider_metadata"] = {PROVIDER: metadata}
    try:
        return EmbedResponse(**fields)
    except WireError as error:  # model construction raises WireError (wirechat._model)
        pointers = [pointer_of[index] for index in range(len(data))]
        raise _numbers_error(error, pointers, fields["embeddings"]) from None
