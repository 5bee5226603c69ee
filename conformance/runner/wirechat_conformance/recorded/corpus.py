"""The recorded-traffic corpus (``conformance/recorded/``), as the replay gate reads it.

The layout is ``<adapter>[/<profile>]/<scenario>.<kind>.<json|sse>`` with ``SOURCES.ndjson`` beside it (one
line per body; see that folder's README). ``load`` lists every body with the adapter it is for (folder
``openai-compatible/<profile>`` is the registry name ``openai-compatible:<profile>``, and the ``generic``
profile is plain ``openai-compatible``), its kind, its format (which independent reader reads it) and its
SOURCES line. ``events`` turns a stream body into its events: SSE text through this package's own framer
(``sse.frame``), a Gemini ``json-array`` stream one event per array element.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from wirechat_conformance.recorded.sse import Event, frame

__all__ = ["KINDS", "Body", "CorpusError", "Format", "load"]

Kind = Literal["request", "response", "stream", "error"]
Format = Literal["anthropic", "openai-chat", "openai-responses", "gemini"]
KINDS: tuple[Kind, ...] = ("request", "response", "stream", "error")

_FORMATS: dict[str, Format] = {
    "anthropic": "anthropic",
    "openai-chat": "openai-chat",
    "openai-compatible": "openai-chat",
    "openai-responses": "openai-responses",
    "gemini": "gemini",
}


class CorpusError(ValueError):
    """A corpus that cannot be read: a file without its SOURCES line, a name outside the layout."""


@dataclass(frozen=True)
class Body:
    """One recorded body: ``file`` is its path under the corpus root (the id the reports use)."""

    file: str
    path: Path
    adapter: str
    """The registry name of the adapter the body is for (``openai-compatible:groq``)."""
    group: str
    """The report's row: the folder, ``openai-compatible/groq`` for a profile."""
    kind: Kind
    format: Format
    source: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def scenario(self) -> str:
        return self.path.name.split(".", 1)[0]

    @property
    def stem(self) -> str:
        """The file without its kind and extension: a request, its response and its stream share it."""
        return self.file.rsplit(".", 2)[0]

    def text(self) -> str:
        return self.path.read_text(encoding="utf-8")

    def json(self) -> Any:
        return json.loads(self.text())

    def status(self) -> int | None:
        status = self.source.get("status")
        return status if isinstance(status, int) else None

    def events(self) -> list[Event]:
        """A stream's events, in order: SSE framed here, or a json-array stream's elements."""
        if self.path.suffix == ".json":
            array = self.json()
            if not isinstance(array, list):
                raise CorpusError(f"{self.file}: a .json stream must be a JSON array")
            return [Event(None, json.dumps(item, ensure_ascii=False)) for item in array]
        return frame(self.path.read_bytes())


def _body(root: Path, path: Path, sources: dict[str, dict[str, Any]]) -> Body:
    file = path.relative_to(root).as_posix()
    parts = file.split("/")
    name_parts = parts[-1].split(".")
    if len(name_parts) != 3 or name_parts[1] not in KINDS or name_parts[2] not in ("json", "sse"):
        raise CorpusError(f"{file}: expected <scenario>.<kind>.<json|sse> with kind one of {', '.join(KINDS)}")
    folder = parts[0]
    if folder not in _FORMATS or len(parts) != (3 if folder == "openai-compatible" else 2):
        raise CorpusError(f"{file}: not under <adapter>/ or openai-compatible/<profile>/")
    adapter, group = folder, folder
    if folder == "openai-compatible":
        group = f"{folder}/{parts[1]}"
        adapter = folder if parts[1] == "generic" else f"{folder}:{parts[1]}"
    kind = next(k for k in KINDS if k == name_parts[1])
    if file not in sources:
        raise CorpusError(f"{file}: no line in SOURCES.ndjson")
    return Body(file, path, adapter, group, kind, _FORMATS[folder], sources[file])


def load(root: Path) -> list[Body]:
    """Every body under ``root``, sorted by file; ``CorpusError`` for a body without its SOURCES line."""
    if not root.is_dir():
        raise FileNotFoundError(f"{root}: no recorded corpus there (--recorded-root)")
    sources: dict[str, dict[str, Any]] = {}
    listing = root / "SOURCES.ndjson"
    if listing.is_file():
        for line in listing.read_text(encoding="utf-8").splitlines():
            if line.strip():
                entry = json.loads(line)
                sources[entry["file"]] = entry
    paths = sorted(p for p in root.rglob("*") if p.is_file() and p.name not in ("README.md", "SOURCES.ndjson"))
    return [_body(root, path, sources) for path in paths]
