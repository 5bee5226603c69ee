"""``FakeProvider``: a real HTTP/1.1 server on 127.0.0.1 that answers like a provider, from a script.

Each request takes the next turn of the script (see ``wirechat.testing.fake_provider.script``) and gets it in the
provider's wire format: a JSON body, or an SSE stream sent with chunked transfer encoding (so that a
connection dropped mid-stream is seen by the client as a cut body, as with a real provider). Faults are
played on the socket itself: an HTTP error with retry headers, a connection closed mid-stream, a cut JSON
event, an error event after a 200, pauses between events.

It runs on plain asyncio streams (no web framework: the faults need the raw socket), either in a thread of
its own (``start()``/``stop()`` or ``with FakeProvider(...)``, for tests and blocking code) or in the
caller's event loop (``await serve()``, which ``wirechat serve-fake`` uses). Every request is recorded
with its credentials redacted (``requests``, ``save_log``), so a saved log never holds a key.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import threading
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from wirechat.testing.fake_provider.anthropic import AnthropicWire
from wirechat.testing.fake_provider.gemini import GeminiWire
from wirechat.testing.fake_provider.hostile import play_hostile
from wirechat.testing.fake_provider.http_writer import ClosedError, Writer
from wirechat.testing.fake_provider.openai_chat import OpenAIChatWire
from wirechat.testing.fake_provider.openai_compatible import WIRES as COMPATIBLE_WIRES
from wirechat.testing.fake_provider.openai_responses import OpenAIResponsesWire
from wirechat.testing.fake_provider.script import (
    Reply,
    Script,
    ScriptError,
    Turn,
    load_script,
    parse_script,
)
from wirechat.testing.fake_provider.wire import ProviderWire, dumps
from wirechat.transport.secrets import redact_headers

__all__ = ["PROVIDERS", "FakeProvider", "RecordedRequest"]

PROVIDERS: dict[str, Callable[[], ProviderWire]] = {
    "openai-chat": OpenAIChatWire,
    "anthropic": AnthropicWire,
    "openai-responses": OpenAIResponsesWire,
    **COMPATIBLE_WIRES,
    "gemini": GeminiWire,
}


@dataclass(frozen=True)
class RecordedRequest:
    """A request as the server received it; credential headers are already redacted."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any  # the parsed JSON body, or None when there was none or it was not JSON

    def json(self) -> dict[str, Any]:
        return asdict(self)


