"""``wirechat convert``: translate a request, a response or a stream between provider formats.

A format is an adapter name (``openai-chat``, ``anthropic``, ...) or ``wirechat`` (the canonical form).
Requests and responses are one JSON document; streams are NDJSON: for ``wirechat`` one ``StreamEvent``
per line, for a provider one server-sent event per line as ``{"event": NAME or null, "data": TEXT or
JSON}``. Warnings (degradations) go to stderr. Exit 0 converted, 1 refused or invalid input (with the
reason), 2 a usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from wirechat._generated.models import ChatRequest, ChatResponse, StreamEvent
from wirechat.adapters import Adapter, ConversionRefused, ConversionWarning, SseEvent, get, names
from wirechat.cli.input_files import ndjson_records, read_input
from wirechat.cli.usage_error import UsageError
from wirechat.codec import decode, encode
from wirechat.errors import WireError

__all__ = ["add_parser", "run"]

CANONICAL = "wirechat"
EPILOG = """\
examples:
  wirechat convert --from openai-chat --to anthropic --kind request body.json
  wirechat convert --from anthropic --to wirechat --kind response message.json
  wirechat convert --from anthropic --to openai-chat --kind stream events.ndjson

stream lines for a provider format: {"event": "content_block_delta", "data": {...}}
"""


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "convert",
        help="translate a request, response or stream between provider formats",
        description="Translate FILE from one format to another and print it. Formats: wirechat (canonical) or an "
        f"adapter name ({', '.join(names())}). Warnings go to stderr. Exit 0 converted, 1 refused or "
        "invalid input, 2 a usage error.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE", help="the input; - reads standard input")
    parser.add_argument("--from", dest="source", required=True, metavar="FORMAT", help="the input's format")
    parser.add_argument("--to", dest="target", required=True, metavar="FORMAT", help="the output's format")
    parser.add_argument("--kind", required=True, choices=("request", "response", "stream"), help="what FILE holds")
    parser.set_defaults(run=run)


def _adapter(name: str) -> Adapter | None:
    if name == CANONICAL:
        return None
    try:
        return get(name)
    except KeyError as exc:
        raise UsageError(f"{exc.args[0]} (or {CANONICAL})") from None


def _json(data: bytes, where: str) -> Any:
    try:
        return json.loads(data)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ValueError(f"{where}: not JSON ({exc})") from None


def _warn(warnings: list[ConversionWarning]) -> None:
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)


def _request(data: bytes, source: Adapter | None, target: Adapter | None) -> Any:
    warnings: list[ConversionWarning] = []
    if source is None:
        request = decode(data, ChatRequest)
    else:
        request, warnings = source.decode_request(_json(data, "input"))
    if target is None:
        _warn(warnings)
        return json.loads(encode(request))
    body, more = target.encode_request(request)
    _warn(warnings + more)
    return body


def _response(data: bytes, source: Adapter | None, target: Adapter | None) -> Any:
    response = decode(data, ChatResponse) if source is None else source.decode_response(_json(data, "input"))
    if target is None:
        return json.loads(encode(response))
    warnings: list[ConversionWarning] = []
    body = target.encode_response(response, warnings)
    _warn(warnings)
    return body


def _stream(data: bytes, source: Adapter | None, target: Adapter | None) -> list[Any]:
    events: list[Any] = []
    decoder = None if source is None else source.stream_decoder()
    for number, line in ndjson_records(data):
        if decoder is None:
            try:
                events.append(decode(line, StreamEvent))
            except WireError as exc:
                raise ValueError(f"line {number}: {exc}") from None
            continue
        item = _json(line, f"line {number}")
        if not isinstance(item, dict) or "data" not in item:
            raise ValueError(f'line {number}: expected {{"event": NAME or null, "data": TEXT or JSON}}')
        payload = item["data"] if isinstance(item["data"], str) else json.dumps(item["data"])
        events += decoder.feed(SseEvent(item.get("event"), payload))
    if decoder is not None:
        events += decoder.close()
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


def run(args: argparse.Namespace) -> int:
    source, target = _adapter(args.source), _adapter(args.target)
    data = read_input(args.file)
    try:
        if args.kind == "request":
            output: Any = _request(data, source, target)
        elif args.kind == "response":
            output = _response(data, source, target)
        else:
            output = _stream(data, source, target)
    except ConversionRefused as exc:
        print(f"wirechat: cannot convert to {args.target}: {exc}", file=sys.stderr)
        return 1
    except (WireError, ValueError) as exc:
        print(f"wirechat: invalid {args.source} {args.kind}: {exc}", file=sys.stderr)
        return 1
    if args.kind == "stream":
        for item in output:
            print(json.dumps(item, ensure_ascii=False))
    else:
        print(json.dumps(output, ensure_ascii=False, indent=2))
    return 0
