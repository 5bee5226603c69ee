"""Stream decode per event, against a bare split-lines + ``orjson.loads`` loop over the same bytes, with the
breakdown of where the time goes (issue 18 item 3; decision 024).

For each adapter's stream (``stream_corpus``), in shuffled rounds, each contender passes over the whole
stream ``PASSES`` times per round, timed in this process's CPU time (``time.process_time``: on shared cores
the other processes' time does not count, which wall time measured at 0.2x-40x spreads under load); a ratio
is taken against the bare loop of the same round, and the median and the spread (lowest, highest) over
rounds are reported. Contenders:

- ``bare``: ``body.split(b"\\n")``, ``startswith(b"data: ")``, ``orjson.loads`` (the baseline);
- ``framing``: the transport's ``SseDecoder`` on 1 KiB chunks (``feed_pairs``, what ``EventPump`` reads);
- ``sse+json``: the same, each event's data parsed (``jiter``, as the adapters parse);
- ``decoder``: the framing and the adapter's ``StreamDecoder`` (``feed_data``: canonical events built, no fold);
- ``events``: building the canonical events the decoder gave, alone (as the decoders build them);
- ``pump``: ``EventPump``, the clients' path: framing, decoder, fold, the stream checks (the target row);
- ``pump/event``: the same with one network chunk per event, as token streams arrive.

The breakdown printed under the table: framing, JSON parse (sse+json - framing), the adapter's own logic
(decoder - sse+json - events), building events, and the fold with the pump's checks (pump - decoder).

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
from typing import Any, cast

import jiter
import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent))
from stream_corpus import STREAMS

from wirechat import _stream_events
from wirechat._generated.models import ReasoningDeltaEvent, TextDeltaEvent, TextStartEvent, ToolCallDeltaEvent
from wirechat.adapters import get
from wirechat.transport.events import EventPump
from wirechat.transport.sse import SseDecoder

TARGET = 2.0
CHUNK = 1024
PASSES = 1  # passes over the stream per contender and round: short measurements, many rounds, medians


def _contenders(name: str, raw: bytes) -> dict[str, Callable[[], Any]]:
    adapter = get(name)
    chunks = [raw[i : i + CHUNK] for i in range(0, len(raw), CHUNK)]
    separator = b"\r\n\r\n" if b"\r\n\r\n" in raw else b"\n\n"
    per_event = [piece + separator for piece in raw.split(separator) if piece]

    def bare() -> None:
        for line in raw.split(b"\n"):
            if line.startswith(b"data: ") and line != b"data: [DONE]":
                orjson.loads(line[6:])

    def framing() -> None:
        decoder = SseDecoder()
        for chunk in chunks:
            decoder.feed_pairs(chunk)

    def sse_json() -> None:
        decoder = SseDecoder()
        for chunk in chunks:
            for _, data in decoder.feed_pairs(chunk):
                if data != "[DONE]":
                    jiter.from_json(data.encode())

    def decoder_only() -> None:
        sse, decoder = SseDecoder(), cast(Any, adapter.stream_decoder())  # the built-in ones have feed_data
        for chunk in chunks:
            for event, data in sse.feed_pairs(chunk):
                if event != "ping":
                    decoder.feed_data(event, data)
        decoder.close()

    rebuild = [_rebuilder(event) for event in _events(adapter, chunks)]

    def events() -> None:
        for build, values in rebuild:
            build(*values)

    def pump(pieces: list[bytes]) -> Callable[[], None]:
        def run() -> None:
            whole = EventPump(adapter.stream_decoder())
            for piece in pieces:
                whole.feed(piece)
            whole.finish()
            whole.response()

        return run

    return {"bare": bare, "framing": framing, "sse+json": sse_json, "decoder": decoder_only, "events": events,
            "pump": pump(chunks), "pump/event": pump(per_event)}  # fmt: skip


def _events(adapter: Any, chunks: list[bytes]) -> list[Any]:
    pump = EventPump(adapter.stream_decoder())
    return [event for chunk in chunks for event in pump.feed(chunk)] + pump.finish()


_FAST: dict[type, tuple[Callable[..., Any], tuple[str, ...]]] = {
    TextDeltaEvent: (_stream_events.text_delta, ("index", "text")),
    ToolCallDeltaEvent: (_stream_events.tool_call_delta, ("index", "arguments")),
    TextStartEvent: (_stream_events.text_start, ("index",)),
}


def _rebuilder(event: Any) -> tuple[Callable[..., Any], tuple[Any, ...]]:
    """How a decoder builds ``event``: the fast builder for the per-delta kinds, else the constructor."""
    if type(event) in _FAST:
        build, names = _FAST[type(event)]
        return build, tuple(getattr(event, name) for name in names)
    if type(event) is ReasoningDeltaEvent and event.model_fields_set == {"index", "text"}:
        return _stream_events.reasoning_text, (event.index, event.text)
    fields = {name: getattr(event, name) for name in event.model_fields_set}
    return (lambda: type(event)(**fields)), ()


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
            start = time.process_time()
            for _ in range(PASSES):
                function()
            times[label].append((time.process_time() - start) / PASSES)
    result: dict[str, Any] = {"count": events}
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
    labels = ("framing", "sse+json", "decoder", "events", "pump", "pump/event")
    print(f"  {'adapter':28} {'events':>6} {'bare us':>8}  " + "  ".join(f"{label:>19}" for label in labels))
    for name, raw in STREAMS.items():
        result = measure(name, raw, rounds, rng)
        results[name] = result
        targets.append(target_row(name, result))
        cells = "  ".join(
            f"{result[label]['ratio']:5.2f} [{result[label]['low']:4.2f}-{result[label]['high']:4.2f}]"
            .rjust(19) for label in labels
        )  # fmt: skip
        print(f"  {name:28} {result['count']:6d} {result['bare']['us']:8.2f}  {cells}")
    print("  where the time goes, x bare (medians): framing | JSON parse | adapter logic | events | fold + pump")
    for name, result in results.items():
        ratio = {label: result[label]["ratio"] for label in labels}
        parts = (ratio["framing"], ratio["sse+json"] - ratio["framing"],
                 ratio["decoder"] - ratio["sse+json"] - ratio["events"], ratio["events"],
                 ratio["pump"] - ratio["decoder"])  # fmt: skip
        print(f"  {name:28} " + " | ".join(f"{part:5.2f}" for part in parts) + f"  = {ratio['pump']:.2f}")
    met = sum(row["met"] for row in targets)
    print(f"  target: pump <= {TARGET}x bare: {met}/{len(targets)} met")
    return results, targets


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--json", type=Path, help="write the figures and the target rows to this file")
    args = parser.parse_args()
    results, targets = run(args.rounds)
    if args.json:
        args.json.write_text(json.dumps({"targets": targets, "streams": results}, indent=1))


if __name__ == "__main__":
    main()
