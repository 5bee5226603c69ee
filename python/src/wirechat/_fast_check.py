"""The checks the msgspec Structs of ``wirechat.fast`` run themselves, and the native scanner's entry.

``wirechat_native`` (the Rust module in ``native/``, built with maturin) scans JSON text for the I-JSON
rules of spec section 2 without building objects, and checks the schema's strict base64 pattern. It is
optional: without it the codec takes its pure-Python path (``wirechat._pure``: jiter, then the
``wirechat._ijson`` scan), which is correct and slower. ``WIRECHAT_NATIVE=0`` in the environment hides every
native function, and ``use_native`` switches them (the tests run both paths so).

A generated Struct with a base64 member calls ``check_base64`` from ``__post_init__`` (msgspec runs it
after decoding or converting, and when the Struct is built). The error says only which member; the exact
problem and pointer come from the checked engine, which ``wirechat.fast`` consults on any refusal.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import Any

__all__ = ["NATIVE", "WireName", "check_base64", "may_hold_nonfinite", "native_scan", "use_native"]

_BASE64 = re.compile(r"[A-Za-z0-9+/]*={0,2}")  # the schema's pattern, matched whole (fullmatch)

native_scan: Callable[..., tuple[str, int] | None] | None = None
"""``wirechat_native.scan`` when the module is there and not hidden, else None."""
may_hold_nonfinite: Callable[[bytes], bool] | None = None
"""``wirechat_native.may_hold_nonfinite`` (msgpack bytes) when the module is in use, else None."""
_is_base64: Callable[[str], bool]


def use_native(on: bool) -> bool:
    """Switch every native function on (when ``wirechat_native`` imports) or off (the pure-Python paths);
    returns whether they are on now. Read at import from ``WIRECHAT_NATIVE`` (``0``: off); the tests'
    ``engine_path`` fixture and the benches' pure rows switch it. Callers read the functions from this
    module at each call (``_fast_check.native_scan``), so one switch reaches every path."""
    global native_scan, may_hold_nonfinite, _is_base64  # noqa: PLW0603 (the one switch)
    module: Any = None
    if on:
        try:
            import wirechat_native as module  # noqa: PLC0415
        except ImportError:  # pragma: no cover - depends on the environment
            module = None
    native_scan = None if module is None else module.scan
    may_hold_nonfinite = None if module is None else module.may_hold_nonfinite
    _is_base64 = _pure_is_base64 if module is None else module.is_base64
    return module is not None


def _pure_is_base64(text: str) -> bool:
    return _BASE64.fullmatch(text) is not None


NATIVE = use_native(os.environ.get("WIRECHAT_NATIVE", "1") != "0")
"""Whether the native functions were in use at import."""


class WireName(str):
    """The schema name of a generated alias (``Part``, ``Role`` ...), kept in its ``Annotated`` metadata."""

    __slots__ = ()


def check_base64(value: Any, member: str) -> None:
    """Raise ``ValueError`` when ``value`` does not match the schema's ``^[A-Za-z0-9+/]*={0,2}$``."""
    if type(value) is str and not _is_base64(value):
        raise ValueError(f"member {member!r} is not base64 (the alphabet, then at most two '=')")
