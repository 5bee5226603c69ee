"""``wirechat convert``: translate a request, a response or a stream between provider formats.

A format is an adapter name (``openai-chat``, ``anthropic``, ...) or ``wirechat`` (the canonical form).
Requests and responses are one JSON document; streams are NDJSON (for ``wirechat`` one ``StreamEvent``
per line, for a provider one server-sent event per line as ``{"event": NAME or null, "data": TEXT or
JSON}``) or the raw server-sent events a provider sends (``wirechat.cli.stream_input``).
Warnings (degradations, members a format does not map, parameters the target does not take) go to stderr,
and with ``--strict`` any warning fails the conversion. Exit 0 converted, 1 refused, lossy under
``--strict``, or invalid input (with the reason), 2 a usage error.

Nothing is lost without a word: provider JSON is read as I-JSON (duplicate keys, depth, numbers: a
``WireError`` naming where), a member the source format does not map is a warning naming its pointer, the
source's own parameters that the target cannot take are named, and an empty or cut stream (a provider's
without its terminal event, a canonical one without ``finish`` or ``error``) is an error. Problems name the
file (``FILE:LINE`` for a stream), and every bad line of a stream is reported, not only the first.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from pydantic import MISSING

from wirechat._generated.models import ChatRequest, ChatResponse, ErrorEvent, StreamEvent
from wirechat.adapters import Adapter, ConversionRefused, ConversionWarning, SseEvent, get, names
from wirechat.cli.input_files import read_input
from wirechat.cli.stream_input import stream_records
from wirechat.cli.usage_error import UsageError
from wirechat.codec import decode, encode, parse
from wirechat.errors import WireError
from wirechat.exchange import UNREADABLE

__all__ = ["add_parser", "run"]

CANONICAL = "wirechat"
EPILOG = """\
examples:
  wirechat convert --from openai-chat --to anthropic --kind request body.json
  wirechat convert --from anthropic --to wirechat --kind response message.json
  wirechat convert --from anthropic --to openai-chat --kind stream events.ndjson
  wirechat convert --strict --from openai-chat --to anthropic --kind request body.json   # fail on any loss
  wirechat convert --from openai-compatible --profile deepseek --to wirechat --kind response reply.json
  wirechat convert --from openai-compatible:ollama --to openai-compatible:groq --kind request body.json

stream lines for a provider format: {"event": "content_block_delta", "data": {...}}, or the raw
server-sent events (event: ... / data: ... blocks) as captured from the provider
"""


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "convert",
        help="translate a request, response or stream between provider formats",
        description="Translate FILE from one format to another and print it. Formats: wirechat (canonical) or an "
        f"adapter name ({', '.join(names())}). Warnings go to stderr. Exit 0 converted, 1 refused, lossy under "
        "--strict, or invalid input, 2 a usage error.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE", help="the input; - reads standard input")
    parser.add_argument("--from", dest="source", required=True, metavar="FORMAT", help="the input's format")
    parser.add_argument("--to", dest="target", required=True, metavar="FORMAT", help="the output's format")
    parser.add_argument("--kind", required=True, choices=("request", "response", "stream"), help="what FILE holds")
    parser.add_argument("--strict", action="store_true", help="fail (exit 1) on any warning instead of converting")
    parser.add_argument("--profile", metavar="NAME", help="the profile of a format that has them, on whichever "
                        "side names it (openai-compatible + deepseek = openai-compatible:deepseek)")  # fmt: skip
    parser.set_defaults(run=run)


class LossError(ValueError):
    """``--strict`` and the conversion warned."""


def _adapter(name: str) -> Adapter | None:
    if name == CANONICAL:
        return None
    try:
        return get(name)
    except KeyError as exc:
        raise UsageError(f"{exc.args[0]} (or {CANONICAL})") from None


def _json(data: bytes) -> Any:
    """Provider JSON read as I-JSON (the same rules as wirechat documents: no duplicate keys, bounded depth)."""
    return parse(data, "provider document")


def _warn(warnings: list[ConversionWarning], strict: bool = False) -> None:
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)
    if strict and warnings:
        raise LossError(f"{len(warnings)} warning(s) under --strict; nothing was written")


def _foreign_options(request: ChatRequest, source: Adapter, target: Adapter) -> list[ConversionWarning]:
    """The source's own parameters (kept in ``provider_options[source]``) that the target will not send."""
    if source.name == target.name or request.provider_options is MISSING:
        return []
    own = request.provider_options.get(source.name) or {}
    return [
        ConversionWarning(
            "provider_options.foreign",
            f"/provider_options/{source.name}/{key}: a {source.name} parameter {target.name} does not take: not sent",
        )
        for key in own
    ]


