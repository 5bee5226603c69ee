"""Loop overhead per step over bare client calls, in the same run (not a test; run on demand):

    .nox/pytest/bin/python -m tests.tools.bench_overhead [STEPS] [ROUNDS]

A fake provider (``wirechat serve-fake openai-chat``, in its own process as a real provider would be)
answers STEPS-1 turns with one tool call each, then text. Each round runs the loop once
(``wirechat.tools.run``, a trivial async tool) and then sends the very requests the loop sent,
with ``client.chat`` alone; the medians of both and their ratio are printed. The difference is what the
loop adds per step: policies, argument validation, running the tool on the loop's event loop, building
the next request. A second measure runs the loop against a client that answers from memory (no HTTP):
the loop's own CPU time per step, which does not depend on the provider's latency.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import wirechat
from tests.tools.conftest import REQUEST, call, calls_turn, text_turn
from wirechat import ChatRequest
from wirechat.tools import run, tool


@tool
async def get_weather(city: str) -> str:
    """The weather."""
    return f"18 C in {city}"


@contextmanager
def serve_fake(script: Any) -> Iterator[str]:
    """``wirechat serve-fake openai-chat`` in a subprocess; yields its URL."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "script.json"
        path.write_text(json.dumps(script))
        command = [sys.executable, "-m", "wirechat.cli", "serve-fake", "openai-chat", "--script", str(path)]
        server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            assert server.stdout is not None
            yield server.stdout.readline().split()[-1]
        finally:
            server.terminate()
            server.wait(10)


def main(steps: int = 10, rounds: int = 30) -> None:
    warnings.simplefilter("ignore")
    turns: list[dict[str, Any]] = [
        calls_turn(call(f"c{i}", "get_weather", {"city": "Paris"})) for i in range(steps - 1)
    ]
    script = {"turns": [*turns, text_turn("done")], "loop": True}
    loop_times, bare_times = [], []
    with serve_fake(script) as url:
        client = wirechat.Client("openai-chat", api_key="k", base_url=url)
        sent: list[ChatRequest] = []
        original = client.chat

        def recording(request: ChatRequest, **options: Any) -> Any:
            sent.append(request)
            return original(request, **options)

        client.chat = recording  # type: ignore[method-assign]
        run(client, REQUEST, [get_weather], max_steps=steps)  # warm up, and capture the requests
        client.chat = original  # type: ignore[method-assign]
        requests = sent[:steps]
        for _ in range(rounds):
            started = time.perf_counter()
            result = run(client, REQUEST, [get_weather], max_steps=steps)
            loop_times.append(time.perf_counter() - started)
            assert result.steps == steps
            started = time.perf_counter()
            for request in requests:
                client.chat(request)
            bare_times.append(time.perf_counter() - started)
        client.close()
    loop, bare = statistics.median(loop_times), statistics.median(bare_times)
    print(f"{steps} steps, {rounds} rounds: loop {loop * 1000:.2f} ms, bare calls {bare * 1000:.2f} ms (medians)")
    print(
        f"overhead per step: {(loop - bare) / steps * 1e6:.0f} us, {100 * (loop - bare) / bare:.1f}% of the bare calls"
    )


class _MemoryClient:
    """Answers ``calls`` tool-call turns, then text, from memory."""

    def __init__(self, steps: int) -> None:
        self.steps, self.count = steps, 0
        self.calls = wirechat.decode(
            b'{"message":{"role":"assistant","parts":[{"type":"tool_call","tool_call":{"id":"c","name":"get_weather",'
            b'"arguments":"{\\"city\\":\\"Paris\\"}"}}]},"finish_reason":{"kind":"tool_calls"}}',
            wirechat.ChatResponse,
        )
        self.text = wirechat.decode(
            b'{"message":{"role":"assistant","parts":[{"type":"text","text":"ok"}]},"finish_reason":{"kind":"stop"}}',
            wirechat.ChatResponse,
        )

    def chat(self, request: ChatRequest) -> wirechat.ChatResponse:
        self.count += 1
        return self.text if self.count % self.steps == 0 else self.calls


def in_memory(steps: int = 10, runs: int = 200) -> None:
    client = _MemoryClient(steps)
    started = time.perf_counter()
    for _ in range(runs):
        run(client, REQUEST, [get_weather], max_steps=steps)  # type: ignore[arg-type]
    print(f"the loop's own time per step (no HTTP): {(time.perf_counter() - started) / runs / steps * 1e6:.0f} us")


if __name__ == "__main__":
    in_memory()
    main(*(int(a) for a in sys.argv[1:3]))
