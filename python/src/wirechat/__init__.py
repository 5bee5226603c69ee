"""wirechat: one wire format for LLM conversations, the same in Python, TypeScript and Go.

The models are generated from the JSON Schema in ``schema/v1`` (``wirechat._generated``); everything
else here is hand-written behaviour over them: the codec (``decode``, ``encode``, ``canonical``), the
message constructors and accessors, tool-argument helpers and usage arithmetic.
"""

from typing import TYPE_CHECKING, Any

from wirechat._generated import *  # noqa: F403
from wirechat._generated import __all__ as _model_names
from wirechat._generated.version import __version__
from wirechat.codec import canonical, decode, encode
from wirechat.errors import Problem, WireError
from wirechat.history import Found, find_tool_call, find_tool_result, merge_consecutive
from wirechat.messages import (
    audio_message,
    data_message,
    deep_copy,
    file_message,
    has_tool_calls,
    image_message,
    message_text,
    reasoning_text,
    text_message,
    tool_call,
    tool_call_message,
    tool_calls,
    tool_result_message,
    tool_results,
    tool_results_message,
)
from wirechat.stream import StreamError, StreamFold, events_from_response, fold
from wirechat.tool_arguments import ToolArgumentsError, build_arguments, parse_arguments
from wirechat.tool_state import check_tool_loop_state, check_tool_result
from wirechat.usage import add_usage, sum_usage

__all__ = [  # noqa: PLE0604 (the model names are strings, listed in wirechat._generated)
    "__version__",
    *_model_names,
    "AsyncClient",
    "Client",
    "Problem",
    "StreamError",
    "StreamFold",
    "ToolArgumentsError",
    "WireError",
    "Found",
    "add_usage",
    "check_tool_loop_state",
    "check_tool_result",
    "find_tool_call",
    "find_tool_result",
    "merge_consecutive",
    "build_arguments",
    "canonical",
    "decode",
    "audio_message",
    "data_message",
    "deep_copy",
    "file_message",
    "has_tool_calls",
    "encode",
    "events_from_response",
    "fold",
    "image_message",
    "message_text",
    "parse_arguments",
    "reasoning_text",
    "sum_usage",
    "text_message",
    "tool_call",
    "tool_call_message",
    "tool_calls",
    "tool_result_message",
    "tool_results_message",
    "tool_results",
]

if TYPE_CHECKING:
    from wirechat.client import AsyncClient, Client

_LAZY = {"AsyncClient", "Client"}  # the client pulls in httpx; load it on first use, not on `import wirechat`


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from wirechat import client  # noqa: PLC0415

        return getattr(client, name)
    raise AttributeError(f"module 'wirechat' has no attribute {name!r}")
