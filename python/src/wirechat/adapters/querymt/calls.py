"""QueryMT's ``embed`` and ``complete`` exports <-> canonical ``EmbedRequest``/``EmbedResponse`` and
``CompleteRequest``/``CompleteResponse``.

``ExtismEmbedRequest`` is ``{cfg, inputs}`` and the plugin answers ``[[f32]]`` (one vector per input);
``ExtismCompleteRequest`` is ``{cfg, req: {prompt, suffix, max_tokens, temperature}}`` and the answer is
``CompletionResponse`` ``{text}``, which has no finish reason (``other``, no raw value) and no usage. The
model goes in ``cfg.model``, as for chat; what the requests cannot carry (``dimensions``, options other
than ``max_tokens`` and ``temperature``) is refused with where to put it instead (the plugin's cfg).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import CompleteRequest, CompleteResponse, EmbedRequest, EmbedResponse
from wirechat.adapters._contract import ConversionRefused
from wirechat.adapters.querymt.request_encode import plugin_cfg
from wirechat.adapters.querymt.shapes import NAME, PROVIDER

__all__ = ["decode_complete_response", "decode_embed_response", "encode_complete_request", "encode_embed_request"]

_IN_CFG = "QueryMT's request has no place for it: set it in the plugin's cfg (provider_options.querymt.cfg)"


def encode_embed_request(request: EmbedRequest, adapter_name: str = NAME) -> dict[str, Any]:
    if request.dimensions is not MISSING:
        raise ConversionRefused("embed.dimensions", _IN_CFG, where="/dimensions")
    return {"cfg": plugin_cfg(request, adapter_name, "EmbedRequest"), "inputs": list(request.inputs)}


def decode_embed_response(body: Any) -> EmbedResponse:
    """The canonical response for the plugin's ``[[f32]]`` (or ``{"embeddings": [[f32]]}``)."""
    vectors = body.get("embeddings") if isinstance(body, Mapping) else body
    if not isinstance(vectors, list) or not vectors:
        raise ValueError("/: expected a non-empty array of vectors ([[f32]])")
    for i, vector in enumerate(vectors):
        if not isinstance(vector, list) or not vector:
            raise ValueError(f"/{i}: expected a non-empty array of numbers")
        for j, number in enumerate(vector):
            if isinstance(number, bool) or not isinstance(number, (int, float)):
                raise ValueError(f"/{i}/{j}: expected a number, got {number!r:.40}")
    return EmbedResponse(embeddings=vectors)


def encode_complete_request(request: CompleteRequest, adapter_name: str = NAME) -> dict[str, Any]:
    req: dict[str, Any] = {"prompt": request.prompt, "suffix": None, "max_tokens": None, "temperature": None}
    options = request.options
    if options is not MISSING:
        for name, value in options.model_dump(exclude_unset=True).items():
            if name not in ("max_tokens", "temperature"):
                raise ConversionRefused(f"options.{name}", _IN_CFG, where=f"/options/{name}")
            req[name] = value
    return {"cfg": plugin_cfg(request, adapter_name, "CompleteRequest"), "req": req}


def decode_complete_response(body: Mapping[str, Any]) -> CompleteResponse:
    if not isinstance(body, Mapping) or not isinstance(body.get("text"), str):
        raise ValueError("/text: expected the completion's text (a string)")
    rest = {key: value for key, value in body.items() if key != "text"}
    fields: dict[str, Any] = {"text": body["text"], "finish_reason": {"kind": "other"}}
    if rest:
        fields["provider_metadata"] = {PROVIDER: rest}
    return CompleteResponse(**fields)
