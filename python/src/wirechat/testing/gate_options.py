"""The gate's options check: an adapter refuses ``provider_options`` that break its own options schema.

For every member its manifest's options schema lists, ``invalid_options`` makes values that break one
constraint each (a value outside an ``enum``, past a ``maximum``, of the wrong type, too long, a union
member of no variant); ``check_refused`` sends each in a minimal request and requires a ``WireError`` whose
problem points at that member, so an adapter cannot publish a schema and pass bad values on unchecked.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from wirechat._generated.models import ChatRequest
from wirechat.adapters._contract import Adapter
from wirechat.errors import WireError

__all__ = ["OptionsNotCheckedError", "check_refused", "invalid_options"]


class OptionsNotCheckedError(AssertionError):
    """An invalid option the adapter let through, or refused at the wrong pointer."""


def _breakers(schema: Mapping[str, Any]) -> Iterator[Any]:
    kind = schema.get("type")
    if "enum" in schema:
        yield "not-" + "-".join(str(value) for value in schema["enum"])[:40]
    if "const" in schema:
        yield ["not", schema["const"]]
    if kind in ("number", "integer"):
        yield "a string"
        if "maximum" in schema:
            yield schema["maximum"] + 1
        if "minimum" in schema:
            yield schema["minimum"] - 1
        if kind == "integer":
            yield 0.5
    elif kind == "boolean":
        yield "yes"
    elif kind == "string":
        yield 12
        if "maxLength" in schema:
            yield "x" * (schema["maxLength"] + 1)
    elif kind == "object" or "oneOf" in schema or "anyOf" in schema:
        yield 42


def invalid_options(schema: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """``(member, value)`` pairs, each breaking one constraint of the member's schema."""
    return [(member, value) for member, sub in (schema.get("properties") or {}).items() for value in _breakers(sub)]


def check_refused(adapter: Adapter, member: str, value: Any) -> None:
    """Encode a minimal request carrying ``{member: value}`` as the adapter's own options: it must raise a
    ``WireError`` with a problem at ``/provider_options/<name>/<member>`` or below."""
    request = ChatRequest.model_validate(
        {
            "model": "gate-model",
            "messages": [{"role": "user", "parts": [{"type": "text", "text": "hi"}]}],
            "provider_options": {adapter.name: {member: value}},
        }
    )
    where = f"/provider_options/{adapter.name}/{member}"
    try:
        adapter.encode_request(request)
    except WireError as error:
        if not any(problem.pointer == where or problem.pointer.startswith(where + "/") for problem in error.problems):
            raise OptionsNotCheckedError(f"{member}={value!r} refused, but not at {where}: {error}") from None
        return
    raise OptionsNotCheckedError(f"{member}={value!r} breaks the options schema and was encoded anyway")
