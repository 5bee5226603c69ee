"""OpenAI Responses as a fake provider speaks it (provider-formats reference, section 2).

Bodies: ``response`` objects whose ``output`` holds, in order, a ``reasoning`` item (when the script has
``reasoning``: its text as one ``summary_text``, its signature as ``encrypted_content``), a ``web_search_call``
item for a scripted web search (``reply.web_search``: its ``action`` is the search, the results its
``sources``), an assistant ``message`` item with one ``output_text`` (a
``url_citation`` annotation per result with a cited text, spanning that text where the reply's text holds it,
else the whole text), and one ``function_call`` item per tool call; ``status`` is
``completed`` unless the scripted ``finish`` is an incomplete reason (``max_output_tokens``,
``content_filter``: status ``incomplete`` with ``incomplete_details``) or another status. Usage:
``input_tokens`` includes cached tokens (``input_tokens_details.cached_tokens``, ``cache_write_tokens``),
``output_tokens`` reasoning tokens (``output_tokens_details.reasoning_tokens``).
Streams: named events whose ``event:`` is the JSON ``type``, each with a ``sequence_number``:
``response.created``, ``response.in_progress``, per item ``response.output_item.added`` ... ``.done``
(summary parts and ``response.reasoning_summary_text.delta``; ``response.content_part.added``,
``response.output_text.delta`` fragments, ``.done``; ``response.function_call_arguments.delta`` fragments
keyed by ``output_index``, alternating between calls with ``interleave``; a web search's progress events,
``response.web_search_call.in_progress``, ``.searching``, ``.completed``; a
``response.output_text.annotation.added`` per annotation), then ``response.completed`` or
``response.incomplete`` carrying the whole response with its usage. No ``[DONE]``.
Errors: the OpenAI body ``{"error": {message, type, param, code}}``; a mid-stream error is an ``error``
event with ``code`` and ``message`` at the top level. The Responses API has no embeddings or completions
endpoint: those paths answer 404.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirechat.testing.fake_provider.openai_chat import OpenAIChatWire
from wirechat.testing.fake_provider.script import Reply, ScriptedSearch, ScriptError, Usage
from wirechat.testing.fake_provider.wire import Endpoint, Frame, dumps, fragments, reply_usage

__all__ = ["OpenAIResponsesWire"]

CREATED = 1_700_000_000
_INCOMPLETE = {"max_output_tokens", "max_messages", "content_filter"}


def _usage(usage: Usage) -> dict[str, Any]:
    return {
        "input_tokens": usage.input,
        "input_tokens_details": {"cached_tokens": usage.cache_read, "cache_write_tokens": usage.cache_write},
        "output_tokens": usage.output,
        "output_tokens_details": {"reasoning_tokens": usage.reasoning},
        "total_tokens": usage.input + usage.output,
    }


def _search_item(search: ScriptedSearch) -> dict[str, Any]:
    """The ``web_search_call`` item of a scripted web search (the call and its sources in one object)."""
    sources = [{"type": "url", "url": result.url} for result in search.results]
    return {"type": "web_search_call", "id": search.id, "status": "completed",
            "action": {"type": "search", "query": search.query, "sources": sources}}  # fmt: skip


def _annotations(search: ScriptedSearch | None, text: str) -> list[dict[str, Any]]:
    """A ``url_citation`` per result with a cited text: its span in ``text``, or the whole text."""
    out = []
    for result in search.results if search is not None else ():
        if result.cited_text is None:
            continue
        start = text.find(result.cited_text)
        span = (start, start + len(result.cited_text)) if start >= 0 else (0, len(text))
        out.append({"type": "url_citation", "url": result.url, "title": result.title, "start_index": span[0],
                    "end_index": span[1]})  # fmt: skip
    return out


def _status(reply: Reply) -> dict[str, Any]:
    finish = reply.finish or "completed"
    if finish in _INCOMPLETE:
        return {"status": "incomplete", "incomplete_details": {"reason": finish}}
    return {"status": finish, "incomplete_details": None}


class OpenAIResponsesWire:
    name = "openai-responses"
    plays_web_search = True
    request_id_header = "x-request-id"

    def __init__(self) -> None:
        self._errors = OpenAIChatWire()  # the same error bodies and status table as Chat Completions

    def route(self, path: str) -> Endpoint | None:
        return "chat" if path == "/v1/responses" else None

    def presented_key(self, headers: Mapping[str, str]) -> str | None:
        value = headers.get("authorization", "")
        return value[len("Bearer ") :] if value.startswith("Bearer ") else None

    def check_reply(self, where: str, reply: Reply) -> None:
        if reply.embeddings is not None:
            raise ScriptError(f"{where}.embeddings", "the Responses API has no embeddings endpoint")

    def _items(self, reply: Reply) -> list[dict[str, Any]]:
        items: list[dict[str, Any]] = []
        if reply.reasoning_text is not None:
            item: dict[str, Any] = {"type": "reasoning", "id": "rs_fake",
                                    "summary": [{"type": "summary_text", "text": reply.reasoning_text}]}  # fmt: skip
            if reply.reasoning_signature:
                item["encrypted_content"] = reply.reasoning_signature
            items.append(item)
        if reply.web_search is not None:
            items.append(_search_item(reply.web_search))
        if reply.text is not None:
            annotations = _annotations(reply.web_search, reply.text)
            content = [{"type": "output_text", "text": reply.text, "annotations": annotations}]
            items.append({"type": "message", "id": "msg_fake", "status": "completed", "role": "assistant",
                          "content": content})  # fmt: skip
        for index, call in enumerate(reply.tool_calls):
            items.append({"type": "function_call", "id": f"fc_fake_{index}", "call_id": call.id, "name": call.name,
                          "arguments": call.arguments, "status": "completed"})  # fmt: skip
        return items

    def _response(self, reply: Reply, request: Mapping[str, Any], *, done: bool) -> dict[str, Any]:
        model = request.get("model")
        body: dict[str, Any] = {
            "id": reply.id or "resp_fake",
            "object": "response",
            "created_at": CREATED,
            "model": reply.model or (model if isinstance(model, str) else "fake-model"),
            "status": "in_progress",
            "incomplete_details": None,
            "error": None,
            "instructions": request.get("instructions"),
            "output": [],
            "parallel_tool_calls": True,
            "tool_choice": "auto",
            "tools": [],
            "usage": None,
        }
        if done:
            body.update(_status(reply), output=self._items(reply), usage=_usage(reply_usage(reply)))
        return body

    def chat_body(self, reply: Reply, request: Mapping[str, Any]) -> dict[str, Any]:
        return self._response(reply, request, done=True)

    def chat_frames(self, reply: Reply, request: Mapping[str, Any]) -> list[Frame]:
        frames: list[Frame] = []

        def event(kind: str, **body: Any) -> Frame:
            return (kind, dumps({"type": kind, **body, "sequence_number": len(frames)}))

        def add(kind: str, **body: Any) -> None:
            frames.append(event(kind, **body))

        add("response.created", response=self._response(reply, request, done=False))
        add("response.in_progress", response=self._response(reply, request, done=False))
        size = reply.chunk_size
        calls: list[list[tuple[str, dict[str, Any]]]] = []
        for position, item in enumerate(self._items(reply)):
            at = {"item_id": item["id"], "output_index": position}
            if item["type"] == "function_call":
                steps = [("response.output_item.added", {"output_index": position,
                          "item": {**item, "arguments": "", "status": "in_progress"}})]  # fmt: skip
                steps += [("response.function_call_arguments.delta", {**at, "delta": piece})
                          for piece in fragments(item["arguments"], size)]  # fmt: skip
                steps += [("response.function_call_arguments.done", {**at, "arguments": item["arguments"]}),
                          ("response.output_item.done", {"output_index": position, "item": item})]  # fmt: skip
                calls.append(steps)
                continue
            if item["type"] == "web_search_call":
                add("response.output_item.added", output_index=position,
                    item={"type": item["type"], "id": item["id"], "status": "in_progress"})  # fmt: skip
                for step in ("in_progress", "searching", "completed"):
                    add(f"response.web_search_call.{step}", **at)
            elif item["type"] == "reasoning":
                add("response.output_item.added", output_index=position, item={**item, "summary": []})
                text = item["summary"][0]["text"]
                part = {"type": "summary_text", "text": ""}
                add("response.reasoning_summary_part.added", **at, summary_index=0, part=part)
                for piece in fragments(text, size):
                    add("response.reasoning_summary_text.delta", **at, summary_index=0, delta=piece)
                add("response.reasoning_summary_text.done", **at, summary_index=0, text=text)
                add("response.reasoning_summary_part.done", **at, summary_index=0, part={**part, "text": text})
            else:
                add("response.output_item.added", output_index=position,
                    item={**item, "status": "in_progress", "content": []})  # fmt: skip
                text = item["content"][0]["text"]
                add("response.content_part.added", **at, content_index=0,
                    part={"type": "output_text", "text": "", "annotations": []})  # fmt: skip
                for piece in fragments(text, size):
                    add("response.output_text.delta", **at, content_index=0, delta=piece, logprobs=[])
                for k, annotation in enumerate(item["content"][0]["annotations"]):
                    add("response.output_text.annotation.added", **at, content_index=0, annotation_index=k,
                        annotation=annotation)  # fmt: skip
                add("response.output_text.done", **at, content_index=0, text=text, logprobs=[])
                add("response.content_part.done", **at, content_index=0, part=item["content"][0])
            add("response.output_item.done", output_index=position, item=item)
        if reply.interleave:
            longest = max((len(steps) for steps in calls), default=0)
            order = [steps[i] for i in range(longest) for steps in calls if i < len(steps)]
        else:
            order = [step for steps in calls for step in steps]
        for kind, body in order:
            add(kind, **body)
        final = self._response(reply, request, done=True)
        add("response.incomplete" if final["status"] == "incomplete" else "response.completed", response=final)
        return frames

    def embed_body(self, reply: Reply, request: Mapping[str, Any]) -> dict[str, Any]:
        raise ScriptError("request", "the Responses API has no embeddings endpoint")

    def complete_body(self, reply: Reply, request: Mapping[str, Any]) -> dict[str, Any]:
        raise ScriptError("request", "the Responses API has no text-completion endpoint")

    def error_body(
        self, status: int, error_type: str | None, code: str | None, message: str | None, request_id: str
    ) -> dict[str, Any]:
        return self._errors.error_body(status, error_type, code, message, request_id)

    def error_frame(self, error_type: str | None, message: str | None) -> Frame:
        body = {"type": "error", "code": error_type or "server_error",
                "message": message or "The server had an error while processing your request.", "param": None,
                "sequence_number": 0}  # fmt: skip
        return ("error", dumps(body))

    def status_of(self, error_type: str | None) -> int:
        return self._errors.status_of(error_type)

    def malformed_frame(self) -> Frame:
        return ("response.output_text.delta", '{"type":"response.output_text.delta","item_id":"msg_fake","outp')
