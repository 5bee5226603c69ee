"""The Python conformance testee's cost per simple case, in one process, as a ratio to ``hello`` (on demand).

``wirechat conformance --throughput`` times the testee over a pipe, one configuration at a time, which on
a shared machine mostly measures the neighbours. This answers the same request lines in-process (the
testee's own ``answer`` and the ``json.dumps`` of its answer line, as its main loop does), every
configuration in each round in shuffled order, and reports each one's ratio to ``hello`` answered in the
same round (protocol framing only): ``x hello`` = time of a ``hello`` / time of a case, so higher is
better and 1.0 would be a testee whose decoding costs nothing. Times are the process's CPU time
(``time.process_time``): the other engineers' processes on the 2 shared cores then take no part in them.
One setup runs the checked engine with ``wirechat.codec``'s native scan hidden (its path without
``wirechat_native``), so the scan's gain is a ratio measured in the same rounds.

    python bench/testee_bench.py [--cases 400] [--rounds 31] [--quick] [--json PATH]
    python bench/testee_bench.py --breakdown      # each piece of one case timed alone (timeit, CPU time)

``--json`` writes the rates, the per-round ratios and the bench result contract's ``targets`` rows
(issue 18: each engine's testee at least 0.35x its ``hello``), read by ``bench/report.py``.
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

from wirechat import _fast_check  # noqa: E402

TARGET = 0.35  # issue 18: the Python conformance testee at least 0.35x its hello baseline
SETUPS = {  # name -> (engine, requests)
    "hello": ("checked", "hello"),
    "checked engine (testee python)": ("checked", "decode"),
    "checked engine, scan hidden (WIRECHAT_NATIVE=0)": ("checked", "decode"),
    "fast engine (testee python-fast)": ("fast", "decode"),
    "both engines compared in one process (--engine both)": ("both", "decode"),
}
WITHOUT_SCAN = {"checked engine, scan hidden (WIRECHAT_NATIVE=0)"}
"""Setups run with ``wirechat.codec``'s native scan hidden, for the before/after ratio in one process."""
TARGET_ROWS = {  # the setups that are issue-18 targets, by their row name
    "checked engine (testee python)": "conformance testee python (checked engine) x hello, at least",
    "fast engine (testee python-fast)": "conformance testee python-fast (fast engine) x hello, at least",
}


def request_lines(count: int) -> dict[str, list[bytes]]:
    """``count`` hello lines and ``count`` decode lines of one-part Messages (the protocol's simple case)."""
    decode = []
    for index in range(count):
        message = {"role": "user", "parts": [{"type": "text", "text": f"hello {index} caf\u00e9"}]}
        request = {"op": "decode", "type": "Message", "text": json.dumps(message), "id": index}
        decode.append(json.dumps(request).encode())
    hello = [json.dumps({"op": "hello", "id": index}).encode() for index in range(count)]
    return {"hello": hello, "decode": decode}


def _answer_all(lines: list[bytes]) -> None:
    for line in lines:
        answer = testee.answer(line)
        if "error" in answer or answer.get("ok") is not True:
            raise RuntimeError(f"the testee failed a benchmark case: {answer}")
        json.dumps(answer, separators=(",", ":"))


def measure(cases: int, rounds: int, seed: int = 7) -> dict[str, list[float]]:
    """CPU seconds per setup per round (after one warm-up round), setups shuffled within each round."""
    lines = request_lines(cases)
    times: dict[str, list[float]] = {name: [] for name in SETUPS}
    rng = random.Random(seed)
    native_scan = _fast_check.native_scan
    try:
        for round_index in range(rounds + 1):
            order = list(SETUPS)
            rng.shuffle(order)
            for name in order:
                engine, kind = SETUPS[name]
                testee.ENGINE = engine
                _fast_check.native_scan = None if name in WITHOUT_SCAN else native_scan
                start = time.process_time()
                _answer_all(lines[kind])
                if round_index:  # the first round warms up
                    times[name].append(time.process_time() - start)
    finally:
        testee.ENGINE = "checked"
        _fast_check.native_scan = native_scan
    return times


def summarise(times: dict[str, list[float]], cases: int) -> dict[str, dict[str, Any]]:
    """Per setup: cases per CPU second (median), and the median and range of the per-round x hello ratios."""
    summary = {}
    for name, samples in times.items():
        ratios = [hello / took for hello, took in zip(times["hello"], samples, strict=True)]
        summary[name] = {
            "cases_per_cpu_second": cases / statistics.median(samples),
            "x_hello": statistics.median(ratios),
            "spread": [min(ratios), max(ratios)],
            "ratios": ratios,
        }
    return summary