class FakeProvider:
    """A scripted provider on ``url``. ``provider`` is ``openai-chat`` or ``anthropic``; ``script`` is a
    ``Script``, parsed JSON (a list of turns or ``{turns, loop}``) or a path to a script file; ``api_key``,
    when given, is required of every request (a wrong one gets the provider's 401, which, like OpenAI's,
    quotes the key it was given). ``echo_key=True`` plays a hostile or careless server: the key each
    request carried comes back in the request-id header, and in the code and message of every error
    (statuses, error events inside a stream), so tests can prove the client never shows it.
    """

    def __init__(
        self,
        provider: str,
        script: Script | list[Any] | dict[str, Any] | str | Path | None = None,
        *,
        port: int = 0,
        api_key: str | None = None,
        echo_key: bool = False,
    ) -> None:
        if provider not in PROVIDERS:
            raise ValueError(f"no fake for provider {provider!r}; known: {', '.join(PROVIDERS)}")
        self.provider = provider
        self.wire = PROVIDERS[provider]()
        if isinstance(script, Script):
            self.script = script
        elif isinstance(script, (str, Path)):
            self.script = load_script(script)
        else:
            self.script = parse_script(script if script is not None else [])
        for number, turn in enumerate(self.script.turns, start=1):
            if turn.reply is not None:
                self.wire.check_reply(f"turn {number}.reply", turn.reply)
                if turn.reply.web_search is not None and not getattr(self.wire, "plays_web_search", False):
                    raise ScriptError(f"turn {number}.reply.web_search", f"{provider} does not play a web search")
        self._turns: Iterator[tuple[int, Turn]] = self._schedule()
        self._api_key = api_key
        self._echo_key = echo_key
        self._port = port
        self.requests: list[RecordedRequest] = []
        self._served = 0
        self._writers: set[asyncio.StreamWriter] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._ready = threading.Event()
        self._startup_error: BaseException | None = None

    def __repr__(self) -> str:
        return f"FakeProvider({self.provider!r}, port={self._port}, turns={len(self.script.turns)})"

    @property
    def port(self) -> int:
        return self._port

    @property
    def url(self) -> str:
        """The base URL to give a client (``http://127.0.0.1:PORT``, no version path)."""
        return f"http://127.0.0.1:{self._port}"

    @property
    def open_connections(self) -> int:
        """How many client connections are open right now (a closed stream shows here as one fewer)."""
        return len(self._writers)

    def _schedule(self) -> Iterator[tuple[int, Turn]]:
        numbered = [(number, turn) for number, turn in enumerate(self.script.turns, start=1)]
        expanded = [(number, turn) for number, turn in numbered for _ in range(turn.repeat)]
        return itertools.cycle(expanded) if self.script.loop and expanded else iter(expanded)

    # -- running ---------------------------------------------------------------------------------------

    async def serve(self, on_ready: Callable[[FakeProvider], None] | None = None) -> None:
        """Serve in the running event loop until ``close()`` is called or the task is cancelled."""
        self._stopping = asyncio.Event()
        server = await asyncio.start_server(self._connection, host="127.0.0.1", port=self._port)
        self._port = server.sockets[0].getsockname()[1]
        if on_ready is not None:
            on_ready(self)
        try:
            await self._stopping.wait()
        finally:
            server.close()
            for writer in list(self._writers):
                writer.transport.abort()
            tasks = [task for task in self._tasks if not task.done()]
            if tasks:  # aborted connections end by themselves; one sleeping in a slow stream is cancelled
                _, pending = await asyncio.wait(tasks, timeout=0.5)
                for task in pending:
                    task.cancel()
                await asyncio.gather(*pending, return_exceptions=True)
            await server.wait_closed()

    def close(self) -> None:
        """Stop ``serve()`` (call from the loop it runs in)."""
        if self._stopping is not None:
            self._stopping.set()

    def start(self) -> FakeProvider:
        """Serve from a thread of its own; returns once the port is listening."""
        if self._thread is not None:
            raise RuntimeError("this FakeProvider is already running")

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            try:
                loop.run_until_complete(self.serve(lambda _: self._ready.set()))
            except BaseException as exc:  # reported to the starting thread
                self._startup_error = exc
                self._ready.set()
            finally:
                loop.close()

        self._thread = threading.Thread(target=run, name=f"fake-{self.provider}", daemon=True)
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("the fake provider did not start listening within 10 s")
        if self._startup_error is not None:
            raise RuntimeError(f"the fake provider could not start: {self._startup_error}")
        return self

    def stop(self) -> None:
        """Stop the thread started by ``start()``, dropping open connections."""
        if self._thread is None or self._loop is None:
            return
        with contextlib.suppress(RuntimeError):  # the loop already ended
            self._loop.call_soon_threadsafe(self.close)
        self._thread.join(10)
        self._thread = None

    def __enter__(self) -> FakeProvider:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def save_log(self, path: str | Path) -> None:
        """Write the requests received as NDJSON (credentials redacted)."""
        lines = [json.dumps(request.json(), ensure_ascii=False) for request in self.requests]
        Path(path).write_text("".join(line + "\n" for line in lines), encoding="utf-8")

    # -- one connection ----------------------------------------------------------------------------------

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        self._writers.add(writer)
        try:
            while True:
                try:
                    head = await reader.readuntil(b"\r\n\r\n")
                except (asyncio.IncompleteReadError, asyncio.LimitOverrunError):
                    return
                request_line, *header_lines = head.decode("latin-1").split("\r\n")
                method, target, _version = request_line.split(" ", 2)
                headers: dict[str, str] = {}
                for line in header_lines:
                    if line:
                        name, _, value = line.partition(":")
                        headers[name.strip().lower()] = value.strip()
                length = int(headers.get("content-length", "0") or "0")
                body = await reader.readexactly(length) if length else b""
                await self._answer(method, target.split("?", 1)[0], headers, body, writer)
                if headers.get("connection", "").lower() == "close":
                    return
        except (ClosedError, ConnectionError, asyncio.IncompleteReadError, ValueError):
            return
        finally:
            self._writers.discard(writer)
            writer.transport.abort() if writer.transport.is_closing() else writer.close()

    async def _answer(
        self, method: str, path: str, headers: dict[str, str], raw_body: bytes, writer: asyncio.StreamWriter
    ) -> None:
        self._served += 1
        echoed = self.wire.presented_key(headers) if self._echo_key else None
        request_id = f"req_fake_{self._served:06d}" + (f"_{echoed}" if echoed else "")
        out = Writer(writer, self.wire, request_id)
        try:
            body = json.loads(raw_body) if raw_body else None
        except ValueError:
            body = None
        self.requests.append(RecordedRequest(method, path, redact_headers(headers), body))
        wire = self.wire
        endpoint = wire.route(path) if method == "POST" else None
        if endpoint is None:
            return await out.error(404, message=f"fake {self.provider}: no endpoint {method} {path}")
        if not isinstance(body, dict):
            return await out.error(400, message="the request body must be a JSON object")
        if self._api_key is not None:
            presented = wire.presented_key(headers)
            if presented != self._api_key:
                message = f"Incorrect API key provided: {presented}." if presented else "Missing API key."
                return await out.error(401, message=message)
        numbered = next(self._turns, None)
        if numbered is None:
            message = f"fake {self.provider}: the script has no turn left ({len(self.script.turns)} turns played)"
            return await out.error(500, message=message)
        number, turn = numbered
        by_path = getattr(wire, "streams", None)  # an API that streams by URL (Gemini), not by a body member
        stream = endpoint == "chat" and (body.get("stream") is True or (by_path is not None and by_path(path)))
        if turn.raw is not None:
            return await out.raw(turn.raw, turn.delay_ms)
        if turn.hostile is not None:
            await play_hostile(writer, turn.hostile, self.url.replace("127.0.0.1", "localhost"))
            raise ClosedError  # the connection is not reused after a hostile answer
        fault, reply = turn.fault, turn.reply or Reply()
        if fault is not None and echoed:
            fault = replace(
                fault, code=f"{fault.code or 'key'}:{echoed}", message=f"{fault.message or 'failed'} (key {echoed})"
            )
        if fault is not None and fault.type == "status":
            return await out.status_fault(fault)
        if fault is not None and fault.type == "drop" and (fault.after == 0 or not stream):
            writer.transport.abort()  # before a byte of the answer: the client sees no response at all
            raise ClosedError
        try:
            if stream:
                return await out.stream(wire.chat_frames(reply, body), fault, turn.delay_ms)
            if endpoint == "chat":
                answer = wire.chat_body(reply, body)
            else:
                answer = wire.embed_body(reply, body) if endpoint == "embed" else wire.complete_body(reply, body)
        except ScriptError as error:
            return await out.error(500, message=f"fake provider, turn {number}: {error}")
        await asyncio.sleep(turn.delay_ms / 1000)
        if fault is None:
            return await out.json(200, answer)
        if fault.type == "malformed":
            text = dumps(answer).encode()
            return await out.send(200, text[: len(text) // 2], "application/json")
        status = wire.status_of(fault.error_type)
        return await out.error(status, error_type=fault.error_type, code=fault.code, message=fault.message)
