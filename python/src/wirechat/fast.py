"""``wirechat.fast``: the same wire format as ``wirechat``, decoded into msgspec Structs.

The types here have the names of the schema's types (``fast.Message``, ``fast.Part`` ...) and are
generated from ``schema/v1`` like the pydantic models (``wirechat._fast_generated``); optional members
that are not set hold ``msgspec.UNSET``. ``decode`` enforces every rule ``wirechat.decode`` does, and
when it refuses a document the problems are the checked engine's own: the fast path only decides *whether*
a document is valid; on a refusal ``wirechat.decode`` reads it again to say what is wrong, with the same
pointers and messages (the slower second pass runs on the error path only).

The fast path, with the native module (``wirechat_native``, see ``native/``): one scan of the text applies
every I-JSON rule of spec section 2 without building objects (duplicate keys, lone surrogates, number
ranges, depth, trailing data, a variant's tag), then ``msgspec.json.decode`` builds the Structs and
checks the schema (types, closed objects, bounds, patterns, tags; base64 natively). Without it (the
pure-Python path, correct and slower): jiter parses with the text rules, ``msgspec.convert`` checks the
schema, and ``wirechat._ijson`` scans the value for the number rules. ``to_model`` and ``from_model``
cross to the pydantic models, which stay the public types of ``wirechat`` (decisions 019 and 022).
"""

from __future__ import annotations

import gc
from functools import cache
from typing import Any, TypeVar, overload

import jiter

try:
    import msgspec
except ImportError as exc:  # pragma: no cover - depends on the environment
    message = "wirechat.fast needs msgspec: pip install 'wirechat[fast]' (wirechat.decode works without it)"
    raise ImportError(message) from exc

from wirechat._fast_check import WireName, may_hold_nonfinite, native_scan
from wirechat._fast_generated import structs
from wirechat._fast_generated.structs import *  # noqa: F403
from wirechat._generated import models
from wirechat._ijson import _is_clean, deep_value_seen, find_fault, reset_deep_value_watch, watch_for_deep_values
from wirechat._pointers import required_tags
from wirechat._registry import validator_for
from wirechat.codec import _BOM, _GC_PAUSE_FROM, _check_depth, _raw
from wirechat.codec import canonical as _canonical
from wirechat.codec import decode as _checked_decode
from wirechat.errors import Problem, WireError, pointer_from_path

__all__ = [*structs.__all__, "canonical", "decode", "encode", "from_model", "name_of", "to_model"]  # noqa: PLE0604

T = TypeVar("T")
_encoder = msgspec.json.Encoder()
_msgpack = msgspec.msgpack.Encoder()
_decoders: dict[Any, msgspec.json.Decoder[Any]] = {}


@cache
def _names() -> dict[int, str]:
    return {id(getattr(structs, name)): name for name in structs.__all__}


def name_of(type_: Any) -> str:
    """The schema name of a type of this module (``fast.Message`` -> ``"Message"``)."""
    found = _names().get(id(type_))
    if found is None:
        metadata = getattr(type_, "__metadata__", ())
        found = next((item for item in metadata if isinstance(item, WireName)), None)
    if found is None:
        raise TypeError(f"{type_!r} is not a type of wirechat.fast; pass one such as wirechat.fast.Message")
    return str(found)


def _refused(raw: bytes, name: str, reason: str) -> WireError:
    """The checked engine's error for a document the fast path refused (it must refuse it too)."""
    _checked_decode(raw, getattr(models, name))
    message = f"the fast engine refused a document the checked engine accepts ({reason}); please report this"
    raise RuntimeError(message)


@overload
def decode(data: bytes | bytearray | memoryview | str, type_: type[T], *, max_bytes: int | None = None) -> T: ...
@overload
def decode(data: bytes | bytearray | memoryview | str, type_: Any, *, max_bytes: int | None = None) -> Any: ...
def decode(data: bytes | bytearray | memoryview | str, type_: Any, *, max_bytes: int | None = None) -> Any:
    """Parse ``data`` as a document of ``type_`` (``fast.Message``, ``fast.Part`` ...) into Structs.

    Raises ``WireError`` with the same problems as ``wirechat.decode`` (spec section 5).
    """
    name = name_of(type_)
    raw = _raw(data, name, max_bytes)
    paused = len(raw) >= _GC_PAUSE_FROM and gc.isenabled()  # as wirechat.decode (codec._GC_PAUSE_FROM)
    if paused:
        gc.disable()
    try:
        if native_scan is None:
            return _decode_in_python(raw, name, type_)
        tags = required_tags(name)
        fault = native_scan(raw, tags) if tags else native_scan(raw)
        if fault is not None:
            raise _refused(raw, name, f"{fault[0]} at byte {fault[1]}")
        decoder = _decoders.get(type_)
        if decoder is None:
            decoder = _decoders.setdefault(type_, msgspec.json.Decoder(type_))
        try:
            return decoder.decode(raw)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            raise _refused(raw, name, str(exc)) from None
    finally:
        if paused:
            gc.enable()


