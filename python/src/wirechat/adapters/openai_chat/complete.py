"""OpenAI legacy completions (``POST /v1/completions``) <-> canonical ``CompleteRequest`` /
``CompleteResponse``.

Options: ``max_tokens``, ``temperature``, ``top_p``, ``stop`` and ``seed`` map one to one (the endpoint
takes ``max_tokens`` itself, not ``max_completion_tokens``). ``parallel_tool_calls`` and
``response_format`` have no meaning here (no tools, no structured output) and are refused rather than
dropped, since the codec has no warnings channel. ``provider_options["openai-chat"]`` is merged as the chat
codec does, except the members that would break the one-continuation shape of ``CompleteResponse``: ``n``
above 1 (several completions), ``echo`` (the prompt prepended to the text) and ``stream`` (the client reads
one JSON body) are refused with ``ConversionRefused``; send separate requests instead of ``n``.

The answer is the choice with ``index`` 0: its ``text``, and its ``finish_reason`` through the adapter's
finish table (raw value kept, unknown values ``other``). A body that carries more choices anyway keeps
them in ``provider_metadata["openai"]["other_choices"]``, as the chat codec does; ``logprobs``,
``object``, ``created``, ``system_fingerprint`` and any other member without a canonical field go there
too. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import CompleteRequest, CompleteResponse
from wirechat.adapters._contract import ConversionRefused
from wirechat.adapters._conversion import get_list, get_str
from wirechat.adapters._parts import merge_provider_options
from wirechat.adapters.openai_chat import finish
from wirechat.adapters.openai_chat.extra_body import NAME, PROVIDER, decode_usage

__all__ = ["decode_complete_response", "encode_complete_request"]

_OPTIONS = ("max_tokens", "temperature", "top_p", "stop", "seed")
_NO_SLOT = {
    "parallel_tool_calls": "the completions endpoint has no tools",
    "response_format": "the completions endpoint has no structured output; use chat",
}
_CHOICE_KEYS = ("index", "text", "finish_reason", "logprobs")
_BODY_KEYS = ("id", "model", "choices", "usage")


def _refuse_shape_options(body: Mapping[str, Any], adapter_name: str) -> None:
    where = f"/provider_options/{adapter_name}"
    n = body.get("n")
    if n is not None and n != 1:
        raise ConversionRefused("provider_options", f"n={n!r} asks for several completions; a CompleteResponse holds "
                                "one: send separate requests", where=f"{where}/n")  # fmt: skip
    if body.get("echo") not in (None, False):
        raise ConversionRefused("provider_options", "echo puts the prompt into the text, which holds only the "
                                "continuation: prepend the prompt yourself", where=f"{where}/echo")  # fmt: skip
    if body.get("stream") not in (None, False):
        raise ConversionRefused("provider_options", "the client reads completions as one JSON body, not a stream",
                                where=f"{where}/stream")  # fmt: skip


def encode_complete_request(request: CompleteRequest, adapter_name: str = NAME) -> dict[str, Any]:
    """The ``/v1/completions`` body; ``ConversionRefused`` for what the endpoint or the canonical response
    cannot carry."""
    if request.model is MISSING:
        raise ConversionRefused("model.absent", "the completions endpoint needs a model: set CompleteRequest.model",
                                where="/model")  # fmt: skip
    body: dict[str, Any] = {"model": request.model, "prompt": request.prompt}
    options = request.options
    if options is not MISSING:
        for name in _OPTIONS:
            value = getattr(options, name)
            if value is not MISSING:
                body[name] = list(value) if name == "stop" else value
        for name, reason in _NO_SLOT.items():
            if getattr(options, name) is not MISSING:
                raise ConversionRefused(f"options.{name}", reason, where=f"/options/{name}")
    merge_provider_options(request.provider_options, adapter_name, body)
    _refuse_shape_options(body, adapter_name)
    return body


def decode_complete_response(body: Mapping[str, Any]) -> CompleteResponse:
    """The canonical response for a ``text_completion`` body; ``ValueError`` naming the member for a body
    that is not one."""
    choices = get_list(body, "choices", "") or []
    if not choices:
        raise ValueError("/choices: no completion in the response")
    for i, choice in enumerate(choices):
        if not isinstance(choice, Mapping):
            raise ValueError(f"/choices/{i}: expected a choice object")
    position = next((i for i, choice in enumerate(choices) if choice.get("index", 0) == 0), 0)
    choice, where = choices[position], f"/choices/{position}"
    text = get_str(choice, "text", where)
    metadata: dict[str, Any] = {}
    fields: dict[str, Any] = {
        "text": text,
        "finish_reason": finish.decode(get_str(choice, "finish_reason", where, required=False), has_tool_calls=False),
    }
    if choice.get("logprobs") is not None:
        metadata["logprobs"] = choice["logprobs"]
    extra = {key: value for key, value in choice.items() if key not in _CHOICE_KEYS and value is not None}
    if extra:
        metadata["choice"] = extra
    if len(choices) > 1:
        metadata["other_choices"] = [other for i, other in enumerate(choices) if i != position]
    usage = decode_usage(body.get("usage"), metadata)
    if usage is not None:
        fields["usage"] = usage
    for key in ("id", "model"):
        if isinstance(body.get(key), str) and body[key]:
            fields[key] = body[key]
    for key, value in body.items():
        if key not in _BODY_KEYS and value is not None:
            metadata[key] = value
    if metadata:
        fields["provider_metadata"] = {PROVIDER: metadata}
    return CompleteResponse(**fields)
