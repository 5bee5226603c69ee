"""Gemini ``generateContent`` request body -> canonical ``ChatRequest``.

The body is first read in the spelling this adapter writes (``spelling``: snake_case names as their
camelCase twins, reported as ``request.spelling``). ``systemInstruction`` becomes the first (system)
message; a ``user`` content made only of ``functionResponse`` parts reads back as a tool message, a ``model``
content as an assistant message. Function calls without an id get ``gemini_call_<k>`` (k counting the
body's function calls from 0), and a ``functionResponse`` without an id answers the first unanswered id-less
call of the same name in the ``model`` content before it; code execution parts are numbered as
``provider_parts`` says. ``tools`` and ``toolConfig`` are ``request_tools``'. ``generationConfig`` members
with no canonical option, and top-level members other than contents, tools and toolConfig, travel whole in
``provider_options.gemini``, each one only if the adapter's options schema takes it (what it does not take
is reported, ``provider.unmapped``, and left out: a decoded request always encodes). A
``responseSchema`` (an OpenAPI Schema) with ``responseMimeType: application/json`` is structured output,
read as ``request_tools.json_schema`` reads a function's ``parameters`` (``request.openapi_schema``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirechat._generated.models import ChatRequest
from wirechat.adapters._contract import ConversionWarning
from wirechat.adapters._conversion import Conversion, get_list, get_map
from wirechat.adapters._options import check_options
from wirechat.adapters.gemini import spelling
from wirechat.adapters.gemini.manifest import MANIFEST
from wirechat.adapters.gemini.provider_parts import CodeIds
from wirechat.adapters.gemini.request_encode import SCHEMA_NAME
from wirechat.adapters.gemini.request_tools import decode_tool_config, decode_tools, json_schema
from wirechat.adapters.gemini.shapes import NAME, content_warnings, decode_part
from wirechat.errors import WireError

__all__ = ["decode_request"]

_MAPPED_CONFIG = ("temperature", "topP", "maxOutputTokens", "seed", "stopSequences")
_OWN_KEYS = ("model", "contents", "systemInstruction", "tools", "toolConfig", "generationConfig")


class _Calls:
    """Numbers id-less function calls and pairs id-less function responses with them."""

    def __init__(self) -> None:
        self.count = 0
        self.open: list[tuple[str, str]] = []  # (name, id) of the last model content's id-less calls
        self.codes = CodeIds()

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
        out += decode_part(part, f"{where}/{j}", call_index=k, response_id=calls.answer(part), codes=calls.codes)
    return out


def _content_warnings(body: Mapping[str, Any]) -> list[tuple[str, str]]:
    contents = body.get("contents")
    system = body.get("systemInstruction")
    found = []
    if isinstance(system, Mapping):
        if system.get("role", "user") != "user":  # the role Google's SDKs write, and this adapter
            found.append(("provider.unmapped", "/systemInstruction/role"))
        found += content_warnings(system, "/systemInstruction")
    for i, content in enumerate(contents if isinstance(contents, list) else []):
        found += content_warnings(content, f"/contents/{i}")
    return found


def decode_request(body: Mapping[str, Any], adapter_name: str = NAME) -> tuple[ChatRequest, list[ConversionWarning]]:
    spelled = spelling.normalize(body)
    body = spelled.body
    conv = Conversion(MANIFEST)
    for where in spelled.rewritten:
        conv.degrade("request.spelling", where)
    fields: dict[str, Any] = {}
    extra: dict[str, Any] = {key: value for key, value in body.items() if key not in _OWN_KEYS}
    if isinstance(body.get("model"), str) and body["model"]:
        fields["model"] = body["model"]
    local = Conversion(MANIFEST)  # pointers into the body as read, taken back to the body as given below
    calls = _Calls()
    messages: list[dict[str, Any]] = []
    system = get_map(body, "systemInstruction", "", required=False)
    if system is not None:
        parts = _parts(system.get("parts", []), "/systemInstruction/parts", calls, is_model=False)
        messages.append({"role": "system", "parts": parts})
    for i, content in enumerate(get_list(body, "contents", "") or []):
        messages.append(_content(content, f"/contents/{i}", calls, local))
    fields["messages"] = messages
    decode_tools(body, fields, local)
    decode_tool_config(body, fields, extra)
    _generation_config(body, fields, extra, local)
    for feature, where in _content_warnings(body):
        local.degrade(feature, where)
    _checked_options(extra, adapter_name, local)
    if extra:
        fields["provider_options"] = {adapter_name: extra}
    for warning in local.warnings:
        conv.degrade(warning.feature, spelled.original(warning.where or ""))
    return ChatRequest.model_validate(fields), conv.warnings


def _checked_options(extra: dict[str, Any], name: str, conv: Conversion) -> None:
    """Leave out of ``extra`` each member (a ``generationConfig`` member, or a top-level one) the options
    schema does not take, with a warning: ``encode_request`` checks the options against it."""
    members: list[tuple[str, str | None]] = [(key, None) for key in extra if key != "generationConfig"]
    members += [("generationConfig", key) for key in extra.get("generationConfig", {})]
    for key, inner in members:
        value = {key: extra[key]} if inner is None else {key: {inner: extra[key][inner]}}
        try:
            check_options(value, name, MANIFEST.options_schema)
        except WireError:
            if inner is None:
                del extra[key]
            else:
                del extra[key][inner]
            conv.degrade("provider.unmapped", f"/{key}" if inner is None else f"/{key}/{inner}")
    if extra.get("generationConfig") == {}:
        del extra["generationConfig"]


def _content(raw: Any, where: str, calls: _Calls, conv: Conversion) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where}: expected a content object")
    role = raw.get("role", "user")
    if role == "function":  # Vertex AI's older name for a user content of function responses
        conv.degrade("request.spelling", f"{where}/role")
        role = "user"
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


def _generation_config(
    body: Mapping[str, Any], fields: dict[str, Any], extra: dict[str, Any], conv: Conversion
) -> None:
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
    schema = rest.get("responseJsonSchema")
    if mime == "application/json" and schema is None and isinstance(rest.get("responseSchema"), Mapping):
        schema = json_schema(rest.pop("responseSchema"))
        conv.degrade("request.openapi_schema", "/generationConfig/responseSchema")
    elif isinstance(schema, Mapping):
        del rest["responseJsonSchema"]
    if mime == "application/json" and isinstance(schema, Mapping):
        options["response_format"] = {
            "type": "json_schema",
            "json_schema": {"name": SCHEMA_NAME, "schema": dict(schema)},
        }
        del rest["responseMimeType"]
    elif mime == "application/json":
        options["response_format"] = {"type": "json_object"}
        del rest["responseMimeType"]
    elif mime == "text/plain":
        options["response_format"] = {"type": "text"}
        del rest["responseMimeType"]
    elif isinstance(schema, Mapping):
        rest["responseJsonSchema"] = schema  # a schema without JSON output: sent back as given
    if options:
        fields["options"] = options
    if rest:
        extra["generationConfig"] = rest
