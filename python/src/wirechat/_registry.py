"""Every wire type by its schema name (``"Message"``, ``"Part"``, ...), for ``--type`` and ``decode``."""

from __future__ import annotations

import difflib
from functools import cache
from typing import Any

from pydantic import BaseModel, TypeAdapter

from wirechat._generated import models
from wirechat._pointers import bundle


@cache
def type_names() -> tuple[str, ...]:
    """The name of every type in the schema, sorted."""
    return tuple(sorted(bundle()["$defs"]))


def type_by_name(name: str) -> Any:
    """The Python type for a schema type name; ``KeyError`` names close matches when there is none."""
    if name in type_names():
        found = getattr(models, name, None)
        if found is not None:
            return found
    close = difflib.get_close_matches(name, type_names(), n=3)
    hint = f" (did you mean {', '.join(close)}?)" if close else ""
    raise KeyError(f"no wire type named {name!r}{hint}")


def name_of(type_: Any) -> str:
    """The schema name of a generated type (a model class or a type alias such as ``Part``)."""
    name = getattr(type_, "__name__", None)
    if isinstance(name, str) and name in type_names() and getattr(models, name, None) is type_:
        return name
    raise TypeError(f"{type_!r} is not a wirechat wire type; pass a type such as wirechat.Message or wirechat.Part")


@cache
def validator_for(type_: Any) -> Any:
    """The fastest pydantic validator for ``type_``: the model's own, or a cached ``TypeAdapter``."""
    if isinstance(type_, type) and issubclass(type_, BaseModel):
        return type_.__pydantic_validator__
    return TypeAdapter(type_).validator


@cache
def serializer_for(type_: Any) -> Any:
    """The pydantic serializer for ``type_``: the model's own, or a cached ``TypeAdapter``'s."""
    if isinstance(type_, type) and issubclass(type_, BaseModel):
        return type_.__pydantic_serializer__
    return TypeAdapter(type_).serializer
