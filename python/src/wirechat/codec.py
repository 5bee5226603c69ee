"""Decode, encode and canonicalise wirechat documents, into either kind of wire type.

The schema's types exist twice, generated from ``schema/v1``: as msgspec Structs (``wirechat.fast.Message``
..., ``wirechat._fast_generated``) and as pydantic models (``wirechat.Message`` ..., ``wirechat._generated``).
``decode``, ``encode`` and ``canonical`` take either (decision 027, step 3); ``wirechat.fast`` forwards here.

Struct types (the engine's path): with the native module (``wirechat_native``, ``native/``), one scan of
the text applies every rule of spec section 2 and the variant's tag without building objects, then a
``msgspec.json.Decoder`` cached per type builds the Structs and checks the schema; without it (or with
``WIRECHAT_NATIVE=0``), ``wirechat._pure`` does the same in Python. Either decides only *whether* the
document is valid: on a refusal the problems come from ``wirechat._report``.

Model types: a text shorter than 4 KiB is scanned and handed to pydantic-core's ``validate_json`` (1.1-1.4x
faster under 1 KiB); longer texts, and any refusal, take ``wirechat._report.checked_decode``: jiter
parses (pydantic's own parser, about the speed of orjson, with the text rules), the models validate
(on long texts faster than ``validate_json``), and the number rules jiter does not apply (``1e400``, integers
above 2^53) are enforced by the schema's bounds and ``wirechat._ijson`` inside free-form data.

``encode`` writes compact JSON with only the members that are set (a Struct is checked first: msgspec checks
nothing when one is built); ``canonical`` writes RFC 8785 bytes, the form in which two documents are
compared.
"""

from __future__ import annotations

import gc
from functools import cache
from typing import Any, NamedTuple, TypeVar, overload

import jiter
import msgspec
import rfc8785
from pydantic import BaseModel, ValidationError
from pydantic_core import PydanticSerializationError

# submodules, read at each call (the native switch): not names imported from the package root
import wirechat._fast_check as _fast_check  # noqa: PLR0402
import wirechat._pure as _pure  # noqa: PLR0402
import wirechat._report as _report  # noqa: PLR0402
from wirechat._canonical import canonical_bytes
from wirechat._ijson import _is_clean, deep_value_seen, find_fault, reset_deep_value_watch, watch_for_deep_values
from wirechat._pointers import required_tags
from wirechat._registry import name_of as model_name_of
from wirechat._registry import serializer_for, validator_for
from wirechat.errors import Problem, WireError, pointer_from_path

__all__ = ["canonical", "decode", "encode"]

T = TypeVar("T")

_SCAN_BELOW = 4096
"""Texts shorter than this (bytes) take the scan + ``validate_json`` path for a model type when the scanner
is there. On longer ones pydantic's model building dominates, jiter's own checks cost about what the scan
costs, and ``validate_json`` parses long strings slower than jiter: measured break-even at 2-4 KiB, up to
1.4x slower on a 32 KB text message (decision 022, "The checked engine on the scan")."""


_GC_PAUSE_FROM = _SCAN_BELOW
"""Texts of this many bytes or more are decoded with the cyclic GC paused: the objects a decode makes hold
no cycles, and the collections their allocation triggers walk every object made so far, which made decode
time per MB grow with size (issue 24: 3x at 100 MB) and, in a process holding a large heap, made refusing
10,000 bad parts spend 125 of its 173 ms collecting (the resource suite's many-bad-parts row measured 8x
per 4x input). From 4 KiB a decode costs tens of microseconds and the pause's two calls a tenth of one;
shorter texts take the scan path, which makes few objects (decision 031, addendum)."""

_encoder = msgspec.json.Encoder()
_msgpack = msgspec.msgpack.Encoder()


class _Plan(NamedTuple):
    """What ``decode`` and ``encode`` need of one wire type, looked up once (a name check, a validator and a
    serializer lookup, and the schema's required tags cost 1-2 us per call: as much as decoding a short
    message). A Struct type has a ``decoder`` and no validator or serializer; a model type the reverse."""

    type_: Any  # kept alive, so that the id it is filed under is never reused
    name: str
    validator: Any
    serializer: Any
    tags: tuple[str, ...]
    decoder: msgspec.json.Decoder[Any] | None


_PLANS: dict[int, _Plan] = {}


def _plan(type_: Any) -> _Plan:
    """The plan of ``type_``; ``TypeError`` for a type that is not a wire type of either kind. Filed by
    identity, as ``name_of`` judges: a type alias is an expression, and an equal one built elsewhere (the
    same ``Annotated[...]`` written again) is not the wire type."""
    plan = _PLANS.get(id(type_))
    if plan is not None and plan.type_ is type_:
        return plan
    name = struct_name_of(type_)
    if name is not None:
        plan = _Plan(type_, name, None, None, required_tags(name), msgspec.json.Decoder(type_))
    else:
        name = model_name_of(type_)
        plan = _Plan(type_, name, validator_for(type_), serializer_for(type_), required_tags(name), None)
    _PLANS[id(type_)] = plan
    return plan


