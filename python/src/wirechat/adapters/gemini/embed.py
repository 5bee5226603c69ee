"""Gemini embeddings (``POST /v1beta/models/{model}:batchEmbedContents``) <-> canonical ``EmbedRequest`` /
``EmbedResponse``.

The request is one ``EmbedContentRequest`` per input, each naming the model (``models/{model}``) and
holding the input as one text part, with ``outputDimensionality`` from ``dimensions``; this adapter's
``provider_options`` (``taskType``, ``title``: the manifest's ``call_options_schemas["embed"]``, from
``adapters/gemini.adapter.json``) go on every item. The response's ``embeddings[i].values``
belongs to ``inputs[i]``; a single ``embedContent`` answer (``{"embedding": {"values"}}``) is read too.
Gemini reports no usage for embeddings. Other members go to ``provider_metadata["gemini"]``. Pure.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import EmbedRequest, EmbedResponse
from wirechat.adapters._contract import ConversionRefused
from wirechat.adapters._options import check_options
from wirechat.adapters.gemini.manifest import MANIFEST
from wirechat.adapters.gemini.shapes import NAME, PROVIDER
from wirechat.errors import WireError

__all__ = ["decode_embed_response", "encode_embed_request", "model_path"]


def model_path(model: str) -> str:
    """The model's resource name (``models/gemini-embedding-001``); a name already in that form is kept."""
    return model if model.startswith(("models/", "tunedModels/")) else f"models/{model}"


def encode_embed_request(request: EmbedRequest, adapter_name: str = NAME) -> dict[str, Any]:
    """The ``batchEmbedContents`` body; ``ConversionRefused`` without a model, ``WireError`` for bad options."""
    if request.model is MISSING:
        raise ConversionRefused("model.absent", "the model is part of the Gemini URL: set EmbedRequest.model",
                                where="/model")  # fmt: skip
    extra: dict[str, Any] = {}
    if request.provider_options is not MISSING and request.provider_options.get(adapter_name) is not None:
        extra = dict(request.provider_options[adapter_name])
        check_options(extra, adapter_name, MANIFEST.call_options_schemas["embed"], "EmbedRequest")
    items = []
    for text in request.inputs:
        item: dict[str, Any] = {"model": model_path(request.model), "content": {"parts": [{"text": text}]}}
        if request.dimensions is not MISSING:
            item["outputDimensionality"] = request.dimensions
        items.append(item | extra)
    return {"requests": items}


def _vector(value: Any, where: str) -> list[Any]:
    if not isinstance(value, Mapping):
        raise ValueError(f"{where}: expected an embedding object")
    values = value.get("values")
    if not isinstance(values, list) or not values:
        raise ValueError(f"{where}/values: expected a non-empty array of numbers")
    return values


def decode_embed_response(body: Mapping[str, Any]) -> EmbedResponse:
    """The canonical response, vectors in input order; ``ValueError`` naming the member for a bad body."""
    if "embeddings" in body:
        items = body["embeddings"]
        if not isinstance(items, list) or not items:
            raise ValueError("/embeddings: expected a non-empty array of embeddings")
        vectors = [_vector(item, f"/embeddings/{i}") for i, item in enumerate(items)]
        rest = {key: value for key, value in body.items() if key != "embeddings"}
    elif "embedding" in body:
        vectors = [_vector(body["embedding"], "/embedding")]
        rest = {key: value for key, value in body.items() if key != "embedding"}
    else:
        raise ValueError("/embeddings: an embeddings response has embeddings (or embedding); this body has neither")
    fields: dict[str, Any] = {"embeddings": vectors}
    if rest:
        fields["provider_metadata"] = {PROVIDER: rest}
    try:
        return EmbedResponse(**fields)
    except WireError as error:
        raise ValueError(f"an embedding is not an array of numbers within ±2**53: {error}") from None
