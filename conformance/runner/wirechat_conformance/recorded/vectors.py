"""The recorded corpus cut into cross-language adapter vectors, for every adapter the other languages port.

``wirechat conformance --recorded --write-vectors DIR`` writes ``DIR/recorded-<adapter>.ndjson`` for every
adapter of ``adapter_vectors.VECTOR_ADAPTERS`` (a compatible profile's file is ``recorded-openai-compatible.<profile>
.ndjson``): one line per recorded body, built by the suite's own line builders
(``adapter_vectors.response_line``, ``stream_line``, ``request_decode_line``, ``error_line``), so the lines
read like those of ``<adapter>.ndjson`` and the testees replay them the same way. The expected values are
the Python adapters' output on the recorded bodies; the description names the body's file.
"""

from __future__ import annotations

import json
from pathlib import Path

from wirechat.adapters import get
from wirechat_conformance.adapter_vectors import (
    VECTOR_ADAPTERS,
    Line,
    error_line,
    request_decode_line,
    response_line,
    stream_line,
    vector_file_stem,
)
from wirechat_conformance.recorded.corpus import Body, load

__all__ = ["lines", "write"]


def _line(body: Body) -> Line:
    adapter = get(body.adapter)
    description = f"recorded {body.file}"
    if body.kind == "response":
        return response_line(adapter, body.text(), description)
    if body.kind == "stream":
        events = [{"event": event.event, "data": event.data} for event in body.events()]
        return stream_line(adapter, events, description)
    if body.kind == "request":
        return request_decode_line(adapter, body.json(), description)
    return error_line(adapter, body.status(), {}, body.text(), description)


def lines(root: Path, adapter: str) -> list[Line]:
    """The vector lines of every body of ``adapter``'s folder, in corpus order."""
    return [_line(body) for body in load(root) if body.adapter == adapter]


def write(root: Path, out: Path) -> list[tuple[Path, int]]:
    """Write ``out/recorded-<adapter>.ndjson`` for each adapter the other languages have; (path, lines)."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name in VECTOR_ADAPTERS:
        found = lines(root, name)
        if not found:
            continue
        path = out / f"recorded-{vector_file_stem(name)}.ndjson"
        path.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in found), encoding="utf-8")
        written.append((path, len(found)))
    return written