def _request(data: bytes, source: Adapter | None, target: Adapter | None, strict: bool) -> Any:
    warnings: list[ConversionWarning] = []
    if source is None:
        request = decode(data, ChatRequest)
    else:
        request, warnings = source.decode_request(_json(data))
    if target is None:
        _warn(warnings, strict)
        return json.loads(encode(request))
    body, more = target.encode_request(request)
    if source is not None:
        more += _foreign_options(request, source, target)
    _warn(warnings + more, strict)
    return body


def _response(data: bytes, source: Adapter | None, target: Adapter | None, strict: bool) -> Any:
    warnings: list[ConversionWarning] = []
    response = decode(data, ChatResponse) if source is None else source.decode_response(_json(data), warnings)
    if target is None:
        _warn(warnings, strict)
        return json.loads(encode(response))
    body = target.encode_response(response, warnings)
    _warn(warnings, strict)
    return body


MAX_PROBLEMS = 100
_TERMINAL = ("finish", "error")


def _stream(data: bytes, label: str, source: Adapter | None, target: Adapter | None, strict: bool) -> list[Any]:
    events: list[Any] = []
    decoder = None if source is None else source.stream_decoder()
    records = stream_records(data, label, canonical=source is None)
    if not records:
        raise ValueError("the input holds no stream events (an empty stream is not a stream)")
    problems: list[str] = []
    for record in records[: MAX_PROBLEMS * 10]:
        try:
            if record.problem is not None:
                raise ValueError(record.problem)
            if decoder is None:
                events.append(decode(record.data, StreamEvent))
            else:
                events += decoder.feed(SseEvent(record.event, record.data))
        except UNREADABLE as exc:  # WireError is a ValueError; a walk meeting a wrong type raises the others
            problems.append(f"{record.where}: {exc if isinstance(exc, ValueError) else f'{type(exc).__name__}: {exc}'}")
            if len(problems) == MAX_PROBLEMS:
                break
    if problems:
        raise ValueError(f"{len(problems)} bad event(s):\n" + "\n".join(f"  {problem}" for problem in problems))
    if decoder is not None:
        closing = decoder.close()
        cut = [event for event in closing if isinstance(event, ErrorEvent)]
        if cut:  # the decoder's own verdict that the provider's stream ended before its terminal event
            raise ValueError(f"the stream was cut before its end ({cut[0].error.message}); nothing was written")
        events += closing
        _warn(decoder.warnings, strict)
    elif events[-1].type not in _TERMINAL:  # a provider encoder would end it with an invented error event
        raise ValueError(
            f"the stream was cut before its end: its last event ({records[-1].where}) is {events[-1].type}, "
            "not finish or error; nothing was written"
        )
    if target is None:
        return [json.loads(encode(event)) for event in events]
    encoder = target.stream_encoder()
    out = [sse for event in events for sse in encoder.feed(event)] + encoder.close()
    return [{"event": sse.event, "data": _data(sse.data)} for sse in out]


def _data(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def _with_profile(source: str, target: str, profile: str | None) -> tuple[str, str]:
    """The formats with ``--profile`` applied to each side that has such a profile (a usage error if none)."""
    if profile is None:
        return source, target
    known = set(names())
    sides = [f"{name}:{profile}" if f"{name}:{profile}" in known else name for name in (source, target)]
    if sides == [source, target]:
        families = sorted({n.partition(":")[0] for n in known if ":" in n})
        raise UsageError(f"--profile {profile!r}: neither --from nor --to has it (formats with profiles: "
                         f"{', '.join(families)}; their profiles: see wirechat convert --help)")  # fmt: skip
    return sides[0], sides[1]


def run(args: argparse.Namespace) -> int:
    args.source, args.target = _with_profile(args.source, args.target, getattr(args, "profile", None))
    source, target = _adapter(args.source), _adapter(args.target)
    data = read_input(args.file)
    label = "<stdin>" if args.file == "-" else args.file
    try:
        if args.kind == "request":
            output: Any = _request(data, source, target, args.strict)
        elif args.kind == "response":
            output = _response(data, source, target, args.strict)
        else:
            output = _stream(data, label, source, target, args.strict)
    except ConversionRefused as exc:
        print(f"wirechat: cannot convert to {args.target}: {exc}", file=sys.stderr)
        return 1
    except LossError as exc:
        print(f"wirechat: {exc}", file=sys.stderr)
        return 1
    except (WireError, ValueError) as exc:
        print(f"wirechat: {label}: invalid {args.source} {args.kind}: {exc}", file=sys.stderr)
        return 1
    if args.kind == "stream":
        for item in output:
            print(json.dumps(item, ensure_ascii=False))
    else:
        print(json.dumps(output, ensure_ascii=False, indent=2))
    return 0
