"""Anthropic Messages as a fake provider speaks it (provider-formats reference, section 3).

Bodies: ``message`` objects with ``thinking``, ``text`` and ``tool_use`` blocks; ``usage.input_tokens``
excludes cached tokens (``cache_read_input_tokens`` and ``cache_creation_input_tokens`` beside it). A scripted
web search is the web search server tool's turn: a ``server_tool_use`` block (``web_search``, the query as
its input), a ``web_search_tool_result`` block (one ``web_search_result`` per result, with opaque
``encrypted_content``), and the text with a ``web_search_result_location`` citation per result that has a
cited text; ``usage.server_tool_use.web_search_requests`` counts it.
Streams: named events ``message_start``, a ``ping``, per block ``content_block_start`` / ``_delta`` /
``_stop`` (``thinking_delta`` then one ``signature_delta``; ``input_json_delta`` fragments, for a server tool's
input too; a search result block arrives whole in its start; a text's citations as ``citations_delta``
before its ``text_delta`` fragments), then ``message_delta`` with the stop reason and cumulative output
tokens, and ``message_stop``. Errors:
``{"type": "error", "error": {type, message}, "request_id"}``; a mid-stream error is ``event: error``.
Anthropic has no embeddings or text-completion endpoint, so those paths answer 404.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirechat.testing.fake_provider.script import Reply, ScriptedSearch, ScriptError, Usage
from wirechat.testing.fake_provider.wire import Endpoint, Frame, dumps, fragments, reply_usage

__all__ = ["AnthropicWire"]

_TYPE_OF_STATUS = {
    400: ("invalid_request_error", "Invalid request."),
    401: ("authentication_error", "invalid x-api-key"),
    402: ("billing_error", "Your credit balance is too low."),
    403: ("permission_error", "Your API key does not have permission to use the specified resource."),
    404: ("not_found_error", "Not found."),
    409: ("conflict_error", "Conflict."),
    413: ("request_too_large", "Request exceeds the maximum allowed number of bytes."),
    429: ("rate_limit_error", "Number of request tokens has exceeded your per-minute rate limit."),
    500: ("api_error", "Internal server error."),
    504: ("timeout_error", "Request timed out."),
    529: ("overloaded_error", "Overloaded"),
}
_STATUS_OF_TYPE = {error_type: status for status, (error_type, _) in _TYPE_OF_STATUS.items()}


def _usage(usage: Usage, output: int | None = None, searches: int = 0) -> dict[str, Any]:
    body: dict[str, Any] = {
        "input_tokens": usage.input - usage.cache_read - usage.cache_write,
        "cache_creation_input_tokens": usage.cache_write,
        "cache_read_input_tokens": usage.cache_read,
        "output_tokens": usage.output if output is None else output,
        "service_tier": "standard",
    }
    if usage.reasoning:
        body["output_tokens_details"] = {"thinking_tokens": usage.reasoning}
    if searches:
        body["server_tool_use"] = {"web_search_requests": searches}
    return body


def _stop_reason(reply: Reply) -> str:
    return reply.finish or ("tool_use" if reply.tool_calls else "end_turn")


def _model(reply: Reply, request: Mapping[str, Any]) -> str:
    model = request.get("model")
    return reply.model or (model if isinstance(model, str) else "fake-model")


def _search_blocks(search: ScriptedSearch) -> list[dict[str, Any]]:
    call = {"type": "server_tool_use", "id": search.id, "name": "web_search", "input": {"query": search.query}}
    results = [
        {"type": "web_search_result", "url": result.url, "title": result.title,
         "encrypted_content": f"fake-encrypted-content-{i}", "page_age": None}
        for i, result in enumerate(search.results)
    ]  # fmt: skip
    return [call, {"type": "web_search_tool_result", "tool_use_id": search.id, "content": results}]


def _citations(search: ScriptedSearch) -> list[dict[str, Any]]:
    return [
        {"type": "web_search_result_location", "url": result.url, "title": result.title,
         "cited_text": result.cited_text, "encrypted_index": f"fake-encrypted-index-{i}"}
        for i, result in enumerate(search.results)
        if result.cited_text is not None
    ]  # fmt: skip


class AnthropicWire:
    name = "anthropic"
    request_id_header = "request-id"
    plays_web_search = True

    def route(self, path: str) -> Endpoint | None:
        return "chat" if path == "/v1/messages" else None

    def presented_key(self, headers: Mapping[str, str]) -> str | None:
        if "x-api-key" in headers:
            return headers["x-api-key"]
        value = headers.get("authorization", "")
        return value[len("Bearer ") :] if value.startswith("Bearer ") else None

    def check_reply(self, where: str, reply: Reply) -> None:
        if reply.embeddings is not None:
            raise ScriptError(f"{where}.embeddings", "Anthropic has no embeddings endpoint")
        for index, call in enumerate(reply.tool_calls):
            try:
                call.arguments_object()
            except ValueError:
                raise ScriptError(
                    f"{where}.tool_calls[{index}].arguments", "Anthropic tool input must be a JSON object"
                ) from None

    def _blocks(self, reply: Reply) -> list[dict[str, Any]]:
        blocks: list[dict[str, Any]] = []
        if reply.reasoning_text is not None:
            blocks.append({"type": "thinking", "thinking": reply.reasoning_text,
                           "signature": reply.reasoning_signature or ""})  # fmt: skip
        if reply.web_search is not None:
            blocks += _search_blocks(reply.web_search)
        if reply.text is not None:
            text: dict[str, Any] = {"type": "text", "text": reply.text}
            if reply.web_search is not None and (citations := _citations(reply.web_search)):
                text["citations"] = citations
            blocks.append(text)
        for call in reply.tool_calls:
            blocks.append({"type": "tool_use", "id": call.id, "name": call.name, "input": call.arguments_object()})
        return blocks

    def chat_body(self, reply: Reply, request: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "id": reply.id or "msg_fake",
            "type": "message",
            "role": "assistant",
            "model": _model(reply, request),
            "content": self._blocks(reply),
            "stop_reason": _stop_reason(reply),
            "stop_sequence": None,
            "usage": _usage(reply_usage(reply), searches=int(reply.web_search is not None)),
        }

    def chat_frames(self, reply: Reply, request: Mapping[str, Any]) -> list[Frame]:
        def event(name: str, body: dict[str, Any]) -> Frame:
            return (name, dumps({"type": name, **body}))

        usage = reply_usage(reply)
        message: dict[str, Any] = {"id": reply.id or "msg_fake", "type": "message", "role": "assistant",
                   "model": _model(reply, request), "content": [], "stop_reason": None, "stop_sequence": None,
                   "usage": _usage(usage, output=1)}  # fmt: skip
        frames = [event("message_start", {"message": message}), event("ping", {})]
        size = reply.chunk_size
        for index, block in enumerate(self._blocks(reply)):
            opening: dict[str, Any]
            deltas: list[dict[str, Any]]
            if block["type"] == "thinking":
                opening = {"type": "thinking", "thinking": "", "signature": ""}
                deltas = [{"type": "thinking_delta", "thinking": p} for p in fragments(block["thinking"], size)]
                if block["signature"]:
                    deltas.append({"type": "signature_delta", "signature": block["signature"]})
            elif block["type"] == "text":
                opening = {"type": "text", "text": ""}
                deltas = [{"type": "citations_delta", "citation": citation} for citation in block.get("citations", [])]
                deltas += [{"type": "text_delta", "text": piece} for piece in fragments(block["text"], size)]
            elif block["type"] == "web_search_tool_result":
                opening, deltas = block, []
            else:
                opening = {**block, "input": {}}
                arguments = dumps(block["input"]) if block["input"] else ""
                deltas = [{"type": "input_json_delta", "partial_json": p} for p in fragments(arguments, size)]
            frames.append(event("content_block_start", {"index": index, "content_block": opening}))
            frames += [event("content_block_delta", {"index": index, "delta": delta}) for delta in deltas]
            frames.append(event("content_block_stop", {"index": index}))
        delta = {"stop_reason": _stop_reason(reply), "stop_sequence": None}
        final: dict[str, Any] = {"output_tokens": usage.output}
        if reply.web_search is not None:
            final["server_tool_use"] = {"web_search_requests": 1}
        frames.append(event("message_delta", {"delta": delta, "usage": final}))
        frames.append(event("message_stop", {}))
        return frames

    def embed_body(self, reply: Reply, request: Mapping[str, Any]) -> dict[str, Any]:
        raise ScriptError("request", "Anthropic has no embeddings endpoint")

    def complete_body(self, reply: Reply, request: Mapping[str, Any]) -> dict[str, Any]:
        raise ScriptError("request", "Anthropic has no text-completion endpoint")

    def error_body(
        self, status: int, error_type: str | None, code: str | None, message: str | None, request_id: str
    ) -> dict[str, Any]:
        default_type, default_message = _TYPE_OF_STATUS.get(
            status, ("api_error" if status >= 500 else "invalid_request_error", f"HTTP {status}.")
        )
        error = {"type": error_type or code or default_type, "message": message or default_message}
        return {"type": "error", "error": error, "request_id": request_id}

    def error_frame(self, error_type: str | None, message: str | None) -> Frame:
        error = {"type": error_type or "overloaded_error", "message": message or "Overloaded"}
        return ("error", dumps({"type": "error", "error": error}))

    def status_of(self, error_type: str | None) -> int:
        return _STATUS_OF_TYPE.get(error_type or "overloaded_error", 500)

    def malformed_frame(self) -> Frame:
        return ("content_block_delta", '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","te')
