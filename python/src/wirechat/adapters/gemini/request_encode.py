"""Canonical ``ChatRequest`` -> Gemini ``generateContent`` request body.

The first message, when it is a system message, becomes ``systemInstruction`` (with the role ``user``, as
Google's SDKs write it); user messages are ``user``
contents, assistant messages ``model`` contents, tool messages ``user`` contents of ``functionResponse``
parts. Sampling, limits and structured output go in ``generationConfig``. The body keeps the model as its
``model`` member (the request's proto field); the client moves it into the URL (``request_target``).
The messages go through ``request_fast`` first; the full walk here, which writes every warning and refusal
with its pointer, runs when it hands over (decision 023).
"""

from __future__ import annotations

from typing import Any

from pydantic import MISSING

from wirechat._generated.models import (
    ChatOptions,
    ChatRequest,
    Message,
    ResponseFormatJsonObject,
    ResponseFormatJsonSchema,
    ResponseFormatText,
    TextPart,
    ToolCallPart,
    ToolChoiceAuto,
    ToolChoiceNone,
    ToolChoiceRequired,
    ToolChoiceTool,
    ToolDefinition,
    ToolResultPart,
)
from wirechat.adapters import _parts
from wirechat.adapters._contract import ConversionRefused, ConversionWarning
from wirechat.adapters._conversion import Conversion
from wirechat.adapters._options import check_options
from wirechat.adapters._provider_run import provider_tools_out
from wirechat.adapters.gemini import request_fast
from wirechat.adapters.gemini.manifest import MANIFEST
from wirechat.adapters.gemini.shapes import (
    NAME,
    PROVIDER,
    encode_model_parts,
    encode_tool_result,
    encode_user_part,
)

__all__ = ["encode_request"]

SCHEMA_NAME = "response"
"""The name structured output reads back under (Gemini has none of its own)."""


def encode_request(request: ChatRequest, adapter_name: str = NAME) -> tuple[dict[str, Any], list[ConversionWarning]]:
    conv = Conversion(MANIFEST)
    if request.model is MISSING:
        raise conv.refuse("model.absent", "/model")
    body: dict[str, Any] = {"model": request.model}
    fast = request_fast.messages(request.messages)
    if fast is not None:
        system, contents, loose = fast
        if system is not MISSING:
            body["systemInstruction"] = system
        for where in loose:
            conv.degrade("tool_call.arguments_not_compact", where)
    else:  # something needs a warning, a refusal or a shape the fast pass does not write
        contents = _encode_messages(request, body, conv)
    body["contents"] = contents
    if request.tools is not MISSING:
        declarations = [_encode_tool(tool, f"/tools/{i}", conv) for i, tool in enumerate(request.tools)]
        body["tools"] = [{"functionDeclarations": declarations}]
    if own_tools := provider_tools_out(request, conv, PROVIDER):
        body["tools"] = body.get("tools", []) + own_tools
    _encode_tool_choice(request, body)
    options = request.options if request.options is not MISSING else ChatOptions()
    if options.parallel_tool_calls is not MISSING:
        raise conv.refuse("options.parallel_tool_calls", "/options/parallel_tool_calls")
    config = _generation_config(options, conv)
    if config:
        body["generationConfig"] = config
    merge_options(request.provider_options, adapter_name, body)
    return body, conv.warnings


def _encode_messages(request: ChatRequest, body: dict[str, Any], conv: Conversion) -> list[dict[str, Any]]:
    """The full walk over the messages (``systemInstruction`` goes into ``body``), with every warning."""
    names = {
        part.tool_call.id: part.tool_call.name
        for message in request.messages
        for part in message.parts
        if isinstance(part, ToolCallPart)
    }
    contents: list[dict[str, Any]] = []
    for i, message in enumerate(request.messages):
        where = f"/messages/{i}"
        _message_members(message, where, conv)
        if message.role == "system":
            if i != 0:
                raise conv.refuse("system.later", where)
            body["systemInstruction"] = {"role": "user", "parts": _system_parts(message, where, conv)}
        elif message.role == "user":
            parts = [encode_user_part(part, f"{where}/parts/{j}", conv) for j, part in enumerate(message.parts)]
            contents.append({"role": "user", "parts": parts})
        elif message.role == "assistant":
            contents.append({"role": "model", "parts": encode_model_parts(message.parts, f"{where}/parts", conv,
                                                                          reply=False)})  # fmt: skip
        else:
            contents.append({"role": "user", "parts": _tool_parts(message, names, where, conv)})
    return contents


