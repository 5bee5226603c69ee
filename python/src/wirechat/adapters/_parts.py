"""Part-level rules every adapter applies the same way: data parts as text, the reasoning replay rule,
tool-definition members providers lack, and merging an adapter's own ``provider_options``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import DataRef, ReasoningPart, ToolDefinition
from wirechat.adapters._contract import ConversionRefused
from wirechat.adapters._conversion import Conversion, compact_json, reasoning_disposition
from wirechat.adapters._options import check_options

__all__ = ["data_text", "drop_reasoning", "merge_provider_options", "reasoning_feature", "tool_definition_extras"]


def data_text(data: DataRef) -> str:
    """The text a data part becomes where a provider has no data part: its value as compact JSON."""
    return compact_json(data.value)


def reasoning_feature(part: ReasoningPart, provider: str) -> str:
    """The manifest feature a reasoning part falls under for an adapter speaking for ``provider``."""
    disposition = reasoning_disposition(part.reasoning, provider)
    if disposition != "own":
        return f"reasoning.{disposition}"
    reasoning = part.reasoning
    if reasoning.redacted_data is not MISSING and (reasoning.signature is not MISSING or reasoning.text is not MISSING):
        return "reasoning.own_mixed"
    if reasoning.text == "":
        return "reasoning.own_empty_text"
    return "reasoning.own"


def drop_reasoning(part: ReasoningPart, where: str, conv: Conversion, provider: str) -> None:
    """For an API that takes no reasoning: degrade (drop) the part under the feature it falls under."""
    conv.degrade(reasoning_feature(part, provider), where)


def tool_definition_extras(tool: ToolDefinition, where: str, conv: Conversion) -> None:
    """Degrade or refuse the definition members the manifest does not carry losslessly."""
    if tool.output_schema is not MISSING and conv.manifest.level("tools.output_schema") != "lossless":
        conv.handle("tools.output_schema", f"{where}/output_schema")
    if tool.annotations is not MISSING and conv.manifest.level("tools.annotations") != "lossless":
        conv.handle("tools.annotations", f"{where}/annotations")


def merge_provider_options(
    provider_options: Any, name: str, body: dict[str, Any], schema: Mapping[str, Any] | None = None
) -> None:
    """Copy ``provider_options[name]`` (the adapter's own key) into ``body``, after checking it against the
    adapter's options ``schema`` when one is given (``WireError`` with the pointer; the manifest's schema is
    the chat call's, so embeddings and completions pass none); a key the adapter already set is refused
    (set it through the canonical field instead). Other adapters' options are ignored (spec section 11).
    Every request kind (chat, embed, complete) merges through this one function."""
    if provider_options is MISSING or provider_options is None:
        return
    own = provider_options.get(name)
    if own is None:
        return
    if schema is not None:
        check_options(own, name, schema)
    for key, value in own.items():
        if key in body:
            raise ConversionRefused(
                "provider_options",
                f"{key!r} is set by the adapter from the canonical request; set it there instead",
                where=f"/provider_options/{name}/{key}",
            )
        body[key] = value
