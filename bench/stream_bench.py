"""Stream decode per event, against a bare split-lines + ``orjson.loads`` loop over the same bytes, with the
breakdown of where the time goes (issue 18 item 3; decision 024).

For each adapter's stream (``stream_corpus``), in shuffled rounds, each contender passes over the whole
stream ``PASSES`` times per round; a ratio is taken against the bare loop of the same round, and the median and the
spread (lowest, highest) over rounds are reported. Contenders, each a superset of the one before:

- ``bare``: ``body.split(b"\\n")``, ``startswith(b"data: ")``, ``orjson.loads`` (the baseline);
- ``sse+json``: the transport's ``SseDecoder`` on 1 KiB chunks, each event's data parsed (no adapter);
- ``decoder``: ``SseDecoder`` and the adapter's ``StreamDecoder`` (canonical events built, no fold);
- ``pump``: ``EventPump``, the clients' path: framing, decoder, fold, the stream checks (the target row);
- ``pump/event``: the same with one network chunk per event, as token streams arrive.

Run: ``python bench/stream_bench.py [--rounds N] [--json PATH]`` (also run by ``adapters_bench.py``).
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jiter
import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent))
from stream_corpus import STREAMS

from wirechat.adapters import get
from wirechat.transport.events import EventPump
from wirechat.transport.sse import SseDecoder

TARGET = 2.0
CHUNK = 1024
PASSES = 4  # passes over the stream per contender and round (one pass is ~0.5 ms: too short to time alone)


def _contenders(name: str, raw: bytes) -> dict[str, Callable[[], Any]]:
    adapter = get(name)
    chunks = [raw[i : i + CHUNK] for i in range(0, len(raw), CHUNK)]
    separator = b"\r\n\r\n" if b"\r\n\r\n" in raw else b"\n\n"
    per_event = [piece + separator for piece in raw.split(separator) if piece]

    def bare() -> None:
        for line in raw.split(b"\n"):
            if line.startswith(b"data: ") and line != b"data: [DONE]":
                orjson.loads(line[6:])

    def sse_json() -> None:
        decoder = SseDecoder()
        for chunk in chunks:
            for event in decoder.feed(chunk):
                if event.data != "[DONE]":
                    jiter.from_json(event.data.encode())

    def decoder_only() -> None:
        sse, decoder = SseDecoder(), adapter.stream_decoder()
        for chunk in chunks:
            for event in sse.feed(chunk):
                decoder.feed(event)
        decoder.close()

    def pump(pieces: list[bytes]) -> Callable[[], None]:
        def run() -> None:
            whole = EventPump(adapter.stream_decoder())
            for piece in pieces:
                whole.feed(piece)
            whole.finish()
            whole.response()

        return run

    return {"bare": bare, "sse+json": sse_json, "decoder": decoder_only, "pump": pump(chunks),
            "pump/event": pump(per_event)}  # fmt: skip


def measure(name: str, raw: bytes, rounds: int, rng: random.Random) -> dict[str, Any]:
    """Per-event times (us, medians) and ratios to ``bare`` (median, low, high) of every contender."""
    events = raw.count(b"data:")
    contenders = _contenders(name, raw)
    times: dict[str, list[float]] = {label: [] for label in contenders}
    for function in contenders.values():
        function()  # warm-up
    gc.collect()
    gc.freeze()  # the set-up heap is never scanned (perf anchors: isolate contenders from what else is alive)
    for _ in range(rounds):
        order = list(contenders.items())
        rng.shuffle(order)
        for label, function in order:
            start = time.perf_counter()
            for _ in range(PASSES):
                function()
            times[label].append((time.perf_counter() - start) / PASSES)
    result: dict[str, Any] = {"events": events}
    for label in contenders:
        ratios = [t / b for t, b in zip(times[label], times["bare"], strict=True)]
        result[label] = {
            "us": statistics.median(times[label]) / events * 1e6,
            "ratio": statistics.median(ratios),
            "low": min(ratios),
            "high": max(ratios),
        }
    return result


def target_row(name: str, result: dict[str, Any]) -> dict[str, Any]:
    pump = result["pump"]
    return {
        "name": f"stream decode per event x bare split+orjson loop ({name})",
        "value": round(pump["ratio"], 3),
        "target": TARGET,
        "spread": [round(pump["low"], 3), round(pump["high"], 3)],
        "met": pump["ratio"] <= TARGET,
        "baseline": "bare body.split(b'\\n') + startswith(b'data: ') + orjson.loads, same bytes, same round",
        "note": f"EventPump (SSE framing on 1 KiB chunks, the adapter's decoder, the fold); "
        f"{result['pump']['us']:.2f} us/event vs bare {result['bare']['us']:.2f}; "
        f"one chunk per event {result['pump/event']['ratio']:.2f}x",
    }


def run(rounds: int, seed: int = 0) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Every adapter's stream measured; prints the table, returns (results, target rows)."""
    rng = random.Random(seed)
    results, targets = {}, []
    print(f"stream decode per event ({rounds} shuffled rounds; x bare split+orjson in the same round, "
          "median [low-high])")  # fmt: skip
    labels = ("sse+json", "decoder", "pump", "pump/event")
    print(f"  {'adapter':28} {'events':>6} {'bare us':>8}  " + "  ".join(f"{label:>19}" for label in labels))
    for name, raw in STREAMS.items():
        result = measure(name, raw, rounds, rng)
        results[name] = result
        targets.append(target_row(name, result))
        cells = "  ".join(
            f"{result[label]['ratio']:5.2f} [{result[label]['low']:4.2f}-{result[label]['high']:4.2f}]"
            .rjust(19) for label in labels
        )  # fmt: skip
        print(f"  {name:28} {result['events']:6d} {result['bare']['us']:8.2f}  {cells}")
    met = sum(row["met"] for row in targets)
    print(f"  target: pump <= {TARGET}x bare: {met}/{len(targets)} met")
    return results, targets


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--json", type=Path, help="write the figures and the target rows to this file")
    args = parser.parse_args()
    results, targets = run(args.rounds)
    if args.json:
        args.json.write_text(json.dumps({"targets": targets, "streams": results}, indent=1))


if __name__ == "__main__":
    main()
