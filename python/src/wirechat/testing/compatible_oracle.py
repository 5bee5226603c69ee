"""The request types the adapter gate validates each openai-compatible profile's bodies against: the
official ``openai`` SDK's ``CompletionCreateParamsNonStreaming`` (what these servers take) extended with the
members of the profile's own options schema, which the SDK sends through ``extra_body``. A member both define (Groq's
``service_tier`` values) takes the profile's type. Imported by the gate only: it needs the ``openai`` SDK.
"""

from __future__ import annotations

import types
from typing import Any, Literal

from openai.types.chat.completion_create_params import CompletionCreateParamsNonStreaming

from wirechat.adapters.openai_compatible.profiles import PROFILES, oracle_name

__all__: list[str] = []  # one class per profile, named by profiles.oracle_name

_TYPES: dict[str, Any] = {
    "number": float,
    "integer": int,
    "boolean": bool,
    "string": str,
    "object": dict[str, Any],
    "array": list[Any],
}


def _python_type(schema: Any) -> Any:
    if "enum" in schema:
        return Literal[tuple(schema["enum"])]
    return _TYPES[schema["type"]]


def _params(name: str, options: Any) -> Any:
    annotations = {member: _python_type(schema) for member, schema in options.items()}
    return types.new_class(
        name, (CompletionCreateParamsNonStreaming,), {"total": False}, lambda ns: ns.update(__annotations__=annotations)
    )


for _name, _profile in PROFILES.items():
    globals()[oracle_name(_name)] = _params(oracle_name(_name), _profile.options)
