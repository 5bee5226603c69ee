"""The events of a stream file for ``wirechat convert --kind stream``, in either framing: NDJSON (one
event per line; for a provider, ``{"event": NAME or null, "data": TEXT or JSON}``) or raw server-sent
events as a provider sends them (``event: ...`` / ``data: ...`` blocks, a capture of the HTTP body).

Each record keeps where it came from (``FILE:LINE`` for NDJSON, ``FILE: event N`` for SSE), so every
problem of the file can be reported at once, each with its place.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from wirechat.cli.input_files import ndjson_records
from wirechat.codec import parse
from wirechat.errors import WireError
from wirechat.transport.sse import SseDecoder

__all__ = ["StreamRecord", "looks_like_sse", "stream_records"]

_SSE_FIELD = re.compile(rb"^(?:data|event|id|retry)(?::|$)|^:")


@dataclass(frozen=True)
class StreamRecord:
    """One event of the file: ``where`` it is, the SSE event name (None for NDJSON canonical lines and
    unnamed events) and its ``data`` text; ``problem`` instead when the line could not be read."""

    where: str
    event: str | None
    data: str
    problem: str | None = None


def looks_like_sse(data: bytes) -> bool:
    """Whether the first non-blank line is an SSE field (``data:``, ``event:``, ``id:``, ``retry:``) or an
    SSE comment (``:``), rather than a JSON line."""
    for line in data.split(b"\n"):
        if line.strip():
            return bool(_SSE_FIELD.match(line.lstrip(b"\xef\xbb\xbf").strip()))
    return False


def stream_records(data: bytes, label: str, canonical: bool) -> list[StreamRecord]:
    """The records of ``data`` (see the module's text); ``canonical``: NDJSON lines are ``StreamEvent``s."""
    if looks_like_sse(data):
        decoder = SseDecoder()
        pairs = decoder.feed_pairs(data) + decoder.flush_pairs()
        return [StreamRecord(f"{label}: event {n}", event, text) for n, (event, text) in enumerate(pairs, start=1)]
    records: list[StreamRecord] = []
    for number, line in ndjson_records(data):
        where = f"{label}:{number}"
        if canonical:
            records.append(StreamRecord(where, None, line.decode("utf-8", errors="replace")))
            continue
        try:
            item = parse(line, "provider stream line")
        except WireError as exc:
            records.append(StreamRecord(where, None, "", problem=str(exc)))
            continue
        if not isinstance(item, dict) or "data" not in item:
            shape = 'expected {"event": NAME or null, "data": TEXT or JSON}, or raw server-sent events'
            records.append(StreamRecord(where, None, "", problem=shape))
            continue
        payload = item["data"] if isinstance(item["data"], str) else json.dumps(item["data"])
        event = item.get("event")
        records.append(StreamRecord(where, event if isinstance(event, str) else None, payload))
    return records
