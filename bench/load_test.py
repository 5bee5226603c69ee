"""Load test of the streaming client (not part of the test suite): loopback only, bounded in count and time.

Starts ``wirechat serve-fake`` in a separate process on 127.0.0.1, then, in this process, runs the same
number of concurrent streams twice over, alternating, round after round: once read with a bare httpx stream
(the baseline: the same bytes, split into lines as they arrive and each event's JSON parsed with
``orjson.loads``: the least any client does), once through ``wirechat.AsyncClient`` (SSE framing, the
adapter's stream decoder, the fold, typed errors). Reports events per second, the client's overhead per
event (wall time and this process's CPU time, the client minus the baseline, divided by the canonical
events) and the median of the per-round ratios client / bare with their spread (the issue 18 target:
within 1.2x the bare wall time), plus an in-process comparison of the SSE framing against a bare
split-lines + orjson loop and the openai SDK's SSEDecoder.

    python bench/load_test.py                        # 300 concurrent streams, openai-chat
    python bench/load_test.py --provider anthropic --streams 200 --rounds 3
    python bench/load_test.py --json out.json        # also write the target row (the bench result contract)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import orjson
from openai._streaming import SSEDecoder  # the baseline the adapters' target names

import wirechat
from wirechat.adapters import get
from wirechat.testing.fake_provider.anthropic import AnthropicWire
from wirechat.testing.fake_provider.openai_chat import OpenAIChatWire
from wirechat.testing.fake_provider.script import parse_script
from wirechat.testing.fake_provider.wire import sse_bytes
from wirechat.transport.events import EventPump
from wirechat.transport.sse import SseDecoder

TARGET = 1.2
TEXT = "The quick brown fox jumps over the lazy dog, and then it keeps running for a while. " * 4
REPLY: dict[str, Any] = {
    "text": TEXT,
    "chunk_size": 4,  # ~85 text events per stream: token-sized fragments, as providers send
    "tool_calls": [{"id": "call_1", "name": "get_weather", "arguments": {"city": "Paris", "unit": "celsius"}}],
    "usage": {"input": 120, "output": 90, "cache_read": 64},
}
REQUEST = wirechat.decode(
    b'{"model": "fake-model", "messages": [{"role": "user", "parts": [{"type": "text", "text": "Go"}]}],'
    b' "options": {"max_tokens": 500}}',
    wirechat.ChatRequest,
)


def start_server(provider: str, script: Path) -> tuple[subprocess.Popen[str], str]:
    command = [sys.executable, "-m", "wirechat.cli", "serve-fake", provider, "--script", str(script)]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert server.stdout is not None
    line = server.stdout.readline()
    if not line.startswith("listening on "):
        server.kill()
        raise SystemExit(f"the fake provider did not start: {line!r}")
    return server, line.split()[-1]


async def run_streams(count: int, concurrency: int, one: Callable[[], Awaitable[int]]) -> int:
    gate = asyncio.Semaphore(concurrency)

    async def guarded() -> int:
        async with gate:
            return await one()

    return sum(await asyncio.gather(*(guarded() for _ in range(count))))


async def measure(label: str, count: int, concurrency: int, one: Callable[[], Awaitable[int]],
                  limit: float) -> tuple[float, float, int]:  # fmt: skip
    cpu, wall = time.process_time(), time.perf_counter()
    units = await asyncio.wait_for(run_streams(count, concurrency, one), timeout=limit)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    kind = "provider events" if "httpx" in label else "canonical events"
    print(f"    {label:28} {wall:7.3f} s wall  {cpu:7.3f} s cpu  {units:9d} {kind}")
    return wall, cpu, units


async def load(args: argparse.Namespace, url: str) -> dict[str, Any]:
    adapter = get(args.provider)
    path = adapter.endpoint_path("chat")
    body, _ = adapter.encode_request(REQUEST)
    payload = json.dumps(adapter.stream_request_flags(body)).encode()
    headers = {"content-type": "application/json", **adapter.auth_headers("load-test-key")}
    limits = httpx.Limits(max_connections=args.concurrency, max_keepalive_connections=args.concurrency)
    timeout = httpx.Timeout(30.0)
    results: dict[str, list[tuple[float, float, int]]] = {"bare": [], "client": []}
    async with (
        httpx.AsyncClient(limits=limits, timeout=timeout) as bare_http,
        wirechat.AsyncClient(
            args.provider, api_key="load-test-key", base_url=url, max_connections=args.concurrency, timeout=30.0
        ) as client,
    ):

        async def bare_one() -> int:
            async with bare_http.stream("POST", url + path, content=payload, headers=headers) as response:
                response.raise_for_status()
                pending, events = b"", 0
                async for chunk in response.aiter_bytes():
                    lines = (pending + chunk).split(b"\n")
                    pending = lines.pop()
                    for line in lines:
                        if line.startswith(b"data: ") and line != b"data: [DONE]":
                            orjson.loads(line[6:])
                            events += 1
                return events

        async def client_one() -> int:
            async with client.stream(REQUEST) as stream:
                events = 0
                async for _ in stream:
                    events += 1
                return events

        await run_streams(min(args.streams, 20), args.concurrency, bare_one)  # warm both pools up
        await run_streams(min(args.streams, 20), args.concurrency, client_one)
        for number in range(args.rounds):
            print(f"  round {number + 1}: {args.streams} streams, {args.concurrency} at a time")
            kinds = [("bare", "bare httpx + split + orjson", bare_one), ("client", "wirechat.AsyncClient.stream",
                                                                          client_one)]  # fmt: skip
            for kind, label, one in kinds if number % 2 == 0 else kinds[::-1]:  # who goes first alternates
                results[kind].append(await measure(label, args.streams, args.concurrency, one, args.max_seconds))
    bare_wall, bare_cpu, _ = min(results["bare"])
    client_wall, client_cpu, events = min(results["client"])
    print(f"  best of {args.rounds}: {events} canonical events in {client_wall:.3f} s = "
          f"{events / client_wall:,.0f} events/s through AsyncClient "
          f"(bare httpx reading and parsing the same events: {bare_wall:.3f} s)")  # fmt: skip
    print(f"  client overhead per event: {(client_wall - bare_wall) / events * 1e6:.2f} us wall, "
          f"{(client_cpu - bare_cpu) / events * 1e6:.2f} us cpu")  # fmt: skip
    walls = [c[0] / b[0] for c, b in zip(results["client"], results["bare"], strict=True)]
    cpus = [c[1] / b[1] for c, b in zip(results["client"], results["bare"], strict=True)]
    wall_ratio = statistics.median(walls)
    print(f"  client / bare per round: wall {wall_ratio:.2f}x [{min(walls):.2f}-{max(walls):.2f}], cpu "
          f"{statistics.median(cpus):.2f}x [{min(cpus):.2f}-{max(cpus):.2f}]  (target: wall <= {TARGET}x)")  # fmt: skip
    return {
        "name": f"AsyncClient streaming x bare httpx wall time ({args.provider})",
        "value": round(wall_ratio, 3),
        "target": TARGET,
        "spread": [round(min(walls), 3), round(max(walls), 3)],
        "met": wall_ratio <= TARGET,
        "baseline": "httpx.AsyncClient.stream + aiter_bytes, lines split as they arrive, orjson.loads per event; "
        "same server, same streams, alternating in each round",
        "note": f"{args.streams} streams, {args.concurrency} at a time, {args.rounds} rounds; client cpu "
        f"{statistics.median(cpus):.2f}x bare; best of each {client_wall / bare_wall:.2f}x; "
        f"{events / client_wall:,.0f} events/s; the server shares the 2 cores",
    }


def framing(provider: str, rounds: int) -> None:
    """In-process, no network: the cost per event of reading one recorded-shape stream."""
    wire = OpenAIChatWire() if provider == "openai-chat" else AnthropicWire()
    reply = parse_script([{"reply": REPLY}]).turns[0].reply
    assert reply is not None
    request = {"model": "fake-model", "stream": True, "stream_options": {"include_usage": True}}
    raw = b"".join(sse_bytes(frame) for frame in wire.chat_frames(reply, request)) * 4
    chunks = [raw[i : i + 1024] for i in range(0, len(raw), 1024)]
    events = raw.count(b"\n\n")
    adapter = get(provider)

    def bare() -> None:
        for line in raw.split(b"\n"):
            if line.startswith(b"data: ") and line != b"data: [DONE]":
                orjson.loads(line[6:])

    def ours() -> None:
        decoder = SseDecoder()
        for chunk in chunks:
            for event in decoder.feed(chunk):
                if event.data != "[DONE]":
                    orjson.loads(event.data)

    def sdk() -> None:
        for event in SSEDecoder().iter_bytes(iter(chunks)):
            if event.data != "[DONE]":
                event.json()

    def best(function: Callable[[], None]) -> float:
        times = []
        for _ in range(rounds):
            start = time.perf_counter()
            function()
            times.append(time.perf_counter() - start)
        return min(times) / events

    timing = {name: best(function) for name, function in (("bare", bare), ("ours", ours), ("sdk", sdk))}
    whole = _pump_cost(adapter, raw, rounds)
    print(f"  SSE framing, {provider} stream of {events} events, 1 KiB chunks (best of {rounds}):")
    print(f"    bare split-lines + orjson     {timing['bare'] * 1e6:6.2f} us/event")
    print(f"    SseDecoder + orjson           {timing['ours'] * 1e6:6.2f} us/event   "
          f"{timing['ours'] / timing['bare']:.2f}x bare")  # fmt: skip
    speedup = timing["sdk"] / timing["ours"]
    print(f"    openai SSEDecoder + json      {timing['sdk'] * 1e6:6.2f} us/event   "
          f"{timing['sdk'] / timing['bare']:.2f}x bare   (SseDecoder is {speedup:.1f}x faster)")  # fmt: skip
    print(f"    framing + adapter + fold      {whole * 1e6:6.2f} us/event   {whole / timing['bare']:.2f}x bare")


def _pump_cost(adapter: Any, raw: bytes, rounds: int) -> float:
    one_stream = raw[: len(raw) // 4]
    chunks = [one_stream[i : i + 1024] for i in range(0, len(one_stream), 1024)]
    events = one_stream.count(b"\n\n")
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        pump = EventPump(adapter.stream_decoder())
        for chunk in chunks:
            pump.feed(chunk)
        pump.finish()
        best = min(best, time.perf_counter() - start)
    return best / events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--provider", default="openai-chat", choices=("openai-chat", "anthropic"))
    parser.add_argument("--streams", type=int, default=300, help="streams per run (default 300)")
    parser.add_argument("--concurrency", type=int, default=300, help="streams open at once (default 300)")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each kind; the best is reported")
    parser.add_argument("--max-seconds", type=float, default=60.0, help="abort a run that takes longer")
    parser.add_argument("--json", type=Path, help="write the target row (bench result contract) to this file")
    args = parser.parse_args()
    if not (1 <= args.streams <= 5000 and 1 <= args.concurrency <= 1000 and 1 <= args.rounds <= 20):
        parser.error("bounded: --streams 1..5000, --concurrency 1..1000, --rounds 1..20")
    print(f"wirechat load test: {args.provider}, loopback, server in a separate process")
    framing(args.provider, rounds=20)
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "script.json"
        script.write_text(json.dumps({"turns": [{"reply": REPLY}], "loop": True}))
        server, url = start_server(args.provider, script)
        try:
            row = asyncio.run(load(args, url))
        finally:
            server.terminate()
            server.wait(10)
    if args.json:
        args.json.write_text(json.dumps({"targets": [row]}, indent=1))


if __name__ == "__main__":
    main()