def target_rows(summary: dict[str, dict[str, Any]], cases: int, rounds: int) -> list[dict[str, Any]]:
    """The bench result contract's rows: one per engine, ``met`` when the median ratio is at least 0.35."""
    rows = []
    for setup, name in TARGET_ROWS.items():
        found = summary[setup]
        rows.append(
            {
                "name": name,
                "value": round(found["x_hello"], 3),
                "target": TARGET,
                "spread": [round(found["spread"][0], 3), round(found["spread"][1], 3)],
                "met": found["x_hello"] >= TARGET,
                "baseline": "the testee answering hello, in the same process and round (CPU time)",
                "note": f"{cases} one-part Messages decoded, canonicalised and encoded x {rounds} rounds; "
                f"{found['cases_per_cpu_second']:,.0f} cases per CPU second",
            }
        )
    return rows


def breakdown(calls: int = 20_000) -> None:
    """Each piece of one case, timed alone (best of 7 x ``calls``, CPU time): where a case's time goes."""
    import timeit  # noqa: PLC0415

    import jiter  # noqa: PLC0415
    import msgspec  # noqa: PLC0415

    import wirechat  # noqa: PLC0415
    from wirechat import fast  # noqa: PLC0415

    line, hello = request_lines(1)["decode"][0], request_lines(1)["hello"][0]
    raw = json.loads(line)["text"].encode()
    value, quick = wirechat.decode(raw, wirechat.Message), fast.decode(raw, fast.Message)
    validator = wirechat.Message.__pydantic_validator__
    answer = testee.answer(line)

    def without_scan() -> Any:
        native_scan, _fast_check.native_scan = _fast_check.native_scan, None
        try:
            return wirechat.decode(raw, wirechat.Message)
        finally:
            _fast_check.native_scan = native_scan

    def case(engine: str) -> str:
        testee.ENGINE = engine
        return json.dumps(testee.answer(line), separators=(",", ":"))

    pieces = {
        "checked: whole case (answer + json.dumps)": lambda: case("checked"),
        "fast: whole case (answer + json.dumps)": lambda: case("fast"),
        "hello: answer + json.dumps": lambda: json.dumps(testee.answer(hello), separators=(",", ":")),
        "  json.loads of the hello line": lambda: json.loads(hello),
        "case: json.loads of the line": lambda: json.loads(line),
        "case: json.dumps of the answer": lambda: json.dumps(answer, separators=(",", ":")),
        "checked: wirechat.decode": lambda: wirechat.decode(raw, wirechat.Message),
        "checked: wirechat.decode, scan hidden": without_scan,
        "  jiter.from_json (duplicate keys)": lambda: jiter.from_json(raw, catch_duplicate_keys=True),
        "  jiter + validate_python": lambda: validator.validate_python(jiter.from_json(raw)),
        "  native scan (when built)": lambda: _fast_check.native_scan and _fast_check.native_scan(raw),
        "  validate_json": lambda: validator.validate_json(raw),
        "checked: wirechat.encode": lambda: wirechat.encode(value, wirechat.Message),
        "  to_json, warnings='error'": lambda: value.__pydantic_serializer__.to_json(value, warnings="error"),
        "  to_json, warnings=True": lambda: value.__pydantic_serializer__.to_json(value, warnings=True),
        "checked: wirechat.canonical": lambda: wirechat.canonical(value),
        "  to_python, mode json": lambda: value.__pydantic_serializer__.to_python(value, mode="json"),
        "fast: fast.decode": lambda: fast.decode(raw, fast.Message),
        "fast: fast.encode, unchecked": lambda: fast.encode(quick, check=False),
        "fast: fast.canonical": lambda: fast.canonical(quick),
        "  msgspec.to_builtins": lambda: msgspec.to_builtins(quick),
    }
    for name, piece in pieces.items():
        best = min(timeit.repeat(piece, number=calls, repeat=7, timer=time.process_time))
        print(f"{name:45} {best / calls * 1e6:7.2f} us")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", type=int, default=400, help="requests per setup per round (default 400)")
    parser.add_argument("--rounds", type=int, default=31, help="timed rounds (default 31)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 200 cases x 5 rounds")
    parser.add_argument("--json", type=Path, metavar="PATH", help="write the figures and the targets rows here")
    parser.add_argument("--breakdown", action="store_true", help="time each piece of one case alone, then stop")
    args = parser.parse_args(argv)
    if args.breakdown:
        breakdown()
        return 0
    cases, rounds = (200, 5) if args.quick else (args.cases, args.rounds)
    summary = summarise(measure(cases, rounds), cases)
    for name, found in summary.items():
        low, high = found["spread"]
        print(
            f"{name:55} {found['cases_per_cpu_second']:9,.0f} cases/CPU s   "
            f"x hello {found['x_hello']:.2f} ({low:.2f}-{high:.2f})"
        )
    if args.json is not None:
        document = {
            "benchmark": "testee",
            "cases": cases,
            "rounds": rounds,
            "setups": summary,
            "targets": target_rows(summary, cases, rounds),
        }
        args.json.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
