"""The Python conformance testee's cost per simple case, in one process (on demand).

``wirechat conformance --throughput`` times the testee over a pipe, one configuration at a time, which on
a shared machine mostly measures the neighbours. This answers the same request lines in-process, every
configuration in each round in shuffled order, and reports each one's rate as a ratio to ``hello``:

    python bench/testee_bench.py [--cases 2000] [--rounds 9]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "conformance" / "testees" / "python"))
import testee  # noqa: E402

import wirechat._canonical as canonical_module  # noqa: E402


def _lines(count: int) -> list[bytes]:
    lines = []
    for index in range(count):
        message = {"role": "user", "parts": [{"type": "text", "text": f"hello {index} caf\u00e9"}]}
        request = {"op": "decode", "type": "Message", "text": json.dumps(message), "id": index}
        lines.append(json.dumps(request).encode())
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    lines = _lines(args.cases)
    hello = [json.dumps({"op": "hello", "id": i}).encode() for i in range(args.cases)]
    fast_writer = canonical_module._encoder

    def configure(engine: str, writer: Any) -> None:
        testee.ENGINE = engine
        canonical_module._encoder = writer

    setups = {
        "hello": ("checked", fast_writer, hello),
        "checked engine, rfc8785 canonical (before)": ("checked", None, lines),
        "checked engine, fast canonical": ("checked", fast_writer, lines),
        "fast engine": ("fast", fast_writer, lines),
        "both engines, compared (the default)": ("both", fast_writer, lines),
    }
    times: dict[str, list[float]] = {name: [] for name in setups}
    rng = random.Random(7)
    for round_index in range(args.rounds + 1):
        order = list(setups)
        rng.shuffle(order)
        for name in order:
            engine, writer, requests = setups[name]
            configure(engine, writer)
            start = time.perf_counter()
            for line in requests:
                json.dumps(testee.answer(line), separators=(",", ":"))
            if round_index:  # the first round warms up
                times[name].append(time.perf_counter() - start)
    configure("both", fast_writer)
    for name, samples in times.items():
        ratios = [h / t for h, t in zip(times["hello"], samples, strict=True)]
        rate = args.cases / statistics.median(samples)
        spread = f"({min(ratios):.2f}-{max(ratios):.2f})"
        print(f"{name:45} {rate:10,.0f} cases/s   x hello {statistics.median(ratios):.2f} {spread}")


if __name__ == "__main__":
    main()
