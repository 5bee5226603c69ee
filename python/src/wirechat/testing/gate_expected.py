"""What a round trip through an adapter must give back, computed from its manifest alone.

``expect_request`` (here) and ``expect_response`` (``gate_expected_response``) walk a canonical document
(as plain JSON values), find the manifest features it uses, and return the features that must be refused,
the features that must be degraded (and so warned about), and the document reduced exactly as each degraded
feature's description in ``features.FEATURES`` says. The gate compares this with what the adapter actually does.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass, field
from typing import Any

from wirechat.adapters._contract import Adapter, Manifest
from wirechat.adapters._conversion import compact_json, parse_data_url
from wirechat.tool_arguments import ToolArgumentsError, build_arguments, parse_arguments

__all__ = ["Expectation", "Walk", "expect_request"]


@dataclass
class Expectation:
    refused: set[str] = field(default_factory=set)
    degraded: set[str] = field(default_factory=set)
    document: Any = None


class Walk:
    """One walk over a canonical document: records each manifest feature met, applies a degraded one's
    reduction, and collects the ``Expectation`` (adapters' ``gate_reductions`` modules extend it)."""

    def __init__(self, adapter: Adapter) -> None:
        self.manifest: Manifest = adapter.manifest
        self.provider = adapter.provider
        self.name = adapter.name
        self.result = Expectation()

    def use(self, feature: str) -> bool:
        """Record ``feature``; True when the walk must apply its reduction (degraded)."""
        level = self.manifest.level(feature)
        if level == "refused":
            self.result.refused.add(feature)
        elif level == "degraded":
            self.result.degraded.add(feature)
            return True
        return False

    # ------------------------------------------------------------------ parts

    def metadata(self, part: dict[str, Any]) -> None:
        meta = part.get("provider_metadata")
        if meta is not None and any(key != self.provider for key in meta) and self.use("part.provider_metadata"):
            del part["provider_metadata"]

    def media(self, kind: str, source: dict[str, Any]) -> dict[str, Any]:
        if source["source"] == "url":
            self.use(f"{kind}.url")
            parsed = parse_data_url(source["url"])
            dropped = "media_type" in source and self.use("media.media_type_dropped")
            if parsed is not None and self.use("media.data_url"):
                return {"source": "base64", "base64": parsed[1], "media_type": parsed[0]}
            if dropped:
                source = {k: v for k, v in source.items() if k != "media_type"}
            return source
        self.use(f"{kind}.base64")
        self.check_type(kind, source["media_type"], source["base64"])
        return source

    def check_type(self, kind: str, media_type: str, data: str) -> None:
        allowed = self.manifest.media_types.get(kind)
        if allowed is None:
            return
        if media_type not in allowed:
            self.use("media.unsupported_type")
        elif media_type == "text/plain":
            try:
                text = base64.b64decode(data, validate=True).decode("utf-8")
                if base64.b64encode(text.encode()).decode() != data:
                    self.use("media.unsupported_type")
            except (binascii.Error, UnicodeDecodeError):
                self.use("media.unsupported_type")

    def file(self, source: dict[str, Any]) -> dict[str, Any]:
        kind = source["source"]
        if kind == "uri":
            self.use("file.uri")
        elif kind == "base64":
            self.use("file.base64")
            self.check_type("file", source["media_type"], source["base64"])
            return source
        elif source.get("issuer") == self.provider:
            self.use("file.file_id")
        else:
            self.use("file.file_id_foreign")
        if "media_type" in source and self.use("media.media_type_dropped"):
            source = {k: v for k, v in source.items() if k != "media_type"}
        return source

    def text(self, part: dict[str, Any]) -> dict[str, Any]:
        """A text part: its metadata, and its citations by the replay rule (spec section 15)."""
        self.metadata(part)
        self.use("text")
        kept = []
        for citation in part.get("citations", ()):
            own = citation.get("issuer") == self.provider and "block" in citation
            if not self.use("citations.own" if own else "citations.foreign"):
                kept.append(citation)
        if kept:
            part["citations"] = kept
        else:
            part.pop("citations", None)
        return part

    def provider_run(self, part: dict[str, Any]) -> dict[str, Any] | None:
        """A provider-run call or result in an assistant message: kept for its issuer, else dropped."""
        self.metadata(part)
        value = part[part["type"]]
        if value["issuer"] != self.provider:
            self.use("provider_tool.foreign")
            return None
        if self.use("provider_tool.own"):
            return None
        if "block" not in value and part["type"] == "provider_tool_call":
            self.use("provider_tool.unblocked")
        return part

    def content_part(self, part: dict[str, Any]) -> dict[str, Any] | None:
        """A user-side part (or a rich tool-result part); None when dropped."""
        kind = part["type"]
        if kind == "text":
            return self.text(part)
        self.metadata(part)
        if kind in ("image", "audio"):
            part[kind] = self.media(kind, part[kind])
        elif kind == "file":
            part["file"] = self.file(part["file"])
        elif kind == "data":
            value = part["data"]["value"]
            if value is not None and not isinstance(value, dict):
                self.use("data.not_object")
            if self.use("data"):
                out = {"type": "text", "text": compact_json(part["data"]["value"])}
                if "provider_metadata" in part:
                    out["provider_metadata"] = part["provider_metadata"]
                return out
        else:
            self.use("part.misplaced")
            if self.manifest.level("part.misplaced") == "lossless":
                return self.any_part(part)
        return part

    def any_part(self, part: dict[str, Any]) -> dict[str, Any] | None:
        """A part where its role does not usually carry it, for a format that carries it anyway."""
        kind = part["type"]
        if kind == "tool_call":
            return self.tool_call(part)
        if kind == "tool_result":
            return self.tool_result(part)
        if kind == "reasoning":
            return self.reasoning(part)
        if kind in ("provider_tool_call", "provider_tool_result"):
            return self.provider_run(part)
        return self.content_part(part)

    def reasoning(self, part: dict[str, Any], *, reply: bool = False) -> dict[str, Any] | None:
        self.metadata(part)
        reasoning = part["reasoning"]
        signed = "signature" in reasoning or "redacted_data" in reasoning
        if not signed and reply and self.manifest.reply_reasoning_text:
            if "issuer" in reasoning and self.use("response.reasoning_issuer"):
                del reasoning["issuer"]
            return part
        if not signed:
            feature = "reasoning.text"
        elif reasoning.get("issuer") != self.provider:
            feature = "reasoning.foreign"
        elif "redacted_data" in reasoning and ("signature" in reasoning or "text" in reasoning):
            feature = "reasoning.own_mixed"
        elif reasoning.get("text") == "":
            feature = "reasoning.own_empty_text"
        else:
            feature = "reasoning.own"
        if self.use(feature):
            replayed = self.manifest.level("reasoning.own") == "lossless"
            if feature != "reasoning.own_empty_text" or not replayed:
                return None
            del reasoning["text"]
        return part

    def tool_call(self, part: dict[str, Any]) -> dict[str, Any]:
        self.metadata(part)
        self.use("tool_call")
        call = part["tool_call"]
        try:
            value = parse_arguments(call["arguments"])
        except ToolArgumentsError:
            self.use("tool_call.arguments_not_object")
            return part
        try:  # the one text of arguments built from an object (spec section 6), which the adapter reads back
            neutral = build_arguments(value)
        except ToolArgumentsError:
            neutral = None
        if neutral != call["arguments"] and self.use("tool_call.arguments_not_compact") and neutral is not None:
            call["arguments"] = neutral
        return part

    def assistant_parts(self, parts: list[dict[str, Any]], *, reply: bool) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for part in parts:
            kind = part["type"]
            if kind == "text":
                out.append(self.text(part))
            elif kind in ("provider_tool_call", "provider_tool_result"):
                carried = self.provider_run(part)
                if carried is not None:
                    out.append(carried)
            elif kind == "tool_call":
                out.append(self.tool_call(part))
            elif kind == "reasoning":
                kept = self.reasoning(part, reply=reply)
                if kept is not None:
                    out.append(kept)
            elif kind in self.manifest.assistant_media:
                kept = self.content_part(part)
                if kept is not None:
                    out.append(kept)
            elif not reply and self.manifest.level("part.misplaced") == "lossless":
                self.use("part.misplaced")
                kept = self.any_part(part)
                if kept is not None:
                    out.append(kept)
            else:
                self.metadata(part)
                self.use("response.part_unsupported" if reply else "part.misplaced")
        seen_call = False
        interleaved = False
        for part in out:
            seen_call = seen_call or part["type"] == "tool_call"
            interleaved = interleaved or (seen_call and part["type"] == "text")
        if interleaved and self.use("tool_call.interleaved"):
            out = [p for p in out if p["type"] != "tool_call"] + [p for p in out if p["type"] == "tool_call"]
        texts = [p for p in out if p["type"] == "text"]
        if reply and (len(texts) > 1 or any(p["text"] == "" for p in texts)) and self.use("response.text_joined"):
            joined = "".join(p["text"] for p in texts)
            rest = [p for p in out if p["type"] != "text"]
            out = ([{"type": "text", "text": joined}] if joined else []) + rest
        return out

    def tool_result(self, part: dict[str, Any]) -> dict[str, Any]:
        self.metadata(part)
        self.use("tool_result")
        result = part["tool_result"]
        # status and reason are the loop's record of the outcome (spec section 14.1): no provider has them, and
        # adapters send the outcome as content and is_error, by the spec rather than by a manifest's choice.
        result.pop("status", None)
        result.pop("reason", None)
        dropped = "is_error" in result and self.use("tool_result.is_error")
        if dropped or (result.get("is_error") is False and self.use("zero_values")):
            del result["is_error"]
        if "parts" in result:
            if self.use("tool_result.parts"):
                del result["parts"]
            else:
                kept = [self.content_part(p) for p in result["parts"]]
                result["parts"] = [p for p in kept if p is not None]
                first_is_text = bool(result["parts"]) and result["parts"][0]["type"] == "text"
                ambiguous = not result["parts"] or (not result["content"] and first_is_text)
                if ambiguous and self.use("tool_result.parts_ambiguous"):
                    if result["parts"] and not result["content"] and "provider_metadata" not in result["parts"][0]:
                        result["content"] = result["parts"].pop(0)["text"]
                    if not result["parts"]:
                        del result["parts"]
        return part

    # ------------------------------------------------------------------ messages

    def message(self, message: dict[str, Any], position: int, started: bool) -> list[dict[str, Any]]:
        role = message["role"]
        for member in ("name", "id", "provider_metadata"):
            if member in message:
                feature = "message.name_tool" if member == "name" and role == "tool" else f"message.{member}"
                if self.use(feature):
                    del message[member]
        parts = message["parts"]
        if role == "system":
            # a system message that is not the first one is "later" too (several leading system messages)
            self.use("system.later" if started or position > 0 else "system")
            kept_parts = []
            for part in parts:
                if part["type"] != "text":
                    self.use("system.non_text")
                    if self.manifest.level("system.non_text") == "lossless":
                        carried_part = self.any_part(part)
                        if carried_part is not None:
                            kept_parts.append(carried_part)
                        continue
                kept_parts.append(self.text(part))
            message["parts"] = kept_parts
        elif role == "user":
            kept = [self.content_part(part) for part in parts]
            message["parts"] = [p for p in kept if p is not None]
        elif role == "assistant":
            message["parts"] = self.assistant_parts(parts, reply=False)
        else:
            carried = self.manifest.level("part.misplaced") == "lossless"
            kept_parts = []
            for part in parts:
                if part["type"] == "tool_result":
                    kept_parts.append(self.tool_result(part))
                    continue
                self.use("part.misplaced")
                other = self.any_part(part) if carried else part
                if other is not None:
                    kept_parts.append(other)
            message["parts"] = parts = kept_parts
            members = {k: v for k, v in message.items() if k not in ("role", "parts")}
            if not parts and self.use("tool_result.empty"):
                return [{"role": "user", "parts": [], **members}]
            if len(parts) > 1 and self.use("tool_result.grouped"):
                return [{"role": "tool", "parts": [p], **members} for p in message["parts"]]
        return [message]

    def options(self, request: dict[str, Any]) -> None:
        options = request.setdefault("options", {})
        for name in ("temperature", "top_p", "seed", "stop", "max_tokens"):
            if name in options and self.use(f"options.{name}"):
                del options[name]
        if "max_tokens" not in options and self.use("options.max_tokens.absent"):
            options["max_tokens"] = self.manifest.default_max_tokens
        if "parallel_tool_calls" in options:
            choice = request.get("tool_choice", {}).get("type")
            if self.manifest.level("options.parallel_tool_calls") == "refused":
                self.use("options.parallel_tool_calls")
            elif choice in (None, "none") and self.use("options.parallel_tool_calls"):
                if choice is None:
                    request["tool_choice"] = {"type": "auto"}
                else:
                    del options["parallel_tool_calls"]
        response_format = options.get("response_format")
        if response_format is not None:
            kind = response_format["type"]
            feature = f"response_format.{kind}"
            if kind == "json_schema":
                spec = response_format["json_schema"]
                changed = spec["name"] != "response" or "description" in spec or "strict" in spec
                if (changed or self.manifest.level(feature) != "degraded") and self.use(feature):
                    response_format["json_schema"] = {"name": "response", "schema": spec["schema"]}
            elif self.use(feature):
                del options["response_format"]
        if not options:
            del request["options"]

    def request(self, request: dict[str, Any]) -> None:
        if "model" not in request:
            self.use("model.absent")
        messages: list[dict[str, Any]] = []
        started = False
        for position, message in enumerate(request["messages"]):
            messages += self.message(message, position, started)
            started = started or message["role"] != "system"
        request["messages"] = messages
        for tool in request.get("tools", []):
            self.use("tools")
            for member in ("strict", "output_schema", "annotations"):
                if member in tool and self.use(f"tools.{member}"):
                    del tool[member]
            if tool.get("description") == "" and self.use("zero_values"):
                del tool["description"]
        provider_tools = []
        for tool in request.get("provider_tools", ()):
            own = tool["issuer"] == self.provider
            if not self.use("provider_tools.own" if own else "provider_tools.foreign"):
                provider_tools.append(tool)
        if provider_tools:
            request["provider_tools"] = provider_tools
        else:
            request.pop("provider_tools", None)
        if "tool_choice" in request:
            self.use("tool_choice")
        self.options(request)
        options = request.get("provider_options")
        if options is not None:
            own = {key: value for key, value in options.items() if key == self.name and value}
            if own:
                self.use("provider_options")
                request["provider_options"] = own
            else:
                del request["provider_options"]


def expect_request(adapter: Adapter, document: dict[str, Any]) -> Expectation:
    """The refusals, degradations and reduced document for a canonical request (a JSON object)."""
    walk = Walk(adapter)
    walk.request(document)
    own = getattr(adapter, "gate_reductions", None)  # a format's own manifest features, if it has any
    if own is not None:
        own.request(walk, document)
    walk.result.document = document
    return walk.result
