"""Provider-run tool calls and results, provider-defined tools and citations on the way out (spec section 15).

Each of these carries its issuer's own JSON (``block`` on a call, a result or a citation, ``definition`` on a
tool), and the replay rule is the same for all of them, so it is written once here: an adapter sends that
JSON unchanged to the API that issued it, and to no other. What an adapter cannot send is dropped with the
warning its manifest declares (``provider_tool.foreign``, ``provider_tools.foreign``, ``citations.foreign``).

Whether a value is the adapter's "own" depends on the adapter's ``provider`` (the issuer its API writes) and
on whether the adapter can write the issuer's objects where the value sits: an adapter whose API has no place
for them declares the ``*.own`` feature degraded (dropped with a warning) and never lossless.
"""

from __future__ import annotations

from typing import Any

from pydantic import MISSING

from wirechat._generated.models import ChatRequest, ProviderToolCallPart, ProviderToolResultPart, TextPart
from wirechat.adapters._conversion import Conversion

__all__ = ["citations_out", "provider_part_out", "provider_tools_out"]


def provider_part_out(
    part: ProviderToolCallPart | ProviderToolResultPart, where: str, conv: Conversion, provider: str
) -> dict[str, Any] | None:
    """The issuer's block to write for a provider-run call or result, or None when nothing is written: a
    result whose call's block already holds it (no block of its own), or a part dropped with a warning."""
    if isinstance(part, ProviderToolCallPart):
        value: Any = part.provider_tool_call
        at = f"{where}/provider_tool_call"
    else:
        value = part.provider_tool_result
        at = f"{where}/provider_tool_result"
    if value.issuer != provider:
        conv.degrade("provider_tool.foreign", at)
        return None
    if not conv.handle("provider_tool.own", at):
        return None
    if value.block is MISSING:
        if isinstance(part, ProviderToolResultPart):
            return None  # its call's block holds it (spec section 15)
        raise conv.refuse("provider_tool.unblocked", at)
    return dict(value.block)


def citations_out(
    part: TextPart, where: str, conv: Conversion, provider: str, *, reply: bool = False
) -> list[dict[str, Any]]:
    """The issuer's citation objects to write beside a text part's text: the blocks of the part's citations
    that ``provider`` issued, when the adapter carries its own (``reply``: always, for an API whose replies hold
    its citations though its requests do not, which its manifest's ``citations.own`` then speaks of); every other
    citation is dropped with a warning."""
    if part.citations is MISSING:
        return []
    out: list[dict[str, Any]] = []
    for i, citation in enumerate(part.citations):
        at = f"{where}/citations/{i}"
        own = citation.issuer is not MISSING and citation.issuer == provider and citation.block is not MISSING
        if not own:
            conv.degrade("citations.foreign", at)
        elif (reply or conv.handle("citations.own", at)) and citation.block is not MISSING:
            out.append(dict(citation.block))
    return out


def provider_tools_out(request: ChatRequest, conv: Conversion, provider: str) -> list[dict[str, Any]]:
    """The definitions of the request's provider tools that ``provider`` issued, to send after the function
    tools; every other one is dropped with a warning."""
    if request.provider_tools is MISSING:
        return []
    out: list[dict[str, Any]] = []
    for i, tool in enumerate(request.provider_tools):
        at = f"/provider_tools/{i}"
        if tool.issuer != provider:
            conv.degrade("provider_tools.foreign", at)
        elif conv.handle("provider_tools.own", at):
            out.append(dict(tool.definition))
    return out
