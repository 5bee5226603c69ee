"""The cross-language resume vectors (``conformance/vectors/tool-loop-resume.json``) are what Python's loop
does with their cases today: a change to the loop that alters an outcome fails here until the file is
rewritten (``python -m wirechat_conformance.resume_vectors --write``), and then the Go tests hold Go to it."""

from __future__ import annotations

import json

import pytest
from wirechat_conformance import resume_vectors


@pytest.mark.parametrize("case", resume_vectors.CASES, ids=[case["name"] for case in resume_vectors.CASES])
def test_python_gives_the_recorded_outcome(case: dict[str, object]) -> None:
    recorded = {c["name"]: c for c in json.loads(resume_vectors.vectors_path().read_text(encoding="utf-8"))["cases"]}
    assert recorded[case["name"]]["expect"] == resume_vectors.build(case)


def test_the_file_is_up_to_date() -> None:
    assert resume_vectors.main([]) == 0, "python -m wirechat_conformance.resume_vectors --write"
