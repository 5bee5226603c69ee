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
from wirechat.errors import Problem, WirechatError, WirechatWarning, WireError
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

# --- everyday (issue 28): every exception and warning, importable from here (tree: WirechatError's
# docstring). They load with their modules on first use, so `import wirechat` pulls in no httpx.
_API_ERRORS = [
    "APIError", "APITimeoutError", "AuthenticationError", "ContentFilterError", "ContextLengthExceededError",
    "InvalidRequestError", "InvalidResponseError", "NetworkError", "NotFoundError", "OverloadedError",
    "PermissionDeniedError", "ProviderError", "RateLimitedError", "RequestCancelledError", "StreamInterruptedError",
]  # fmt: skip
_MCP_ERRORS = [
    "McpConfigError", "McpConnectError", "McpError", "McpMalformedResultError", "McpRpcError",
    "McpServerDiedError", "McpTimeoutError", "McpUnsupportedTransportError",
]  # fmt: skip
_LAZY_ERRORS: dict[str, str] = {
    **dict.fromkeys(_API_ERRORS, "wirechat.transport.errors"),
    **dict.fromkeys(_MCP_ERRORS, "wirechat.mcp._errors"),
    "PluginError": "wirechat.transport.plugin_errors",
    "ResponseTooLargeError": "wirechat.transport.limits",
    "SseTooLargeError": "wirechat.transport.sse",
    "RedirectRefusedError": "wirechat.transport.limits",
    "ToolLoopError": "wirechat.tools._machine",
    "ConversionRefused": "wirechat.adapters._contract",
    "UnknownAdapterError": "wirechat.adapters._registry",
    "UnsupportedCallError": "wirechat._calls",
    "DegradedRequestWarning": "wirechat._calls",
    "ResponseDataWarning": "wirechat._calls",
    "StructuredOutputError": "wirechat.structured_output",
    "TolerantRestoreError": "wirechat.tolerant",
    "MalformedStreamError": "wirechat.stream",
    "IncompleteStreamError": "wirechat.stream",
    "StreamFailedError": "wirechat.stream",
    "ToolArgumentsInvalidError": "wirechat.tools._tool",
    "MaxStepsExceeded": "wirechat.tools._machine",
    "DecisionError": "wirechat.tools._machine",
    "McpMappingError": "wirechat.mcp._mapping_tools",
    "McpMappingWarning": "wirechat.mcp.client",
}
__all__ += [
    "APIError",
    "APITimeoutError",
    "AuthenticationError",
    "ContentFilterError",
    "ContextLengthExceededError",
    "ConversionRefused",
    "DecisionError",
    "DegradedRequestWarning",
    "IncompleteStreamError",
    "InvalidRequestError",
    "InvalidResponseError",
    "MalformedStreamError",
    "MaxStepsExceeded",
    "McpConfigError",
    "McpConnectError",
    "McpError",
    "McpMalformedResultError",
    "McpMappingError",
    "McpMappingWarning",
    "McpRpcError",
    "McpServerDiedError",
    "McpTimeoutError",
    "McpUnsupportedTransportError",
    "NetworkError",
    "NotFoundError",
    "OverloadedError",
    "PermissionDeniedError",
    "PluginError",
    "ProviderError",
    "RateLimitedError",
    "RedirectRefusedError",
    "RequestCancelledError",
    "ResponseDataWarning",
    "ResponseTooLargeError",
    "SseTooLargeError",
    "StreamFailedError",
    "StreamInterruptedError",
    "StructuredOutputError",
    "TolerantRestoreError",
    "ToolArgumentsInvalidError",
    "ToolLoopError",
    "UnknownAdapterError",
    "UnsupportedCallError",
    "WirechatError",
    "WirechatWarning",
]
if TYPE_CHECKING:  # the same names, typed for type checkers (`X`: a re-export)
    from wirechat._calls import (
        DegradedRequestWarning,
        ResponseDataWarning,
        UnsupportedCallError,
    )
    from wirechat.adapters._contract import (
        ConversionRefused,
    )
    from wirechat.adapters._registry import (
        UnknownAdapterError,
    )
    from wirechat.mcp._errors import (
        McpConfigError,
        McpConnectError,
        McpError,
        McpMalformedResultError,
        McpRpcError,
        McpServerDiedError,
        McpTimeoutError,
        McpUnsupportedTransportError,
    )
    from wirechat.mcp._mapping_tools import (
        McpMappingError,
    )
    from wirechat.mcp.client import (
        McpMappingWarning,
    )
    from wirechat.stream import (
        IncompleteStreamError,
        MalformedStreamError,
        StreamFailedError,
    )
    from wirechat.structured_output import (
        StructuredOutputError,
    )
    from wirechat.tolerant import (
        TolerantRestoreError,
    )
    from wirechat.tools._machine import (
        DecisionError,
        MaxStepsExceeded,
        ToolLoopError,
    )
    from wirechat.tools._tool import (
        ToolArgumentsInvalidError,
    )
    from wirechat.transport.errors import (
        APIError,
        APITimeoutError,
        AuthenticationError,
        ContentFilterError,
        ContextLengthExceededError,
        InvalidRequestError,
        InvalidResponseError,
        NetworkError,
        NotFoundError,
        OverloadedError,
        PermissionDeniedError,
        ProviderError,
        RateLimitedError,
        RequestCancelledError,
        StreamInterruptedError,
    )
    from wirechat.transport.limits import (
        RedirectRefusedError,
        ResponseTooLargeError,
    )
    from wirechat.transport.plugin_errors import (
        PluginError,
    )
    from wirechat.transport.sse import (
        SseTooLargeError,
    )
# --- end everyday


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from wirechat import client  # noqa: PLC0415

        return getattr(client, name)
    if name in _LAZY_ERRORS:
        import importlib  # noqa: PLC0415

        return getattr(importlib.import_module(_LAZY_ERRORS[name]), name)
    raise AttributeError(f"module 'wirechat' has no attribute {name!r}")