@cache
def _struct_names() -> dict[int, str]:
    from wirechat._fast_generated import structs  # noqa: PLC0415 (only for who uses Struct types)

    return {id(getattr(structs, name)): name for name in structs.__all__}


def struct_name_of(type_: Any) -> str | None:
    """The schema name of a Struct type (``fast.Message`` -> ``"Message"``, ``fast.Part`` -> ``"Part"``), or
    None when ``type_`` is not one."""
    found = _struct_names().get(id(type_))
    if found is None:
        metadata = getattr(type_, "__metadata__", ())
        found = next((item for item in metadata if isinstance(item, _fast_check.WireName)), None)
    return None if found is None else str(found)


def _as_bytes(data: bytes | bytearray | memoryview | str) -> bytes:
    if isinstance(data, str):
        # A lone surrogate becomes the bytes ED A0..ED BF, which the UTF-8 check reports at its place.
        return data.encode("utf-8", "surrogatepass")
    if isinstance(data, (bytes, bytearray, memoryview)):
        return bytes(data)
    raise TypeError(f"decode() takes JSON text as bytes or str, not {type(data).__name__}")


def _raw(data: bytes | bytearray | memoryview | str, type_name: str, max_bytes: int | None) -> bytes:
    raw = _as_bytes(data)
    if max_bytes is not None and len(raw) > max_bytes:
        message = f"the document is {len(raw)} bytes, more than the limit of {max_bytes} bytes"
        raise WireError([Problem("", message, "too-large")], type_name or None)
    return raw


def parse(data: bytes | bytearray | memoryview | str, type_name: str = "", *, max_bytes: int | None = None) -> Any:
    """Parse I-JSON text into plain Python values, without checking any schema.

    ``max_bytes`` rejects a longer text before parsing it (rule ``too-large``); there is no limit unless
    one is given. Raises ``WireError`` with the one text fault (spec section 5.1) when the text is broken.
    Nesting is checked up to 201 levels only: jiter lets a 201st level through when it is an empty array
    or object (``_report.check_depth``).
    """
    raw = _raw(data, type_name, max_bytes)
    if raw.startswith(_report.BOM):
        raise _report.text_error(raw, None, type_name)
    try:
        value = jiter.from_json(raw, allow_inf_nan=False, catch_duplicate_keys=True)
    except ValueError as exc:
        raise _report.text_error(raw, exc, type_name) from None
    _report.check_depth(raw, type_name)
    return value


@overload
def decode(data: bytes | bytearray | memoryview | str, type_: type[T], *, max_bytes: int | None = None) -> T: ...
@overload
def decode(data: bytes | bytearray | memoryview | str, type_: Any, *, max_bytes: int | None = None) -> Any: ...
def decode(data: bytes | bytearray | memoryview | str, type_: Any, *, max_bytes: int | None = None) -> Any:
    """Parse ``data`` as a document of ``type_``: a model type (``wirechat.Message``, ``wirechat.Part`` ...)
    or a Struct type (``wirechat.fast.Message`` ...).

    Raises ``WireError`` listing the problems as JSON pointers and messages, in the order of spec section
    5.2 (at most 100, then one saying how many more): the one text fault when the text is broken, else
    every schema and number problem. ``max_bytes`` rejects a longer text before parsing (``too-large``).
    """
    plan = _plan(type_)
    # ``_raw`` inlined for the common case (bytes, no limit): a short message's decode is a few microseconds,
    # of which each call layer took a tenth
    raw = data if type(data) is bytes and max_bytes is None else _raw(data, plan.name, max_bytes)
    paused = len(raw) >= _GC_PAUSE_FROM and gc.isenabled()
    if paused:
        gc.disable()
    try:
        scan = _fast_check.native_scan
        decoder = plan.decoder
        if decoder is not None:
            if scan is None:
                return _pure.decode(raw, plan.name, type_, plan.tags)
            fault = scan(raw, plan.tags) if plan.tags else scan(raw)
            if fault is not None:
                _report.refused(raw, plan.name, f"{fault[0]} at byte {fault[1]}")
            try:
                return decoder.decode(raw)
            except (msgspec.ValidationError, msgspec.DecodeError) as exc:
                reason = str(exc)
            _report.refused(raw, plan.name, reason)
        if scan is not None and len(raw) < _SCAN_BELOW and (scan(raw, plan.tags) if plan.tags else scan(raw)) is None:
            # The scan applied every rule of spec section 2 and found the variant's tag: pydantic-core parses
            # and validates the text in one step. A refusal is left to the checked reading, which finds the
            # problems.
            try:
                return plan.validator.validate_json(raw)
            except ValidationError:
                pass
        return _report.checked_decode(raw, plan.validator, plan.name, plan.tags)
    finally:
        if paused:
            gc.enable()