def _decode_in_python(raw: bytes, name: str, type_: Any) -> Any:
    """The path without the native module: jiter (text rules), msgspec.convert (schema), then the number
    rules over the whole value (``_ijson``), and the exact depth check when a value nests deep."""
    if raw.startswith(_BOM):
        raise _refused(raw, name, "byte order mark")
    try:
        value = jiter.from_json(raw, allow_inf_nan=False, catch_duplicate_keys=True)
    except ValueError as exc:
        raise _refused(raw, name, str(exc)) from None
    if isinstance(value, dict) and any(tag not in value for tag in required_tags(name)):
        raise _refused(raw, name, "a tag is missing")
    try:
        result = msgspec.convert(value, type_)
    except msgspec.ValidationError as exc:
        raise _refused(raw, name, str(exc)) from None
    watch = watch_for_deep_values()
    try:
        clean = _is_clean(value)
    finally:
        deep = deep_value_seen()
        reset_deep_value_watch(watch)
    if not clean:
        raise _refused(raw, name, "a number outside the I-JSON profile")
    if deep:
        _check_depth(raw, name)
    return result


def encode(value: Any, *, check: bool = True) -> bytes:
    """Compact JSON bytes of a Struct (or a list or dict of them), with only the members that are set.

    msgspec checks little when a Struct is built (base64 members only), so ``encode`` checks it first, as
    the pydantic models check themselves when built: the schema through msgspec, then the I-JSON rules on
    the written bytes (free-form data may hold NaN, 2**60 or 300 levels). A wrong member raises
    ``WireError`` with the checked engine's problems rather than writing a document ``decode`` refuses.
    ``check=False`` skips that (about 1x ``orjson.dumps`` instead of 2-3x) for values known to be valid,
    such as a document from ``decode`` that was not changed since.
    """
    if check and isinstance(value, msgspec.Struct):
        plain = _check_built(value)
    try:
        raw = _encoder.encode(value)
    except (TypeError, ValueError, OverflowError) as exc:
        raise WireError([Problem("", f"cannot encode: {exc}", "json-value")], type(value).__name__) from None
    if check and isinstance(value, msgspec.Struct):
        _check_numbers(raw, plain, type(value).__name__)
    return raw


def _check_built(value: msgspec.Struct) -> Any:
    """The schema's check of a Struct (msgspec checks nothing when one is built); its plain value."""
    name = type(value).__name__
    plain = msgspec.to_builtins(value)
    try:
        msgspec.convert(plain, type(value))
    except msgspec.ValidationError as exc:
        try:
            _checked_decode(_encoder.encode(plain), getattr(models, name))
        except WireError as error:
            raise error from None
        # the checked engine refuses what msgspec refuses; should it not, msgspec's own words are kept
        raise WireError([Problem("", f"cannot encode: {exc}", "invalid-value")], name) from None
    return plain


def _check_numbers(raw: bytes, plain: Any, name: str) -> None:
    """The I-JSON rules on what ``encode`` wrote (free-form data can hold any Python number, any depth).

    The native scan reads the written bytes. msgspec writes NaN and infinities as ``null``: when the text
    holds one, the value's msgpack (which keeps doubles as they are) is searched for a non-finite double.
    Only when either objects is the value itself walked (``wirechat._ijson``), to say where."""
    fault = None
    if native_scan is not None and may_hold_nonfinite is not None:
        fault = native_scan(raw, (), True)
        if fault is None or (fault[0] == "null" and not may_hold_nonfinite(_msgpack.encode(plain))):
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
        _check_depth(raw, name)  # raises the depth fault's problem
    if fault is not None:
        raise _refused(raw, name, f"{fault[0]} at byte {fault[1]} in what encode wrote")


def canonical(value: Any) -> bytes:
    """RFC 8785 (JCS) bytes of a Struct or a plain JSON value, as ``wirechat.canonical`` writes them."""
    return _canonical(msgspec.to_builtins(value) if isinstance(value, msgspec.Struct) else value)


def to_model(value: Any, type_: Any = None) -> Any:
    """The pydantic model (``wirechat.Message`` ...) of a Struct; ``type_`` names an alias (``fast.Part``)."""
    name = name_of(type(value) if type_ is None else type_)
    return validator_for(getattr(models, name)).validate_python(msgspec.to_builtins(value))


def from_model(model: Any, type_: Any = None) -> Any:
    """The Struct of a pydantic model (``wirechat.Message`` -> ``fast.Message``)."""
    from wirechat.codec import encode as checked_encode  # noqa: PLC0415

    target = getattr(structs, type(model).__name__) if type_ is None else type_
    return decode(checked_encode(model), target)
