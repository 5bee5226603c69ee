"""Tolerant against strict decoding (spec section 12), in one process: a ChatRequest of 50 messages as v1.0,
and as v1.1 (each message with a new member and a new part type). On demand, not in CI:

    .nox/pytest/bin/python bench/tolerant_bench.py

Go: ``cd go && go test -run '^$' -bench Tolerant ./wirechat/``; TypeScript: ``node bench/tolerant_bench.mjs``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import wirechat
from wirechat.codec import parse
from wirechat.tolerant import decode_tolerant, split


def document(v11: bool) -> bytes:
    messages = []
    for i in range(50):
        message: dict[str, Any] = {"role": "user", "parts": [{"type": "text", "text": "hello world " * 10}]}
        if v11:
            message["created_at"] = "2026-11-24T22:00:00Z"
            message["parts"].append({"type": "video", "video": {"source": "url", "url": f"https://x.test/{i}.mp4"}})
        messages.append(message)
    return json.dumps({"model": "m", "messages": messages}).encode()


def best(call: Callable[[], object], rounds: int = 200) -> float:
    """The best of five runs, in microseconds per call."""
    times = []
    for _ in range(5):
        started = time.perf_counter()
        for _ in range(rounds):
            call()
        times.append((time.perf_counter() - started) / rounds)
    return min(times) * 1e6


def main() -> None:
    v10, v11 = document(False), document(True)
    strict = best(lambda: wirechat.decode(v10, wirechat.ChatRequest))
    tolerant10 = best(lambda: decode_tolerant(v10, wirechat.ChatRequest))
    tolerant11 = best(lambda: decode_tolerant(v11, wirechat.ChatRequest))
    read = decode_tolerant(v11, wirechat.ChatRequest)
    canonical = best(lambda: wirechat.canonical(read.value))
    restored = best(read.canonical)
    tree = parse(v10, "ChatRequest")
    print(f"sizes: v1.0 {len(v10)} B, v1.1 {len(v11)} B")
    print(f"decode (strict), v1.0       {strict:8.1f} us")
    print(f"decode_tolerant, v1.0       {tolerant10:8.1f} us  {tolerant10 / strict:.2f}x strict")
    print(f"decode_tolerant, v1.1       {tolerant11:8.1f} us  {tolerant11 / strict:.2f}x strict on v1.0")
    parsing, splitting = best(lambda: parse(v10, "ChatRequest")), best(lambda: split(tree, "ChatRequest"))
    print(f"  of which parse {parsing:.1f} us, split {splitting:.1f} us (v1.0)")
    print(f"canonical, known part only  {canonical:8.1f} us")
    print(f"Tolerant.canonical, v1.1    {restored:8.1f} us  {restored / canonical:.2f}x")


if __name__ == "__main__":
    main()
