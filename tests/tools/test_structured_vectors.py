"""The cross-language structured output vectors (``conformance/vectors/structured-output.json``) are what
Python's ``structured_chat`` does with their cases today: a change that alters an outcome fails here until
the file is rewritten (``python -m wirechat_conformance.structured_vectors --write``), and then the
TypeScript and Go tests hold their languages to it."""

from __future__ import annotations

import json

import pytest
from wirechat_conformance import structured_vectors


@pytest.mark.parametrize("case", structured_vectors.CASES, ids=[case["name"] for case in structured_vectors.CASES])
def test_python_gives_the_recorded_outcome(case: dict[str, object]) -> None:
    path = structured_vectors.vectors_path()
    recorded = {c["name"]: c for c in json.loads(path.read_text(encoding="utf-8"))["cases"]}
    assert recorded[case["name"]]["expect"] == structured_vectors.build(case)


def test_the_file_is_up_to_date() -> None:
    assert structured_vectors.main([]) == 0, "python -m wirechat_conformance.structured_vectors --write"
