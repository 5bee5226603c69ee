"""Benchmark (not a test): what the one codec's dispatch costs over the engine it calls (decision 027, step 3).

``wirechat.codec`` takes Struct types and model types alike, and ``wirechat.fast`` forwards to it. This
measures, in one process, on the codec benchmark's corpus shapes (``shapes.py``), each entry point against
the bare engine calls it makes, so that a machine under load still gives a fair ratio:

- Struct decode: ``fast.decode`` and ``wirechat.decode`` with a Struct type, against the bare engine
  (``wirechat_native.scan`` + a ``msgspec.json.Decoder``; the native module is required);
- Struct encode: ``fast.encode`` (checked) against ``codec.encode_struct``, and ``encode(check=False)``
  against a bare ``msgspec.json.Encoder``;
- model decode: ``wirechat.decode`` with a pydantic type against its own checked reading
  (``_report.checked_decode``), the path every text of 4 KiB or more takes.

Every contender and ``orjson.loads`` / ``orjson.dumps`` make one pass over the corpus per round, in shuffled
order, after a warm-up; a figure is the median over rounds of the per-round ratio to orjson (CPU time).

    python bench/codec_dispatch_bench.py --rounds 9 --count 30
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent))
from shapes import SHAPES, make_shape

import wirechat
from wirechat import _report, codec, fast


def _contenders(blobs: list[bytes]) -> dict[str, tuple[Callable[[Any], Any], list[Any], str]]:
    """name -> (function, inputs, its orjson baseline's name)."""
    import wirechat_native  # noqa: PLC0415 (required: the bare engine row calls it)

    decoder = msgspec.json.Decoder(fast.ChatRequest)
    encoder = msgspec.json.Encoder()
    plan = codec._plan(wirechat.ChatRequest)
    structs = [fast.decode(b, fast.ChatRequest) for b in blobs]
    plain = [orjson.loads(b) for b in blobs]

    def bare_decode(raw: bytes) -> Any:
        assert wirechat_native.scan(raw) is None
        return decoder.decode(raw)

    return {
        "orjson.loads": (orjson.loads, blobs, "orjson.loads"),
        "orjson.dumps": (orjson.dumps, plain, "orjson.dumps"),
        "Struct decode: bare engine (scan + msgspec Decoder)": (bare_decode, blobs, "orjson.loads"),
        "Struct decode: fast.decode": (lambda b: fast.decode(b, fast.ChatRequest), blobs, "orjson.loads"),
        "Struct decode: wirechat.decode": (lambda b: wirechat.decode(b, fast.ChatRequest), blobs, "orjson.loads"),
        "Struct encode: codec.encode_struct (checked)": (codec.encode_struct, structs, "orjson.dumps"),
        "Struct encode: fast.encode (checked)": (fast.encode, structs, "orjson.dumps"),
        "Struct encode: wirechat.encode (checked)": (wirechat.encode, structs, "orjson.dumps"),
        "Struct encode: bare msgspec Encoder": (encoder.encode, structs, "orjson.dumps"),
        "Struct encode: wirechat.encode(check=False)": (
            lambda s: wirechat.encode(s, check=False),
            structs,
            "orjson.dumps",
        ),
        "model decode: _report.checked_decode": (
            lambda b: _report.checked_decode(b, plan.validator, plan.name, plan.tags),
            blobs,
            "orjson.loads",
        ),
        "model decode: wirechat.decode": (lambda b: wirechat.decode(b, wirechat.ChatRequest), blobs, "orjson.loads"),
    }


def measure(shape: str, count: int, rounds: int, seed: int) -> dict[str, tuple[float, float, float]]:
    blobs = [orjson.dumps(document) for document in make_shape(shape, count, seed)]
    contenders = _contenders(blobs)
    times: dict[str, list[float]] = {name: [] for name in contenders}
    rng = random.Random(seed)
    for round_index in range(rounds + 1):
        order = list(contenders)
        rng.shuffle(order)
        for name in order:
            function, inputs, _ = contenders[name]
            start = time.process_time()
            for item in inputs:
                function(item)
            if round_index:  # the first round warms up
                times[name].append(time.process_time() - start)
    result = {}
    for name, (_, _, baseline) in contenders.items():
        ratios = [t / b for t, b in zip(times[name], times[baseline], strict=True)]
        result[name] = (statistics.median(ratios), min(ratios), max(ratios))
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=30, help="documents per shape (default 30)")
    parser.add_argument("--rounds", type=int, default=9, help="timed rounds (default 9)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--shapes", nargs="+", choices=SHAPES, default=list(SHAPES))
    args = parser.parse_args()
    for shape in args.shapes:
        print(f"== {shape}: {args.count} documents, {args.rounds} rounds; x orjson, median (lowest-highest)")
        for name, (median, low, high) in measure(shape, args.count, args.rounds, args.seed).items():
            if not name.startswith("orjson"):
                print(f"  {name:<55} {median:6.2f}  ({low:.2f}-{high:.2f})")


if __name__ == "__main__":
    main()