def merge_options(provider_options: Any, name: str, body: dict[str, Any]) -> None:
    """``provider_options[name]`` checked against the options schema, then merged: ``generationConfig``
    members into the body's ``generationConfig``, ``tools`` appended to its tools, the rest top-level; a
    member the adapter set from the canonical request is refused (set it there instead)."""
    if provider_options is MISSING or provider_options is None or provider_options.get(name) is None:
        return
    own = dict(provider_options[name])
    check_options(own, name, MANIFEST.options_schema)
    config = own.pop("generationConfig", None)
    if config:
        target = body.setdefault("generationConfig", {})
        for key, value in config.items():
            if key in target:
                raise ConversionRefused("provider_options", f"{key!r} is set from the canonical request; set it there",
                                        where=f"/provider_options/{name}/generationConfig/{key}")  # fmt: skip
            target[key] = value
    tools = own.pop("tools", None)
    if tools:
        body.setdefault("tools", []).extend(tools)
    _parts.merge_provider_options({name: own}, name, body)


def _message_members(message: Message, where: str, conv: Conversion) -> None:
    for name in ("name", "id", "provider_metadata"):
        if getattr(message, name) is not MISSING:
            feature = "message.name_tool" if name == "name" and message.role == "tool" else f"message.{name}"
            conv.degrade(feature, f"{where}/{name}")


def _system_parts(message: Message, where: str, conv: Conversion) -> list[dict[str, Any]]:
    parts = []
    for j, part in enumerate(message.parts):
        if not isinstance(part, TextPart):
            raise conv.refuse("system.non_text", f"{where}/parts/{j}")
        parts.append(encode_user_part(part, f"{where}/parts/{j}", conv))
    return parts


def _tool_parts(message: Message, names: dict[str, str], where: str, conv: Conversion) -> list[dict[str, Any]]:
    parts = []
    for j, part in enumerate(message.parts):
        if not isinstance(part, ToolResultPart):
            raise conv.refuse("part.misplaced", f"{where}/parts/{j}")
        parts.append(encode_tool_result(part, names, f"{where}/parts/{j}", conv))
    if not parts:
        conv.degrade("tool_result.empty", f"{where}/parts")
    return parts


def _encode_tool(tool: ToolDefinition, where: str, conv: Conversion) -> dict[str, Any]:
    _parts.tool_definition_extras(tool, where, conv)
    out: dict[str, Any] = {"name": tool.name}
    if tool.description is not MISSING:
        if tool.description:
            out["description"] = tool.description
        else:
            conv.degrade("zero_values", f"{where}/description")
    if tool.strict is not MISSING:
        conv.degrade("tools.strict", f"{where}/strict")
    out["parametersJsonSchema"] = tool.input_schema
    if tool.output_schema is not MISSING:
        out["responseJsonSchema"] = tool.output_schema
    return out


def _encode_tool_choice(request: ChatRequest, body: dict[str, Any]) -> None:
    choice = request.tool_choice
    config: dict[str, Any]
    match choice:
        case ToolChoiceAuto():
            config = {"mode": "AUTO"}
        case ToolChoiceNone():
            config = {"mode": "NONE"}
        case ToolChoiceRequired():
            config = {"mode": "ANY"}
        case ToolChoiceTool():
            config = {"mode": "ANY", "allowedFunctionNames": [choice.tool]}
        case _:
            return
    body["toolConfig"] = {"functionCallingConfig": config}


def _generation_config(options: ChatOptions, conv: Conversion) -> dict[str, Any]:
    config: dict[str, Any] = {}
    for name, key in (("temperature", "temperature"), ("top_p", "topP"), ("max_tokens", "maxOutputTokens"),
                      ("seed", "seed")):  # fmt: skip
        value = getattr(options, name)
        if value is not MISSING:
            config[key] = value
    if options.stop is not MISSING:
        config["stopSequences"] = list(options.stop)
    match options.response_format:
        case ResponseFormatText():
            config["responseMimeType"] = "text/plain"
        case ResponseFormatJsonObject():
            config["responseMimeType"] = "application/json"
        case ResponseFormatJsonSchema():
            spec = options.response_format.json_schema
            if spec.name != SCHEMA_NAME or spec.description is not MISSING or spec.strict is not MISSING:
                conv.degrade("response_format.json_schema", "/options/response_format/json_schema")
            config["responseMimeType"] = "application/json"
            config["responseJsonSchema"] = spec.schema_
        case _:
            pass
    return config
