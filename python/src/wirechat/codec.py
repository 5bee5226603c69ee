"""Decode, encode and canonicalise wirechat documents.

With the native scanner (``wirechat_native``, ``native/``; ``WIRECHAT_NATIVE=0`` hides it), ``decode`` first
scans a text shorter than 4 KiB for every rule of spec section 2 and the variant's tag, then lets
pydantic-core parse and validate it in one ``validate_json`` call: 1.1-1.4x faster under 1 KiB.
Any refusal, by the scan or the models, runs the path below, so the problems are exactly that path's.

Otherwise (and for longer texts) ``decode`` parses with jiter (pydantic's own parser), which rejects
duplicate keys, lone surrogates, NaN/Infinity and trailing data at about the speed of orjson (when it
fails, ``wirechat._textfault`` reads the text once more to find the fault where spec section 5.1 puts it),
then validates the parsed value with the generated models (on long texts parsing first and calling
``validate_python`` measured faster than ``validate_json``).
Number-range rules that jiter does not apply (``1e400`` becomes ``inf``; integers above 2^53 are kept)
are enforced by the schema's bounds on typed fields and by ``wirechat._ijson`` inside free-form data.

``encode`` writes compact JSON with only the members that are set; ``canonical`` writes RFC 8785 bytes,
the form in which two documents are compared.
"""

from __future__ import annotations

import gc
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple, TypeVar, overload

import jiter
import rfc8785
from pydantic import BaseModel, ValidationError
from pydantic_core import PydanticSerializationError

from wirechat._canonical import canonical_bytes
from wirechat._fast_check import native_scan
from wirechat._ijson import deep_value_seen, reset_deep_value_watch, watch_for_deep_values
from wirechat._long_integers import restore, shorten
from wirechat._order import select_problems, too_many_problems
from wirechat._pointers import Candidate, candidates_from_validation_error, problem_from_candidate, required_tags
from wirechat._registry import name_of, serializer_for, validator_for
from wirechat._textfault import find_text_fault, may_be_too_deep, scan
from wirechat.errors import Problem, WireError, pointer_from_path

__all__ = ["canonical", "decode", "encode"]

T = TypeVar("T")

_native_scan: Callable[..., tuple[str, int] | None] | None = native_scan
"""``wirechat_native.scan`` (``native/``) when the module is there and ``WIRECHAT_NATIVE`` is not ``0``: loaded
once, by ``_fast_check``, for both engines (a module attribute here so tests and benches can hide it)."""
_SCAN_BELOW = 4096
"""Texts shorter than this (bytes) take the scan + ``validate_json`` path when the scanner is there. On
longer ones pydantic's model building dominates, jiter's own checks cost about what the scan costs, and
``validate_json`` parses long strings slower than jiter: measured break-even at 2-4 KiB, up to 1.4x slower
on a 32 KB text message (decision 022, "The checked engine on the scan")."""


_GC_PAUSE_FROM = _SCAN_BELOW
"""Texts of this many bytes or more are decoded with the cyclic GC paused: the objects a decode makes hold
no cycles, and the collections their allocation triggers walk every object made so far, which made decode
time per MB grow with size (issue 24: 3x at 100 MB) and, in a process holding a large heap, made refusing
10,000 bad parts spend 125 of its 173 ms collecting (the resource suite's many-bad-parts row measured 8x
per 4x input). From 4 KiB a decode costs tens of microseconds and the pause's two calls a tenth of one;
shorter texts take the scan path, which makes few objects (decision 031, addendum)."""


class _Plan(NamedTuple):
    """What ``decode`` and ``encode`` need of one wire type, looked up once (a name check, a validator and a
    serializer lookup, and the schema's required tags cost 1-2 us per call: as much as decoding a short
    message)."""

    type_: Any  # kept alive, so that the id it is filed under is never reused
    name: str
    validator: Any
    serializer: Any
    tags: tuple[str, ...]


_PLANS: dict[int, _Plan] = {}


def _plan(type_: Any) -> _Plan:
    """The plan of ``type_``; ``TypeError`` (``name_of``'s) for a type that is not a wire type. Filed by
    identity, as ``name_of`` judges: a type alias is an expression, and an equal one built elsewhere (the
    same ``Annotated[...]`` written again) is not the wire type."""
    plan = _PLANS.get(id(type_))
    if plan is not None and plan.type_ is type_:
        return plan
    name = name_of(type_)
    plan = _Plan(type_, name, validator_for(type_), serializer_for(type_), required_tags(name))
    _PLANS[id(type_)] = plan
    return plan


_LINE_COLUMN = re.compile(r"line (\d+) column (\d+)")
_BOM = b"\xef\xbb\xbf"


