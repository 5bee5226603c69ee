"""Every stream the suite knows, and a digest of what the stream path makes of each, to hold a rewrite of
that path to exactly the old output.

The streams: each adapter's recorded fixtures (whole, and cut after half of their events), the ``stream``
lines of the shared adapter vectors (``conformance/cases/adapters/*.ndjson``), and the adapter gate's
generated responses (fixed seed) sent through the adapter's stream encoder, for every built-in adapter that
streams and every openai-compatible profile.

Each stream is read two ways: (1) its SSE events fed to a fresh ``StreamDecoder`` one by one, then the
fold; (2) its bytes (``wire.sse_bytes``) fed to ``EventPump`` in chunks of 1, 7 and 4096 bytes and one
chunk per event, as the clients do, and again with ``\\r\\n`` line ends, a byte-order mark, a comment and a
``data:`` without its space. The digest covers every canonical event (class, the members present, RFC 8785
form), the folded response or the error (type, message, partial message), so a change in any of them changes
the digest.
Hand-written hostile streams (wrong types, bad JSON, negative indices ...) hold the error paths.

``stream_golden.json`` holds, per stream, the digest of its input and of its output, written by the code
before the fast path (``python -m tests.streams.golden_cases --write``). An input digest that differs means
the inputs moved (a fixture or the gate's strategies changed), not the stream path.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

from hypothesis.internal.conjecture import providers
from msgspec import UNSET
from pydantic import MISSING

from tests.conftest import REPO_ROOT
from wirechat import ChatResponse, canonical
from wirechat.adapters import ConversionRefused, SseEvent, get
from wirechat.adapters.openai_compatible.profiles import PROFILES
from wirechat.stream import StreamError, events_from_response, fold
from wirechat.testing import gate_strategies
from wirechat.testing.fake_provider.wire import sse_bytes
from wirechat.testing.gate import _examples
from wirechat.transport.errors import APIError
from wirechat.transport.events import EventPump

GOLDEN = Path(__file__).with_name("stream_golden.json")
ADAPTERS = ["openai-chat", "anthropic", "openai-responses", "gemini", "go-model"] + [
    "openai-compatible" if name == "generic" else f"openai-compatible:{name}" for name in sorted(PROFILES)
]
GENERATED = 40  # gate responses per adapter (seed 0)
CHUNKS = (1, 7, 4096)

Case = tuple[str, str, list[SseEvent]]  # (name, adapter, provider events)


def _sse(raw: list[dict[str, Any]]) -> list[SseEvent]:
    return [SseEvent(e.get("event"), e["data"] if isinstance(e["data"], str) else json.dumps(e["data"])) for e in raw]


def _recorded(name: str) -> Iterator[Case]:
    folder = getattr(get(name), "fixtures_dir", None)
    if folder is None or not Path(folder).is_dir():
        return
    for path in sorted(Path(folder).glob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        if "events" not in case:
            continue
        events = _sse(case["events"])
        yield f"{name} recorded {path.name}", name, events
        yield f"{name} recorded {path.name} cut", name, events[: len(events) // 2]


GOLDEN_VECTOR_FILES = ("anthropic", "openai-chat")
"""The vector files whose streams join the golden: the two the golden was made with. Every other adapter's
stream vectors are held by ``tests/conformance/test_adapter_vectors.py`` (the files equal what the Python
adapters write), so reading all thirteen here repeated that work (the two golden tests went from about
6 s to 33 s)."""


def _vectors() -> Iterator[Case]:
    for stem in GOLDEN_VECTOR_FILES:
        path = REPO_ROOT / "conformance" / "cases" / "adapters" / f"{stem}.ndjson"
        name = stem
        for number, line in enumerate(path.read_text(encoding="utf-8").split("\n")):
            if line and '"kind": "stream"' in line:
                vector = json.loads(line)
                if vector.get("kind") == "stream":
                    yield f"{name} vector {number}", name, _sse(vector["events"])


def _no_constant(*_: object, **__: object) -> None:
    return None


def _generated(name: str) -> Iterator[Case]:
    adapter = get(name)
    # Hypothesis mixes in constants read from the local source files (and caches them across tests), so editing
    # any module, or running other tests first, would change the drawn streams; without them the draw is the seed's.
    with mock.patch.object(providers.HypothesisProvider, "_maybe_draw_constant", _no_constant):
        documents = _examples(gate_strategies.responses(adapter), 0, GENERATED)
    for number, document in enumerate(documents):
        try:
            body = adapter.encode_response(ChatResponse.model_validate(document), [])
            decoded = adapter.decode_response(json.loads(json.dumps(body)))
            encoder = adapter.stream_encoder()
            events = [sse for event in events_from_response(decoded, 3) for sse in encoder.feed(event)]
        except (ConversionRefused, ValueError):
            continue
        yield f"{name} generated {number}", name, events + encoder.close()


_CHAT = '{"id":"c","model":"m","choices":[{"index":0,"delta":%s,"finish_reason":%s}]}'
_HOSTILE: dict[str, list[list[tuple[str | None, str]]]] = {
    "openai-chat": [
        [(None, _CHAT % ('{"content":5}', "null")), (None, "[DONE]")],
        [(None, _CHAT % ('{"content":"a"}', "null")), (None, "{not json"), (None, "[DONE]")],
        [(None, _CHAT % ('{"tool_calls":[{"index":0,"function":{"name":"f","arguments":"{}"}}]}', "null"))],
        [
            (None, _CHAT % ('{"tool_calls":[{"index":0,"id":"a","function":{"name":"f","arguments":7}}]}', "null")),
            (None, _CHAT % ("{}", '"stop"')),
            (None, "[DONE]"),
        ],
        [(None, _CHAT % ('{"content":"a","refusal":""}', "null")), (None, _CHAT % ("{}", "5")), (None, "[DONE]")],
        [(None, _CHAT % ('{"content":"\\ud800x"}', "null")), (None, _CHAT % ("{}", '"weird"')), (None, "[DONE]")],
        [(None, "[1, 2]"), (None, "[DONE]")],
        [("ping", "{}"), (None, _CHAT % ('{"content":"a"}', '"stop"')), (None, " [DONE] ")],
        [(None, '{"choices":[{"index":1,"delta":{"content":"x"}}],"created":"x","usage":{"prompt_tokens":-1}}')],
        [
            (None, _CHAT % ('{"content":"a"}', "null")),
            (None, _CHAT % ('{"content":""}', "null")),
            (None, (_CHAT % ('{"content":"b"}', "null")).replace('"finish_reason"', '"logprobs":{"content":[]},"x"')),
            (None, _CHAT % ('{"content":"c"}', '"length"')),
            (None, _CHAT % ('{"content":"d"}', "null")),
            (
                None,
                '{"choices":[{"delta":{"content":"e"}},{"index":1,"delta":{"content":"f"}}],"system_fingerprint":"q"}',
            ),
            (
                None,
                '{"choices":[{"index":0,"delta":{"content":"g"}}],"usage":{"prompt_tokens":1,"completion_tokens":2}}',
            ),
            (None, "[DONE]"),
        ],
    ],
    "anthropic": [
        [("content_block_start", '{"type":"content_block_start","index":-1,"content_block":{"type":"text"}}')],
        [
            ("content_block_start", '{"type":"content_block_start","index":0,"content_block":{"type":"text"}}'),
            ("content_block_delta", '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":3}}'),
        ],
        [("content_block_start", '{"type":"content_block_start","index":"0","content_block":{"type":"text"}}')],
        [
            ("content_block_start", '{"type":"content_block_start","index":0,"content_block":{"type":"text"}}'),
            (
                "content_block_delta",
                '{"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"x"}}',
            ),
            ("message_stop", '{"type":"message_stop"}'),
        ],
        [
            ("content_block_start", '{"type":"content_block_start","index":0,"content_block":{"type":"thinking"}}'),
            (
                "content_block_delta",
                '{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":["x"]}}',
            ),
        ],
        [(None, "{oops")],
    ],
}


def _hostile() -> Iterator[Case]:
    for name, streams in _HOSTILE.items():
        for number, stream in enumerate(streams):
            yield f"{name} hostile {number}", name, [SseEvent(event, data) for event, data in stream]


@functools.cache
def cases() -> list[Case]:
    """Every stream, in a fixed order (drawn once per process: both golden tests read them, and the draws
    are half their time)."""
    found: list[Case] = []
    for name in ADAPTERS:
        found += _recorded(name)
    found += _vectors()
    found += _hostile()
    for name in ADAPTERS:
        found += _generated(name)
    return found


_ABSENT = (MISSING, UNSET)
"""What an absent member holds: pydantic's ``MISSING`` in a model, ``msgspec.UNSET`` in a Struct."""
_CHECK_MEMBERS = False
"""Set by ``--write``: every event's members present must be its ``model_fields_set`` less the tag (what the
digest read before, which held ``type`` only when an event was validated from a dict), so that the file
changes only where the old digest told how an event was built."""