def encode(obj: Any, type_: Any = None, *, check: bool = True) -> bytes:
    """Compact JSON bytes of a wire object, with only the members that are set.

    ``obj`` is a model (``Message``, ``TextPart`` ...) or a Struct (``wirechat.fast.Message`` ...); a value of
    a type that is not a class (a ``Role`` string, an ``Embedding`` list, ``ProviderMetadata``) needs its
    type: ``encode(v, wirechat.Role)``. A Struct is checked first (``encode_struct``) unless ``check=False``;
    a model checked itself when it was built.
    """
    if type_ is None:
        if isinstance(obj, BaseModel):
            serializer = obj.__pydantic_serializer__
        elif isinstance(obj, msgspec.Struct):
            return encode_struct(obj, check=check)
        else:
            raise TypeError(f"encode() needs type_= for a {type(obj).__name__}; models such as Message need none")
    else:
        plan = _plan(type_)
        if plan.decoder is not None:
            return encode_struct(obj, check=check)
        serializer = plan.serializer
    try:
        return bytes(serializer.to_json(obj, by_alias=True, warnings="error"))
    except PydanticSerializationError as exc:
        type_name = type(obj).__name__ if type_ is None else _plan(type_).name
        raise WireError([Problem("", f"cannot encode: {exc}", "json-value")], type_name) from None


def encode_struct(value: Any, *, check: bool = True) -> bytes:
    """Compact JSON bytes of a Struct (or of any value msgspec writes: a list or dict of Structs, a string).

    msgspec checks little when a Struct is built (base64 members only), so a Struct is checked first, as
    the pydantic models check themselves when built: the schema through msgspec, then the I-JSON rules on
    the written bytes (free-form data may hold NaN, 2**60 or 300 levels). A wrong member raises
    ``WireError`` with the checked reading's problems rather than writing a document ``decode`` refuses.
    ``check=False`` skips that (about 1x ``orjson.dumps`` instead of 2-3x) for values known to be valid,
    such as a document from ``decode`` that was not changed since. Other values are written unchecked.
    """
    checked = check and isinstance(value, msgspec.Struct)
    if checked:
        plain = _check_built(value)
    try:
        raw = _encoder.encode(value)
    except (TypeError, ValueError, OverflowError) as exc:
        raise WireError([Problem("", f"cannot encode: {exc}", "json-value")], type(value).__name__) from None
    if checked:
        _check_numbers(raw, plain, type(value).__name__)
    return raw


def _check_built(value: msgspec.Struct) -> Any:
    """The schema's check of a Struct (msgspec checks nothing when one is built); its plain value."""
    name = type(value).__name__
    plain = msgspec.to_builtins(value)
    try:
        msgspec.convert(plain, type(value))
    except msgspec.ValidationError as exc:
        _report.report(_encoder.encode(plain), name)
        # the checked reading refuses what msgspec refuses; should it not, msgspec's own words are kept
        raise WireError([Problem("", f"cannot encode: {exc}", "invalid-value")], name) from None
    return plain


def _check_numbers(raw: bytes, plain: Any, name: str) -> None:
    """The I-JSON rules on what ``encode_struct`` wrote (free-form data can hold any Python number, any
    depth).

    The native scan reads the written bytes. msgspec writes NaN and infinities as ``null``: when the text
    holds one, the value's msgpack (which keeps doubles as they are) is searched for a non-finite double.
    Only when either objects is the value itself walked (``wirechat._ijson``), to say where."""
    fault = None
    scan, search = _fast_check.native_scan, _fast_check.may_hold_nonfinite
    if scan is not None and search is not None:
        fault = scan(raw, (), True)
        if fault is None or (fault[0] == "null" and not search(_msgpack.encode(plain))):
            return
        fault = None if fault[0] == "null" else fault
    watch = watch_for_deep_values()
    try:
        found = find_fault(plain) if fault is not None or not _is_clean(plain) else None
    finally:
        deep = deep_value_seen()
        reset_deep_value_watch(watch)
    if found is not None:
        path, rule, message = found
        raise WireError([Problem(pointer_from_path(path), message, rule)], name)
    if fault is not None or deep:
        _report.check_depth(raw, name)  # raises the depth fault's problem
    if fault is not None:
        _report.refused(raw, name, f"{fault[0]} at byte {fault[1]} in what encode wrote")


def canonical(obj: BaseModel | Any) -> bytes:
    """RFC 8785 (JCS) bytes of a wire object (model or Struct) or of a plain JSON value: the form documents
    are compared in."""
    # the serializer's own call: ``model_dump``'s wrapper costs as much again on a short message
    value = obj
    if isinstance(obj, BaseModel):
        value = obj.__pydantic_serializer__.to_python(obj, mode="json", by_alias=True)
    elif isinstance(obj, msgspec.Struct):
        value = msgspec.to_builtins(obj)
    try:
        return canonical_bytes(value)
    except rfc8785.CanonicalizationError as exc:
        raise WireError([Problem("", f"cannot canonicalise: {exc}", "json-value")]) from None
