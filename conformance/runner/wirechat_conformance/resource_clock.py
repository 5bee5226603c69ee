"""The resource suite's clocks: a testee's CPU time and peak memory, read from outside the process.

CPU time, not wall time, is what the growth judgement uses: on a busy machine a decoder waits for a core,
and the wait grows with nothing the decoder does (issue 26 item 12: the same row measured 3.7 to 8.7 in a
row by wall time at load 1.3-7). On Linux the time is the sum of ``/proc/PID/task/*/schedstat``'s first
field (nanoseconds on a CPU, every thread of the testee: Go's and Node's helper threads count); where that
file is missing, ``utime + stime`` of ``/proc/PID/stat`` (clock ticks, 10 ms); elsewhere ``None``, and
the caller falls back to wall time. The testee's descendants count too (``--testee LANG=COMMAND`` may
start the decoder through a wrapper).

Peak memory: write ``5`` to ``/proc/PID/clear_refs`` (VmHWM drops to the current VmRSS) before the input,
read ``VmHWM`` from ``/proc/PID/status`` after, and count the peak above the resident size before.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["cpu_seconds", "peak_since", "reset_peak"]


def _schedstat_seconds(pid: int) -> float | None:
    total = 0
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return None
    for task in tasks:
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except FileNotFoundError:  # a thread that ended between the listing and the read
            continue
        except (OSError, ValueError, IndexError):
            return None
    return total / 1e9 if tasks else None


def _stat_seconds(pid: int) -> float | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
        fields = text[text.rindex(")") + 2 :].split()  # the command name may hold spaces
        ticks = int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of the file)
        return ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def _tree(pid: int) -> list[int]:
    """``pid`` and its descendants (``/proc/PID/task/TID/children``): a testee started through a wrapper
    (a shell, ``npx``, a proxy) does its work in a child."""
    found, queue = [], [pid]
    while queue:
        current = queue.pop()
        found.append(current)
        try:
            tasks = list(Path(f"/proc/{current}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                queue += [int(child) for child in (task / "children").read_text().split()]
            except (OSError, ValueError):
                continue
    return found


def _process_seconds(pid: int) -> float | None:
    found = _schedstat_seconds(pid)
    return found if found is not None else _stat_seconds(pid)


def cpu_seconds(pid: int | None) -> float | None:
    """The CPU time the process ``pid`` and its descendants have used so far (all their threads), or None
    where /proc cannot tell."""
    if pid is None:
        return None
    total = _process_seconds(pid)
    if total is None:
        return None
    for child in _tree(pid)[1:]:
        total += _process_seconds(child) or 0.0  # a child that ended meanwhile counts for nothing
    return total


def _status_bytes(pid: int, field_name: str) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field_name + ":"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def reset_peak(pid: int | None) -> int | None:
    """Reset the process's VmHWM to its VmRSS; the VmRSS, or None where /proc cannot do it."""
    if pid is None:
        return None
    try:
        Path(f"/proc/{pid}/clear_refs").write_text("5")
    except OSError:
        return None
    return _status_bytes(pid, "VmRSS")


def peak_since(pid: int | None, before: int | None) -> int | None:
    """The peak resident size above ``before`` (from ``reset_peak``), or None where /proc cannot tell."""
    if pid is None or before is None:
        return None
    after = _status_bytes(pid, "VmHWM")
    return None if after is None else max(after - before, 0)
