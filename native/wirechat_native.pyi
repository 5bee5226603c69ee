"""Type stubs of the Rust module (maturin ships this file and a py.typed marker in the wheel)."""

from collections.abc import Sequence

MAX_DEPTH: int

def scan(data: bytes, root_members: Sequence[str] = (), report_null: bool = False) -> tuple[str, int] | None:
    """None when ``data`` is one I-JSON text under wirechat's rules, else ``(rule, byte offset)``;
    ``report_null``: an otherwise clean text holding a ``null`` literal gives ``("null", offset)``."""

def is_base64(text: str | bytes) -> bool:
    """Whether ``text`` matches the schema's ``^[A-Za-z0-9+/]*={0,2}$`` (``$``: the end of the text)."""

def may_hold_nonfinite(data: bytes) -> bool:
    """Whether msgspec's msgpack ``data`` may hold a NaN or an infinity (false alarms possible)."""
