"""Hand-written provider request bodies for the cross-language adapter vectors: one rich body per API (every
member its adapter maps) and bad ones, decoded by their own adapter and then sent to every adapter."""

from __future__ import annotations

from typing import Any

__all__ = [
    "ANTHROPIC_BODIES",
    "ANTHROPIC_TOOL_INPUTS",
    "CANONICAL_REQUESTS",
    "COMPLETE_BODIES",
    "COMPLETE_REQUESTS",
    "EMBED_BODIES",
    "EMBED_REQUESTS",
    "OPENAI_BODIES",
]

OPENAI_BODIES: list[dict[str, Any]] = [
    {
        "model": "gpt-4.1",
        "messages": [
            {"role": "developer", "content": "Be terse.", "name": "ops"},
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "Look"},
                    {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0K", "detail": "low"}},
                    {
                        "type": "file",
                        "file": {"file_data": "data:application/pdf;base64,JVBERi0=", "filename": "a.pdf"},
                    },
                ],
            },
            {
                "role": "assistant",
                "content": None,
                "refusal": "No.",
                "tool_calls": [
                    {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"b": 1, "a": 2}'}}
                ],
            },
            {
                "role": "tool",
                "tool_call_id": "call_1",
                "content": [{"type": "text", "text": "4"}, {"type": "text", "text": "2"}],
            },
        ],
        "tools": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}, "strict": True}}],
        "tool_choice": {"type": "function", "function": {"name": "f"}},
        "temperature": 1,
        "stop": "END",
        "max_tokens": 9,
        "response_format": {"type": "json_schema", "json_schema": {"name": "r", "schema": {"type": "object"}}},
        "reasoning_effort": "low",
        "user": "u1",
    },
    {"model": "m", "messages": [{"role": "robot", "content": "x"}]},
    {
        "model": "m",
        "messages": [{"role": "assistant", "tool_calls": [{"type": "function", "function": {"name": "f"}}]}],
    },
    {
        "model": "m",
        "messages": [{"role": "user", "content": [{"type": "file", "file": {"file_data": "not a data url"}}]}],
    },
    {  # members the adapter does not map, at every depth it reads: each one a provider.unmapped warning
        "model": "m",
        "messages": [
            {"role": "user", "content": [{"type": "text", "text": "hi", "a/b~c": 1}], "bogus": True},
            {
                "role": "assistant",
                "content": [{"type": "image_url", "image_url": {"url": "https://x/y.png", "extra": 2}}],
                "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}", "x": 3}}],
            },
        ],
        "tools": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}, "cache": 4}],
    },
    {  # issue 26 item 7: parameters {} is a schema (it accepts anything) and stays {}; absent or null gets the default
        "model": "gpt-4.1",
        "messages": [{"role": "user", "content": "Hi"}],
        "tools": [
            {"type": "function", "function": {"name": "anything", "parameters": {}}},
            {"type": "function", "function": {"name": "no_parameters"}},
            {"type": "function", "function": {"name": "null_parameters", "parameters": None}},
        ],
    },
]
ANTHROPIC_BODIES: list[dict[str, Any]] = [
    {
        "model": "claude-x",
        "max_tokens": 100,
        "system": [{"type": "text", "text": "Be terse.", "cache_control": {"type": "ephemeral"}}],
        "messages": [
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "Look"},
                    {"type": "image", "source": {"type": "url", "url": "https://x/y.png"}},
                    {
                        "type": "document",
                        "source": {"type": "text", "media_type": "text/plain", "data": "héllo"},
                        "title": "t",
                    },
                ],
            },
            {
                "role": "assistant",
                "content": [
                    {"type": "thinking", "thinking": "hm", "signature": "c2ln"},
                    {"type": "redacted_thinking", "data": "cmVk"},
                    {"type": "tool_use", "id": "t1", "name": "f", "input": {"b": 1, "a": [1.5, -0.0, 1e-7]}},
                ],
            },
            {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": "t1",
                        "is_error": True,
                        "content": [
                            {"type": "text", "text": "oops"},
                            {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBO"}},
                        ],
                    }
                ],
            },
            {"role": "system", "content": "later"},
        ],
        "tools": [{"name": "f", "input_schema": {"type": "object"}, "strict": False, "description": "d"}],
        "tool_choice": {"type": "any", "disable_parallel_tool_use": True},
        "stop_sequences": ["END"],
        "top_p": 0.5,
        "output_config": {"format": {"type": "json_schema", "schema": {"type": "object"}}, "effort": "low"},
        "thinking": {"type": "adaptive"},
    },
    {
        "model": "m",
        "max_tokens": 1,
        "messages": [{"role": "user", "content": [{"type": "tool_use", "name": "f", "input": {}}]}],
    },
    {"model": "m", "max_tokens": 1, "messages": [{"role": "user", "content": 5}]},
    {
        "model": "m",
        "max_tokens": 1,
        "messages": [{"role": "user", "content": [{"type": "image", "source": {"type": "file"}}]}],
    },
    {  # members the adapter does not map, at every depth it reads: each one a provider.unmapped warning
        "model": "m",
        "max_tokens": 1,
        "system": [{"type": "text", "text": "s", "bogus": 1}],
        "messages": [
            {
                "role": "user",
                "content": [
                    {"type": "image", "source": {"type": "url", "url": "https://x/y.png", "a/b~c": 2}},
                    {"type": "tool_result", "tool_use_id": "t1", "content": [{"type": "text", "text": "4", "x": 3}]},
                ],
                "name": "n",
            }
        ],
        "tools": [{"name": "f", "input_schema": {"type": "object"}, "type": "custom"}],
    },
]

