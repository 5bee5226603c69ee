"""``add_usage`` and ``sum_usage`` follow the spec's semantics (section 7)."""

from __future__ import annotations

from pydantic import MISSING

from wirechat import TokenUsage, add_usage, sum_usage


def _usage(**fields: object) -> TokenUsage:
    base = {"input_tokens": 10, "output_tokens": 5, "total_tokens": 15}
    return TokenUsage(**{**base, **fields})  # type: ignore[arg-type]


def test_counts_sum() -> None:
    total = add_usage(
        _usage(cache_read_input_tokens=4, latency_ms=100), _usage(cache_read_input_tokens=1, cost_micros=7)
    )
    assert (total.input_tokens, total.output_tokens, total.total_tokens) == (20, 10, 30)
    assert total.cache_read_input_tokens == 5
    assert total.latency_ms == 100 and total.cost_micros == 7


def test_optional_counts_absent_on_both_sides_stay_absent() -> None:
    total = add_usage(_usage(), _usage())
    assert total.reasoning_output_tokens is MISSING
    assert total.cache_write_input_tokens is MISSING


def test_accumulator_model_wins_when_both_differ() -> None:
    assert add_usage(_usage(model="a"), _usage(model="b")).model == "a"


def test_empty_side_takes_the_other_model() -> None:
    assert add_usage(_usage(), _usage(model="b")).model == "b"
    assert add_usage(_usage(model="a"), _usage()).model == "a"
    assert add_usage(_usage(), _usage()).model is MISSING


def test_inputs_are_not_changed() -> None:
    left = _usage(model="a")
    add_usage(left, _usage())
    assert left.input_tokens == 10


def test_sum_usage() -> None:
    assert sum_usage([]) is None
    total = sum_usage([_usage(model="a"), _usage(model="b"), _usage()])
    assert total is not None and total.input_tokens == 30 and total.model == "a"
