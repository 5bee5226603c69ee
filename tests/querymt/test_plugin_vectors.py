"""The cross-language plugin host vectors (``conformance/vectors/querymt-plugin.json``) are what Python's
host does with their cases today: a change that alters an outcome fails here until the file is rewritten
(``python -m wirechat_conformance.plugin_vectors --write``), and then Go's host is held to it
(``go/pluginhost/vectors_test.go``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from wirechat_conformance import plugin_vectors

RECORDED: dict[str, Any] = {
    case["name"]: case for case in json.loads(plugin_vectors.vectors_path().read_text(encoding="utf-8"))["cases"]
}


def test_the_file_holds_every_case_as_written() -> None:
    assert [{k: v for k, v in case.items() if k != "expect"} for case in RECORDED.values()] == json.loads(
        json.dumps(plugin_vectors.CASES)
    ), "python -m wirechat_conformance.plugin_vectors --write"


@pytest.mark.parametrize("case", plugin_vectors.CASES, ids=[case["name"] for case in plugin_vectors.CASES])
def test_python_gives_the_recorded_outcome(case: dict[str, Any], example_wasm: Path, faulty_wasm: Path) -> None:
    outcome = plugin_vectors.build(case, {"example": example_wasm, "faulty": faulty_wasm})
    assert RECORDED[case["name"]]["expect"] == json.loads(json.dumps(outcome))
