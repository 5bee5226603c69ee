"""Saving and loading a ``ToolLoopState``: its wire form, checked (spec section 14.3) when read back."""

from __future__ import annotations

from pathlib import Path

from wirechat._generated.models import ToolLoopState
from wirechat.codec import decode, encode
from wirechat.tool_state import check_tool_loop_state

__all__ = ["load_state", "save_state"]


def save_state(state: ToolLoopState, path: str | Path) -> None:
    """Write ``state`` as a wirechat document any language can resume."""
    Path(path).write_bytes(encode(state))


def load_state(source: str | Path | bytes) -> ToolLoopState:
    """Read a state from a file path or from JSON bytes; ``WireError`` when it is not valid or not
    consistent (a pending call the model never made, a pause naming a call that is not pending ...)."""
    data = source if isinstance(source, bytes) else Path(source).read_bytes()
    state = decode(data, ToolLoopState)
    check_tool_loop_state(state)
    return state
