"""Property-based round trips: instances generated from the schema decode, and round-trip exactly.

For every type, hypothesis generates schema-valid documents (fixed seed in CI) and each must hold:
the reference validator accepts it, ``canonical(decode(x)) == JCS(x)``, and ``decode(encode(m)) == m``.
"""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wirechat
from tests.schema.reference import jcs, reference_valid
from wirechat._registry import type_by_name, type_names
from wirechat.testing.strategies import strategy_for

EXAMPLES_PER_TYPE = int(os.environ.get("WIRECHAT_PROPERTY_EXAMPLES", "100"))
"""Examples per wire type in the default run (the conformance suite adds its own rounds in every language); a
longer profile on demand: ``WIRECHAT_PROPERTY_EXAMPLES=1000 ./dev pytest -- tests/schema``."""


@pytest.mark.parametrize("type_name", type_names())
def test_generated_instances_round_trip(type_name: str) -> None:
    type_ = type_by_name(type_name)

    @settings(max_examples=EXAMPLES_PER_TYPE)
    @given(document=strategy_for(type_name))
    def check(document: object) -> None:
        assert reference_valid(type_name, document)
        text = json.dumps(document, ensure_ascii=False)
        decoded = wirechat.decode(text, type_)
        assert wirechat.canonical(decoded) == jcs(document)
        assert wirechat.decode(wirechat.encode(decoded, type_), type_) == decoded

    check()


def test_strategies_cover_every_union_variant() -> None:
    """A generator that never produced some variant would test nothing about it."""
    seen: set[str] = set()

    @settings(max_examples=300, derandomize=True)
    @given(st.data())
    def collect(data: st.DataObject) -> None:
        seen.add(data.draw(strategy_for("Part"))["type"])

    collect()
    assert seen == {
        "text", "reasoning", "image", "audio", "file", "data", "tool_call", "tool_result",
        "provider_tool_call", "provider_tool_result",
    }  # fmt: skip