_HI = [{"role": "user", "parts": [{"type": "text", "text": "hi"}]}]

# Canonical requests whose provider_options break (or keep) each adapter's options schema: every adapter
# checks its own entry before encoding and gives the same problems (pointer, rule) in every language.
CANONICAL_REQUESTS: list[dict[str, Any]] = [
    {
        "model": "m",
        "messages": _HI,
        "provider_options": {
            "openai-chat": {"reasoning_effort": "bogus", "top_logprobs": 99, "logprobs": "yes", "user": "x" * 41},
            "anthropic": {"thinking": {"type": "enabled", "budget_tokens": 10}, "metadata": {"user_id": 5, "x": 1}},
        },
    },
    {
        "model": "m",
        "messages": _HI,
        "provider_options": {
            "openai-chat": {"frequency_penalty": -3, "service_tier": "flex", "top_logprobs": 2.5},
            "anthropic": {"thinking": {"type": "adaptive", "extra": True}, "service_tier": "turbo"},
        },
    },
    {
        "model": "m",
        "messages": _HI,
        "provider_options": {
            "openai-chat": {"max_completion_tokens": 3, "user": "é" * 40},
            "anthropic": {"thinking": {"type": "mystery"}},
        },
    },
    {
        "model": "m",
        "messages": _HI,
        "provider_options": {
            "openai-chat": {"top_logprobs": 20.0, "presence_penalty": 2, "store": True},
            "anthropic": {"thinking": {"type": "enabled", "budget_tokens": 2048}, "metadata": {"user_id": "u"}},
        },
    },
]

# Embeddings and completions, for the adapters that offer them: canonical requests (bodies or refusals)
# and provider answers (canonical responses, or invalid_response), hand-written to reach every branch.
EMBED_REQUESTS: list[dict[str, Any]] = [
    {"model": "e", "inputs": ["a", "b"], "dimensions": 2},
    {"model": "e", "inputs": ["x"], "provider_options": {"openai-chat": {"user": "u"}, "anthropic": {"x": 1}}},
    {"inputs": ["no model"]},
    {"model": "e", "inputs": ["x"], "provider_options": {"openai-chat": {"encoding_format": "base64"}}},
]
EMBED_BODIES: list[str] = [
    '{"object": "list", "data": [{"object": "embedding", "index": 1, "embedding": [0.5, -1]}, '
    '{"object": "embedding", "index": 0, "embedding": [1e-7, 2.5], "extra": true}], "model": "e", '
    '"usage": {"prompt_tokens": 4, "total_tokens": 4}}',
    '{"data": [{"index": 0, "embedding": [1]}], "usage": {"prompt_tokens": 4, "total_tokens": 9}}',
    '{"data": [{"index": 0, "embedding": "AAAA"}]}',
    '{"data": [{"index": 0, "embedding": [1]}, {"index": 0, "embedding": [2]}]}',
    '{"data": [{"index": 3, "embedding": [1]}]}',
    '{"data": [{"index": 0, "embedding": [1e300]}]}',
    '{"data": []}',
    "[]",
]
COMPLETE_REQUESTS: list[dict[str, Any]] = [
    {"model": "c", "prompt": "Once", "options": {"max_tokens": 5, "temperature": 0.5, "stop": ["."], "seed": 3}},
    {"model": "c", "prompt": "Once", "provider_options": {"openai-chat": {"n": 2}}},
    {"model": "c", "prompt": "Once", "provider_options": {"openai-chat": {"echo": True}}},
    {"model": "c", "prompt": "Once", "options": {"parallel_tool_calls": True}},
    {"prompt": "no model"},
]
COMPLETE_BODIES: list[str] = [
    '{"id": "cmpl-1", "object": "text_completion", "created": 1, "model": "c", "choices": [{"index": 0, '
    '"text": " upon", "finish_reason": "length", "logprobs": null}], "usage": {"prompt_tokens": 1, '
    '"completion_tokens": 1, "total_tokens": 2}}',
    '{"choices": [{"index": 1, "text": "b", "finish_reason": "stop"}, {"index": 0, "text": "a", '
    '"finish_reason": "mystery", "extra": 1}]}',
    '{"choices": []}',
    '{"choices": [{"index": 0, "finish_reason": "stop"}]}',
]


ANTHROPIC_TOOL_INPUTS: list[str] = [
    '{"x": 1.0}',
    '{"x":1E2}',
    '{"x":0.00001}',
    '{"x":1e-05}',
    '{"x":1e-7}',
    '{"x":1e21}',
    '{"x":-0.0}',
    '{"x":"\\u00e9"}',
    '{"x":"\\u00E9\\/"}',
    '{"x":"\\ud83d\\ude00"}',
    '{"x":"\\u2028\\u001F"}',
    '{"b":1,"a":[true,null]}',
    '{"id":9007199254740993}',
]
"""Anthropic ``tool_use`` inputs as a provider may spell them (decision 036): each becomes an unstreamed body
holding the text as ``input`` and a stream sending it as ``partial_json`` one character at a time; both must
give the one arguments text (the last is refused both ways)."""