def _as_bytes(data: bytes | bytearray | memoryview | str) -> bytes:
    if isinstance(data, str):
        # A lone surrogate becomes the bytes ED A0..ED BF, which the UTF-8 check reports at its place.
        return data.encode("utf-8", "surrogatepass")
    if isinstance(data, (bytes, bytearray, memoryview)):
        return bytes(data)
    raise TypeError(f"decode() takes JSON text as bytes or str, not {type(data).__name__}")


def _text_fault_problem(raw: bytes, parser_error: ValueError | None) -> Problem | None:
    """The text fault of ``raw`` as a problem (spec section 5.1), located by one linear pass."""
    fault = find_text_fault(raw)
    if fault is not None:
        return Problem(fault.pointer, fault.message, fault.rule, fault.line, fault.column)
    if parser_error is None:
        return None
    if str(parser_error).startswith("number out of range"):
        # jiter holds integers of up to about 4,300 digits; a longer literal is well-formed JSON and breaks
        # rule 5 (an integer literal past 2^53-1): a value problem at the number, as in TypeScript and Go.
        return _oversized_number(raw, str(parser_error))
    # jiter refused a text the spec accepts: say so rather than hide it (the fuzz tests look for this).
    return Problem("", f"the parser refused the text: {parser_error}", "syntax", 1, 1)


def _long_integers_shortened(raw: bytes, parser_error: ValueError) -> tuple[bytes, dict[str, int]] | None:
    """The text with its too-long integer literals shortened, when they are why jiter refused it."""
    if not str(parser_error).startswith("number out of range") or find_text_fault(raw) is not None:
        return None
    return shorten(raw)


def _oversized_number(raw: bytes, reason: str) -> Problem:
    text = raw.decode("utf-8")
    found = _LINE_COLUMN.search(reason)
    line, column = (int(found.group(1)), int(found.group(2))) if found else (1, 1)
    lines = text.split("\n", line - 1)
    offset = sum(len(piece) + 1 for piece in lines[:-1]) + column - 1
    starts: list[tuple[int, str]] = []
    scan(text, lambda start, path: starts.append((start, pointer_from_path(path))))
    pointer = max((entry for entry in starts if entry[0] <= offset), default=(0, ""))[1]
    return Problem(pointer, "an integer literal too long for any double, outside +/-(2^53-1)", "unsafe-integer")


def _raw(data: bytes | bytearray | memoryview | str, type_name: str, max_bytes: int | None) -> bytes:
    raw = _as_bytes(data)
    if max_bytes is not None and len(raw) > max_bytes:
        message = f"the document is {len(raw)} bytes, more than the limit of {max_bytes} bytes"
        raise WireError([Problem("", message, "too-large")], type_name or None)
    return raw


def _parsed(raw: bytes, type_name: str) -> Any:
    """jiter's value of ``raw``, or ``WireError`` with its text fault. Nesting is checked up to 201 levels
    only: jiter lets a 201st level through when it is an empty array or object (see ``_check_depth``)."""
    if raw.startswith(_BOM):
        raise _text_error(raw, None, type_name)
    try:
        return jiter.from_json(raw, allow_inf_nan=False, catch_duplicate_keys=True)
    except ValueError as exc:
        raise _text_error(raw, exc, type_name) from None


def _text_error(raw: bytes, parser_error: ValueError | None, type_name: str) -> WireError:
    """The error for a text jiter refused (or that starts with a byte order mark)."""
    problem = _text_fault_problem(raw, parser_error)
    assert problem is not None
    return WireError([problem], type_name or None)


def _check_depth(raw: bytes, type_name: str) -> None:
    """Raise the ``depth`` fault of a text jiter accepted with a 201st level (spec section 2, rule 6)."""
    if may_be_too_deep(raw):
        problem = _text_fault_problem(raw, None)
        if problem is not None:
            raise WireError([problem], type_name or None)


def parse(data: bytes | bytearray | memoryview | str, type_name: str = "", *, max_bytes: int | None = None) -> Any:
    """Parse I-JSON text into plain Python values, without checking any schema.

    ``max_bytes`` rejects a longer text before parsing it (rule ``too-large``); there is no limit unless
    one is given. Raises ``WireError`` with the one text fault (spec section 5.1) when the text is broken.
    """
    raw = _raw(data, type_name, max_bytes)
    value = _parsed(raw, type_name)
    _check_depth(raw, type_name)
    return value


