"""Hypothesis strategies for valid instances of every wire type, built from the bundled schema.

For property tests: wirechat's own tests, the conformance runner and the adapter gate all draw from here,
and so can a team testing its own code (``pip install wirechat[testing]``: it needs hypothesis and
hypothesis-jsonschema, which the rest of the package does not import).

Leaf schemas go through hypothesis-jsonschema's ``from_schema``; objects, arrays and unions are composed
from their members' strategies (``from_schema`` on a whole envelope takes most of a second per example).
Free-form JSON gets its own strategy with I-JSON numbers (no whole doubles from 2^53 to 1e21, spec
section 2 rule 5), and pattern ends are rewritten from ``$`` to
``\\Z`` so that generated strings follow the spec's ECMAScript ``$`` (hypothesis follows Python's ``re``,
where ``$`` also matches before a final newline).
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema

from wirechat._pointers import bundle

MAX_SAFE_INTEGER = 2**53 - 1
__all__ = ["json_objects", "json_values", "strategy_for"]

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(-MAX_SAFE_INTEGER, MAX_SAFE_INTEGER)
    | st.floats(allow_nan=False, allow_infinity=False).filter(
        lambda x: not (x.is_integer() and 2**53 <= abs(x) < 1e21)  # rule 5: these are invalid
    )
    | st.text(st.characters(exclude_categories=["Cs"]), max_size=20)
)
json_values = st.recursive(
    json_scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
json_objects = st.dictionaries(st.text(max_size=8), json_values, max_size=4)


def _ecmascript_end(node: Any) -> Any:
    if isinstance(node, dict):
        out = {key: _ecmascript_end(value) for key, value in node.items()}
        pattern = out.get("pattern")
        if isinstance(pattern, str) and pattern.endswith("$") and not pattern.endswith("\\$"):
            out["pattern"] = pattern[:-1] + "\\Z"
        return out
    if isinstance(node, list):
        return [_ecmascript_end(item) for item in node]
    return node


@cache
def _defs() -> dict[str, Any]:
    return dict(_ecmascript_end(copy.deepcopy(bundle()["$defs"])))


def _schema_strategy(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    if "$ref" in schema:
        return strategy_for(schema["$ref"].removeprefix("#/$defs/"))
    if "oneOf" in schema:
        return st.one_of([_schema_strategy(branch) for branch in schema["oneOf"]])
    if schema.get("type") == "object" and "properties" in schema:
        required = set(schema.get("required", []))
        members = {name: _schema_strategy(sub) for name, sub in schema["properties"].items()}
        return st.fixed_dictionaries(
            {name: members[name] for name in members if name in required},
            optional={name: members[name] for name in members if name not in required},
        )
    if schema.get("type") == "object" and isinstance(schema.get("additionalProperties"), dict):
        return st.dictionaries(st.text(max_size=10), _schema_strategy(schema["additionalProperties"]), max_size=3)
    if schema.get("type") == "array":
        return st.lists(
            _schema_strategy(schema["items"]), min_size=schema.get("minItems", 0), max_size=schema.get("maxItems", 4)
        )
    leaf = {key: value for key, value in schema.items() if key not in ("title", "description", "format", "examples")}
    return from_schema(leaf)


@cache
def strategy_for(type_name: str) -> st.SearchStrategy[Any]:
    """Valid documents of ``type_name`` (a ``$defs`` name of the bundle)."""
    if type_name == "JsonValue":
        return json_values
    if type_name == "JsonObject":
        return json_objects
    return _schema_strategy(_defs()[type_name])
