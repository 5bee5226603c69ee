"""The ``tools`` and ``toolConfig`` of a ``generateContent`` body, read as canonical tools, provider tools and
the tool choice (the decoding half; ``request_encode`` writes them).

- Every ``functionDeclarations`` entry's declarations are the canonical ``tools``, in order. A declaration's
  ``parametersJsonSchema`` is the input schema as given. ``parameters`` is an OpenAPI Schema object, whose
  type names Gemini also takes in upper case (``OBJECT``): it is read as the JSON Schema it describes
  (``json_schema``) and written back as ``parametersJsonSchema``, with the
  ``request.openapi_schema`` warning; ``response`` / ``responseJsonSchema`` the same for the output schema.
- Every other member of a tools entry (``googleSearch``, ``googleSearchRetrieval``, ``codeExecution``,
  ``urlContext``, ``googleMaps``, ``fileSearch``, ``computerUse``...) is a provider tool (spec section 15):
  issuer ``gemini``, ``type`` the member's name (in camelCase: ``code_execution`` is ``codeExecution``),
  ``definition`` ``{name: value}`` as given, in the spelling given. The encoder writes
  one ``functionDeclarations`` entry first, then one entry per provider tool; a body laid out otherwise
  (several declaration entries, a declaration entry beside other tools, an entry with several tools) reads
  the same and is reported (``tools.layout``) at ``/tools``.
- ``toolConfig.functionCallingConfig`` modes ``AUTO``, ``NONE``, ``ANY`` (with one allowed name: that tool)
  are the tool choice; any other ``toolConfig`` travels whole in ``provider_options``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirechat.adapters._conversion import Conversion, Shape, get_list, get_map, unmapped_members
from wirechat.adapters.gemini.spelling import camel

__all__ = ["decode_tool_config", "decode_tools", "json_schema"]

_DECLARATION: Shape = {"name": None, "description": None, "parametersJsonSchema": None, "parameters": None,
                       "responseJsonSchema": None, "response": None}  # fmt: skip


def json_schema(schema: Any) -> Any:
    """The JSON Schema an OpenAPI Schema object (Gemini's ``Schema``) describes: its ``type`` names, at every
    level (``properties``, ``items``, ``anyOf``), in lower case, and its member names (proto fields, which
    Gemini also takes in snake_case: ``property_ordering``) in camelCase; everything else as given."""
    if isinstance(schema, list):
        return [json_schema(item) for item in schema]
    if not isinstance(schema, Mapping):
        return schema
    out: dict[str, Any] = {}
    for given, value in schema.items():
        key = camel(given) if isinstance(given, str) else given  # a Schema's members are proto fields
        if key == "type" and isinstance(value, str):
            out[key] = value.lower()
        elif key == "properties" and isinstance(value, Mapping):
            out[key] = {name: json_schema(inner) for name, inner in value.items()}
        elif key in ("items", "anyOf"):
            out[key] = json_schema(value)
        else:
            out[key] = value
    return out


def _declaration(raw: Any, where: str, conv: Conversion) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where}: expected a function declaration")
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise ValueError(f"{where}/name: a function declaration needs a name, got {name!r}")
    for pointer in unmapped_members(raw, _DECLARATION, where):
        conv.degrade("provider.unmapped", pointer)
    tool: dict[str, Any] = {"name": name}
    if isinstance(raw.get("description"), str):
        tool["description"] = raw["description"]
    for json_key, openapi_key, canonical in (("parametersJsonSchema", "parameters", "input_schema"),
                                             ("responseJsonSchema", "response", "output_schema")):  # fmt: skip
        if isinstance(raw.get(json_key), Mapping):
            tool[canonical] = dict(raw[json_key])
            if openapi_key in raw:
                conv.degrade("provider.unmapped", f"{where}/{openapi_key}")  # both given: the JSON Schema is sent
        elif isinstance(raw.get(openapi_key), Mapping):
            tool[canonical] = json_schema(raw[openapi_key])
            conv.degrade("request.openapi_schema", f"{where}/{openapi_key}")
    tool.setdefault("input_schema", {"type": "object"})
    return tool


def decode_tools(body: Mapping[str, Any], fields: dict[str, Any], conv: Conversion) -> None:
    """``tools`` into ``fields``: function declarations as ``tools``, the rest as ``provider_tools``."""
    tools = get_list(body, "tools", "", required=False)
    if tools is None:
        return
    declared: list[dict[str, Any]] = []
    provided: list[dict[str, Any]] = []
    layout: list[tuple[str, ...]] = []
    for i, tool in enumerate(tools):
        if not isinstance(tool, Mapping):
            conv.degrade("provider.unmapped", f"/tools/{i}")  # not a Tool object: nothing to read
            continue
        layout.append(tuple(tool))
        for key, value in tool.items():
            if key == "functionDeclarations":
                for j, raw in enumerate(get_list(tool, key, f"/tools/{i}") or []):
                    declared.append(_declaration(raw, f"/tools/{i}/functionDeclarations/{j}", conv))
            else:
                provided.append({"issuer": "gemini", "type": camel(key), "definition": {key: value}})
    if any("functionDeclarations" in entry for entry in layout) or not tools:
        fields["tools"] = declared  # some entry declared functions (maybe none), or tools is []
    if provided:
        fields["provider_tools"] = provided
    written = ([("functionDeclarations",)] if "tools" in fields else []) + [tuple(p["definition"]) for p in provided]
    if layout != written and any(isinstance(tool, Mapping) for tool in tools):
        conv.degrade("tools.layout", "/tools")


def decode_tool_config(body: Mapping[str, Any], fields: dict[str, Any], extra: dict[str, Any]) -> None:
    """``toolConfig`` as the tool choice, or whole into ``extra`` (``provider_options``)."""
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