@overload
def decode(data: bytes | bytearray | memoryview | str, type_: type[T], *, max_bytes: int | None = None) -> T: ...
@overload
def decode(data: bytes | bytearray | memoryview | str, type_: Any, *, max_bytes: int | None = None) -> Any: ...
def decode(data: bytes | bytearray | memoryview | str, type_: Any, *, max_bytes: int | None = None) -> Any:
    """Parse ``data`` as a document of ``type_`` (``wirechat.Message``, ``wirechat.Part`` ...).

    Raises ``WireError`` listing the problems as JSON pointers and messages, in the order of spec section
    5.2 (at most 100, then one saying how many more): the one text fault when the text is broken, else
    every schema and number problem. ``max_bytes`` rejects a longer text before parsing (``too-large``).
    """
    plan = _plan(type_)
    type_name = plan.name
    # ``_raw`` and ``_parsed`` inlined for the common case (bytes, no limit): a short message's decode is a
    # few microseconds, of which each call layer took a tenth
    raw = data if type(data) is bytes and max_bytes is None else _raw(data, type_name, max_bytes)
    paused = len(raw) >= _GC_PAUSE_FROM and gc.isenabled()
    if paused:
        gc.disable()
    try:
        native_scan = _native_scan
        if (
            native_scan is not None
            and len(raw) < _SCAN_BELOW
            and (native_scan(raw, plan.tags) if plan.tags else native_scan(raw)) is None
        ):
            # The scan applied every rule of spec section 2 and found the variant's tag: pydantic-core parses
            # and validates the text in one step. A refusal is left to the path below, which finds the problems.
            try:
                return plan.validator.validate_json(raw)
            except ValidationError:
                pass
        if raw.startswith(_BOM):
            raise _text_error(raw, None, type_name)
        try:
            value = jiter.from_json(raw, allow_inf_nan=False, catch_duplicate_keys=True)
        except ValueError as exc:
            shortened = _long_integers_shortened(raw, exc)
            if shortened is None:
                raise _text_error(raw, exc, type_name) from None
            try:  # the other problems too, not the long literal's alone (spec section 5)
                decode(shortened[0], type_)
            except WireError as error:
                raise restore(error, shortened[1]) from None
            raise _text_error(raw, exc, type_name) from None  # not reached: a stand-in breaks rule 5
        missing_tags: list[Candidate] = (
            [(f"/{tag}", "required", "required member is missing") for tag in plan.tags if tag not in value]
            if plan.tags and isinstance(value, dict)
            else []
        )
        # The typed structure is shallow: a text nests 201 levels only inside free-form data (which notes a
        # deep value as it is checked) or where the schema fails. Only then is the text's depth measured.
        watch = watch_for_deep_values()
        try:
            decoded = plan.validator.validate_python(value)
        except ValidationError as exc:
            _check_depth(raw, type_name)
            with _collector_paused():
                candidates = [*missing_tags, *candidates_from_validation_error(type_name, exc)]
            raise _schema_error(candidates, type_name) from None
        finally:
            deep = deep_value_seen()
            reset_deep_value_watch(watch)
        if deep or missing_tags:
            _check_depth(raw, type_name)
        if missing_tags:
            raise _schema_error(missing_tags, type_name)
        return decoded
    finally:
        if paused:
            gc.enable()


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a million error records are made: they hold no cycles,
    and the collections their allocation triggers measured 40% of the time for a million problems."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _schema_error(candidates: list[Candidate], type_name: str) -> WireError:
    """The error for schema and number problems: the first 100 in the spec's order (section 5.2), then one
    saying how many more. Messages are written for the problems reported only."""
    first, more = select_problems(candidates)
    problems = [problem_from_candidate(candidate) for candidate in first]
    return WireError(problems + ([too_many_problems(more)] if more else []), type_name)


def encode(obj: Any, type_: Any = None) -> bytes:
    """Compact JSON bytes of a wire object, with only the members that are set.

    ``obj`` is a model (``Message``, ``TextPart`` ...); a value of a type that is not a model class (a
    ``Role`` string, an ``Embedding`` list, ``ProviderMetadata``) needs its type: ``encode(v, wirechat.Role)``.
    """
    if type_ is None:
        if not isinstance(obj, BaseModel):
            raise TypeError(f"encode() needs type_= for a {type(obj).__name__}; models such as Message need none")
        serializer = obj.__pydantic_serializer__
    else:
        serializer = _plan(type_).serializer
    try:
        return bytes(serializer.to_json(obj, by_alias=True, warnings="error"))
    except PydanticSerializationError as exc:
        type_name = type(obj).__name__ if type_ is None else _plan(type_).name
        raise WireError([Problem("", f"cannot encode: {exc}", "json-value")], type_name) from None


def canonical(obj: BaseModel | Any) -> bytes:
    """RFC 8785 (JCS) bytes of a wire object or of a plain JSON value: the form documents are compared in."""
    # the serializer's own call: ``model_dump``'s wrapper costs as much again on a short message
    value = obj
    if isinstance(obj, BaseModel):
        value = obj.__pydantic_serializer__.to_python(obj, mode="json", by_alias=True)
    try:
        return canonical_bytes(value)
    except rfc8785.CanonicalizationError as exc:
        raise WireError([Problem("", f"cannot canonicalise: {exc}", "json-value")]) from None
