"""The checked engine (``wirechat.decode``) with and without the native scan, in one process (on demand).

``wirechat.codec`` scans a text shorter than ``codec._SCAN_BELOW`` bytes with ``wirechat_native.scan`` and
hands it to pydantic-core's ``validate_json``; otherwise (or without the module) it parses with jiter and
calls ``validate_python``. This times, per corpus shape (``shapes.SHAPES``, ChatRequest documents) and
per message size (the shapes' messages decoded as ``Message``, in power-of-two buckets):

- ``before``: the path without the scan (``_fast_check.native_scan`` hidden), the baseline of every ratio;
- ``scan path``: the scan + ``validate_json`` path at every length (the length limit raised);
- ``decode``: ``wirechat.decode`` as shipped (the limit in force);
- the steps alone: the scan, ``validate_json``, jiter with and without its duplicate-key check,
  ``validate_python`` of an already parsed value, and ``orjson.loads`` for scale.

Every contender runs once per round in shuffled order; a figure is the median over rounds of its time
divided by ``before``'s in the same round, with the lowest and highest such ratio. CPU time
(``time.process_time``), so the neighbours' load on shared cores leaves the figures mostly alone.

    python bench/checked_scan_bench.py [--count 40] [--rounds 7] [--shapes text-heavy ...]
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

import jiter
import orjson

import wirechat
from wirechat import _fast_check, codec

sys.path.insert(0, str(Path(__file__).resolve().parent))
from shapes import SHAPES, make_shape

Contender = Callable[[bytes], Any]


def contenders(type_: Any) -> dict[str, Contender | None]:
    native_scan = _fast_check.native_scan
    if native_scan is None:
        raise SystemExit("wirechat_native is not importable (or WIRECHAT_NATIVE=0): nothing to compare")
    plan = codec._plan(type_)
    validator, tags = plan.validator, plan.tags

    def before(raw: bytes) -> Any:
        _fast_check.native_scan = None
        try:
            return wirechat.decode(raw, type_)
        finally:
            _fast_check.native_scan = native_scan

    def scan_path(raw: bytes) -> Any:
        limit, codec._SCAN_BELOW = codec._SCAN_BELOW, 1 << 40
        try:
            return wirechat.decode(raw, type_)
        finally:
            codec._SCAN_BELOW = limit

    return {
        "before": before,
        "scan path": scan_path,
        "decode": lambda raw: wirechat.decode(raw, type_),
        "  scan": lambda raw: native_scan(raw, tags),
        "  validate_json": validator.validate_json,
        "  jiter, duplicate check": lambda raw: jiter.from_json(raw, allow_inf_nan=False, catch_duplicate_keys=True),
        "  jiter, plain": jiter.from_json,
        "  validate_python (parsed)": None,  # timed on values parsed beforehand
        "  orjson.loads": orjson.loads,
    }


def measure(blobs: list[bytes], type_: Any, rounds: int) -> dict[str, list[float]]:
    """Per contender, its per-round time over ``blobs`` divided by ``before``'s in the same round."""
    steps = contenders(type_)
    validator = codec._plan(type_).validator
    values = [orjson.loads(raw) for raw in blobs]
    times: dict[str, list[float]] = {name: [] for name in steps}
    rng = random.Random(3)
    for index in range(rounds + 1):
        order = list(steps)
        rng.shuffle(order)
        for name in order:
            step = steps[name]
            start = time.process_time()
            if step is None:
                for value in values:
                    validator.validate_python(value)
            else:
                for raw in blobs:
                    step(raw)
            if index:  # the first round warms up
                times[name].append(time.process_time() - start)
    return {name: [t / b for t, b in zip(found, times["before"], strict=True)] for name, found in times.items()}


def _line(ratios: list[float]) -> str:
    return f"{statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=40, help="ChatRequest documents per shape (default 40)")
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds (default 7)")
    parser.add_argument("--shapes", nargs="+", choices=SHAPES, default=list(SHAPES))
    args = parser.parse_args(argv)
    print(f"x before (the path without the scan), medians of per-round ratios; scan below {codec._SCAN_BELOW} B")
    for shape in args.shapes:
        documents = make_shape(shape, args.count, 11)
        blobs = [orjson.dumps(document) for document in documents]
        print(f"\n{shape}: {len(blobs)} ChatRequests, {sum(map(len, blobs)) // len(blobs):,} B each on average")
        for name, ratios in measure(blobs, wirechat.ChatRequest, args.rounds).items():
            print(f"  {name:28} {_line(ratios)}")
        buckets: dict[int, list[bytes]] = {}
        for document in documents:
            for message in document["messages"]:
                raw = orjson.dumps(message)
                buckets.setdefault(len(raw).bit_length(), []).append(raw)
        cells = []
        for bits, found in sorted(buckets.items()):
            if len(found) >= 20:
                by_size = measure(found[:300], wirechat.Message, args.rounds)
                cells.append(f"< {2**bits} B (n={min(len(found), 300)}): scan path {_line(by_size['scan path'])}")
        print("  its messages as Message, by size:\n    " + "\n    ".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
