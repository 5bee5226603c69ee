"""Where the fast engine's time goes, per corpus shape (on demand; the evidence of decision 019).

Each step of ``wirechat.fast.decode`` and of the checked ``encode`` is timed alone against ``orjson`` in
the same round, shuffled, medians of per-round ratios over the rounds, one shape at a time:

    python bench/fast_breakdown.py [--count 60] [--rounds 11] [--shapes mixed tool-heavy]
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from pathlib import Path

import jiter
import msgspec
import orjson

import wirechat
from wirechat import fast

try:
    import wirechat_native
except ImportError:  # the native scan is not built: its row is left out
    wirechat_native = None

sys.path.insert(0, str(Path(__file__).resolve().parent))
from shapes import SHAPES, make_shape


def _pass(function, items) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    for item in items:
        function(item)
    return time.perf_counter() - start


def run(shape: str, count: int, rounds: int) -> None:
    documents = make_shape(shape, count, 7)
    blobs = [orjson.dumps(d) for d in documents]
    structs = [fast.decode(b, fast.ChatRequest) for b in blobs]
    values = [jiter.from_json(b, catch_duplicate_keys=True) for b in blobs]
    typed = msgspec.json.Decoder(fast.ChatRequest)
    encoder = msgspec.json.Encoder()
    plains = [msgspec.to_builtins(s) for s in structs]
    written = [encoder.encode(s) for s in structs]
    groups = {
        "decode": (
            "orjson.loads",
            {
                "orjson.loads": (orjson.loads, blobs),
                "jiter.from_json, duplicate keys caught": (
                    lambda b: jiter.from_json(b, catch_duplicate_keys=True),
                    blobs,
                ),
                **(
                    {"wirechat_native.scan (I-JSON rules, no objects)": (wirechat_native.scan, blobs)}
                    if wirechat_native is not None
                    else {}
                ),
                "msgspec.json.decode into the Structs (no duplicate check)": (typed.decode, blobs),
                "msgspec.convert of parsed values (validation only)": (
                    lambda v: msgspec.convert(v, fast.ChatRequest),
                    values,
                ),
                "wirechat.fast.decode": (lambda b: fast.decode(b, fast.ChatRequest), blobs),
                "wirechat.decode": (lambda b: wirechat.decode(b, wirechat.ChatRequest), blobs),
            },
        ),
        "encode": (
            "orjson.dumps",
            {
                "orjson.dumps": (orjson.dumps, documents),
                "msgspec encode of the Structs (no check)": (encoder.encode, structs),
                "check step: msgspec.to_builtins": (msgspec.to_builtins, structs),
                "check step: msgspec.convert of the builtins": (lambda p: msgspec.convert(p, fast.ChatRequest), plains),
                **(
                    {"check step: scan of the written bytes": (lambda b: wirechat_native.scan(b, (), True), written)}
                    if wirechat_native is not None
                    else {}
                ),
                "wirechat.fast.encode (checked)": (fast.encode, structs),
            },
        ),
    }
    rng = random.Random(7)
    gc.collect()
    gc.freeze()
    print(f"== {shape}: {count} documents, {sum(map(len, blobs)) / count / 1e3:.1f} KB mean, {rounds} rounds")
    for kind, (baseline, contenders) in groups.items():
        for function, items in contenders.values():
            _pass(function, items)
        times: dict[str, list[float]] = {name: [] for name in contenders}
        for _ in range(rounds):
            order = list(contenders)
            rng.shuffle(order)
            for name in order:
                times[name].append(_pass(*contenders[name]))
        for name, samples in times.items():
            ratios = sorted(t / b for t, b in zip(samples, times[baseline], strict=True))
            print(
                f"  {kind:6} {name:58} {statistics.median(samples) / count * 1e6:8.1f} us"
                f" {statistics.median(ratios):6.2f}x ({ratios[0]:.2f}-{ratios[-1]:.2f})"
            )
    gc.unfreeze()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--shapes", nargs="+", choices=SHAPES, default=list(SHAPES))
    arguments = parser.parse_args()
    for name in arguments.shapes:
        run(name, arguments.count, arguments.rounds)
