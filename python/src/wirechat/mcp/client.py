"""An MCP client on the official ``mcp`` SDK that speaks wirechat types.

``await connect(config)`` starts (stdio) or reaches (streamable HTTP) one server and completes
``initialize``; ``list_tools()`` gives ``ToolDefinition``s, ``call(tool_call)`` gives a ``tool`` message
holding the ``ToolResult``, ready to append to a conversation. Failures are :class:`McpError`s: a dead
server, a timeout, a JSON-RPC error, a malformed result; after each the client stays usable (a dead
server is restarted on the next request). The SDK's session lives in one owner task, so the client may be
used from any task of its event loop. :mod:`wirechat.mcp.servers` combines several servers; the sync
wrapper is :class:`wirechat.mcp.sync.SyncMcpClient`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import time
import warnings
from collections.abc import Iterable
from contextlib import AsyncExitStack
from typing import Any

from wirechat._generated.models import McpServerConfig, Message, ToolCall, ToolDefinition, ToolResult
from wirechat.codec import decode, encode
from wirechat.errors import WirechatWarning
from wirechat.mcp._errors import (
    McpConnectError,
    McpError,
    McpLimitError,
    McpMalformedResultError,
    McpRpcError,
    McpServerDiedError,
    McpTimeoutError,
    McpUnsupportedTransportError,
)
from wirechat.mcp._limits import McpLimits
from wirechat.mcp._mapping_results import call_result_to_tool_result
from wirechat.mcp._mapping_tools import McpMappingError, tool_to_definition
from wirechat.mcp.config import ServerConfig, resolve_env, resolve_headers
from wirechat.tool_arguments import ToolArgumentsError, parse_arguments

__all__ = ["DEFAULT_CALL_TIMEOUT_S", "DEFAULT_CONNECT_TIMEOUT_S", "McpClient", "McpMappingWarning", "connect"]

DEFAULT_CONNECT_TIMEOUT_S = 30.0
DEFAULT_CALL_TIMEOUT_S = 60.0


class McpMappingWarning(WirechatWarning):
    """A member of an MCP value that wirechat could not carry (the text names its pointer)."""


def _seconds(value: object, default: float) -> float:
    return value / 1000 if isinstance(value, int) else default


def _dump(model: Any) -> Any:
    return model.model_dump(mode="json", by_alias=True, exclude_none=True)


class McpClient:
    """One connection to one MCP server, described by an ``McpServerConfig``. ``allow_secrets`` names the
    environment variables the config's ``secret_env``/``secret_headers`` may send to this server (none by
    default); ``limits`` bounds what the server may send (``McpLimits``)."""

    def __init__(
        self, config: ServerConfig, *, allow_secrets: Iterable[str] = (), limits: McpLimits | None = None
    ) -> None:
        if config.transport == "websocket":
            raise McpUnsupportedTransportError(
                config.name, "the official mcp SDK has no WebSocket client transport; use stdio or http"
            )
        self.config = config
        self.name = config.name
        self.connect_timeout = _seconds(config.connect_timeout_ms, DEFAULT_CONNECT_TIMEOUT_S)
        self.call_timeout = _seconds(config.call_timeout_ms, DEFAULT_CALL_TIMEOUT_S)
        self._session: Any = None
        self._owner: asyncio.Task[None] | None = None
        self._stop: asyncio.Event | None = None
        self._lock = asyncio.Lock()
        self.allow_secrets = frozenset(allow_secrets)
        self.limits = limits or McpLimits()
        self._limit_hit: McpLimitError | None = None

    def __repr__(self) -> str:  # the config holds no secret values; the resolved env and headers are not kept
        return f"McpClient(name={self.name!r}, transport={self.config.transport!r})"

    def _transport(self) -> Any:
        config = self.config
        if config.transport == "stdio":
            from mcp.client.stdio import StdioServerParameters, stdio_client  # noqa: PLC0415 (the SDK is an extra, imported when first used)

            params = StdioServerParameters(
                command=config.command,
                args=list(config.args) if isinstance(config.args, list) else [],
                env=resolve_env(config, allow=self.allow_secrets),
                cwd=config.cwd if isinstance(config.cwd, str) else None,
            )
            return stdio_client(params, errlog=_errlog())
        import httpx2  # noqa: PLC0415 (the SDK is an extra, imported when first used)
        from mcp.client.streamable_http import streamable_http_client  # noqa: PLC0415 (the SDK is an extra, imported when first used)

        from wirechat.mcp._capped_http import ACCEPT_ENCODING, CappedTransport  # noqa: PLC0415 (needs the extra)

        headers = {**resolve_headers(config, allow=self.allow_secrets), "accept-encoding": ACCEPT_ENCODING}
        capped = CappedTransport(httpx2.AsyncHTTPTransport(), self.name, self.limits.max_response_bytes, self._hit)
        http = httpx2.AsyncClient(headers=headers, timeout=self.call_timeout, transport=capped)
        return streamable_http_client(config.url, http_client=http)

    def _hit(self, error: McpLimitError) -> None:
        self._limit_hit = error

    async def _own(self, ready: asyncio.Future[None], stop: asyncio.Event) -> None:
        from mcp.client.session import ClientSession  # noqa: PLC0415 (the SDK is an extra, imported when first used)

        try:
            async with AsyncExitStack() as stack:
                read, write = await stack.enter_async_context(self._transport())
                session = await stack.enter_async_context(ClientSession(read, write))
                await session.initialize()
                self._session = session
                ready.set_result(None)
                await stop.wait()
        except BaseException as error:  # reported to whoever waits for the connection
            if not ready.done():
                ready.set_exception(error)
        finally:
            self._session = None

    async def start(self) -> McpClient:
        """Start or reach the server and complete ``initialize`` (within the connect timeout)."""
        async with self._lock:
            if self._session is not None:
                return self
            await self._close_owner()
            loop = asyncio.get_running_loop()
            ready: asyncio.Future[None] = loop.create_future()
            self._stop = asyncio.Event()
            self._owner = loop.create_task(self._own(ready, self._stop))
            try:
                await asyncio.wait_for(asyncio.shield(ready), self.connect_timeout)
            except TimeoutError:
                await self._close_owner()
                raise McpConnectError(self.name, f"no answer to initialize within {self.connect_timeout:g} s") from None
            except McpError:
                await self._close_owner()
                raise
            except Exception as error:
                await self._close_owner()
                raise McpConnectError(self.name, f"could not connect: {_describe(error)}") from error
        return self

    async def _close_owner(self) -> None:
        owner, self._owner = self._owner, None
        if owner is None:
            return
        if self._stop is not None:
            self._stop.set()
        try:
            await asyncio.wait_for(owner, 5)
        except (TimeoutError, asyncio.CancelledError, Exception):
            owner.cancel()
            with contextlib.suppress(BaseException):
                await owner

    async def aclose(self) -> None:
        """Stop the server (stdio) or end the session (http)."""
        async with self._lock:
            await self._close_owner()

    async def __aenter__(self) -> McpClient:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def _request(self, what: str, make: Any, timeout: float | None = None) -> Any:
        """``make(session)`` as an :class:`McpError`: the limit a response passed when one did (the SDK
        reports it as a parse error or an ended stream), else what went wrong."""
        self._limit_hit = None
        try:
            return await self._request_once(what, make, self.call_timeout if timeout is None else timeout)
        except McpError as error:
            hit, self._limit_hit = self._limit_hit, None
            if hit is not None:
                raise McpLimitError(hit.server, hit.limit, hit.value, f"{what}: {hit.detail}") from error
            raise

    async def _request_once(self, what: str, make: Any, timeout: float) -> Any:
        from mcp.shared.exceptions import MCPError  # noqa: PLC0415 (the SDK is an extra, imported when first used)
        from pydantic import ValidationError  # noqa: PLC0415 (the SDK is an extra, imported when first used)

        if self._session is None or self._owner is None or self._owner.done():
            await self.start()
        try:
            return await asyncio.wait_for(make(self._session), timeout)
        except TimeoutError:
            raise McpTimeoutError(self.name, f"{what}: no answer within {timeout:g} s") from None
        except MCPError as error:
            if (
                self._owner is None
                or self._owner.done()
                or (error.code == -32000 and "closed" in error.message.lower())
            ):
                await self.aclose()
                raise McpServerDiedError(self.name, f"{what}: the connection ended ({error.message})") from error
            raise McpRpcError(self.name, error.code, error.message, error.data) from error
        except ValidationError as error:
            raise McpMalformedResultError(
                self.name, f"{what}: not a valid MCP result: {error.errors()[0]['msg']}"
            ) from error
        except Exception as error:
            await self.aclose()
            raise McpServerDiedError(self.name, f"{what}: the connection ended ({_describe(error)})") from error

    async def list_tools(self) -> list[ToolDefinition]:
        """Every tool the server offers (all pages), as ``ToolDefinition``s; what a definition cannot
        carry is reported with an :class:`McpMappingWarning`. At most ``limits.max_list_pages`` pages within
        ``limits.list_timeout`` (else the call timeout) in all: past either, an :class:`McpLimitError`."""
        from mcp import types  # noqa: PLC0415 (the SDK is an extra, imported when first used)

        definitions: list[ToolDefinition] = []
        cursor: str | None = None
        total = self.call_timeout if self.limits.list_timeout is None else self.limits.list_timeout
        deadline = time.monotonic() + total
        for _ in range(self.limits.max_list_pages):
            params = types.PaginatedRequestParams(cursor=cursor) if cursor else None
            remaining = deadline - time.monotonic()
            try:
                if remaining <= 0:
                    raise McpTimeoutError(self.name, "tools/list: no time left")
                page = await self._request(
                    "tools/list", lambda s, p=params: s.list_tools(params=p), min(self.call_timeout, remaining)
                )
            except McpTimeoutError:
                if remaining >= self.call_timeout:
                    raise
                raise McpLimitError(
                    self.name, "time", total, f"tools/list: the pages took longer than {total:g} s in all"
                ) from None
            for index, tool in enumerate(page.tools):
                try:
                    value, dropped = tool_to_definition(_dump(tool))
                except McpMappingError as error:
                    raise McpMalformedResultError(self.name, f"tools/list: tool {index}: {error}") from error
                _warn(self.name, f"tool {value['name']!r}", dropped)
                definitions.append(decode(json.dumps(value), ToolDefinition))
            cursor = page.next_cursor
            if not cursor:
                return definitions
        pages = self.limits.max_list_pages
        raise McpLimitError(
            self.name,
            "pages",
            pages,
            f"tools/list: a next page is still offered after {pages} pages (McpLimits.max_list_pages); "
            "the server may be paging forever",
        )

    async def call_result(self, tool_call: ToolCall) -> ToolResult:
        """Call the tool ``tool_call`` names with its arguments; the ``ToolResult`` answering it."""
        try:
            arguments = parse_arguments(tool_call)
        except ToolArgumentsError as error:
            raise McpMalformedResultError(self.name, f"tool call {tool_call.id}: bad arguments: {error}") from None
        what = f"tools/call {tool_call.name!r}"
        result = await self._request(what, lambda s: s.call_tool(tool_call.name, arguments))
        raw = without_protocol_members(_dump(result))
        try:
            value, dropped = call_result_to_tool_result(raw, tool_call.id)
        except McpMappingError as error:
            raise McpMalformedResultError(self.name, f"{what}: {error}") from error
        _warn(self.name, what, dropped)
        return decode(json.dumps(value), ToolResult)

    async def call(self, tool_call: ToolCall) -> Message:
        """Like :meth:`call_result`, as a ``tool`` message with one ``tool_result`` part."""
        result = await self.call_result(tool_call)
        part = {"type": "tool_result", "tool_result": json.loads(encode(result))}
        return decode(json.dumps({"role": "tool", "parts": [part]}), Message)


PROTOCOL_META_PREFIX = "io.modelcontextprotocol/"


def without_protocol_members(result: dict[str, Any]) -> dict[str, Any]:
    """``result`` without what the SDK and protocol add to every result, which is not the tool's answer:
    ``resultType: "complete"`` (a finished, not input-required, result) and the ``_meta`` keys the protocol
    reserves (``io.modelcontextprotocol/...``: SDKs speaking protocol 2026-07-28, the Go SDK's server among
    them, stamp ``io.modelcontextprotocol/serverInfo`` on every result); an ``_meta`` left empty goes too.
    The mapping would otherwise warn about them on every call. The same rule as the TypeScript and Go
    clients (decision 042)."""
    out = dict(result)
    if out.get("resultType") == "complete":
        del out["resultType"]
    meta = out.get("_meta")
    if isinstance(meta, dict):
        kept = {k: v for k, v in meta.items() if not k.startswith(PROTOCOL_META_PREFIX)}
        if kept:
            out["_meta"] = kept
        else:
            del out["_meta"]
    return out


def _errlog() -> Any:
    """Where a stdio server's stderr goes: ours, or the process's own when ours is not a file (captured)."""
    try:
        sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):
        return sys.__stderr__
    return sys.stderr


def _describe(error: BaseException) -> str:
    inner = getattr(error, "exceptions", None)  # an exception group from the SDK's task groups
    if isinstance(inner, tuple) and inner:
        return "; ".join(_describe(e) for e in inner)
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__


def _warn(server: str, where: str, dropped: list[Any]) -> None:
    for item in dropped:
        warnings.warn(f"MCP server {server!r}: {where}: {item}", McpMappingWarning, stacklevel=3)


async def connect(
    config: ServerConfig | str | bytes, *, allow_secrets: Iterable[str] = (), limits: McpLimits | None = None
) -> McpClient:
    """Connect to the server a config describes (a model, or its JSON text); raises an
    :class:`McpError` (``McpConnectError``, ``McpConfigError``, ``McpUnsupportedTransportError``).
    ``allow_secrets`` and ``limits`` are as for :class:`McpClient`."""
    chosen: ServerConfig = decode(config, McpServerConfig) if isinstance(config, (str, bytes)) else config
    return await McpClient(chosen, allow_secrets=allow_secrets, limits=limits).start()
