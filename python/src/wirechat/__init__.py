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
    from wirechat._calls import DegradedRequestWarning as DegradedRequestWarning
    from wirechat._calls import ResponseDataWarning as ResponseDataWarning
    from wirechat._calls import UnsupportedCallError as UnsupportedCallError
    from wirechat._generated import *  # noqa: F403  (the models, re-exported)
    from wirechat._generated.version import __version__ as __version__
    from wirechat.adapters._contract import ConversionRefused as ConversionRefused
    from wirechat.adapters._contract import ProviderShapeError as ProviderShapeError
    from wirechat.adapters._registry import UnknownAdapterError as UnknownAdapterError
    from wirechat.client import AsyncClient as AsyncClient
    from wirechat.client import Client as Client
    from wirechat.codec import canonical as canonical
    from wirechat.codec import decode as decode
    from wirechat.codec import encode as encode
    from wirechat.errors import Problem as Problem
    from wirechat.errors import WirechatError as WirechatError
    from wirechat.errors import WirechatWarning as WirechatWarning
    from wirechat.errors import WireError as WireError
    from wirechat.history import Found as Found
    from wirechat.history import find_tool_call as find_tool_call
    from wirechat.history import find_tool_result as find_tool_result
    from wirechat.history import merge_consecutive as merge_consecutive
    from wirechat.mcp._errors import McpConfigError as McpConfigError
    from wirechat.mcp._errors import McpConnectError as McpConnectError
    from wirechat.mcp._errors import McpError as McpError
    from wirechat.mcp._errors import McpMalformedResultError as McpMalformedResultError
    from wirechat.mcp._errors import McpRpcError as McpRpcError
    from wirechat.mcp._errors import McpServerDiedError as McpServerDiedError
    from wirechat.mcp._errors import McpTimeoutError as McpTimeoutError
    from wirechat.mcp._errors import McpUnsupportedTransportError as McpUnsupportedTransportError
    from wirechat.mcp._mapping_tools import McpMappingError as McpMappingError
    from wirechat.mcp.client import McpMappingWarning as McpMappingWarning
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
    from wirechat.stream import IncompleteStreamError as IncompleteStreamError
    from wirechat.stream import MalformedStreamError as MalformedStreamError
    from wirechat.stream import StreamError as StreamError
    from wirechat.stream import StreamFailedError as StreamFailedError
    from wirechat.stream import StreamFold as StreamFold
    from wirechat.stream import events_from_response as events_from_response
    from wirechat.stream import fold as fold
    from wirechat.structured_output import StructuredOutputError as StructuredOutputError
    from wirechat.tolerant import TolerantRestoreError as TolerantRestoreError
    from wirechat.tool_arguments import ToolArgumentsError as ToolArgumentsError
    from wirechat.tool_arguments import build_arguments as build_arguments
    from wirechat.tool_arguments import parse_arguments as parse_arguments
    from wirechat.tool_state import check_tool_loop_state as check_tool_loop_state
    from wirechat.tool_state import check_tool_result as check_tool_result
    from wirechat.tools._machine import DecisionError as DecisionError
    from wirechat.tools._machine import MaxStepsExceeded as MaxStepsExceeded
    from wirechat.tools._machine import ToolLoopError as ToolLoopError
    from wirechat.tools._tool import ToolArgumentsInvalidError as ToolArgumentsInvalidError
    from wirechat.transport.errors import APIError as APIError
    from wirechat.transport.errors import APITimeoutError as APITimeoutError
    from wirechat.transport.errors import AuthenticationError as AuthenticationError
    from wirechat.transport.errors import ContentFilterError as ContentFilterError
    from wirechat.transport.errors import ContextLengthExceededError as ContextLengthExceededError
    from wirechat.transport.errors import InvalidRequestError as InvalidRequestError
    from wirechat.transport.errors import InvalidResponseError as InvalidResponseError
    from wirechat.transport.errors import NetworkError as NetworkError
    from wirechat.transport.errors import NotFoundError as NotFoundError
    from wirechat.transport.errors import OverloadedError as OverloadedError
    from wirechat.transport.errors import PermissionDeniedError as PermissionDeniedError
    from wirechat.transport.errors import ProviderError as ProviderError
    from wirechat.transport.errors import RateLimitedError as RateLimitedError
    from wirechat.transport.errors import RequestCancelledError as RequestCancelledError
    from wirechat.transport.errors import StreamInterruptedError as StreamInterruptedError
    from wirechat.transport.limits import RedirectRefusedError as RedirectRefusedError
    from wirechat.transport.limits import ResponseTooLargeError as ResponseTooLargeError
    from wirechat.transport.plugin_errors import PluginError as PluginError
    from wirechat.transport.sse import SseTooLargeError as SseTooLargeError
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
    # the exception root and every exception and warning, each from its module (issue 28, decision 030)
    "APIError": "wirechat.transport.errors",
    "APITimeoutError": "wirechat.transport.errors",
    "AuthenticationError": "wirechat.transport.errors",
    "ContentFilterError": "wirechat.transport.errors",
    "ContextLengthExceededError": "wirechat.transport.errors",
    "ConversionRefused": "wirechat.adapters._contract",
    "ProviderShapeError": "wirechat.adapters._contract",
    "DecisionError": "wirechat.tools._machine",
    "DegradedRequestWarning": "wirechat._calls",
    "IncompleteStreamError": "wirechat.stream",
    "InvalidRequestError": "wirechat.transport.errors",
    "InvalidResponseError": "wirechat.transport.errors",
    "MalformedStreamError": "wirechat.stream",
    "MaxStepsExceeded": "wirechat.tools._machine",
    "McpConfigError": "wirechat.mcp._errors",
    "McpConnectError": "wirechat.mcp._errors",
    "McpError": "wirechat.mcp._errors",
    "McpMalformedResultError": "wirechat.mcp._errors",
    "McpMappingError": "wirechat.mcp._mapping_tools",
    "McpMappingWarning": "wirechat.mcp.client",
    "McpRpcError": "wirechat.mcp._errors",
    "McpServerDiedError": "wirechat.mcp._errors",
    "McpTimeoutError": "wirechat.mcp._errors",
    "McpUnsupportedTransportError": "wirechat.mcp._errors",
    "NetworkError": "wirechat.transport.errors",
    "NotFoundError": "wirechat.transport.errors",
    "OverloadedError": "wirechat.transport.errors",
    "PermissionDeniedError": "wirechat.transport.errors",
    "PluginError": "wirechat.transport.plugin_errors",
    "ProviderError": "wirechat.transport.errors",
    "RateLimitedError": "wirechat.transport.errors",
    "RedirectRefusedError": "wirechat.transport.limits",
    "RequestCancelledError": "wirechat.transport.errors",
    "ResponseDataWarning": "wirechat._calls",
    "ResponseTooLargeError": "wirechat.transport.limits",
    "SseTooLargeError": "wirechat.transport.sse",
    "StreamFailedError": "wirechat.stream",
    "StreamInterruptedError": "wirechat.transport.errors",
    "StructuredOutputError": "wirechat.structured_output",
    "TolerantRestoreError": "wirechat.tolerant",
    "ToolArgumentsInvalidError": "wirechat.tools._tool",
    "ToolLoopError": "wirechat.tools._machine",
    "UnknownAdapterError": "wirechat.adapters._registry",
    "UnsupportedCallError": "wirechat._calls",
    "WirechatError": "wirechat.errors",
    "WirechatWarning": "wirechat.errors",
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
