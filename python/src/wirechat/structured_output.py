"""Structured output: ``client.chat(request, output=Model)`` asks the provider for JSON matching a schema,
validates the answer and returns the typed value with the response.

The schema travels as ``options.response_format`` (``json_schema``); each adapter maps it to its provider's
native mode (OpenAI Chat ``response_format``, Anthropic ``output_config.format``; the manifests say how).
An answer that is not JSON, or does not match, raises ``StructuredOutputError`` carrying the raw text; with
``output_retries=N`` the model is shown the problems and asked again, up to N more times (off by default).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from wirechat._generated.models import (
    ChatOptions,
    ChatRequest,
    ChatResponse,
    JsonSchemaFormat,
    Message,
    ResponseFormatJsonSchema,
    TextPart,
)
from wirechat.errors import WirechatError
from wirechat.messages import message_text

__all__ = ["Structured", "StructuredOutputError", "astructured_chat", "structured_chat"]

T = TypeVar("T")
SCHEMA_NAME = "response"  # the one name Anthropic's mapping keeps; OpenAI takes any
Output = type[BaseModel] | Mapping[str, Any]


@dataclass(frozen=True)
class Structured(Generic[T]):
    """The validated ``value`` (a model instance, or the JSON value for a JSON Schema) and the ``response``."""

    value: T
    response: ChatResponse


class StructuredOutputError(WirechatError, ValueError):
    """The model's answer is not valid for the requested schema: ``raw`` is its text, ``problems`` says
    why, ``response`` is the (last) response, ``attempts`` how many answers were tried."""

    def __init__(self, raw: str, problems: list[str], response: ChatResponse, attempts: int) -> None:
        self.raw, self.problems, self.response, self.attempts = raw, problems, response, attempts
        shown = raw if len(raw) <= 200 else raw[:200] + "..."
        super().__init__(
            f"the answer does not match the output schema after {attempts} attempt(s): {'; '.join(problems)} "
            f"(raw text: {shown!r})"
        )


def _schema(output: Output) -> dict[str, Any]:
    if isinstance(output, type) and issubclass(output, BaseModel):
        return output.model_json_schema()
    if isinstance(output, Mapping):
        from jsonschema import Draft202012Validator  # noqa: PLC0415 (only a JSON Schema output pays for it)

        Draft202012Validator.check_schema(output)
        return dict(output)
    raise TypeError(f"output= takes a pydantic model class or a JSON Schema object, not {output!r}")


def _with_format(request: ChatRequest, schema: dict[str, Any]) -> ChatRequest:
    spec = JsonSchemaFormat.model_validate({"name": SCHEMA_NAME, "schema": schema})
    fmt = ResponseFormatJsonSchema(json_schema=spec)
    options = request.options if isinstance(request.options, ChatOptions) else ChatOptions()
    return request.model_copy(update={"options": options.model_copy(update={"response_format": fmt})})


def _parse(output: Output, text: str) -> tuple[Any, list[str]]:
    """The value and no problems, or None and the problems."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        return None, [f"not JSON: {exc}"]
    if isinstance(output, type):
        try:
            return output.model_validate(value), []
        except ValidationError as exc:
            return None, [f"/{'/'.join(str(t) for t in e['loc'])}: {e['msg']}" for e in exc.errors(include_url=False)]
    from jsonschema import Draft202012Validator  # noqa: PLC0415 (loaded with _schema's check, on first use)

    errors = sorted(Draft202012Validator(dict(output)).iter_errors(value), key=lambda e: list(e.absolute_path))
    if errors:
        return None, [f"/{'/'.join(str(t) for t in e.absolute_path)}: {e.message}" for e in errors]
    return value, []


def _again(request: ChatRequest, response: ChatResponse, problems: list[str]) -> ChatRequest:
    note = "That answer does not match the required JSON schema: " + "; ".join(problems) + ". Answer again."
    messages = [*request.messages, response.message, Message(role="user", parts=[TextPart(text=note)])]
    return request.model_copy(update={"messages": messages})


def structured_chat(
    send: Callable[[ChatRequest], ChatResponse], request: ChatRequest, output: Output, retries: int = 0
) -> Structured[Any]:
    """Send ``request`` with ``output``'s schema; return the validated value (see the module's text)."""
    current = _with_format(request, _schema(output))
    for attempt in range(1, retries + 2):
        response = send(current)
        raw = message_text(response.message)
        value, problems = _parse(output, raw)
        if not problems:
            return Structured(value, response)
        if attempt > retries:
            raise StructuredOutputError(raw, problems, response, attempt)
        current = _again(current, response, problems)
    raise AssertionError("unreachable")


async def astructured_chat(
    send: Callable[[ChatRequest], Awaitable[ChatResponse]], request: ChatRequest, output: Output, retries: int = 0
) -> Structured[Any]:
    """The asyncio form of ``structured_chat``."""
    current = _with_format(request, _schema(output))
    for attempt in range(1, retries + 2):
        response = await send(current)
        raw = message_text(response.message)
        value, problems = _parse(output, raw)
        if not problems:
            return Structured(value, response)
        if attempt > retries:
            raise StructuredOutputError(raw, problems, response, attempt)
        current = _again(current, response, problems)
    raise AssertionError("unreachable")
