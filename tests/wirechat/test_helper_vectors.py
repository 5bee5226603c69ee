"""The helper set against the shared behaviour vectors (``conformance/conversions/go-model/helpers``),
which the TypeScript and Go tests run too; and the copies are independent of their originals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from wirechat import (
    Message,
    Part,
    TokenUsage,
    ToolCall,
    ToolResult,
    audio_message,
    data_message,
    deep_copy,
    encode,
    file_message,
    has_tool_calls,
    image_message,
    message_text,
    sum_usage,
    text_message,
    tool_call_message,
    tool_calls,
    tool_result_message,
    tool_results,
    tool_results_message,
)

VECTORS = Path(__file__).resolve().parents[2] / "conformance" / "conversions" / "go-model" / "helpers" / "helpers.json"
CASES = json.loads(VECTORS.read_text(encoding="utf-8"))["cases"]


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if hasattr(value, "model_dump"):
        return json.loads(encode(value))
    return value


def _media(source: dict[str, Any]) -> dict[str, Any]:
    return {k: source[k] for k in ("url", "base64", "media_type") if k in source}


def _run(helper: str, args: dict[str, Any]) -> Any:
    common = {k: args[k] for k in ("text", "role") if k in args}
    if helper == "text_message":
        return text_message(args["role"], args["text"])
    if helper == "image_message":
        return image_message(**_media(args["image"]), **common)
    if helper == "audio_message":
        return audio_message(**_media(args["audio"]), **common)
    if helper == "file_message":
        file = {k: v for k, v in args["file"].items() if k != "source"}
        return file_message(**file, **common)
    if helper == "data_message":
        return data_message(args["data"]["value"], media_type=args["data"].get("media_type"), **common)
    if helper == "tool_call_message":
        return tool_call_message([ToolCall(**c) for c in args["calls"]], text=args.get("text"))
    if helper == "tool_result_message":
        results = [ToolResult(**r) for r in args["results"]]
        if len(results) == 1:
            one = args["results"][0]
            return tool_result_message(one["tool_call_id"], one["content"], is_error=one.get("is_error", False))
        return tool_results_message(results)
    if helper == "sum_usage":
        return sum_usage(TokenUsage(**u) for u in args["usages"])
    if helper in ("clone_messages", "clone_parts"):
        key = "messages" if helper == "clone_messages" else "parts"
        model: Any = Message if key == "messages" else Part
        values = [model.model_validate(v) if model is Message else _part(v) for v in args[key]]
        return deep_copy(values)
    message = Message.model_validate(args["message"])
    return {
        "message_text": message_text,
        "has_tool_calls": has_tool_calls,
        "tool_calls": tool_calls,
        "tool_results": tool_results,
        "clone_message": deep_copy,
    }[helper](message)


def _part(document: dict[str, Any]) -> Any:
    return Message.model_validate({"role": "user", "parts": [document]}).parts[0]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_helper_vector(case: dict[str, Any]) -> None:
    assert _plain(_run(case["helper"], case["args"])) == case["result"]


def test_copies_are_independent() -> None:
    rich = next(c for c in CASES if c["name"] == "clone-message")["args"]["message"]
    original = Message.model_validate(rich)
    copy = deep_copy(original)
    copy.parts[1].data.value["a"][1]["b"] = "changed"  # type: ignore[union-attr,index]
    copy.parts[2].tool_result.parts.clear()  # type: ignore[union-attr]
    assert _plain(original) == rich
    listed = [original]
    copies = deep_copy(listed)
    copies[0].parts.clear()
    assert _plain(original) == rich


def test_has_tool_calls_fails_for_text() -> None:
    assert not has_tool_calls(text_message("assistant", "no calls"))


def test_file_message_needs_one_source_and_inline_needs_a_media_type() -> None:
    with pytest.raises(ValueError, match="exactly one of uri=, base64= or file_id="):
        file_message(uri="https://example.com/a", file_id="f")
    with pytest.raises(ValueError, match="needs media_type="):
        file_message(base64="AAAA")
