"""The peers of ``./dev bench``: hand-written msgspec Structs and pydantic models of the ChatRequest
shape (no I-JSON checks, no patterns: what a user would write by hand), and conversions of the corpus to
the openai SDK's chat message params and to pydantic-ai's message objects.

Converted peers carry the same information where their format has a slot for it (openai has none for
reasoning; its data parts become text); they are compared by their ratio to orjson on their own bytes and
by microseconds per conversation.
"""

from __future__ import annotations

import base64
import datetime
import json
from typing import Annotated, Any, Literal

import msgspec
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

# --- msgspec, hand-written -------------------------------------------------------------------------


class MUrl(msgspec.Struct, tag_field="source", tag="url", forbid_unknown_fields=True, omit_defaults=True):
    url: str
    media_type: str | None = None


class MB64(msgspec.Struct, tag_field="source", tag="base64", forbid_unknown_fields=True):
    base64: str
    media_type: str


class MText(msgspec.Struct, tag_field="type", tag="text", forbid_unknown_fields=True):
    text: str


class MImage(msgspec.Struct, tag_field="type", tag="image", forbid_unknown_fields=True):
    image: MUrl | MB64


class MCall(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    name: str
    arguments: str


class MCallPart(msgspec.Struct, tag_field="type", tag="tool_call", forbid_unknown_fields=True):
    tool_call: MCall


class MResult(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    tool_call_id: str
    content: str
    is_error: bool = False


class MResultPart(msgspec.Struct, tag_field="type", tag="tool_result", forbid_unknown_fields=True):
    tool_result: MResult


class MReasoning(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    text: str
    signature: str | None = None
    issuer: str | None = None


class MReasoningPart(msgspec.Struct, tag_field="type", tag="reasoning", forbid_unknown_fields=True):
    reasoning: MReasoning


class MData(msgspec.Struct, forbid_unknown_fields=True):
    media_type: str
    value: Any


class MDataPart(msgspec.Struct, tag_field="type", tag="data", forbid_unknown_fields=True):
    data: MData


class MMessage(msgspec.Struct, forbid_unknown_fields=True):
    role: Literal["system", "user", "assistant", "tool"]
    parts: list[MText | MImage | MCallPart | MResultPart | MReasoningPart | MDataPart]


class MTool(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    description: str
    input_schema: dict[str, Any]


class MOptions(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    temperature: Annotated[float, msgspec.Meta(ge=0, le=2)] | None = None
    max_tokens: Annotated[int, msgspec.Meta(ge=1)] | None = None


class MRequest(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    messages: list[MMessage]
    model: str | None = None
    tools: list[MTool] | None = None
    options: MOptions | None = None


# --- pydantic, hand-written ------------------------------------------------------------------------


class _Closed(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PUrl(_Closed):
    source: Literal["url"]
    url: str
    media_type: str | None = None


class PB64(_Closed):
    source: Literal["base64"]
    base64: str
    media_type: str


class PText(_Closed):
    type: Literal["text"]
    text: str


class PImage(_Closed):
    type: Literal["image"]
    image: Annotated[PUrl | PB64, Field(discriminator="source")]


class PCall(_Closed):
    id: str
    name: str
    arguments: str


class PCallPart(_Closed):
    type: Literal["tool_call"]
    tool_call: PCall


class PResult(_Closed):
    tool_call_id: str
    content: str
    is_error: bool | None = None


class PResultPart(_Closed):
    type: Literal["tool_result"]
    tool_result: PResult


class PReasoning(_Closed):
    text: str
    signature: str | None = None
    issuer: str | None = None


class PReasoningPart(_Closed):
    type: Literal["reasoning"]
    reasoning: PReasoning


class PData(_Closed):
    media_type: str
    value: Any


class PDataPart(_Closed):
    type: Literal["data"]
    data: PData


PPart = Annotated[PText | PImage | PCallPart | PResultPart | PReasoningPart | PDataPart, Field(discriminator="type")]


class PMessage(_Closed):
    role: Literal["system", "user", "assistant", "tool"]
    parts: list[PPart]


class PTool(_Closed):
    name: str
    description: str
    input_schema: dict[str, Any]


class POptions(_Closed):
    temperature: Annotated[float, Field(ge=0, le=2)] | None = None
    max_tokens: Annotated[int, Field(ge=1)] | None = None


class PRequest(_Closed):
    messages: list[PMessage]
    model: str | None = None
    tools: list[PTool] | None = None
    options: POptions | None = None


PYDANTIC_REQUEST = TypeAdapter(PRequest)

# --- openai SDK params -----------------------------------------------------------------------------


def to_openai(request: dict[str, Any]) -> list[dict[str, Any]]:
    """The conversation as openai ``ChatCompletionMessageParam`` dicts (reasoning has no slot there)."""
    out: list[dict[str, Any]] = []
    for message in request["messages"]:
        role, parts = message["role"], message["parts"]
        if role == "system":
            out.append({"role": "system", "content": "\n".join(p["text"] for p in parts if p["type"] == "text")})
        elif role == "user":
            content: list[dict[str, Any]] = []
            for part in parts:
                if part["type"] == "text":
                    content.append({"type": "text", "text": part["text"]})
                elif part["type"] == "image":
                    image = part["image"]
                    url = image.get("url") or f"data:{image['media_type']};base64,{image['base64']}"
                    content.append({"type": "image_url", "image_url": {"url": url, "detail": "auto"}})
                elif part["type"] == "data":
                    content.append({"type": "text", "text": json.dumps(part["data"]["value"], ensure_ascii=False)})
            out.append({"role": "user", "content": content})
        elif role == "assistant":
            texts = [p["text"] for p in parts if p["type"] == "text"]
            calls = [
                {"id": c["id"], "type": "function", "function": {"name": c["name"], "arguments": c["arguments"]}}
                for c in (p["tool_call"] for p in parts if p["type"] == "tool_call")
            ]
            assistant: dict[str, Any] = {"role": "assistant", "content": "\n".join(texts) if texts else None}
            if calls:
                assistant["tool_calls"] = calls
            out.append(assistant)
        else:
            for part in parts:
                result = part["tool_result"]
                out.append({"role": "tool", "tool_call_id": result["tool_call_id"], "content": result["content"]})
    return out


def openai_adapter() -> Any:
    from openai.types.chat import ChatCompletionMessageParam  # noqa: PLC0415 (a peer: loaded when measured)

    return TypeAdapter(list[ChatCompletionMessageParam])


def openai_decoder(adapter: Any) -> Any:
    """orjson.loads + validate_python, consuming the lazily validated iterables (the only correct path:
    validate_json turns a string content into an iterator over its characters)."""
    import orjson  # noqa: PLC0415

    def decode(blob: bytes) -> Any:
        messages = adapter.validate_python(orjson.loads(blob))
        for message in messages:
            content = message.get("content")
            if content is not None and not isinstance(content, str):
                message["content"] = list(content)
            if message.get("tool_calls") is not None:
                message["tool_calls"] = list(message["tool_calls"])
        return messages

    return decode


# --- pydantic-ai -----------------------------------------------------------------------------------


def to_pydantic_ai(request: dict[str, Any]) -> list[Any]:
    """The conversation as pydantic-ai ``ModelRequest`` / ``ModelResponse`` objects."""
    import pydantic_ai.messages as pai  # noqa: PLC0415 (a peer: loaded when measured)

    stamp = datetime.datetime(2025, 6, 1, 12, 0, tzinfo=datetime.timezone.utc)
    out: list[Any] = []
    names: dict[str, str] = {}
    for message in request["messages"]:
        role, parts = message["role"], message["parts"]
        if role == "system":
            prompts = [pai.SystemPromptPart(content=p["text"], timestamp=stamp) for p in parts]
            out.append(pai.ModelRequest(parts=prompts, timestamp=stamp))
        elif role == "user":
            content: list[Any] = []
            for part in parts:
                if part["type"] == "text":
                    content.append(part["text"])
                elif part["type"] == "image":
                    image = part["image"]
                    if image.get("url"):
                        content.append(pai.ImageUrl(url=image["url"]))
                    else:
                        data = base64.b64decode(image["base64"])
                        content.append(pai.BinaryContent(data=data, media_type=image["media_type"]))
                elif part["type"] == "data":
                    content.append(json.dumps(part["data"]["value"], ensure_ascii=False))
            prompt = pai.UserPromptPart(content=content, timestamp=stamp)
            out.append(pai.ModelRequest(parts=[prompt], timestamp=stamp))
        elif role == "assistant":
            response_parts: list[Any] = []
            for part in parts:
                if part["type"] == "text":
                    response_parts.append(pai.TextPart(content=part["text"]))
                elif part["type"] == "reasoning":
                    reasoning = part["reasoning"]
                    response_parts.append(
                        pai.ThinkingPart(content=reasoning["text"], signature=reasoning.get("signature"))
                    )
                elif part["type"] == "tool_call":
                    call = part["tool_call"]
                    names[call["id"]] = call["name"]
                    response_parts.append(
                        pai.ToolCallPart(tool_name=call["name"], args=call["arguments"], tool_call_id=call["id"])
                    )
            out.append(pai.ModelResponse(parts=response_parts, timestamp=stamp))
        else:
            returns = [
                pai.ToolReturnPart(
                    tool_name=names.get(p["tool_result"]["tool_call_id"], "tool"),
                    content=p["tool_result"]["content"],
                    tool_call_id=p["tool_result"]["tool_call_id"],
                    timestamp=stamp,
                )
                for p in parts
            ]
            out.append(pai.ModelRequest(parts=returns, timestamp=stamp))
    return out