def members(event: Any) -> list[str]:
    """The names of the members ``event`` holds (not absent), sorted, without its tag (``type``, which every
    event has): what a pydantic model's ``model_fields_set`` says of a validated event, read the same way
    from a msgspec Struct (whose tag is not a field)."""
    fields = getattr(type(event), "model_fields", None) or type(event).__struct_fields__
    return sorted(
        name for name in fields if name != "type" and all(getattr(event, name) is not absent for absent in _ABSENT)
    )


def _describe(event: Any) -> bytes:
    present = members(event)
    if _CHECK_MEMBERS:
        assert present == sorted(event.model_fields_set - {"type"}), (type(event).__name__, present)
    return b"%s %s %s\n" % (type(event).__name__.encode(), str(present).encode(), canonical(event))


def _failure(exc: BaseException) -> bytes:
    partial = getattr(exc, "partial", None)
    kept = b"" if partial is None else canonical(partial)
    return b"! %s %s %s\n" % (type(exc).__name__.encode(), str(exc).encode("utf-8", "backslashreplace"), kept)


def output(adapter_name: str, events: list[SseEvent]) -> bytes:
    """What the stream path makes of ``events``: the decoder's events and fold, then the pump's per chunking."""
    adapter = get(adapter_name)
    out = bytearray()
    decoder = adapter.stream_decoder()
    decoded: list[Any] = []
    try:
        for sse in events:
            decoded += decoder.feed(sse)
        decoded += decoder.close()
    except ValueError as exc:
        out += _failure(exc)
    for event in decoded:
        out += _describe(event)
    try:
        out += b"= " + canonical(fold(decoded)) + b"\n"
    except StreamError as exc:
        out += _failure(exc)
    raw = b"".join(sse_bytes((sse.event, sse.data)) for sse in events)
    crlf = b"\xef\xbb\xbf: a comment\r\n" + raw.replace(b"\n", b"\r\n").replace(b"data: ", b"data:", 1)
    per_event = [sse_bytes((sse.event, sse.data)) for sse in events]
    for size, body in [(size, raw) for size in CHUNKS] + [(1, crlf), (5, crlf), (4096, crlf), (0, raw)]:
        out += b"-- chunks of %d%s\n" % (size, b" crlf" if body is crlf else b"")
        pump = EventPump(adapter.stream_decoder())
        pieces = per_event if size == 0 else [body[start : start + size] for start in range(0, len(body), size)]
        try:
            for piece in pieces:
                for event in pump.feed(piece):
                    out += _describe(event)
            for event in pump.finish():
                out += _describe(event)
            out += b"= " + canonical(pump.response()) + b"\n"
        except APIError as exc:
            out += _failure(exc)
    return bytes(out)


def input_digest(events: list[SseEvent]) -> str:
    return hashlib.sha256(json.dumps([[e.event, e.data] for e in events]).encode()).hexdigest()[:20]


def digests() -> dict[str, list[str]]:
    """Per stream name: [input digest, output digest]."""
    return {
        name: [input_digest(events), hashlib.sha256(output(adapter, events)).hexdigest()[:20]]
        for name, adapter, events in cases()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true", help=f"write {GOLDEN.name} from the code as it is")
    parser.add_argument("--show", metavar="NAME", help="print the output of one stream")
    args = parser.parse_args()
    if args.show:
        match = [case for case in cases() if case[0] == args.show]
        print(output(match[0][1], match[0][2]).decode("utf-8", "backslashreplace") if match else "no such stream")
    elif args.write:
        global _CHECK_MEMBERS  # noqa: PLW0603 (the writer's own switch)
        _CHECK_MEMBERS = True
        GOLDEN.write_text(json.dumps(digests(), indent=0, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {GOLDEN}")


if __name__ == "__main__":
    main()
