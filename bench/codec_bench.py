"""Benchmark (not a test): wirechat.decode / wirechat.encode against orjson on a realistic corpus.

Every contender runs in this one process on the same documents, in shuffled order within each round,
and the reported figure is the median over rounds of (contender time / baseline time in that round):
``orjson.loads`` is the decode baseline and ``orjson.dumps`` the encode baseline. Absolute times are
printed for context only. Retained memory is measured with tracemalloc (the Python heap) by keeping the
whole decoded corpus alive, as a multiple of the input size.

    python bench/codec_bench.py                  # 1,000 mixed conversations, 7 rounds
    python bench/codec_bench.py --quick          # 150 conversations, 3 rounds: a smoke run
    python bench/codec_bench.py --json out.json  # also write the raw figures
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jiter
import orjson

import wirechat

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import make_corpus

TARGETS = {"decode": 2.5, "encode": 4.0, "memory": 4.0}


def _timed(run: Callable[[], None]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def _over(function: Callable[[Any], Any], items: list[Any]) -> Callable[[], None]:
    def run() -> None:
        for item in items:
            function(item)

    return run


def measure_group(contenders: dict[str, Callable[[], None]], baseline: str, rounds: int, seed: int) -> dict[str, Any]:
    """Median ratio to ``baseline`` (per round) and median seconds for each contender."""
    rng = random.Random(seed)
    for run in contenders.values():
        run()  # warm-up
    times: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(rounds):
        order = list(contenders)
        rng.shuffle(order)
        for name in order:
            times[name].append(_timed(contenders[name]))
    return {
        name: {
            "seconds": statistics.median(samples),
            "ratio": statistics.median(t / b for t, b in zip(samples, times[baseline], strict=True)),
        }
        for name, samples in times.items()
    }


def retained_memory(blobs: list[bytes]) -> dict[str, float]:
    """Bytes kept alive by the decoded corpus, per decoder, divided by the input size."""
    size = sum(map(len, blobs))
    result = {}
    for name, decode in (
        ("orjson.loads (dicts)", orjson.loads),
        ("wirechat.decode (models)", lambda blob: wirechat.decode(blob, wirechat.ChatRequest)),
    ):
        gc.collect()
        tracemalloc.start()
        kept = [decode(blob) for blob in blobs]
        current, _peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        result[name] = current / size
        del kept
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--conversations", type=int, default=1000, help="corpus size (default 1000)")
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds per group (default 7)")
    parser.add_argument("--quick", action="store_true", help="150 conversations, 3 rounds")
    parser.add_argument("--seed", type=int, default=7, help="corpus and shuffle seed")
    parser.add_argument("--json", type=Path, help="write the figures to this file")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed (default: report only)")
    args = parser.parse_args(argv)
    count, rounds = (150, 3) if args.quick else (args.conversations, args.rounds)

    print(f"building {count} conversations (seed {args.seed}) ...", file=sys.stderr)
    documents = make_corpus(count, seed=args.seed)
    blobs = [orjson.dumps(document) for document in documents]
    models = [wirechat.decode(blob, wirechat.ChatRequest) for blob in blobs]
    assert all(wirechat.canonical(m) == wirechat.canonical(d) for m, d in zip(models[:50], documents, strict=False))
    size = sum(map(len, blobs))
    print(
        f"corpus: {count} ChatRequest documents, {size / 1e6:.1f} MB, {size / count / 1e3:.1f} KB mean", file=sys.stderr
    )
    gc.collect()
    gc.freeze()  # keep the set-up heap out of every collection during timing

    validator = wirechat.ChatRequest.__pydantic_validator__
    decode_group = {
        "orjson.loads (baseline, no validation)": _over(orjson.loads, blobs),
        "jiter.from_json, duplicate keys caught": _over(
            lambda b: jiter.from_json(b, catch_duplicate_keys=True, allow_inf_nan=False), blobs
        ),
        "orjson.loads + validate_python (no I-JSON)": _over(
            lambda b: validator.validate_python(orjson.loads(b)), blobs
        ),
        "wirechat.decode(ChatRequest)": _over(lambda b: wirechat.decode(b, wirechat.ChatRequest), blobs),
    }
    print(f"timing decode ({rounds} rounds) ...", file=sys.stderr)
    decode = measure_group(decode_group, "orjson.loads (baseline, no validation)", rounds, args.seed)
    encode_group = {
        "orjson.dumps (baseline, dicts)": _over(orjson.dumps, documents),
        "wirechat.encode(model)": _over(wirechat.encode, models),
    }
    print(f"timing encode ({rounds} rounds) ...", file=sys.stderr)
    encode = measure_group(encode_group, "orjson.dumps (baseline, dicts)", rounds, args.seed)
    gc.unfreeze()
    del models
    print("measuring retained memory ...", file=sys.stderr)
    memory = retained_memory(blobs)

    print(f"\n{'decode':46} {'us/conv':>9} {'x orjson':>9}")
    for name, figures in decode.items():
        print(f"{name:46} {figures['seconds'] / count * 1e6:9.1f} {figures['ratio']:9.2f}")
    print(f"\n{'encode':46} {'us/conv':>9} {'x orjson':>9}")
    for name, figures in encode.items():
        print(f"{name:46} {figures['seconds'] / count * 1e6:9.1f} {figures['ratio']:9.2f}")
    print(f"\n{'retained memory':46} {'x input':>19}")
    for name, ratio in memory.items():
        print(f"{name:46} {ratio:19.2f}")
    verdicts = {
        "decode": decode["wirechat.decode(ChatRequest)"]["ratio"],
        "encode": encode["wirechat.encode(model)"]["ratio"],
        "memory": memory["wirechat.decode (models)"],
    }
    print("\ntargets:")
    missed = [name for name, value in verdicts.items() if value > TARGETS[name]]
    for name, value in verdicts.items():
        status = "missed" if name in missed else "met"
        print(f"  {name:7} {value:5.2f}x  (target <= {TARGETS[name]}x)  {status}")
    if args.json:
        report = {"conversations": count, "bytes": size, "rounds": rounds, "decode": decode, "encode": encode}
        args.json.write_text(json.dumps({**report, "memory": memory, "ratios": verdicts}, indent=2))
    if args.check and missed:
        print(f"--check: {len(missed)} target(s) missed: {', '.join(missed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
