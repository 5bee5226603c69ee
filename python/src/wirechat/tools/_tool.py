"""Tools from plain Python functions: the parameters' JSON Schema from pydantic, a ``ToolDefinition`` (with
the return value's schema when asked for), arguments validated before the call.

A validation failure, a tool that raises and a tool that does not finish in time are not exceptions in the
caller's program: each becomes a ``failed`` ``ToolResult`` the model reads (``_execute``). A parameter
annotated ``ToolContext`` is not part of the schema: the loop passes the call's context there.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, get_type_hints

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError, create_model

from wirechat._generated.models import ToolAnnotations, ToolDefinition
from wirechat.errors import WirechatError
from wirechat.tools._context import ToolContext, current_context

__all__ = ["Tool", "ToolArgumentsInvalidError", "tool"]

Invoke = Callable[[dict[str, Any]], Awaitable[Any]]


class ToolArgumentsInvalidError(WirechatError, ValueError):
    """The model's arguments do not match the tool's parameters; the message lists each problem."""


@dataclass(frozen=True)
class Tool:
    """A tool the loop can run: its ``definition`` (sent to the model), ``invoke`` (an async callable
    taking the validated arguments; ``current_context()`` gives the call's ``ToolContext``), and
    ``validate`` (checks and converts the model's arguments). ``stoppable`` is False when cancelling
    ``invoke`` would not stop the work (a sync function in a thread): past the timeout the loop then sets
    ``ToolContext.stop`` and waits for the outcome instead of reporting a failure while the work goes on."""

    definition: ToolDefinition
    invoke: Invoke
    validate: Callable[[dict[str, Any]], dict[str, Any]] = field(default=lambda arguments: arguments)
    stoppable: bool = True

    @property
    def name(self) -> str:
        return self.definition.name


def _description(function: Callable[..., Any]) -> str | None:
    doc = inspect.getdoc(function)
    if not doc:
        return None
    return doc.split("\n\n", 1)[0].replace("\n", " ").strip() or None


def _context_parameter(function: Callable[..., Any]) -> str | None:
    """The name of the parameter annotated ``ToolContext`` (at most one), else None."""
    hints = get_type_hints(function)
    names = [name for name in inspect.signature(function).parameters if hints.get(name) is ToolContext]
    if len(names) > 1:
        raise TypeError(f"tool {function.__name__}: only one parameter may be a ToolContext ({', '.join(names)})")
    return names[0] if names else None


def _parameters_model(function: Callable[..., Any]) -> type[BaseModel]:
    hints = get_type_hints(function, include_extras=True)
    context = _context_parameter(function)
    fields: dict[str, Any] = {}
    for name, parameter in inspect.signature(function).parameters.items():
        if name == context:
            continue
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            raise TypeError(f"tool {function.__name__}: *{name} cannot be described to a model; name each parameter")
        if name not in hints:
            raise TypeError(f"tool {function.__name__}: parameter {name!r} needs a type hint (it becomes the schema)")
        default = ... if parameter.default is parameter.empty else parameter.default
        fields[name] = (hints[name], default)
    config = ConfigDict(extra="forbid")
    return create_model(f"{function.__name__}_parameters", __config__=config, **fields)


def _problems(error: ValidationError) -> str:
    lines = []
    for item in error.errors(include_url=False):
        where = "/" + "/".join(str(token) for token in item["loc"]) if item["loc"] else "(root)"
        lines.append(f"{where}: {item['msg']}")
    return "; ".join(lines)


def tool(
    function: Callable[..., Any] | None = None,
    *,
    name: str | None = None,
    description: str | None = None,
    annotations: ToolAnnotations | None = None,
    strict: bool | None = None,
    output_schema: bool = False,
) -> Any:
    """Make a ``Tool`` from a function (sync or async) with type hints: ``@tool`` or ``tool(fn, name=...)``.

    The parameters' JSON Schema comes from pydantic (unknown arguments are refused) and the description from
    the docstring's first paragraph. With ``output_schema=True`` the return annotation's schema becomes the
    definition's ``output_schema`` (for MCP clients and Gemini, which read it). It is off by default because
    the chat APIs (OpenAI Chat and Responses, Anthropic, the compatible servers) have no place for it: the
    adapter drops it and warns ``tools.output_schema`` on every step of a loop.
    """

    def build(target: Callable[..., Any]) -> Tool:
        parameters = _parameters_model(target)
        input_schema = parameters.model_json_schema()
        input_schema.pop("title", None)
        fields: dict[str, Any] = {"name": name or target.__name__, "input_schema": input_schema}
        if text := description or _description(target):
            fields["description"] = text
        returned = get_type_hints(target).get("return") if output_schema else None
        if returned is not None and returned is not type(None):
            returned_schema = TypeAdapter(returned).json_schema()
            if returned_schema.get("type") == "object":
                fields["output_schema"] = returned_schema
            else:  # a ToolDefinition's output schema describes an object (MCP's rule): wrap other values
                fields["output_schema"] = {"type": "object", "properties": {"result": returned_schema}}
        if annotations is not None:
            fields["annotations"] = annotations
        if strict is not None:
            fields["strict"] = strict

        def validate(arguments: dict[str, Any]) -> dict[str, Any]:
            try:
                model = parameters.model_validate(arguments)
            except ValidationError as exc:
                raise ToolArgumentsInvalidError(_problems(exc)) from None
            return {key: getattr(model, key) for key in type(model).model_fields}

        context = _context_parameter(target)

        def with_context(arguments: dict[str, Any]) -> dict[str, Any]:
            return arguments if context is None else {**arguments, context: current_context()}

        if inspect.iscoroutinefunction(target):

            async def invoke(arguments: dict[str, Any]) -> Any:
                return await target(**with_context(arguments))

            return Tool(ToolDefinition(**fields), invoke, validate)

        import asyncio  # noqa: PLC0415

        async def invoke_sync(arguments: dict[str, Any]) -> Any:
            # A worker thread, so that calls run concurrently; it cannot be stopped, hence stoppable=False.
            return await asyncio.to_thread(target, **with_context(arguments))

        return Tool(ToolDefinition(**fields), invoke_sync, validate, stoppable=False)

    return build if function is None else build(function)


def output_text(value: Any) -> str:
    """The text form of a tool's return value: a string as it is, anything else as compact JSON."""
    if isinstance(value, str):
        return value
    if isinstance(value, BaseModel):
        return value.model_dump_json()
    return json.dumps(TypeAdapter(Any).dump_python(value, mode="json"), ensure_ascii=False, separators=(",", ":"))


def tools_by_name(tools: Mapping[str, Tool] | list[Tool]) -> dict[str, Tool]:
    """Index tools by name; two tools with one name is an error naming it."""
    if isinstance(tools, Mapping):
        return dict(tools)
    indexed: dict[str, Tool] = {}
    for item in tools:
        if item.name in indexed:
            raise ValueError(f"two tools are named {item.name!r}")
        indexed[item.name] = item
    return indexed
