"""The gate's options check: invalid values are built per constraint, and an adapter that encodes them
anyway (or refuses them at the wrong place) fails."""

from __future__ import annotations

from typing import Any

import pytest

from wirechat._generated.models import ChatRequest
from wirechat.adapters import get
from wirechat.errors import Problem, WireError
from wirechat.testing.gate_options import OptionsNotCheckedError, check_refused, invalid_options

SCHEMA = {
    "type": "object",
    "properties": {
        "effort": {"enum": ["low", "high"]},
        "top": {"type": "integer", "minimum": 0, "maximum": 20},
        "user": {"type": "string", "maxLength": 4},
    },
}


def test_one_value_per_constraint() -> None:
    assert invalid_options(SCHEMA) == [
        ("effort", "not-low-high"),
        ("top", "a string"), ("top", 21), ("top", -1), ("top", 0.5),
        ("user", 12), ("user", "xxxxx"),
    ]  # fmt: skip


class _Unchecked:
    """openai-chat, but encoding whatever options it is given (as before options were enforced)."""

    name = "openai-chat"

    def encode_request(self, request: ChatRequest) -> tuple[dict[str, Any], list[Any]]:
        return {"model": request.model}, []


class _Misplaced(_Unchecked):
    def encode_request(self, request: ChatRequest) -> tuple[dict[str, Any], list[Any]]:
        raise WireError([Problem("/model", "wrong place", "type")])


def test_built_in_adapters_refuse_every_invalid_option() -> None:
    for name in ("openai-chat", "anthropic"):
        adapter = get(name)
        for member, value in invalid_options(adapter.manifest.options_schema):
            check_refused(adapter, member, value)


@pytest.mark.parametrize("adapter", [_Unchecked(), _Misplaced()])
def test_an_adapter_that_does_not_check_fails(adapter: Any) -> None:
    with pytest.raises(OptionsNotCheckedError):
        check_refused(adapter, "top_logprobs", 999)
