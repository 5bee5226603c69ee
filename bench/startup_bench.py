"""Start-up cost: ``import wirechat`` against ``import pydantic``, ``wirechat --version``, and ``wirechat
serve-fake`` until it prints that it listens (issue 24 item 5, issue 28 item 3; decision 031).

Each contender is a fresh interpreter (``sys.executable``, this process's environment, so a ``PYTHONPATH``
pointing at a worktree is what runs). In each round the contenders run once each in shuffled order, timed in
wall time from ``Popen`` to exit (or to the ``listening on`` line for ``serve-fake``, which is then sent
SIGTERM); the median over rounds and the spread (lowest, highest) are reported, with the load average. The
import ratio is taken per round against ``import pydantic`` of the same round, so a busy core slows both.
Each contender's CPU time (user + system, ``RUSAGE_CHILDREN``; for ``serve-fake`` up to its exit after
SIGTERM, so a little more) is printed beside: on a loaded machine it is what the wall time is on idle cores.

Run: ``python bench/startup_bench.py [--rounds N] [--json PATH] [--before OTHER/python/src]``; ``--before``
times another tree's code in the same rounds (before and after a change, in one run).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

IMPORT_RATIO_TARGET = 2.0  # import wirechat / import pydantic
VERSION_TARGET = 0.3  # seconds
SERVE_TARGET = 1.0  # seconds until serve-fake listens

PYTHON = sys.executable
CONTENDERS: dict[str, list[str]] = {
    "python -c pass": [PYTHON, "-c", "pass"],
    "import pydantic": [PYTHON, "-c", "import pydantic"],
    "import wirechat": [PYTHON, "-c", "import wirechat"],
    "import wirechat + decode": [
        PYTHON,
        "-c",
        'import wirechat; wirechat.decode(b\'{"role":"user","parts":[]}\', wirechat.Message)',
    ],
    "wirechat --version": [PYTHON, "-m", "wirechat.cli", "--version"],
}
SERVE = [PYTHON, "-m", "wirechat.cli", "serve-fake", "openai-chat", "--port", "0"]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    cpu, started = _children_cpu(), time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    return time.perf_counter() - started, _children_cpu() - cpu


def _serve(env: dict[str, str] | None = None) -> tuple[float, float]:
    cpu, started = _children_cpu(), time.perf_counter()
    process = subprocess.Popen(SERVE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        elapsed = time.perf_counter() - started
        if not line.startswith("listening on"):
            raise RuntimeError(f"serve-fake printed {line!r}, not 'listening on ...'")
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=10)
    return elapsed, _children_cpu() - cpu


def _env_with_source(source: str) -> dict[str, str]:
    """This environment with ``source`` (another tree's ``python/src``) in place of this one's on the path."""
    paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p and not p.endswith("python/src")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join([source, *paths])}


def measure(rounds: int, before: str | None = None) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Wall seconds per contender and round, with ``import wirechat / import pydantic`` per round, and CPU
    seconds per contender and round. With ``before`` (another tree's ``python/src``), the wirechat
    contenders run from it too, as ``... (before)``, in the same shuffled rounds."""
    jobs: dict[str, Callable[[], tuple[float, float]]] = {
        name: (lambda c=command: _run(c)) for name, command in CONTENDERS.items()
    }
    jobs["serve-fake listening"] = _serve
    if before is not None:
        env = _env_with_source(before)
        for name, command in CONTENDERS.items():
            if "wirechat" in name:
                jobs[f"{name} (before)"] = lambda c=command: _run(c, env)
        jobs["serve-fake listening (before)"] = lambda: _serve(env)
    times: dict[str, list[float]] = {name: [] for name in jobs}
    cpu: dict[str, list[float]] = {name: [] for name in jobs}
    ratios = [("import wirechat / import pydantic", "import wirechat")]
    if before is not None:
        ratios.append(("import wirechat / import pydantic (before)", "import wirechat (before)"))
    for job in jobs.values():  # one warm-up each: the page cache and __pycache__ are filled
        job()
    for _ in range(rounds):
        order = list(jobs)
        random.shuffle(order)
        taken = {name: jobs[name]() for name in order}
        for name, (wall, used) in taken.items():
            times[name].append(wall)
            cpu[name].append(used)
        for ratio, numerator in ratios:
            times.setdefault(ratio, []).append(taken[numerator][0] / taken["import pydantic"][0])
    return times, cpu


def _row(name: str, values: list[float], target: float, baseline: str, note: str) -> dict[str, Any]:
    value = statistics.median(values)
    return {
        "name": name,
        "value": round(value, 3),
        "target": target,
        "spread": [round(min(values), 3), round(max(values), 3)],
        "met": value <= target,
        "baseline": baseline,
        "note": note,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--json", type=Path, help="write the figures and the target rows to this file")
    parser.add_argument("--before", metavar="SRC", help="also time another tree's python/src (e.g. main's)")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    times, cpu = measure(args.rounds, args.before)
    load_after = os.getloadavg()[0]
    print(f"start-up, {args.rounds} rounds, wall median [min, max], CPU median; load {load_before:.2f} -> "
          f"{load_after:.2f}")  # fmt: skip
    for name, values in times.items():
        unit = "x" if "/" in name else " s"
        used = f"   CPU {statistics.median(cpu[name]):.3f} s" if name in cpu else ""
        print(f"  {name:44} {statistics.median(values):7.3f}{unit}  [{min(values):.3f}, {max(values):.3f}]{used}")
    load = f"load {load_before:.2f}-{load_after:.2f}"
    targets = [
        _row(
            "import wirechat / import pydantic",
            times["import wirechat / import pydantic"],
            IMPORT_RATIO_TARGET,
            "import pydantic (same round)",
            load,
        ),
        _row("wirechat --version (s)", times["wirechat --version"], VERSION_TARGET, "wall seconds",
             f"{load}; CPU {statistics.median(cpu['wirechat --version']):.3f} s"),
        _row("serve-fake until listening (s)", times["serve-fake listening"], SERVE_TARGET, "wall seconds",
             f"{load}; CPU to exit {statistics.median(cpu['serve-fake listening']):.3f} s"),
    ]  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps({"targets": targets, "times": times, "cpu": cpu}, indent=1))


if __name__ == "__main__":
    main()
