"""Decode time per MB at 100 MB against 1 MB, with the cyclic GC left running and paused (issue 24 target:
within 1.3x; decision 031).

The documents are ``ChatRequest``s of tool-heavy conversations (``shapes``: many small objects, which is
what makes collections expensive), cut to about 1 MB and 100 MB. Both engines are measured: the default
``wirechat.decode`` (pydantic models) and ``wirechat.fast.decode`` (Structs). For each, in one process,
the two settings alternate: ``running`` (the pause's threshold set past any length: the collector runs as
allocation triggers it) and ``paused`` (the shipped threshold, 1 MiB). Time is this process's CPU time
(``time.process_time``), so other processes on the shared cores count little; the median of the rounds is
reported, and the ratio ``(seconds per MB at 100 MB) / (seconds per MB at 1 MB)``.

Run: ``python bench/gc_bench.py [--rounds N] [--big-mb 100] [--json PATH]`` (about 2-4 minutes at 100 MB).
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import ConversationGenerator
from shapes import _tool_heavy

import wirechat
from wirechat import codec, fast

TARGET = 1.3
MB = 1_000_000


def document(size: int, seed: int = 11) -> bytes:
    """A ChatRequest of tool-heavy conversations' messages, about ``size`` bytes of JSON."""
    gen = ConversationGenerator(seed, big=False)
    messages: list[Any] = []
    written = 0
    while written < size:
        more = _tool_heavy(gen)["messages"]
        messages += more
        written += len(json.dumps(more))
    return json.dumps({"model": "gpt-4.1", "messages": messages}, ensure_ascii=False).encode()


def _timed(decode: Callable[[bytes], Any], raw: bytes) -> float:
    started = time.process_time()
    value = decode(raw)
    elapsed = time.process_time() - started
    del value
    gc.collect()  # the next measurement starts from the same heap
    return elapsed


def measure(rounds: int, big_mb: int) -> dict[str, Any]:
    small, big = document(MB), document(big_mb * MB)
    engines: dict[str, Callable[[bytes], Any]] = {
        "wirechat.decode": lambda raw: wirechat.decode(raw, wirechat.ChatRequest),
        "fast.decode": lambda raw: fast.decode(raw, fast.ChatRequest),
    }
    shipped = codec._GC_PAUSE_FROM  # one codec for both type kinds (decision 027, step 3)
    results: dict[str, Any] = {"sizes_mb": [len(small) / MB, len(big) / MB]}
    for engine, decode in engines.items():
        decode(small)  # warm: plans and validators built
        for setting in ("running", "paused"):
            results[f"{engine} {setting}"] = {"small": [], "big": []}
        for _ in range(rounds):
            for setting in ("running", "paused"):
                codec._GC_PAUSE_FROM = shipped if setting == "paused" else math.inf  # type: ignore[assignment]
                row = results[f"{engine} {setting}"]
                row["small"].append(statistics.median(_timed(decode, small) for _ in range(5)) / (len(small) / MB))
                row["big"].append(_timed(decode, big) / (len(big) / MB))
        codec._GC_PAUSE_FROM = shipped
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--big-mb", type=int, default=100)
    parser.add_argument("--json", type=Path, help="write the figures and the target rows to this file")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    results = measure(args.rounds, args.big_mb)
    load = f"load {load_before:.2f}-{os.getloadavg()[0]:.2f}"
    small_mb, big_mb = results.pop("sizes_mb")
    print(f"decode seconds per MB, {small_mb:.2f} MB and {big_mb:.1f} MB, {args.rounds} rounds, CPU time; {load}")
    targets = []
    for name, row in results.items():
        ratios = [b / s for b, s in zip(row["big"], row["small"], strict=True)]
        small, big = statistics.median(row["small"]), statistics.median(row["big"])
        print(f"  {name:28} {small:.4f} s/MB  {big:.4f} s/MB  per-MB ratio {big / small:.2f}x  "
              f"[{min(ratios):.2f}, {max(ratios):.2f}]")  # fmt: skip
        if name.endswith("paused"):
            targets.append({
                "name": f"{name.removesuffix(' paused')} per MB at {big_mb:.0f} MB / at {small_mb:.0f} MB",
                "value": round(big / small, 3), "target": TARGET,
                "spread": [round(min(ratios), 3), round(max(ratios), 3)], "met": big / small <= TARGET,
                "baseline": f"the same decode of a {small_mb:.0f} MB document", "note": load,
            })  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps({"targets": targets, "results": results}, indent=1))


if __name__ == "__main__":
    main()
