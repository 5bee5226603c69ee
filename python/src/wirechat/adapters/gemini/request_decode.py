"""Gemini ``generateContent`` request body -> canonical ``ChatRequest``.

``systemInstruction`` becomes the first (system) message; a ``user`` content made only of
``functionResponse`` parts reads back as a tool message, a ``model`` content as an assistant message.
Function calls without an id get ``gemini_call_<k>`` (k counting the body's function calls from 0), and a
``functionResponse`` without an id answers the first unanswered id-less call of the same name in the
``model`` content before it. ``generationConfig`` members with no canonical option, and top-level members
other than contents, tools and toolConfig, travel whole in ``provider_options.gemini``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirechat._generated.models import ChatRequest
from wirechat.adapters._contract import ConversionWarning
from wirechat.adapters._conversion import Conversion, Shape, get_list, get_map, unmapped_members
from wirechat.adapters.gemini.manifest import MANIFEST
from wirechat.adapters.gemini.request_encode import SCHEMA_NAME
from wirechat.adapters.gemini.shapes import NAME, PART_SHAPE, decode_part, known_part

__all__ = ["decode_request"]

_CONTENT: Shape = {"role": None, "parts": None}
_DECLARATION: Shape = {"name": None, "description": None, "parametersJsonSchema": None, "parameters": None,
                       "responseJsonSchema": None}  # fmt: skip
_MAPPED_CONFIG = ("temperature", "topP", "maxOutputTokens", "seed", "stopSequences")
_OWN_KEYS = ("model", "contents", "systemInstruction", "tools", "toolConfig", "generationConfig")


class _Calls:
    """Numbers id-less function calls and pairs id-less function responses with them."""

    def __init__(self) -> None:
        self.count = 0
        self.open: list[tuple[str, str]] = []  # (name, id) of the last model content's id-less calls

    def call_index(self, raw: Any, is_model: bool) -> int:
        k = self.count
        call = raw.get("functionCall") if isinstance(raw, Mapping) else None
        if isinstance(call, Mapping):
            self.count += 1
            if is_model and not call.get("id") and isinstance(call.get("name"), str):
                self.open.append((call["name"], f"gemini_call_{k}"))
        return k

    def answer(self, raw: Any) -> str | None:
        response = raw.get("functionResponse") if isinstance(raw, Mapping) else None
        if not isinstance(response, Mapping) or response.get("id"):
            return None
        for at, (name, call_id) in enumerate(self.open):
            if name == response.get("name"):
                del self.open[at]
                return call_id
        return None


def _parts(raw: Any, where: str, calls: _Calls, *, is_model: bool) -> list[dict[str, Any]]:
    if not isinstance(raw, list):
        raise ValueError(f"{where}: expected an array of parts")
    out: list[dict[str, Any]] = []
    for j, part in enumerate(raw):
        k = calls.call_index(part, is_model)
        out += decode_part(part, f"{where}/{j}", call_index=k, response_id=calls.answer(part))
    return out


def _unmapped(body: Mapping[str, Any]) -> list[str]:
    found: list[str] = []
    contents = body.get("contents")
    system = body.get("systemInstruction")
    items = [("/systemInstruction", system)] if system is not None else []
    items += [(f"/contents/{i}", c) for i, c in enumerate(contents if isinstance(contents, list) else [])]
    for where, content in items:
        found += unmapped_members(content, _CONTENT, where)
        parts = content.get("parts") if isinstance(content, Mapping) else None
        for j, part in enumerate(parts if isinstance(parts, list) else []):
            if known_part(part):
                found += unmapped_members(part, PART_SHAPE, f"{where}/parts/{j}")
    tools = body.get("tools")
    for i, tool in enumerate(tools if isinstance(tools, list) else []):
        if isinstance(tool, Mapping) and "functionDeclarations" in tool:
            found += [f"/tools/{i}/{key}" for key in tool if key != "functionDeclarations"]
            for j, declaration in enumerate(tool.get("functionDeclarations") or []):
                found += unmapped_members(declaration, _DECLARATION, f"/tools/{i}/functionDeclarations/{j}")
    return found


def decode_request(body: Mapping[str, Any], adapter_name: str = NAME) -> tuple[ChatRequest, list[ConversionWarning]]:
    fields: dict[str, Any] = {}
    extra: dict[str, Any] = {key: value for key, value in body.items() if key not in _OWN_KEYS}
    if isinstance(body.get("model"), str) and body["model"]:
        fields["model"] = body["model"]
    calls = _Calls()
    messages: list[dict[str, Any]] = []
    system = get_map(body, "systemInstruction", "", required=False)
    if system is not None:
        parts = _parts(system.get("parts", []), "/systemInstruction/parts", calls, is_model=False)
        messages.append({"role": "system", "parts": parts})
    for i, content in enumerate(get_list(body, "contents", "") or []):
        messages.append(_content(content, f"/contents/{i}", calls))
    fields["messages"] = messages
    _tools(body, fields, extra)
    _tool_config(body, fields, extra)
    _generation_config(body, fields, extra)
    if extra:
        fields["provider_options"] = {adapter_name: extra}
    conv = Conversion(MANIFEST)
    for where in _unmapped(body):
        conv.degrade("provider.unmapped", where)
    return ChatRequest.model_validate(fields), conv.warnings


def _content(raw: Any, where: str, calls: _Calls) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where}: expected a content object")
    role = raw.get("role", "user")
    if role not in ("user", "model"):
        raise ValueError(f"{where}/role: expected user or model, got {role!r}")
    is_model = role == "model"
    if is_model:
        calls.open = []
    parts = _parts(raw.get("parts", []), f"{where}/parts", calls, is_model=is_model)
    if is_model:
        return {"role": "assistant", "parts": parts}
    if parts and all(part["type"] == "tool_result" for part in parts):
        return {"role": "tool", "parts": parts}
    return {"role": "user", "parts": parts}


def _tools(body: Mapping[str, Any], fields: dict[str, Any], extra: dict[str, Any]) -> None:
    tools = get_list(body, "tools", "", required=False)
    if tools is None:
        return
    declared: list[dict[str, Any]] = []
    others: list[Any] = []
    for i, tool in enumerate(tools):
        if not isinstance(tool, Mapping):
            raise ValueError(f"/tools/{i}: expected a tool object")
        if "functionDeclarations" not in tool:
            others.append(dict(tool))
            continue
        for j, raw in enumerate(get_list(tool, "functionDeclarations", f"/tools/{i}") or []):
            declared.append(_declaration(raw, f"/tools/{i}/functionDeclarations/{j}"))
    if len(others) < len(tools) or not tools:  # some entry declared functions (maybe none), or tools is []
        fields["tools"] = declared
    if others:
        extra["tools"] = others


def _declaration(raw: Any, where: str) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where}: expected a function declaration")
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise ValueError(f"{where}/name: a function declaration needs a name, got {name!r}")
    tool: dict[str, Any] = {"name": name}
    if isinstance(raw.get("description"), str):
        tool["description"] = raw["description"]
    schema = raw.get("parametersJsonSchema", raw.get("parameters"))
    tool["input_schema"] = dict(schema) if isinstance(schema, Mapping) else {"type": "object"}
    if isinstance(raw.get("responseJsonSchema"), Mapping):
        tool["output_schema"] = dict(raw["responseJsonSchema"])
    return tool


def _tool_config(body: Mapping[str, Any], fields: dict[str, Any], extra: dict[str, Any]) -> None:
    config = get_map(body, "toolConfig", "", required=False)
    if config is None:
        return
    calling = config.get("functionCallingConfig")
    choice: dict[str, Any] | None = None
    if set(config) == {"functionCallingConfig"} and isinstance(calling, Mapping):
        mode, names = calling.get("mode"), calling.get("allowedFunctionNames")
        if set(calling) == {"mode"} and mode in ("AUTO", "NONE", "ANY"):
            choice = {"type": {"AUTO": "auto", "NONE": "none", "ANY": "required"}[mode]}
        elif set(calling) == {"mode", "allowedFunctionNames"} and mode == "ANY" and _one_name(names):
            choice = {"type": "tool", "tool": str(names[0])}  # type: ignore[index]
    if choice is not None:
        fields["tool_choice"] = choice
    else:
        extra["toolConfig"] = dict(config)  # VALIDATED, several allowed names...: sent back as given


def _one_name(names: Any) -> bool:
    return isinstance(names, list) and len(names) == 1 and isinstance(names[0], str)


def _generation_config(body: Mapping[str, Any], fields: dict[str, Any], extra: dict[str, Any]) -> None:
    config = get_map(body, "generationConfig", "", required=False)
    if config is None:
        return
    rest = {key: value for key, value in config.items() if key not in _MAPPED_CONFIG}
    options: dict[str, Any] = {}
    for key, name in (("temperature", "temperature"), ("topP", "top_p"), ("maxOutputTokens", "max_tokens"),
                      ("seed", "seed"), ("stopSequences", "stop")):  # fmt: skip
        if config.get(key) is not None:
            options[name] = config[key]
    mime = rest.get("responseMimeType")
    if mime == "application/json" and isinstance(rest.get("responseJsonSchema"), Mapping):
        schema = dict(rest.pop("responseJsonSchema"))
        options["response_format"] = {"type": "json_schema", "json_schema": {"name": SCHEMA_NAME, "schema": schema}}
        del rest["responseMimeType"]
    elif mime == "application/json" and "responseJsonSchema" not in rest:
        options["response_format"] = {"type": "json_object"}
        del rest["responseMimeType"]
    elif mime == "text/plain":
        options["response_format"] = {"type": "text"}
        del rest["responseMimeType"]
    if options:
        fields["options"] = options
    if rest:
        extra["generationConfig"] = rest
