"""Reading the files the commands take: a path or ``-`` for standard input, and NDJSON records by line."""

from __future__ import annotations

import sys
from pathlib import Path

from wirechat.cli.usage_error import UsageError

__all__ = ["ndjson_records", "read_input"]


def read_input(path: str) -> bytes:
    """The bytes of ``path`` (``-``: standard input); an unreadable file is a usage error (exit 2)."""
    if path == "-":
        return sys.stdin.buffer.read()
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None


def ndjson_records(data: bytes) -> list[tuple[int, bytes]]:
    """Each non-blank line of ``data`` with its 1-based line number."""
    return [(number, line) for number, line in enumerate(data.split(b"\n"), start=1) if line.strip()]
