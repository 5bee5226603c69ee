"""``wirechat validate``: check JSON or NDJSON documents against a wire type.

Prints one line per problem, ``FILE:LINE: /pointer: message``, and a summary on stderr. The type comes
from ``--type``, or else from the path when it names one (``examples/Message/...``, ``chat_request.json``).
An invalid request or response that a provider adapter reads (an OpenAI-shaped body) gets a hint on stderr:
the ``wirechat convert --from ADAPTER`` command that turns it into wirechat.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wirechat._locate import lines_of_pointers
from wirechat._registry import type_by_name, type_names
from wirechat.adapters import get
from wirechat.cli.input_files import ndjson_records, read_input
from wirechat.cli.usage_error import UsageError
from wirechat.codec import decode
from wirechat.errors import WireError

NDJSON_SUFFIXES = (".ndjson", ".jsonl")
DEFAULT_MAX_BYTES = 64 * 1024 * 1024  # spec section 5.3: the command line's limit


@dataclass
class Tally:
    documents: int = 0
    invalid: int = 0


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "validate",
        help="check JSON or NDJSON documents against a wire type",
        description="Check each FILE (JSON, or NDJSON with one document per line) against a wire type. "
        "Prints FILE:LINE: /pointer: message for every problem. Exit 0 when all are valid, 1 when any is not, "
        "2 for a usage error.",
        epilog="types: " + ", ".join(type_names()),
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="a file to check; - reads standard input")
    parser.add_argument(
        "--type", "-t", dest="type_name", metavar="NAME", help="the wire type, such as Message or ChatRequest"
    )
    parser.add_argument(
        "--format", choices=("auto", "json", "ndjson"), default="auto",
        help="auto (the default): NDJSON for .ndjson and .jsonl files, JSON otherwise",
    )  # fmt: skip
    parser.add_argument(
        "--max-bytes", type=_byte_count, default=DEFAULT_MAX_BYTES, metavar="N",
        help="reject a document longer than N bytes before parsing it (rule too-large); default 64 MiB, 0 for none",
    )  # fmt: skip
    parser.set_defaults(run=run)


def _byte_count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--max-bytes takes a whole number of bytes, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"--max-bytes takes a number of bytes >= 0, not {value}")
    return value


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _type_from_path(path: str) -> str | None:
    candidates = Path(path).parts[:-1][::-1]
    for part in candidates:
        if part in type_names():
            return part
    stem = Path(path).name.split(".")[0]
    by_snake = {_snake(name): name for name in type_names()}
    return by_snake.get(stem)


def _report(
    label: str, document: bytes, error: WireError, first_line: int, is_json_file: bool, *, within: str = ""
) -> None:
    """One line per problem, ``FILE:LINE: /pointer: message``; ``within`` is the pointer of the checked
    document inside the file (``/document`` for a schema example), so lines point into the file."""
    lines: dict[str, int] = {}
    unplaced = [problem.pointer for problem in error.problems if problem.line is None]
    if is_json_file and unplaced and error.problems[0].rule != "too-large":
        located = lines_of_pointers(document.decode("utf-8", errors="replace"), [within + p for p in unplaced])
        lines = {pointer[len(within) :]: line for pointer, line in located.items()}
    for problem in error.problems:
        if not is_json_file:
            line = first_line
        elif problem.line is not None:
            line = first_line + problem.line - 1
        else:
            line = first_line + lines.get(problem.pointer, 1) - 1
        print(f"{label}:{line}: {problem}")


_EXAMPLE_WRAPPER = {"reason", "pointer", "document"}


def _invalid_example(path: str, data: bytes) -> tuple[bytes, str] | None:
    """The document of a schema example of an invalid document (``examples/<Type>/invalid/*.json`` holds
    ``{"reason", "pointer", "document"}``) and its reason; None for any other file."""
    if Path(path).parent.name != "invalid" or Path(path).parent.parent.parent.name != "examples":
        return None
    try:
        wrapper = json.loads(data)
    except ValueError:
        return None
    if not isinstance(wrapper, dict) or set(wrapper) != _EXAMPLE_WRAPPER:
        return None
    return json.dumps(wrapper["document"], ensure_ascii=False).encode(), str(wrapper["reason"])


def _check_file(path: str, type_: Any, fmt: str, max_bytes: int | None, tally: Tally) -> None:
    data = read_input(path)
    label = "<stdin>" if path == "-" else path
    example = None if path == "-" else _invalid_example(path, data)
    if example is not None:  # the document inside the wrapper is what the example is about
        document, reason = example
        print(f"{label}: an example of an invalid document ({reason}); checking its document", file=sys.stderr)
        tally.documents += 1
        try:
            decode(document, type_, max_bytes=max_bytes)
        except WireError as exc:
            tally.invalid += 1
            _report(label, data, exc, 1, is_json_file=True, within="/document")
        return
    ndjson = fmt == "ndjson" or (fmt == "auto" and path.endswith(NDJSON_SUFFIXES))
    documents = ndjson_records(data) if ndjson else [(1, data)]
    for line_number, document in documents:
        tally.documents += 1
        try:
            decode(document, type_, max_bytes=max_bytes)
        except WireError as exc:
            tally.invalid += 1
            _report(label, document, exc, line_number, is_json_file=not ndjson)
            _hint_provider_shape(label, document, type_.__name__)


_CONVERTIBLE = {"ChatRequest": ("request", "decode_request"), "ChatResponse": ("response", "decode_response")}


def _hint_provider_shape(label: str, document: bytes, type_name: str) -> None:
    """On stderr, the convert command for a document that is not wirechat but a provider's body that an
    adapter reads without complaint (profiles and look-alike adapters left out: the first that reads it)."""
    if type_name not in _CONVERTIBLE:
        return
    kind, method = _CONVERTIBLE[type_name]
    try:
        body = json.loads(document)
    except ValueError:
        return
    if not isinstance(body, dict):
        return
    for name in ("openai-chat", "anthropic", "gemini", "openai-responses"):
        try:
            getattr(get(name), method)(body)
        except Exception:  # not this adapter's shape: try the next
            continue
        print(
            f"{label}: hint: not a wirechat {type_name}, but the {name} adapter reads it as a {kind}; to convert it: "
            f"wirechat convert --from {name} --to wirechat --kind {kind} {label}",
            file=sys.stderr,
        )
        return


def run(args: argparse.Namespace) -> int:
    explicit = None
    if args.type_name is not None:
        try:
            explicit = type_by_name(args.type_name)
        except KeyError as exc:
            raise UsageError(str(exc.args[0])) from None
    tally = Tally()
    for path in args.files:
        type_ = explicit
        if type_ is None:
            inferred = None if path == "-" else _type_from_path(path)
            if inferred is None:
                raise UsageError(
                    f"cannot tell which type {path} holds; pass --type NAME (see wirechat validate --help)"
                )
            type_ = type_by_name(inferred)
        _check_file(path, type_, args.format, args.max_bytes or None, tally)
    valid = tally.documents - tally.invalid
    print(f"{tally.documents} document(s): {valid} valid, {tally.invalid} invalid", file=sys.stderr)
    return 1 if tally.invalid else 0
