"""The I-JSON check of free-form members for the msgspec Structs of ``wirechat.fast``.

A generated Struct that holds free-form JSON (``DataRef.value``, tool schemas, provider metadata) calls
``check_free_form`` from ``__post_init__``, which msgspec runs after decoding or converting it: the same
fast, path-free scan the pydantic models run (``wirechat._ijson``), so numbers outside +/-(2^53-1) or not
finite are refused and a deep value is noted for the depth check. The error says only which member; the
exact problem and pointer come from the checked engine, which ``wirechat.fast`` consults on any refusal.
"""

from __future__ import annotations

from typing import Any

import msgspec

from wirechat._ijson import _is_clean

__all__ = ["WireName", "check_free_form"]


class WireName(str):
    """The schema name of a generated alias (``Part``, ``Role`` ...), kept in its ``Annotated`` metadata."""

    __slots__ = ()


def check_free_form(value: Any, member: str) -> None:
    """Raise ``ValueError`` when ``value`` (a member's free-form JSON) breaks an I-JSON number rule."""
    if value is not msgspec.UNSET and not _is_clean(value):
        raise ValueError(f"member {member!r} holds a value outside the I-JSON profile")
