"""wirechat: one wire format for LLM conversations, the same in Python, TypeScript and Go.

The models are generated from the JSON Schema in ``schema/v1`` (``wirechat._generated``); everything
else here is hand-written behaviour over them: the codec (``decode``, ``encode``, ``canonical``), the
message constructors and accessors, tool-argument helpers and usage arithmetic.

Every public name is loaded on first use (PEP 562), so ``import wirechat`` costs next to nothing and a
program pays only for what it touches: the models (pydantic) on the first model or codec name, the client
(httpx) on ``Client`` (decision 031). ``from wirechat import X`` works for every ``X`` in ``__all__``;
``tests/test_import_cost.py`` holds ``import wirechat`` to importing none of the heavy modules.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what the type checkers read; at run time ``__getattr__`` below loads the same names
    from wirechat._generated import *  # noqa: F403  (the models, re-exported)
    from wirechat._generated.version import __version__ as __version__
    from wirechat.client import AsyncClient as AsyncClient
    from wirechat.client import Client as Client
    from wirechat.codec import canonical as canonical
    from wirechat.codec import decode as decode
    from wirechat.codec import encode as encode
    from wirechat.errors import Problem as Problem
    from wirechat.errors import WireError as WireError
    from wirechat.history import Found as Found
    from wirechat.history import find_tool_call as find_tool_call
    from wirechat.history import find_tool_result as find_tool_result
    from wirechat.history import merge_consecutive as merge_consecutive
    from wirechat.messages import audio_message as audio_message
    from wirechat.messages import data_message as data_message
    from wirechat.messages import deep_copy as deep_copy
    from wirechat.messages import file_message as file_message
    from wirechat.messages import has_tool_calls as has_tool_calls
    from wirechat.messages import image_message as image_message
    from wirechat.messages import message_text as message_text
    from wirechat.messages import reasoning_text as reasoning_text
    from wirechat.messages import text_message as text_message
    from wirechat.messages import tool_call as tool_call
    from wirechat.messages import tool_call_message as tool_call_message
    from wirechat.messages import tool_calls as tool_calls
    from wirechat.messages import tool_result_message as tool_result_message
    from wirechat.messages import tool_results as tool_results
    from wirechat.messages import tool_results_message as tool_results_message
    from wirechat.stream import StreamError as StreamError
    from wirechat.stream import StreamFold as StreamFold
    from wirechat.stream import events_from_response as events_from_response
    from wirechat.stream import fold as fold
    from wirechat.tool_arguments import ToolArgumentsError as ToolArgumentsError
    from wirechat.tool_arguments import build_arguments as build_arguments
    from wirechat.tool_arguments import parse_arguments as parse_arguments
    from wirechat.tool_state import check_tool_loop_state as check_tool_loop_state
    from wirechat.tool_state import check_tool_result as check_tool_result
    from wirechat.usage import add_usage as add_usage
    from wirechat.usage import sum_usage as sum_usage

_MODELS = "wirechat._generated"
"""Where every name of ``wirechat._generated.__all__`` (the generated models) is loaded from."""

_EXPORTS: dict[str, str] = {
    "__version__": "wirechat._generated.version",
    "AsyncClient": "wirechat.client",
    "Client": "wirechat.client",
    "Problem": "wirechat.errors",
    "StreamError": "wirechat.stream",
    "StreamFold": "wirechat.stream",
    "ToolArgumentsError": "wirechat.tool_arguments",
    "WireError": "wirechat.errors",
    "Found": "wirechat.history",
    "add_usage": "wirechat.usage",
    "check_tool_loop_state": "wirechat.tool_state",
    "check_tool_result": "wirechat.tool_state",
    "find_tool_call": "wirechat.history",
    "find_tool_result": "wirechat.history",
    "merge_consecutive": "wirechat.history",
    "build_arguments": "wirechat.tool_arguments",
    "canonical": "wirechat.codec",
    "decode": "wirechat.codec",
    "audio_message": "wirechat.messages",
    "data_message": "wirechat.messages",
    "deep_copy": "wirechat.messages",
    "file_message": "wirechat.messages",
    "has_tool_calls": "wirechat.messages",
    "encode": "wirechat.codec",
    "events_from_response": "wirechat.stream",
    "fold": "wirechat.stream",
    "image_message": "wirechat.messages",
    "message_text": "wirechat.messages",
    "parse_arguments": "wirechat.tool_arguments",
    "reasoning_text": "wirechat.messages",
    "sum_usage": "wirechat.usage",
    "text_message": "wirechat.messages",
    "tool_call": "wirechat.messages",
    "tool_call_message": "wirechat.messages",
    "tool_calls": "wirechat.messages",
    "tool_result_message": "wirechat.messages",
    "tool_results_message": "wirechat.messages",
    "tool_results": "wirechat.messages",
}
"""Each hand-written public name, and the module that defines it (a name is imported from its home)."""


def _model_names() -> list[str]:
    names: list[str] = importlib.import_module(_MODELS).__all__
    return names


def __getattr__(name: str) -> Any:
    """Load a public name on first use and keep it, so the next lookup is an ordinary attribute."""
    if name == "__all__":
        value: Any = ["__version__", *_model_names(), *(n for n in _EXPORTS if n != "__version__")]
    elif name in _EXPORTS:
        value = getattr(importlib.import_module(_EXPORTS[name]), name)
    elif not name.startswith("_") and name in _model_names():
        value = getattr(importlib.import_module(_MODELS), name)
    elif not name.startswith("__") and importlib.util.find_spec(f"{__name__}.{name}") is not None:
        value = importlib.import_module(f"{__name__}.{name}")  # a submodule, as an eager import made it
    else:
        raise AttributeError(f"module 'wirechat' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__getattr__("__all__")})
