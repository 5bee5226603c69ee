"""The Python adapters still give every cross-language vector they wrote (Go's and TypeScript's tests read
the same files), and a vector the adapter no longer gives is named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from wirechat_conformance.adapter_vectors import VECTOR_ADAPTERS, check_python, replay, vectors_path

from tests.conftest import REPO_ROOT
from wirechat.adapters import get


@pytest.mark.parametrize("name", VECTOR_ADAPTERS)
def test_the_python_adapter_gives_every_vector(name: str) -> None:
    count, differ = check_python(name, REPO_ROOT)
    assert count > 100
    assert differ == [], (
        "the adapter changed; if it is right, write the vectors again "
        "(wirechat conformance --write-adapter-vectors) and fix the other languages"
    )


def test_a_changed_vector_is_named(tmp_path: Path) -> None:
    lines = vectors_path(REPO_ROOT, "openai-chat").read_text(encoding="utf-8").split("\n")
    request = next(json.loads(line) for line in lines if line and '"kind": "request"' in line and '"body"' in line)
    assert replay(get("openai-chat"), request) == request
    request["body"]["model"] = "another-model"  # as if the adapter had written the model differently
    assert replay(get("openai-chat"), request) != request
