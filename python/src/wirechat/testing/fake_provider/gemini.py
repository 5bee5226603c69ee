"""The Gemini API as a fake provider speaks it (provider-formats reference, section 4).

Paths: ``/v1beta/models/{model}:generateContent``, ``:streamGenerateContent`` (a stream whatever the body
says; the client adds ``?alt=sse``), ``:batchEmbedContents`` and ``:embedContent``; the key comes in
``x-goog-api-key`` (or ``?key=``, which this fake does not read). Bodies: ``candidates[0].content.parts``
with a thought summary (``thought: true`` and its ``thoughtSignature``), the text, and whole
``functionCall`` parts; ``finishReason`` ``STOP`` (Gemini has no tool-call reason); ``usageMetadata`` with
``candidatesTokenCount`` excluding ``thoughtsTokenCount``. Streams: data-only SSE chunks, each a
``GenerateContentResponse`` with the new parts, the last with the finish reason and usage, no end marker.
Errors: google.rpc ``{"error": {code, message, status}}``; a mid-stream error is a ``data:`` chunk of that.
Gemini has no text-completion endpoint.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from wirechat.testing.fake_provider.script import Reply, ScriptError, Usage
from wirechat.testing.fake_provider.wire import Endpoint, Frame, dumps, fragments, reply_usage

__all__ = ["GeminiWire"]

_PATH = re.compile(
    r"^/v1(?:beta)?/models/([^/:]+):(generateContent|streamGenerateContent|batchEmbedContents|embedContent)$"
)
_STATUS = {
    400: ("INVALID_ARGUMENT", "Request contains an invalid argument."),
    401: ("UNAUTHENTICATED", "Request had invalid authentication credentials."),
    403: ("PERMISSION_DENIED", "The caller does not have permission."),
    404: ("NOT_FOUND", "Requested entity was not found."),
    429: ("RESOURCE_EXHAUSTED", "Resource has been exhausted (e.g. check quota)."),
    500: ("INTERNAL", "An internal error has occurred."),
    503: ("UNAVAILABLE", "The model is overloaded. Please try again later."),
    504: ("DEADLINE_EXCEEDED", "The request timed out."),
}
_CODE_OF_STATUS = {name: code for code, (name, _) in _STATUS.items()}


def _usage(usage: Usage) -> dict[str, Any]:
    body: dict[str, Any] = {
        "promptTokenCount": usage.input,
        "candidatesTokenCount": usage.output - usage.reasoning,
        "totalTokenCount": usage.input + usage.output,
    }
    if usage.reasoning:
        body["thoughtsTokenCount"] = usage.reasoning
    if usage.cache_read:
        body["cachedContentTokenCount"] = usage.cache_read
    return body


class GeminiWire:
    name = "gemini"
    request_id_header = "x-request-id"

    def __init__(self) -> None:
        self._model = "fake-model"
        self._stream = False

    def route(self, path: str) -> Endpoint | None:
        found = _PATH.match(path)
        if found is None:
            return None
        self._model, method = found.group(1), found.group(2)
        self._stream = method == "streamGenerateContent"
        return "embed" if method.endswith("mbedContents") or method == "embedContent" else "chat"

    def streams(self, path: str) -> bool:
        """Gemini chooses streaming by the method in the path, not by a body member."""
        return path.endswith(":streamGenerateContent")

    def presented_key(self, headers: Mapping[str, str]) -> str | None:
        return headers.get("x-goog-api-key")

    def check_reply(self, where: str, reply: Reply) -> None:
        for index, call in enumerate(reply.tool_calls):
            try:
                call.arguments_object()
            except ValueError:
                raise ScriptError(
                    f"{where}.tool_calls[{index}].arguments", "Gemini function args must be a JSON object"
                ) from None

    def _parts(self, reply: Reply) -> list[dict[str, Any]]:
        parts: list[dict[str, Any]] = []
        if reply.reasoning_text is not None:
            thought: dict[str, Any] = {"text": reply.reasoning_text, "thought": True}
            if reply.reasoning_signature:
                thought["thoughtSignature"] = reply.reasoning_signature
            parts.append(thought)
        if reply.text is not None:
            parts.append({"text": reply.text})
        for call in reply.tool_calls:
            parts.append({"functionCall": {"id": call.id, "name": call.name, "args": call.arguments_object()}})
        return parts

    def _envelope(self, reply: Reply) -> dict[str, Any]:
        return {"modelVersion": reply.model or self._model, "responseId": reply.id or "resp_fake"}

    def chat_body(self, reply: Reply, request: Mapping[str, Any]) -> dict[str, Any]:
        candidate = {"content": {"role": "model", "parts": self._parts(reply)}, "finishReason": reply.finish or "STOP",
                     "index": 0}  # fmt: skip
        return {"candidates": [candidate], "usageMetadata": _usage(reply_usage(reply)), **self._envelope(reply)}

    def chat_frames(self, reply: Reply, request: Mapping[str, Any]) -> list[Frame]:
        envelope = self._envelope(reply)

        def chunk(parts: list[dict[str, Any]], **candidate: Any) -> Frame:
            content = {"content": {"role": "model", "parts": parts}} if parts else {}
            return (None, dumps({"candidates": [{**content, **candidate, "index": 0}], **envelope}))

        frames: list[Frame] = []
        for part in self._parts(reply):
            if "text" in part and "thoughtSignature" not in part:
                thought = {"thought": True} if part.get("thought") else {}
                frames += [chunk([{"text": piece, **thought}]) for piece in fragments(part["text"], reply.chunk_size)]
            else:
                frames.append(chunk([part]))
        last = {"candidates": [{"finishReason": reply.finish or "STOP", "index": 0}],
                "usageMetadata": _usage(reply_usage(reply)), **envelope}  # fmt: skip
        return [*frames, (None, dumps(last))]

    def embed_body(self, reply: Reply, request: Mapping[str, Any]) -> dict[str, Any]:
        items = request.get("requests")
        count = len(items) if isinstance(items, list) else 1
        first = items[0] if isinstance(items, list) and items and isinstance(items[0], Mapping) else request
        dimensions = first.get("outputDimensionality")
        size = dimensions if isinstance(dimensions, int) and not isinstance(dimensions, bool) and dimensions > 0 else 3
        vectors = reply.embeddings or tuple(tuple(0.1 * (i + 1) + 0.01 * d for d in range(size)) for i in range(count))
        if not isinstance(items, list):
            return {"embedding": {"values": list(vectors[0])}}
        return {"embeddings": [{"values": list(vector)} for vector in vectors]}

    def complete_body(self, reply: Reply, request: Mapping[str, Any]) -> dict[str, Any]:
        raise ScriptError("request", "Gemini has no text-completion endpoint")

    def error_body(
        self, status: int, error_type: str | None, code: str | None, message: str | None, request_id: str
    ) -> dict[str, Any]:
        default_status, default_message = _STATUS.get(status, ("INTERNAL" if status >= 500 else "INVALID_ARGUMENT",
                                                               f"HTTP {status}."))  # fmt: skip
        return {"error": {"code": status, "message": message or default_message,
                          "status": error_type or code or default_status}}  # fmt: skip

    def error_frame(self, error_type: str | None, message: str | None) -> Frame:
        name = error_type or "UNAVAILABLE"
        error = {
            "code": _CODE_OF_STATUS.get(name, 500),
            "message": message or "The model is overloaded.",
            "status": name,
        }
        return (None, dumps({"error": error}))

    def status_of(self, error_type: str | None) -> int:
        return _CODE_OF_STATUS.get(error_type or "UNAVAILABLE", 500)

    def malformed_frame(self) -> Frame:
        return (None, '{"candidates":[{"content":{"role":"model","parts":[{"text":"cu')
