"""Saving and loading a ``ToolLoopState``: its wire form, checked (spec section 14.3) when read back."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from wirechat._generated.models import ToolLoopState
from wirechat.codec import decode, encode
from wirechat.tool_state import check_tool_loop_state

__all__ = ["load_state", "save_state"]


def save_state(state: ToolLoopState, path: str | Path) -> None:
    """Write ``state`` as a wirechat document any language can resume. The write is atomic and durable (a
    temporary file beside it, flushed to disk, renamed over it): a crash leaves the old state or the new
    one, never half of one, which the loop's ``checkpoint`` relies on."""
    target = Path(path)
    descriptor, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(encode(state))
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    if hasattr(os, "O_DIRECTORY"):  # the rename itself reaches the disk (POSIX)
        directory = os.open(target.parent, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)


def load_state(source: str | Path | bytes) -> ToolLoopState:
    """Read a state from a file path or from JSON bytes; ``WireError`` when it is not valid or not
    consistent (a pending call the model never made, a pause naming a call that is not pending ...)."""
    data = source if isinstance(source, bytes) else Path(source).read_bytes()
    state = decode(data, ToolLoopState)
    check_tool_loop_state(state)
    return state
