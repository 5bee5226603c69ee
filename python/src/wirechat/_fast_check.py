"""The checks the msgspec Structs of ``wirechat.fast`` run themselves, and the native scanner's entry.

``wirechat_native`` (the Rust module in ``native/``, built with maturin) scans JSON text for the I-JSON
rules of spec section 2 without building objects, and checks the schema's strict base64 pattern. It is
optional: without it ``wirechat.fast`` takes its pure-Python path (jiter, then the ``wirechat._ijson``
scan), which is correct and slower. ``WIRECHAT_NATIVE=0`` in the environment hides the module (the tests
run both paths so).

A generated Struct with a base64 member calls ``check_base64`` from ``__post_init__`` (msgspec runs it
after decoding or converting, and when the Struct is built). The error says only which member; the exact
problem and pointer come from the checked engine, which ``wirechat.fast`` consults on any refusal.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import Any

__all__ = ["NATIVE", "WireName", "check_base64", "may_hold_nonfinite", "native_scan"]

_BASE64 = re.compile(r"[A-Za-z0-9+/]*={0,2}")  # the schema's pattern, matched whole (fullmatch)

native_scan: Callable[..., tuple[str, int] | None] | None = None
"""``wirechat_native.scan`` when the module is there and not hidden, else None."""
may_hold_nonfinite: Callable[[bytes], bool] | None = None
"""``wirechat_native.may_hold_nonfinite`` (msgpack bytes) when the module is in use, else None."""
_is_base64: Callable[[str], bool] = lambda text: _BASE64.fullmatch(text) is not None  # noqa: E731

if os.environ.get("WIRECHAT_NATIVE", "1") != "0":
    try:
        import wirechat_native
    except ImportError:  # pragma: no cover - depends on the environment
        pass
    else:
        native_scan = wirechat_native.scan
        may_hold_nonfinite = wirechat_native.may_hold_nonfinite
        _is_base64 = wirechat_native.is_base64

NATIVE = native_scan is not None
"""Whether the native scanner is in use."""


class WireName(str):
    """The schema name of a generated alias (``Part``, ``Role`` ...), kept in its ``Annotated`` metadata."""

    __slots__ = ()


def check_base64(value: Any, member: str) -> None:
    """Raise ``ValueError`` when ``value`` does not match the schema's ``^[A-Za-z0-9+/]*={0,2}$``."""
    if type(value) is str and not _is_base64(value):
        raise ValueError(f"member {member!r} is not base64 (the alphabet, then at most two '=')")
