"""``wirechat.fast``: the same wire format as ``wirechat``, decoded into msgspec Structs.

The types here have the names of the schema's types (``fast.Message``, ``fast.Part`` ...) and are
generated from ``schema/v1`` like the pydantic models (``wirechat._fast_generated``); optional members
that are not set hold ``msgspec.UNSET``. ``decode``, ``encode`` and ``canonical`` are ``wirechat.codec``'s,
which takes Struct types and model types alike (decision 027, step 3): one scan of the text with the native
module (``wirechat_native``; ``wirechat._pure`` without it), then msgspec builds and checks the Structs;
on a refusal the problems are those ``wirechat.decode`` reports (``wirechat._report``). ``to_model`` and
``from_model`` cross to the pydantic models, which stay the public types of ``wirechat`` until decision
027's step 6.
"""

from __future__ import annotations

from typing import Any, TypeVar, overload

import msgspec

import wirechat.codec as codec  # noqa: PLR0402 (a submodule: the root is not imported from)
from wirechat._fast_generated import structs
from wirechat._fast_generated.structs import *  # noqa: F403
from wirechat._generated import models
from wirechat._registry import validator_for

__all__ = [*structs.__all__, "canonical", "decode", "encode", "from_model", "name_of", "to_model"]  # noqa: PLE0604

T = TypeVar("T")


def name_of(type_: Any) -> str:
    """The schema name of a type of this module (``fast.Message`` -> ``"Message"``)."""
    found = codec.struct_name_of(type_)
    if found is None:
        raise TypeError(f"{type_!r} is not a type of wirechat.fast; pass one such as wirechat.fast.Message")
    return found


@overload
def decode(data: bytes | bytearray | memoryview | str, type_: type[T], *, max_bytes: int | None = None) -> T: ...
@overload
def decode(data: bytes | bytearray | memoryview | str, type_: Any, *, max_bytes: int | None = None) -> Any: ...
def decode(data: bytes | bytearray | memoryview | str, type_: Any, *, max_bytes: int | None = None) -> Any:
    """Parse ``data`` as a document of ``type_`` (``fast.Message``, ``fast.Part`` ...) into Structs.

    Raises ``WireError`` with the same problems as ``wirechat.decode`` (spec section 5).
    """
    try:
        struct = codec._plan(type_).decoder is not None
    except TypeError:
        struct = False
    if not struct:
        name_of(type_)  # raises: not a Struct type (a model type is ``wirechat.decode``'s to read)
    return codec.decode(data, type_, max_bytes=max_bytes)


def encode(value: Any, *, check: bool = True) -> bytes:
    """Compact JSON bytes of a Struct (or a list or dict of them), with only the members that are set; a
    Struct is checked first unless ``check=False`` (``wirechat.codec.encode_struct``)."""
    return codec.encode_struct(value, check=check)


canonical = codec.canonical
"""RFC 8785 (JCS) bytes of a Struct or a plain JSON value, as ``wirechat.canonical`` writes them."""


def to_model(value: Any, type_: Any = None) -> Any:
    """The pydantic model (``wirechat.Message`` ...) of a Struct; ``type_`` names an alias (``fast.Part``)."""
    name = name_of(type(value) if type_ is None else type_)
    return validator_for(getattr(models, name)).validate_python(msgspec.to_builtins(value))


def from_model(model: Any, type_: Any = None) -> Any:
    """The Struct of a pydantic model (``wirechat.Message`` -> ``fast.Message``)."""
    target = getattr(structs, type(model).__name__) if type_ is None else type_
    return decode(codec.encode(model), target)
