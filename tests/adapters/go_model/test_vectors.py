"""The go-model conversion vectors (``conformance/conversions/go-model``) through the Python converter:
the same files the Go converter (``go/gomodel``) is held to."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from wirechat.adapters import ConversionRefused
from wirechat.adapters.go_model.documents import from_wirechat, to_wirechat

VECTORS = Path(__file__).resolve().parents[3] / "conformance" / "conversions" / "go-model"


def _cases() -> list[Any]:
    out = []
    for path in sorted(VECTORS.glob("*.json")):
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            out.append(pytest.param(case, id=f"{path.stem}/{case['name']}"))
    return out


CASES = _cases()


def test_there_are_vectors_of_every_kind_and_direction() -> None:
    seen = {(c.values[0]["kind"], c.values[0]["direction"]) for c in CASES}
    for kind in ("message", "messages", "tool_definition", "usage", "request", "response", "stream"):
        assert any(k == kind for k, _ in seen), kind
    assert {d for _, d in seen} == {"both", "to_wirechat", "from_wirechat"}


@pytest.mark.parametrize("case", CASES)
def test_vector(case: dict[str, Any]) -> None:
    kind, direction = case["kind"], case["direction"]
    if direction in ("both", "to_wirechat"):
        if case.get("invalid"):
            with pytest.raises(ValueError):
                to_wirechat(kind, case["go_model"])
        else:
            assert to_wirechat(kind, case["go_model"]) == case["wirechat"]
    if direction in ("both", "from_wirechat"):
        if "refused" in case:
            with pytest.raises(ConversionRefused) as refused:
                from_wirechat(kind, case["wirechat"])
            assert refused.value.feature == case["refused"]
        else:
            document, warnings = from_wirechat(kind, case["wirechat"])
            assert document == case["go_model"]
            assert sorted({w.feature for w in warnings}) == case.get("warnings", [])
