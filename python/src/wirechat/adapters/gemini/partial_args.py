"""A function call whose arguments Gemini 3 streams in pieces (``functionCall.willContinue``, ``partialArgs``).

With ``toolConfig.functionCallingConfig.streamFunctionCallArguments`` a call arrives over several stream
chunks: ``{"functionCall": {"name", "willContinue": true}}`` opens it (the id, when there is one, and a
``thoughtSignature`` come on this part), each ``{"functionCall": {"partialArgs": [...], "willContinue": true}}``
adds argument values, and a ``functionCall`` without ``willContinue`` (often ``{}``) closes it. A partial
argument is ``{jsonPath, stringValue | numberValue | boolValue | nullValue, willContinue?}``: the value at
the RFC 9535 path (``$.a.b[0]``, ``$['a b']``); a string whose ``willContinue`` is true goes on in the next
piece for the same path, and the pieces concatenate. The call's arguments are the object these values
build, in the order their paths first arrive; the decoder sends the call when it closes, so that the
stream folds to the call the same request gives unstreamed (``{id, name, arguments}``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from wirechat.tool_arguments import build_arguments

__all__ = ["PARTIAL_ARG_SHAPE", "StreamedCall"]

PARTIAL_ARG_SHAPE = {"jsonPath": None, "stringValue": None, "numberValue": None, "boolValue": None,
                     "nullValue": None, "willContinue": None}  # fmt: skip
"""The members of a partial argument this adapter maps."""
_STEP = re.compile(r"""\.([A-Za-z_][A-Za-z0-9_-]*)|\[(\d+)\]|\['((?:[^'\\]|\\.)*)'\]|\["((?:[^"\\]|\\.)*)"\]""")


def _path(text: Any, where: str) -> list[str | int]:
    """The steps of a JSON path made of member names and array indices."""
    if not isinstance(text, str) or not text.startswith("$"):
        raise ValueError(f"{where}: expected a JSON path starting with $, got {text!r}")
    steps: list[str | int] = []
    at = 1
    while at < len(text):
        found = _STEP.match(text, at)
        if found is None:
            raise ValueError(f"{where}: a JSON path this adapter cannot read: {text!r}")
        name, index, single, double = found.groups()
        if index is not None:
            steps.append(int(index))
        else:
            quoted = single if single is not None else double
            steps.append(name if name is not None else re.sub(r"\\(.)", r"\1", quoted))
        at = found.end()
    if not steps:
        raise ValueError(f"{where}: a partial argument needs a member path, got {text!r}")
    return steps


def _value(piece: Mapping[str, Any], where: str) -> Any:
    for key in ("stringValue", "numberValue", "boolValue"):
        if key in piece:
            return piece[key]
    if "nullValue" in piece:
        return None
    raise ValueError(f"{where}: a partial argument without a value")


class StreamedCall:
    """One streamed function call: its id and name, and the arguments built so far."""

    def __init__(self, call_id: str, name: str) -> None:
        self.id, self.name = call_id, name
        self.args: dict[str, Any] = {}
        self._open: set[tuple[str | int, ...]] = set()  # paths whose string goes on in the next piece

    def __repr__(self) -> str:
        return f"StreamedCall({self.id!r}, {self.name!r}, args={self.args!r}, open={sorted(map(str, self._open))})"

    def add(self, pieces: Any, where: str) -> list[str]:
        """Add a part's ``partialArgs``; returns the pointers of members of them that are not mapped."""
        if not isinstance(pieces, list):
            raise ValueError(f"{where}: expected an array of partial arguments")
        unmapped: list[str] = []
        for i, piece in enumerate(pieces):
            at = f"{where}/{i}"
            if not isinstance(piece, Mapping):
                raise ValueError(f"{at}: expected a partial argument object")
            unmapped += [f"{at}/{key}" for key in piece if key not in PARTIAL_ARG_SHAPE]
            steps = _path(piece.get("jsonPath"), f"{at}/jsonPath")
            self._set(steps, _value(piece, at), piece.get("willContinue") is True, at)
        return unmapped

    def _set(self, steps: list[str | int], value: Any, goes_on: bool, where: str) -> None:
        target: Any = self.args
        for step, following in zip(steps, [*steps[1:], None], strict=True):
            if following is None:
                break
            empty: Any = [] if isinstance(following, int) else {}
            target = self._child(target, step, empty, where)
        last, key = steps[-1], tuple(steps)
        current = self._get(target, last)
        if key in self._open and isinstance(current, str) and isinstance(value, str):
            value = current + value
        self._put(target, last, value, where)
        if goes_on:
            self._open.add(key)
        else:
            self._open.discard(key)

    def _child(self, target: Any, step: str | int, empty: Any, where: str) -> Any:
        current = self._get(target, step)
        if current is None or type(current) is not type(empty):
            self._put(target, step, empty, where)
            return empty
        return current

    @staticmethod
    def _get(target: Any, step: str | int) -> Any:
        if isinstance(target, dict) and isinstance(step, str):
            return target.get(step)
        if isinstance(target, list) and isinstance(step, int) and step < len(target):
            return target[step]
        return None

    @staticmethod
    def _put(target: Any, step: str | int, value: Any, where: str) -> None:
        if isinstance(target, dict) and isinstance(step, str):
            target[step] = value
        elif isinstance(target, list) and isinstance(step, int):
            target.extend([None] * (step + 1 - len(target)))
            target[step] = value
        else:
            raise ValueError(f"{where}/jsonPath: the path mixes members and indices at the same place")

    def arguments(self) -> str:
        """The arguments as the text an unstreamed call of the same object reads as (``build_arguments``)."""
        return build_arguments(self.args)
