"""Benchmark (not a test): wirechat's codecs against orjson and against peers, per shape of corpus.

Each corpus shape (``shapes.SHAPES``: text-heavy, tool-heavy, reasoning, image-heavy, mixed) runs in its
own fresh worker process, which builds only its own data and freezes the set-up heap (``gc.freeze``).
Within a worker every contender makes one full pass over the corpus per round, in shuffled order, after
one warm-up pass. A figure is the median over rounds of (contender time / its baseline's time in the
same round); the spread is the lowest and highest of those per-round ratios. Baselines: ``orjson.loads``
and ``orjson.dumps`` on the same bytes or values (a converted peer gets orjson on its own bytes).

Peers: hand-written msgspec Structs and pydantic models of the same shape, the openai SDK's message params
and pydantic-ai's messages (``peers.py``). ``wirechat.fast`` runs with the native scanner
(``wirechat_native``) when it is installed, and again on its pure-Python path in the same rounds. Targets
(issue 18) are printed beside the figures; ``--check`` exits 1 when one is missed, otherwise the run only
reports. ``--json`` writes ``targets``: one row per shape and target (the bench result contract of
``./dev bench``: name, value, target, spread, met, baseline, note), besides every figure.

    python bench/codec_bench.py                        # 150 documents per shape, 7 rounds
    python bench/codec_bench.py --quick                # 30 documents, 3 rounds: a smoke run
    python bench/codec_bench.py --json out.json        # also write every figure and per-round time
    python bench/codec_bench.py --shapes tool-heavy    # some shapes only
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from shapes import SHAPES  # noqa: E402

TARGETS = {"decode": 2.0, "encode": 1.5, "peer_lead": 1.5, "memory": 3.0}
"""Ratios to orjson (decode, encode), the lead over the fastest pydantic-based peer in microseconds per
document (at least), and retained memory as a multiple of the input (at most)."""
PYDANTIC_PEERS = ("pydantic hand-written", "openai SDK types", "pydantic-ai")


def _run_worker(shape: str, args: argparse.Namespace) -> dict[str, Any]:
    command = [sys.executable, str(HERE / "_bench_worker.py"), shape, str(args.count), str(args.rounds), str(args.seed)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the {shape} worker failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def _engine(rows: dict[str, Any], kind: str) -> str:
    """The wirechat contender judged against the targets: the fast engine (checked) when it is there."""
    fast = next((name for name in rows if name.startswith(f"wirechat.fast.{kind}") and "check=False" not in name), None)
    return fast or f"wirechat.{kind}"


def _row(name: str, value: float, target: float, *, spread: list[float], baseline: str, note: str) -> dict[str, Any]:
    met = value >= target if "at least" in name else value <= target
    low, high = (round(x, 3) for x in spread)
    return {"name": name, "value": round(value, 3), "target": target, "spread": [low, high], "met": met,
            "baseline": baseline, "note": note}  # fmt: skip


def target_rows(shape: str, result: dict[str, Any]) -> list[dict[str, Any]]:
    """The issue's targets for one shape, as rows of the bench result contract (ratios of the same rounds)."""
    path = "native scan" if result.get("native") else "pure-Python path (wirechat_native not installed)"
    rows = []
    for kind, limit in (("decode", TARGETS["decode"]), ("encode", TARGETS["encode"])):
        figures = result[kind]
        ours = _engine(figures, kind)
        mine = figures[ours]
        baseline = f"{mine['baseline']}, same bytes, same round"
        spread = [mine["low"], mine["high"]]
        rows.append(
            _row(f"{shape}: {ours} x orjson", mine["ratio"], limit, spread=spread, baseline=baseline, note=path)
        )
        peers = [name for name in figures if any(name.startswith(peer) for peer in PYDANTIC_PEERS)]
        if peers:
            fastest = min(peers, key=lambda name: figures[name]["us"])
            leads = [p / o for p, o in zip(figures[fastest]["seconds"], mine["seconds"], strict=True)]
            leads.sort()
            name = f"{shape}: {kind} lead over the fastest pydantic-based peer (at least)"
            baseline = f"{fastest}, per document, same round"
            spread = [leads[0], leads[-1]]
            rows.append(_row(name, leads[len(leads) // 2], TARGETS["peer_lead"], spread=spread, baseline=baseline,
                             note=f"{ours}, {path}"))  # fmt: skip
    memory = result["memory"]["wirechat"]
    name = f"{shape}: retained memory of a decoded document x its size"
    baseline = "the document's bytes (tracemalloc, one pass)"
    note = f"wirechat.fast.decode, {path}"
    rows.append(_row(name, memory, TARGETS["memory"], spread=[memory, memory], baseline=baseline, note=note))
    return rows


def _print_shape(shape: str, result: dict[str, Any]) -> list[str]:
    size = f"{result['documents']} documents, {result['kb_per_document']:.1f} KB mean"
    print(f"\n== {shape}: {size}, {result['rounds']} rounds")
    for kind in ("decode", "encode"):
        print(f"  {kind:58} {'us/doc':>9} {'x orjson':>9} {'spread':>13}")
        for name, row in result[kind].items():
            spread = f"{row['low']:.2f}-{row['high']:.2f}"
            print(f"  {name:58} {row['us']:9.1f} {row['ratio']:9.2f} {spread:>13}")
    print("  retained memory, x input: " + ", ".join(f"{k} {v:.2f}" for k, v in result["memory"].items()))
    missed = []
    for row in target_rows(shape, result):
        sense = ">=" if "at least" in row["name"] else "<="
        spread = f"{row['spread'][0]:.2f}-{row['spread'][1]:.2f}"
        verdict = "met" if row["met"] else "MISSED"
        print(f"  target {row['name']:78} {row['value']:6.2f} ({spread}) {sense} {row['target']}  {verdict}")
        if not row["met"]:
            missed.append(row["name"])
    return missed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=150, help="documents per shape (default 150)")
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds (default 7)")
    parser.add_argument("--quick", action="store_true", help="30 documents, 3 rounds")
    parser.add_argument("--seed", type=int, default=7, help="corpus and shuffle seed")
    parser.add_argument("--shapes", nargs="+", choices=SHAPES, default=list(SHAPES))
    parser.add_argument("--json", type=Path, help="write every figure to this file")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed (default: report only)")
    args = parser.parse_args(argv)
    if args.quick:
        args.count, args.rounds = 30, 3
    results: dict[str, Any] = {}
    missed: list[str] = []
    for shape in args.shapes:
        print(f"measuring {shape} ...", file=sys.stderr)
        results[shape] = _run_worker(shape, args)
        missed += _print_shape(shape, results[shape])
    if args.json:
        rows = [row for shape, result in results.items() for row in target_rows(shape, result)]
        document = {"targets": rows, "limits": TARGETS, "shapes": results, "missed": missed}
        args.json.write_text(json.dumps(document, indent=1))
    print(f"\n{len(missed)} target(s) missed" + (": " + "; ".join(missed) if missed else ""))
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
