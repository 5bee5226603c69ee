"""``provider_options`` checked against the adapter's published options schema before anything is encoded.

An adapter's manifest publishes the JSON Schema of its own ``provider_options`` entry; a value it would pass
on to the provider unchecked (``{"reasoning_effort": "bogus"}``, ``{"top_logprobs": 999}``) is an error
here, with the pointer into the canonical request, rather than a 400 from the provider later. The schemas
are JSON Schema 2020-12 and checked with ``jsonschema``, the reference implementation, loaded on first use.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirechat.errors import Problem, WireError, escape_pointer_token, pointer_from_path

__all__ = ["check_options"]

_VALIDATORS: dict[int, tuple[Mapping[str, Any], Any]] = {}


def _validator(schema: Mapping[str, Any]) -> Any:
    cached = _VALIDATORS.get(id(schema))
    if cached is not None and cached[0] is schema:
        return cached[1]
    from jsonschema import Draft202012Validator  # noqa: PLC0415 (only requests with options pay for it)

    validator = Draft202012Validator(schema)
    _VALIDATORS[id(schema)] = (schema, validator)
    return validator


def _specific(error: Any) -> list[Any]:
    """What is actually wrong: for a union (``oneOf``, ``anyOf``) that failed as a whole, the errors of the
    variant whose tag matched (no ``const`` failed in it), else the union's own error."""
    if not error.context:
        return [error]
    variants: dict[Any, list[Any]] = {}
    for inner in error.context:
        variants.setdefault(inner.relative_schema_path[0], []).append(inner)
    tagged = [errors for errors in variants.values() if all(inner.validator != "const" for inner in errors)]
    return [item for inner in tagged[0] for item in _specific(inner)] if len(tagged) == 1 else [error]


def check_options(options: Any, name: str, schema: Mapping[str, Any], type_name: str = "ChatRequest") -> None:
    """Raise ``WireError`` listing every way ``options`` (``provider_options[name]``) breaks ``schema``,
    each at its pointer (``/provider_options/openai-chat/top_logprobs``) and named by the schema keyword."""
    base = f"/provider_options/{escape_pointer_token(name)}"
    problems = [
        Problem(base + pointer_from_path(list(error.absolute_path)), error.message, str(error.validator))
        for error in _validator(schema).iter_errors(options)
        for error in _specific(error)
    ]
    if problems:
        problems.sort(key=lambda problem: (problem.pointer, problem.rule))
        raise WireError(problems, type_name)
