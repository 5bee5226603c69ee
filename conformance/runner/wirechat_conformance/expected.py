"""Per-language expected-failure lists (``conformance/expected-failures/<language>.txt``).

One entry a line: a case id or an ``fnmatch`` pattern (``property/JsonValue/*``), then ``#`` and the
reason, which is required. Blank lines and lines starting with ``#`` are comments. A listed case that
fails counts as an expected failure; a listed case that passes is an unexpected pass, and an entry that
matches no case of the run is stale: both fail the run, so the lists only ever shrink to the truth.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Entry", "ExpectedFailureError", "load_expected", "parse_expected"]


class ExpectedFailureError(ValueError):
    """An expected-failure file that cannot be read (an entry without a reason, a repeated entry)."""


@dataclass(frozen=True)
class Entry:
    """One listed case (or pattern) and why it is expected to fail."""

    pattern: str
    reason: str
    where: str  # file:line

    def matches(self, case_id: str) -> bool:
        return case_id == self.pattern or fnmatch.fnmatchcase(case_id, self.pattern)


def parse_expected(text: str, source: str) -> list[Entry]:
    entries: list[Entry] = []
    seen: set[str] = set()
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        pattern, _, reason = stripped.partition("#")
        pattern, reason = pattern.strip(), reason.strip()
        where = f"{source}:{number}"
        if not reason:
            raise ExpectedFailureError(f"{where}: {pattern!r} has no reason; write it after a '#'")
        if not pattern or " " in pattern:
            raise ExpectedFailureError(f"{where}: an entry is one case id or pattern, then '# reason'")
        if pattern in seen:
            raise ExpectedFailureError(f"{where}: {pattern!r} is listed twice")
        seen.add(pattern)
        entries.append(Entry(pattern, reason, where))
    return entries


def load_expected(folder: Path, language: str) -> list[Entry]:
    """The entries of ``folder/<language>.txt`` (none when the file does not exist)."""
    path = folder / f"{language}.txt"
    if not path.exists():
        return []
    return parse_expected(path.read_text(encoding="utf-8"), str(path))
