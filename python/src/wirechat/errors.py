"""wirechat's exception root (``WirechatError``, its tree drawn in its docstring) and warning root
(``WirechatWarning``), and ``WireError``, the one exception for a document that is not valid wirechat.

A ``WireError`` is a ``ValueError`` that lists every problem found, each as an RFC 6901 JSON pointer into
the document and a plain message, so a caller can show all of them at once or act on one.

This module imports nothing of wirechat's, so every other module can derive from the roots.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Problem", "WireError", "WirechatError", "WirechatWarning", "escape_pointer_token", "pointer_from_path"]


class WirechatError(Exception):
    """The root of every exception wirechat raises on purpose: ``except wirechat.WirechatError`` catches
    them all. Each class keeps the builtin base it had (``ValueError``, ``KeyError`` ...), so older
    ``except ValueError`` code goes on working. All are importable from ``wirechat``; the module that
    defines each is in brackets (the old import paths keep working)::

        WirechatError
        ├── WireError (ValueError)                      a document or value is not valid wirechat [errors]
        ├── StreamError (ValueError)                    events that do not fold to a response [stream]
        │   ├── MalformedStreamError                    the events break the stream rules
        │   ├── IncompleteStreamError                   no ``finish`` event
        │   └── StreamFailedError                       an ``error`` event ended it
        ├── ToolArgumentsError (ValueError)             tool-call arguments that are not a JSON object [tool_arguments]
        ├── StructuredOutputError (ValueError)          the reply does not match ``output`` [structured_output]
        ├── TolerantRestoreError (ValueError)           a kept unknown value cannot be put back [tolerant]
        ├── ConversionRefused (ValueError)              an adapter cannot carry a feature [adapters]
        ├── ProviderShapeError (ValueError)             a provider body not shaped as its API writes it [adapters]
        ├── UnknownAdapterError (KeyError)              no adapter of that name; lists the names [adapters]
        ├── UnsupportedCallError (NotImplementedError)  the provider has no such call [client]
        ├── APIError                                    a provider call failed (``.error``) [transport]
        │   ├── NetworkError
        │   │   └── StreamInterruptedError              the stream broke off; ``.partial`` holds what arrived
        │   ├── APITimeoutError (TimeoutError)
        │   ├── RateLimitedError
        │   ├── OverloadedError
        │   ├── AuthenticationError
        │   ├── PermissionDeniedError
        │   ├── NotFoundError
        │   ├── InvalidRequestError
        │   │   └── ContextLengthExceededError
        │   ├── ContentFilterError
        │   ├── ProviderError
        │   ├── InvalidResponseError
        │   │   ├── ResponseTooLargeError               a body past its cap (after decompression) [transport]
        │   │   └── RedirectRefusedError                a 3xx: no redirect is followed [transport]
        │   ├── RequestCancelledError
        │   └── PluginError                             a QueryMT plugin failed [transport.plugin_errors]
        ├── ToolArgumentsInvalidError (ValueError)      a tool's arguments fail its schema [tools]
        ├── ToolLoopError (RuntimeError)                the tool loop stopped; ``.state`` resumes it [tools]
        │   ├── MaxStepsExceeded                        the tool loop ran out of steps
        │   └── DecisionError (ValueError)              a decision that does not fit the state
        ├── SseTooLargeError (ValueError)               an SSE line or event past its cap [transport.sse]
        ├── McpMappingError (ValueError)                an MCP value wirechat cannot map [mcp]
        └── McpError                                    an MCP server or its configuration failed [mcp]
            ├── McpConfigError
            │   └── McpUnsupportedTransportError
            ├── McpConnectError
            ├── McpServerDiedError
            ├── McpTimeoutError
            ├── McpRpcError
            └── McpMalformedResultError

    The same names in TypeScript and Go: ``docs/decisions/030-everyday-surface.md``.
    """


class WirechatWarning(UserWarning):
    """The root of wirechat's warnings; each means *something you sent or received was changed*::

        WirechatWarning (UserWarning)
        ├── DegradedRequestWarning      the adapter degraded part of your request to send it [client]
        ├── ResponseDataWarning         the provider's answer held data the adapter set aside [client]
        └── McpMappingWarning           an MCP member wirechat could not carry [mcp]

    What wirechat built or defaulted itself is logged at debug (logger ``wirechat``), not warned about.
    """


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a document: where (a JSON pointer, ``""`` for the root), what, and the rule.

    ``line`` and ``column`` (1-based; the column counts code points) are set for text faults only, the
    faults that stop decoding (spec section 5.1): ``bom``, ``utf8``, ``syntax``, ``duplicate-key``,
    ``lone-surrogate`` and ``depth``. Schema and number problems have a pointer and no position.

    ``rule`` names the rule broken, with the names the TypeScript package uses too: a JSON Schema keyword
    (``required``, ``additionalProperties``, ``discriminator``, ``type``, ``enum``, ``const``, ``pattern``,
    ``minimum``, ``maximum``, ``minLength``, ``maxLength``, ``minItems``, ``maxItems``) or an I-JSON rule
    (``syntax``, ``utf8``, ``bom``, ``duplicate-key``, ``lone-surrogate``, ``number-overflow``,
    ``unsafe-integer``, ``integer-literal``, ``depth``, ``json-value``) or a limit (``too-large``,
    ``too-many-problems``).
    """

    pointer: str
    message: str
    rule: str = ""
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        where = "" if self.line is None else f" (line {self.line}, column {self.column})"
        return f"{self.pointer or '(root)'}: {self.message}{where}"


def escape_pointer_token(token: str | int) -> str:
    text = str(token)
    return text.replace("~", "~0").replace("/", "~1") if "~" in text or "/" in text else text


def pointer_from_path(path: list[str | int] | tuple[str | int, ...]) -> str:
    """``["parts", 0, "text"]`` -> ``"/parts/0/text"``."""
    return "".join("/" + escape_pointer_token(token) for token in path)


class WireError(WirechatError, ValueError):
    """A document is not valid wirechat: ``problems`` says where and why, one entry per problem."""

    def __init__(self, problems: list[Problem], type_name: str | None = None) -> None:
        if not problems:
            raise ValueError("a WireError needs at least one problem")
        self.problems = problems
        self.type_name = type_name
        what = f"invalid {type_name}" if type_name else "invalid document"
        count = f"{len(problems)} problems" if len(problems) > 1 else "1 problem"
        lines = "\n".join(f"  {problem}" for problem in problems)
        super().__init__(f"{what} ({count}):\n{lines}")
