"""The provider streams the stream benchmarks decode: one recorded-shape text stream per adapter, as bytes.

Each is ``pieces`` token-sized text deltas between the provider's opening and closing events, with usage:
OpenAI Chat (``data:`` chunks, ``[DONE]``), OpenAI Responses (named events), a DeepSeek-style
openai-compatible stream whose first half is ``reasoning_content`` deltas, Gemini (``\\r\\n`` framing, no end
marker) and Anthropic (named events, ``message_start`` ... ``message_stop``), shapes per the provider
reference (``/work/shared/reference/provider-formats.md`` sections 1-4).
"""

from __future__ import annotations

from typing import Any

import orjson

__all__ = ["STREAMS", "anthropic", "gemini", "openai_chat", "openai_responses"]


def openai_chat(pieces: int = 400, reasoning: str | None = None) -> bytes:
    """A Chat Completions stream; with ``reasoning``, the first half of the deltas use that member."""
    lines = []
    base = {
        "id": "chatcmpl-1",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "gpt-4.1",
        "system_fingerprint": "fp",
    }
    lines.append(
        {**base, "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}]}
    )
    for i in range(pieces):
        key = reasoning if reasoning is not None and i < pieces // 2 else "content"
        lines.append({**base, "choices": [{"index": 0, "delta": {key: f"token{i} "}, "finish_reason": None}]})
    lines.append({**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
    usage = {"prompt_tokens": 10, "completion_tokens": pieces, "total_tokens": 10 + pieces}
    lines.append({**base, "choices": [], "usage": usage})
    body = b"".join(b"data: " + orjson.dumps(line) + b"\n\n" for line in lines)
    return body + b"data: [DONE]\n\n"


def openai_responses(pieces: int = 400) -> bytes:
    """A Responses text stream: created, the message item and its part, ``pieces`` text deltas, the
    closing events and ``response.completed`` with usage (provider reference section 2)."""
    response = {"id": "resp_1", "object": "response", "created_at": 1, "model": "gpt-5.1", "status": "in_progress",
                "output": [], "parallel_tool_calls": True, "tool_choice": "auto", "tools": []}  # fmt: skip
    item = {"type": "message", "id": "msg_1", "role": "assistant", "status": "in_progress", "content": []}
    at = {"item_id": "msg_1", "output_index": 0, "content_index": 0}
    text = "".join(f"token{i} " for i in range(pieces))
    entry = {"type": "output_text", "text": text, "annotations": []}
    usage = {"input_tokens": 10, "input_tokens_details": {"cached_tokens": 0, "cache_write_tokens": 0},
             "output_tokens": pieces, "output_tokens_details": {"reasoning_tokens": 0},
             "total_tokens": 10 + pieces}  # fmt: skip
    events: list[dict[str, Any]] = [
        {"type": "response.created", "response": response},
        {"type": "response.output_item.added", "output_index": 0, "item": item},
        {"type": "response.content_part.added", **at, "part": {**entry, "text": ""}},
    ]
    events += [
        {"type": "response.output_text.delta", **at, "delta": f"token{i} ", "logprobs": []} for i in range(pieces)
    ]
    events += [
        {"type": "response.output_text.done", **at, "text": text, "logprobs": []},
        {"type": "response.content_part.done", **at, "part": entry},
        {"type": "response.output_item.done", "output_index": 0,
         "item": {**item, "status": "completed", "content": [entry]}},
        {"type": "response.completed", "response": {**response, "status": "completed", "usage": usage}},
    ]  # fmt: skip
    return b"".join(
        b"event: " + e["type"].encode() + b"\ndata: " + orjson.dumps({**e, "sequence_number": n}) + b"\n\n"
        for n, e in enumerate(events)
    )


def gemini(pieces: int = 400) -> bytes:
    """A Gemini text stream: ``pieces`` chunks of one text part, then the finish reason and usage, each a
    whole ``GenerateContentResponse`` in a data-only event with ``\\r\\n\\r\\n`` framing (reference section 4)."""
    envelope = {"modelVersion": "gemini-2.5-flash", "responseId": "resp-1"}
    chunks: list[dict[str, Any]] = [
        {"candidates": [{"content": {"role": "model", "parts": [{"text": f"token{i} "}]}, "index": 0}], **envelope}
        for i in range(pieces)
    ]
    usage = {"promptTokenCount": 10, "candidatesTokenCount": pieces, "totalTokenCount": 10 + pieces}
    chunks.append({"candidates": [{"finishReason": "STOP", "index": 0}], "usageMetadata": usage, **envelope})
    return b"".join(b"data: " + orjson.dumps(chunk) + b"\r\n\r\n" for chunk in chunks)


def anthropic(pieces: int = 400) -> bytes:
    """An Anthropic Messages text stream: ``message_start``, one text block of ``pieces`` ``text_delta``s
    with a ``ping`` early on, ``message_delta`` with the stop reason and usage, ``message_stop`` (section 3)."""
    message: dict[str, Any] = {"id": "msg_1", "type": "message", "role": "assistant", "content": [],
               "model": "claude-sonnet-4-5", "stop_reason": None, "stop_sequence": None,
               "usage": {"input_tokens": 10, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0,
                         "output_tokens": 1}}  # fmt: skip
    events: list[dict[str, Any]] = [
        {"type": "message_start", "message": message},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "ping"},
    ]
    events += [
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": f"token{i} "}}
        for i in range(pieces)
    ]
    events += [
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": "end_turn", "stop_sequence": None},
         "usage": {"output_tokens": pieces}},
        {"type": "message_stop"},
    ]  # fmt: skip
    return b"".join(b"event: " + e["type"].encode() + b"\ndata: " + orjson.dumps(e) + b"\n\n" for e in events)


STREAMS: dict[str, bytes] = {
    "openai-chat": openai_chat(),
    "openai-responses": openai_responses(),
    "openai-compatible:ollama": openai_chat(),
    "openai-compatible:deepseek": openai_chat(reasoning="reasoning_content"),
    "gemini": gemini(),
    "anthropic": anthropic(),
}
"""Adapter name -> the stream it decodes in the benchmark."""
